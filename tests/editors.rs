//! The VS Code extension in `editors/vscode/`: its manifest names files
//! that exist, starts `tales lsp`, and its JavaScript and grammar parse
//! (with Node, when it is installed).

use serde_json::Value;
use std::path::Path;

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
        Err(e) => eprintln!(
            "skipped: node is not installed ({e}); the extension's JavaScript is not compiled here"
        ),
    }
}
