//! `tales l10n export` and `import`: translation units for CAT tools, in
//! PO and XLIFF 1.2. A complete translation exported with its targets and
//! imported unchanged changes no file; units translated in a CAT tool are
//! written back as paragraphs in canonical form, awards in the
//! translation's letters; a paragraph with an untranslated unit is left
//! alone; and the files open in real tools' parsers (Python's polib and
//! the translate-toolkit, when installed: skipped with a message if not).

use crate::common;
use common::{copy_dir, tales};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("content")
}

fn books(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for n in names {
        copy_dir(&content().join(n), &dir.path().join(n));
    }
    dir
}

/// Every file of a folder, by relative path, with its text.
fn snapshot(root: &Path) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = common::walk(root)
        .into_iter()
        .map(|p| {
            (
                p.strip_prefix(root).unwrap().to_path_buf(),
                std::fs::read_to_string(&p).unwrap_or_default(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_complete_translation_round_trips_through_po_and_xliff_with_no_change() {
    let dir = books(&["sunken-lamp", "sunken-lamp-es"]);
    let before = snapshot(&dir.path().join("sunken-lamp-es"));
    for (format, file) in [("po", "es.po"), ("xliff", "es.xlf")] {
        let out = tales(
            &[
                "l10n",
                "export",
                "sunken-lamp",
                "--to",
                "sunken-lamp-es",
                "--format",
                format,
                "-o",
                file,
            ],
            dir.path(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(
            out.stderr.contains("246 units (246 with a translation)"),
            "{}",
            out.stderr
        );
        let imported = tales(
            &["l10n", "import", file, "--into", "sunken-lamp-es"],
            dir.path(),
        );
        assert_eq!(imported.code, 0, "{}{}", imported.stdout, imported.stderr);
        assert!(
            imported.stderr.contains("0 paragraphs written"),
            "{}",
            imported.stderr
        );
        assert_eq!(
            snapshot(&dir.path().join("sunken-lamp-es")),
            before,
            "{format}: no file changed"
        );
    }
    let text = std::fs::read_to_string(dir.path().join("es.xlf")).unwrap();
    assert!(
        text.contains(r#"<ph id="1">[S1]</ph>"#),
        "award codes are placeholders"
    );
    let po = std::fs::read_to_string(dir.path().join("es.po")).unwrap();
    assert!(po.contains("msgctxt \"261/s2\""));
    assert!(po.contains("#. %1 = [D1 / S2 / Wilderness Lore]"));

    // Real tools open them.
    let check = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cat/check_exports.py");
    match std::process::Command::new("python3")
        .arg(&check)
        .arg(dir.path().join("es.po"))
        .arg(dir.path().join("es.xlf"))
        .output()
    {
        Err(e) => common::skip(
            "a_complete_translation_round_trips_through_po_and_xliff_with_no_change",
            &format!("python3 is not available ({e})"),
        ),
        Ok(o) if o.status.code() == Some(3) => {
            let said = String::from_utf8_lossy(&o.stdout);
            let why = said.trim().trim_start_matches("skipped: ");
            common::skip(
                "a_complete_translation_round_trips_through_po_and_xliff_with_no_change",
                why,
            );
        }
        Ok(o) => assert!(
            o.status.success(),
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
    }
}

/// Fill the `msgstr` of the units whose `msgctxt` is in `ids`.
fn fill(po: &str, texts: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut current = None;
    for line in po.lines() {
        if let Some(id) = line
            .strip_prefix("msgctxt \"")
            .and_then(|l| l.strip_suffix('"'))
        {
            current = texts.iter().find(|(i, _)| *i == id).map(|(_, t)| *t);
        }
        if line == "msgstr \"\""
            && let Some(t) = current.take()
        {
            let _ = writeln!(out, "msgstr \"{t}\"");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The sample book exported to a PO file with the French translation's
/// targets (`fr.po` in `dir`), as text.
fn export_fr(dir: &Path) -> String {
    export_fr_as(dir, "po", "fr.po")
}

/// The same, in `format` (`po`, `xliff`) to `file` in `dir`.
fn export_fr_as(dir: &Path, format: &str, file: &str) -> String {
    let out = tales(
        &[
            "l10n",
            "export",
            "sunken-lamp",
            "--to",
            "sunken-lamp-fr",
            "--format",
            format,
            "-o",
            file,
        ],
        dir,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn translated_units_become_paragraphs_in_the_translations_words_and_letters() {
    let dir = books(&["sunken-lamp", "sunken-lamp-fr"]);
    let po = fill(
        &export_fr(dir.path()),
        &[
            (
                "260",
                "Le lion mange ton pain, renifle ta main et s'en va. %1",
            ),
            // Only the intro of 261: its sections stay untranslated.
            ("261", "Tu essaies d'apprivoiser le lion affamé."),
        ],
    );
    std::fs::write(dir.path().join("fr.po"), po).unwrap();
    let imported = tales(
        &["l10n", "import", "fr.po", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert_eq!(imported.code, 0, "{}{}", imported.stdout, imported.stderr);
    assert!(
        imported.stderr.contains("1 paragraph written")
            && imported
                .stderr
                .contains("1 left as they were (some of their units are not translated: 261)"),
        "{}",
        imported.stderr
    );
    let beasts =
        std::fs::read_to_string(dir.path().join("sunken-lamp-fr/tales/beasts.tales")).unwrap();
    // The award is written from its meaning, with the French letter.
    assert_eq!(
        beasts,
        "-260-\nLe lion mange ton pain, renifle ta main et s'en va. [H1]\n"
    );
    assert!(
        imported.stdout.contains("translated 40/111"),
        "{}",
        imported.stdout
    );
}

#[test]
fn a_broken_file_is_an_error_not_a_crash() {
    let dir = books(&["sunken-lamp", "sunken-lamp-es"]);
    for (name, text) in [
        (
            "bad.xlf",
            "<?xml version=\"1.0\"?><xliff><file><body><trans-unit id=\"260\"><target>x</tar",
        ),
        ("bad.po", "msgctxt \"260\"\nmsgid \"a\nmsgstr"),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
        let out = tales(
            &["l10n", "import", name, "--into", "sunken-lamp-es"],
            dir.path(),
        );
        assert!(
            out.code == 2 || out.code == 0,
            "{name}: {}{}",
            out.stdout,
            out.stderr
        );
        assert!(!out.stderr.contains("a bug"), "{name}: {}", out.stderr);
    }
}

/// A CAT tool's target that lost or invented a placeholder would lose an
/// award or a reference: that paragraph is left as it was, the unit is
/// named, and the import exits 1.
#[test]
fn a_lost_or_invented_placeholder_is_refused() {
    let dir = books(&["sunken-lamp", "sunken-lamp-fr"]);
    let po = fill(
        &export_fr(dir.path()),
        &[
            ("260", "Le lion mange ton pain et s'en va."),
            ("262", "Le lion dort. %1 %1"),
        ],
    );
    std::fs::write(dir.path().join("fr.po"), po).unwrap();
    let imported = tales(
        &["l10n", "import", "fr.po", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert_eq!(imported.code, 1, "{}{}", imported.stdout, imported.stderr);
    assert!(
        imported
            .stderr
            .contains("unit 260: placeholder 1 (`[S1]`) is missing: it would be lost"),
        "{}",
        imported.stderr
    );
    assert!(
        imported.stderr.contains("unit 262: placeholder 1"),
        "{}",
        imported.stderr
    );
    assert!(
        !dir.path()
            .join("sunken-lamp-fr/tales/beasts.tales")
            .exists()
    );
}

/// polib reads a PO file through a 64 KiB line buffer and slices what comes
/// out as whole lines: a longer line was a panic inside a letter (the
/// fuzz harness found it). Such a string is read whole, as written.
#[test]
fn a_unit_on_a_line_longer_than_polib_reads_is_imported_whole() {
    let dir = books(&["sunken-lamp", "sunken-lamp-fr"]);
    let long = format!("Le lion {} s'en va. %1", "尀é".repeat(14_000));
    assert!(long.len() > 70_000);
    let po = fill(&export_fr(dir.path()), &[("260", &long)]);
    std::fs::write(dir.path().join("fr.po"), po).unwrap();
    let imported = tales(
        &["l10n", "import", "fr.po", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert_eq!(imported.code, 0, "{}{}", imported.stdout, imported.stderr);
    let beasts =
        std::fs::read_to_string(dir.path().join("sunken-lamp-fr/tales/beasts.tales")).unwrap();
    // Written in canonical form: the same words, lines wrapped.
    let words = beasts.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&long.replace(" %1", " [H1]")),
        "{} bytes written",
        beasts.len()
    );
}

/// A PO file cut at a unit's end is still a PO file: the import says how
/// many of the source's units it lacks (their paragraphs stay as they
/// are), where before it read like a partial translation; XLIFF alike.
#[test]
fn an_import_says_how_many_of_the_source_s_units_the_file_lacks() {
    let dir = books(&["sunken-lamp", "sunken-lamp-fr"]);
    let po = export_fr(dir.path());
    let sixtieth = po.match_indices("\nmsgctxt ").nth(59).unwrap().0;
    std::fs::write(dir.path().join("cut.po"), &po[..=sixtieth]).unwrap();
    let cut = tales(
        &["l10n", "import", "cut.po", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert_eq!(cut.code, 0, "{}", cut.stderr);
    assert!(
        cut.stderr
            .contains("note: 187 of the source's 246 units are not in cut.po (a file cut short"),
        "{}",
        cut.stderr
    );
    // The whole file holds every unit: no note.
    let whole = tales(
        &["l10n", "import", "fr.po", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert!(!whole.stderr.contains("note:"), "{}", whole.stderr);
    let xlf = export_fr_as(dir.path(), "xliff", "fr.xlf");
    let tenth = xlf.match_indices("<trans-unit ").nth(10).unwrap().0;
    let end = xlf.rfind("</body>").unwrap();
    let cut = format!("{}{}", &xlf[..tenth], &xlf[end..]);
    std::fs::write(dir.path().join("cut.xlf"), cut).unwrap();
    let cut = tales(
        &["l10n", "import", "cut.xlf", "--into", "sunken-lamp-fr"],
        dir.path(),
    );
    assert!(
        cut.stderr
            .contains("note: 236 of the source's 246 units are not in cut.xlf"),
        "{}",
        cut.stderr
    );
}
