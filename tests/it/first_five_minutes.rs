//! The README's "first five minutes" shows what the commands print, as they
//! print it: check the sample book, break a copy of it, play it. (The
//! install and the editor are run by `.ci/run` and `tests/it/editors.rs`.)

use crate::common;
use std::path::Path;
use std::process::{Command, Stdio};

/// `tales ARGS` in `cwd` with `input` on standard input, as the README ran
/// it: not a terminal, 100 columns.
fn run(cwd: &Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tales"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The README shows `$ COMMAND` followed by what it printed.
fn shown(readme: &str, command: &str, output: &str) {
    let block = format!("$ {command}\n{}", output.trim_end());
    assert!(
        readme.contains(&block),
        "the README's first five minutes does not show what `{command}` prints now:\n{block}"
    );
}

#[test]
fn the_readme_shows_what_the_first_five_minutes_print() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let clone = tempfile::tempdir().unwrap();
    let lamp = clone.path().join("content/sunken-lamp");
    common::copy_dir(&repo.join("content/sunken-lamp"), &lamp);
    let check = run(clone.path(), &["check", "content/sunken-lamp"], "");
    shown(&readme, "tales check content/sunken-lamp", &check);

    // cp -r content/sunken-lamp my-lamp; sed -i 's/\[Wounded (2 turns)/[Wonded (2 turns)/' ...
    let mine = clone.path().join("my-lamp");
    common::copy_dir(&lamp, &mine);
    let beasts = mine.join("tales/beasts.tales");
    let text = std::fs::read_to_string(&beasts).unwrap();
    assert_eq!(text.matches("[Wounded (2 turns)").count(), 1);
    std::fs::write(
        &beasts,
        text.replace("[Wounded (2 turns)", "[Wonded (2 turns)"),
    )
    .unwrap();
    let broken = run(clone.path(), &["check", "my-lamp"], "");
    shown(&readme, "tales check my-lamp", &broken);

    let play = run(
        clone.path(),
        &[
            "play",
            "content/sunken-lamp",
            "--seed",
            "3",
            "--as",
            "skills=piety*",
        ],
        "1\n\n1\nquit\n",
    );
    shown(
        &readme,
        "tales play content/sunken-lamp --seed 3 --as \"skills=piety*\"",
        &play,
    );
}
