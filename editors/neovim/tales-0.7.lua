-- `tales lsp` in Neovim 0.7 to 0.10: put this in init.lua.
-- (Neovim 0.11 or later: tales.lua beside this file.)
--
-- The server starts for a `.tales` file or a YAML file inside a book (the
-- nearest folder above the file with a `book.yaml`), and for nothing else:
-- a YAML file that is in no book (a workflow, a config) does not start it.
-- One server a book, shared by the book's buffers.
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.tales",
  command = "setfiletype tales",
})

local function tales_book_root(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  while true do
    if (vim.uv or vim.loop).fs_stat(dir .. "/book.yaml") then
      return dir
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return nil
    end
    dir = parent
  end
end

local tales_clients = {}
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "tales", "yaml" },
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    local root = file ~= "" and tales_book_root(file)
    if not root then
      return
    end
    local id = tales_clients[root]
    if not (id and vim.lsp.get_client_by_id(id)) then
      id = vim.lsp.start_client({
        name = "tales",
        cmd = { "tales", "lsp" },
        root_dir = root,
        workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
      })
      tales_clients[root] = id
    end
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
