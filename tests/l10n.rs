//! `tales l10n` and the check of a translation: the example pair and the
//! content pair compare clean, the French translation in progress reports
//! exactly what is left, and stamps catch a changed source.

mod common;
use common::{copy_dir, fixture, tales};
use std::path::{Path, PathBuf};

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("content")
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out).expect("json output")
}

#[test]
fn the_spec_example_translation_compares_clean() {
    let out = tales(&["l10n", "spec-example", "spec-example-es"], &fixture(""));
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("spec-example-es: translated 33/33 paragraphs (100%)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("no l10n findings"), "{}", out.stdout);
}

#[test]
fn the_shared_spec_translation_compares_clean_when_present() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec");
    if !shared.join("example-es").is_dir() {
        return;
    }
    let out = tales(
        &["l10n", "example", "example-es", "--format", "json"],
        &shared,
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert_eq!(
        json(&out.stdout)["diagnostics"].as_array().unwrap().len(),
        0
    );
}

#[test]
fn the_spanish_sample_book_compares_clean() {
    let out = tales(
        &["l10n", "sunken-lamp", "sunken-lamp-es", "--format", "json"],
        &content(),
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    let v = json(&out.stdout);
    assert_eq!(
        v["diagnostics"].as_array().unwrap().len(),
        0,
        "{}",
        out.stdout
    );
    let l = &v["summary"]["l10n"];
    assert_eq!(l["translated"], 107);
    assert_eq!(l["total"], 107);
    // Checking the translation alone compares it with its `translation-of`.
    let check = tales(&["check", "sunken-lamp-es"], &content());
    assert_eq!(check.code, 0, "{}", check.stdout);
    assert!(
        check
            .stdout
            .contains("translated 107/107 paragraphs (100%)"),
        "{}",
        check.stdout
    );
}

#[test]
fn the_french_translation_in_progress_is_one_warning_and_its_progress_by_file() {
    let out = tales(&["check", "sunken-lamp-fr", "--format", "json"], &content());
    assert_eq!(out.code, 0, "{}", out.stdout);
    let v = json(&out.stdout);
    let diags = v["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{}", out.stdout);
    assert_eq!(diags[0]["code"], "l10n-in-progress");
    assert_eq!(diags[0]["severity"], "warning");
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("72 of 107")
    );
    let l = &v["summary"]["l10n"];
    assert_eq!(l["translated"], 35);
    assert_eq!(l["total"], 107);
    let files = l["files"].as_array().unwrap();
    let beasts = files
        .iter()
        .find(|f| f["file"] == "tales/beasts.tales")
        .unwrap();
    assert_eq!(beasts["translated"], 0);
    assert_eq!(beasts["total"], 12);
    assert_eq!(beasts["missing"], serde_json::json!(["260-271"]));
    let left: usize = files
        .iter()
        .map(|f| f["total"].as_u64().unwrap() as usize - f["translated"].as_u64().unwrap() as usize)
        .sum();
    assert_eq!(left, 72);
    // The README shows this output as it is.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let human = tales(&["check", "content/sunken-lamp-fr"], root);
    common::golden(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/l10n-in-progress.txt"),
        &human.stdout,
    );
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    assert!(
        readme.contains(human.stdout.trim_end()),
        "the README shows what `tales check content/sunken-lamp-fr` prints"
    );
}

#[test]
fn a_complete_translation_reports_each_missing_paragraph() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &content().join("sunken-lamp"),
        &dir.path().join("sunken-lamp"),
    );
    copy_dir(
        &content().join("sunken-lamp-fr"),
        &dir.path().join("sunken-lamp-fr"),
    );
    let yaml = dir.path().join("sunken-lamp-fr/book.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let text = text.replace(
        "translation-status: in-progress",
        "translation-status: complete",
    );
    std::fs::write(&yaml, text).unwrap();
    let out = tales(&["check", "sunken-lamp-fr", "--format", "json"], dir.path());
    assert_eq!(out.code, 1);
    let v = json(&out.stdout);
    let diags = v["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 72);
    assert!(diags.iter().all(|d| d["code"] == "l10n-missing-paragraph"));
    // Each finding points at the source paragraph still to translate.
    assert!(
        diags.iter().all(|d| d["file"]
            .as_str()
            .unwrap()
            .starts_with("../sunken-lamp/tales/")),
        "{}",
        out.stdout
    );
}

#[test]
fn a_stamp_catches_a_source_paragraph_changed_later() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &content().join("sunken-lamp"),
        &dir.path().join("sunken-lamp"),
    );
    copy_dir(
        &content().join("sunken-lamp-es"),
        &dir.path().join("sunken-lamp-es"),
    );
    let stamp = tales(
        &["l10n", "sunken-lamp", "sunken-lamp-es", "--stamp"],
        dir.path(),
    );
    assert_eq!(stamp.code, 0, "{}{}", stamp.stdout, stamp.stderr);
    assert!(
        stamp.stderr.contains("stamped 107 paragraphs"),
        "{}",
        stamp.stderr
    );
    let lock = std::fs::read_to_string(dir.path().join("sunken-lamp-es/l10n.lock")).unwrap();
    assert_eq!(lock.lines().filter(|l| !l.starts_with('#')).count(), 107);

    // Re-wrapping a source paragraph is no change; rewording is.
    let royalty = dir.path().join("sunken-lamp/tales/royalty.tales");
    let text = std::fs::read_to_string(&royalty).unwrap();
    let rewrapped = text.replace(
        "The\nexiled prince laughs loudest",
        "The exiled\nprince laughs loudest",
    );
    std::fs::write(&royalty, &rewrapped).unwrap();
    let out = tales(&["check", "sunken-lamp-es", "--format", "json"], dir.path());
    assert_eq!(
        json(&out.stdout)["diagnostics"].as_array().unwrap().len(),
        0,
        "{}",
        out.stdout
    );

    std::fs::write(
        &royalty,
        rewrapped.replace("laughs loudest", "laughs hardest"),
    )
    .unwrap();
    let out = tales(&["check", "sunken-lamp-es", "--format", "json"], dir.path());
    assert_eq!(out.code, 0, "a stale paragraph is a warning");
    let v = json(&out.stdout);
    let diags = v["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{}", out.stdout);
    assert_eq!(diags[0]["code"], "l10n-stale");
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .contains("paragraph 200")
    );
    // The help shows what changed since the stamp, word by word.
    assert!(
        diags[0]["help"]
            .as_str()
            .unwrap()
            .contains("laughs [-loudest,-]{+hardest,+}"),
        "{}",
        out.stdout
    );

    // A stamp never goes over a finding: a paragraph whose award now
    // differs is left unstamped and said so; the others are stamped, and
    // `--stamp 200` stamps just that one.
    let beasts = dir.path().join("sunken-lamp-es/tales/beasts.tales");
    let es = std::fs::read_to_string(&beasts).unwrap();
    std::fs::write(&beasts, es.replacen("se aleja. [H1]", "se aleja. [H2]", 1)).unwrap();
    let out = tales(
        &[
            "l10n",
            "sunken-lamp",
            "sunken-lamp-es",
            "--stamp",
            "200",
            "260",
            "--format",
            "json",
        ],
        dir.path(),
    );
    assert!(
        out.stderr.contains("stamped 1 paragraph in")
            && out
                .stderr
                .contains("not stamped, as they have findings: 260"),
        "{}",
        out.stderr
    );
    let v = json(&out.stdout);
    let codes: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["l10n-award-mismatch"],
        "the stamp resolved 200's staleness"
    );
    let lock = std::fs::read_to_string(dir.path().join("sunken-lamp-es/l10n.lock")).unwrap();
    assert!(
        lock.lines()
            .any(|l| l.starts_with("200 ") && l.contains("laughs hardest"))
    );
    let bad = tales(
        &["l10n", "sunken-lamp", "sunken-lamp-es", "--stamp", "20x"],
        dir.path(),
    );
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("`20x` is not a paragraph number"),
        "{}",
        bad.stderr
    );
}

#[test]
fn generated_translations_compare_clean() {
    let dir = tempfile::tempdir().unwrap();
    let en = dir.path().join("en");
    let es = dir.path().join("es");
    bookgen::write_book(&en, 600, 100, &bookgen::EN, None).unwrap();
    bookgen::write_book(&es, 600, 100, &bookgen::ES, Some("../en")).unwrap();
    let out = tales(&["l10n", "en", "es", "--format", "json"], dir.path());
    assert_eq!(out.code, 0, "{}", out.stdout);
    let v = json(&out.stdout);
    assert_eq!(
        v["diagnostics"].as_array().unwrap().len(),
        0,
        "{}",
        out.stdout
    );
    assert_eq!(
        v["summary"]["l10n"]["translated"],
        v["summary"]["l10n"]["total"]
    );
}

/// The version 2 pair with version 3 shapes written in both languages
/// (FORMAT.md 2b): `ANY 2 SKILLS` and `2 HABILIDADES CUALESQUIERA`, a go-to
/// with a section, a guarded option. `es_slip` replaces text of the
/// translation after that.
fn v3_pair(es_slip: Option<(&str, &str)>) -> (tempfile::TempDir, common::Output) {
    v3_pair_with(es_slip, true)
}

fn v3_pair_with(es_slip: Option<(&str, &str)>, go_to: bool) -> (tempfile::TempDir, common::Output) {
    let dir = tempfile::tempdir().unwrap();
    let (en, es) = (
        dir.path().join("spec-example-v2"),
        dir.path().join("spec-example-v2-es"),
    );
    copy_dir(&fixture("spec-example-v2"), &en);
    copy_dir(&fixture("spec-example-v2-es"), &es);
    let edit = |path: &Path, edits: &[(&str, &str)]| {
        let mut text = std::fs::read_to_string(path).unwrap();
        for (old, new) in edits {
            assert_eq!(text.matches(old).count(), 1, "{old}");
            text = text.replace(old, new);
        }
        std::fs::write(path, text).unwrap();
    };
    let mut source_edits = vec![("ANY TREASURE: You show", "ANY 2 SKILLS: You show")];
    let mut spanish_edits = vec![(
        "CUALQUIER TESORO: Le enseñas",
        "2 HABILIDADES CUALESQUIERA: Le enseñas",
    )];
    if go_to {
        source_edits.push((
            "You deliver the letter and are thanked. [S1]",
            "You deliver the letter and are thanked. [S1 / Go to paragraph 72 and read the ANY 2 SKILLS paragraph]",
        ));
        spanish_edits.push((
            "Entregas la carta y te lo agradecen. [H1]",
            "Entregas la carta y te lo agradecen. [H1 / Ve al párrafo 72 y lee la sección 2 HABILIDADES CUALESQUIERA]",
        ));
    }
    edit(&en.join("tales/court.tales"), &source_edits);
    spanish_edits.extend(es_slip);
    edit(&es.join("tales/court.tales"), &spanish_edits);
    let out = tales(
        &["l10n", "spec-example-v2", "spec-example-v2-es"],
        dir.path(),
    );
    (dir, out)
}

#[test]
fn version_3_shapes_compare_by_meaning_across_languages() {
    let (_dir, out) = v3_pair(None);
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(out.stdout.contains("no l10n findings"), "{}", out.stdout);
}

#[test]
fn a_go_to_that_takes_another_section_in_the_translation_is_one_finding() {
    let (_dir, out) = v3_pair(Some((
        "lee la sección 2 HABILIDADES CUALESQUIERA]",
        "lee la sección SIN HABILIDAD]",
    )));
    assert_ne!(out.code, 0, "{}", out.stdout);
    let findings = out.stdout.matches("  × ").count() + out.stdout.matches("  ⚠ ").count();
    assert_eq!(findings, 1, "{}", out.stdout);
    assert!(out.stdout.contains("l10n-award-mismatch"), "{}", out.stdout);
}

#[test]
fn a_translated_number_of_skills_that_differs_is_one_finding() {
    let (_dir, out) = v3_pair_with(
        Some((
            "2 HABILIDADES CUALESQUIERA: Le enseñas",
            "3 HABILIDADES CUALESQUIERA: Le enseñas",
        )),
        false,
    );
    assert_ne!(out.code, 0, "{}", out.stdout);
    let findings = out.stdout.matches("  × ").count() + out.stdout.matches("  ⚠ ").count();
    assert_eq!(findings, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("l10n-section-mismatch"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("expected `2 HABILIDADES CUALESQUIERA:`"),
        "{}",
        out.stdout
    );
}
