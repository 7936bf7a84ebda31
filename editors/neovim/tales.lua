-- `tales lsp` in Neovim 0.11 or later: put this in init.lua.
-- (Neovim 0.7 to 0.10: tales-0.7.lua beside this file.)
--
-- The server starts for a `.tales` file or a YAML file inside a book (the
-- nearest folder above the file with a `book.yaml`), and for nothing else:
-- a YAML file that is in no book (a workflow, a config) does not start it.
vim.filetype.add({ extension = { tales = "tales" } })
vim.lsp.config("tales", {
  cmd = { "tales", "lsp" },
  filetypes = { "tales", "yaml" },
  root_dir = function(bufnr, on_dir)
    local root = vim.fs.root(bufnr, "book.yaml")
    if root then
      on_dir(root)
    end
  end,
})
vim.lsp.enable("tales")
