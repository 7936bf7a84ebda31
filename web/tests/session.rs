//! The web page's calls, run natively on files read into memory: what the
//! page shows is what `tales` says of the same files on disk.

use serde_json::Value;
use std::path::Path;
use tales_web::Files;

/// The files of book folders, under `/name/...` in memory.
fn files(books: &[(&str, &str)]) -> Files {
    let mut files = Files::default();
    for (dir, name) in books {
        add(&mut files, Path::new(dir), &format!("/{name}"));
    }
    files
}

fn add(files: &mut Files, dir: &Path, at: &str) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = format!("{at}/{}", path.file_name().unwrap().to_string_lossy());
        if path.is_dir() {
            add(files, &path, &name);
        } else {
            files.set(&name, &std::fs::read(&path).unwrap());
        }
    }
}

fn sample() -> Files {
    files(&[
        ("../content/sunken-lamp", "sunken-lamp"),
        ("../content/sunken-lamp-es", "sunken-lamp-es"),
    ])
}

fn codes(report: &Value) -> Vec<(String, String, u64)> {
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            (s("code"), s("file"), d["line"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn the_sample_book_checks_clean_in_memory() {
    let report = sample().check("/sunken-lamp");
    assert_eq!(codes(&report), vec![], "{report:#}");
    assert!(report["summary"]["paragraphs"].as_u64().unwrap() > 20);
}

#[test]
fn a_broken_paragraph_is_one_finding_at_its_line_shown_as_the_human_report_shows_it() {
    let mut files = sample();
    let path = "/sunken-lamp/tales/beasts.tales";
    let text = files.text(path).unwrap();
    // A status misspelt in the first award code that names it.
    let at = text.find("[Wounded]").unwrap();
    let line = text[..at].lines().count() as u64;
    let broken = text.replacen("[Wounded]", "[Wonded]", 1);
    files.set(path, broken.as_bytes());
    let report = files.check("/sunken-lamp");
    let found = codes(&report);
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(found[0].1, "tales/beasts.tales");
    assert_eq!(found[0].2, line);
    let human = report["diagnostics"][0]["human"].as_str().unwrap();
    // The file named as `tales check` in the folder opened names it.
    assert!(
        human.contains(&format!("─[sunken-lamp/tales/beasts.tales:{line}:")),
        "{human}"
    );
    assert!(human.contains(&format!("{line} │")), "{human}");
    files.set(path, text.as_bytes());
    assert_eq!(codes(&files.check("/sunken-lamp")), vec![]);
}

#[test]
fn a_translation_is_found_and_compared_with_its_source() {
    let files = sample();
    let books = files.books();
    let es = books["books"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["root"] == "/sunken-lamp-es")
        .unwrap();
    assert_eq!(es["translation_of"], "/sunken-lamp");
    let pair = files.l10n("/sunken-lamp", "/sunken-lamp-es");
    assert_eq!(codes(&pair), vec![], "{pair:#}");
    assert!(pair["summary"]["l10n"].is_array() || pair["summary"].is_object());
    let beside = files.render_beside("/sunken-lamp", "/sunken-lamp-es");
    assert!(beside.contains("<html") && beside.len() > 10_000);
}

#[test]
fn a_dropped_translated_paragraph_is_an_l10n_finding() {
    let mut files = sample();
    let path = "/sunken-lamp-es/tales/beasts.tales";
    let text = files.text(path).unwrap();
    // The last paragraph of the file cut off.
    let last = text.rfind("\n-").unwrap();
    files.set(path, &text.as_bytes()[..=last]);
    let pair = files.l10n("/sunken-lamp", "/sunken-lamp-es");
    let found = codes(&pair);
    assert!(
        found.iter().any(|(c, _, _)| c.starts_with("l10n-")),
        "{pair:#}"
    );
}

#[test]
fn an_encounter_is_played_by_choices_to_its_end() {
    let files = sample();
    let starts = files.starts("/sunken-lamp");
    let first = starts["paragraphs"][0].as_u64().unwrap().to_string();
    let mut made = Vec::new();
    let mut asked = 0;
    let end = loop {
        let step = files.play("/sunken-lamp", &first, 7, &made);
        assert!(!step["lines"].as_array().unwrap().is_empty(), "{step:#}");
        if step.get("end").is_some() {
            break step;
        }
        asked += 1;
        assert!(
            step["ask"]["options"].as_array().unwrap().len() > 1,
            "{step:#}"
        );
        made.push(0);
        assert!(asked < 50, "an encounter of fifty questions: {step:#}");
    };
    assert_eq!(end["end"], "done", "{end:#}");
    assert!(end["state"].as_str().unwrap().len() > 5);
}

#[test]
fn the_same_choices_replay_the_same_encounter() {
    let files = sample();
    let a = files.play("/sunken-lamp", "card", 3, &[0, 1, 0]);
    let b = files.play("/sunken-lamp", "card", 3, &[0, 1, 0]);
    assert_eq!(a, b);
}

#[test]
fn fmt_and_render_read_the_files_in_memory() {
    let files = sample();
    let out = files.fmt("/sunken-lamp");
    assert_eq!(out["formatted"].as_object().unwrap().len(), 0, "{out:#}");
    assert_eq!(out["left"].as_object().unwrap().len(), 0, "{out:#}");
    let page = files.render("/sunken-lamp");
    assert!(page.contains("<html") && page.len() > 10_000);
}

#[test]
fn the_spec_examples_check_in_memory() {
    let files = files(&[
        ("../../shared/spec/example", "example"),
        ("../../shared/spec/example-es", "example-es"),
        ("../../shared/spec/example-v2", "example-v2"),
        ("../../shared/spec/example-v2-es", "example-v2-es"),
        ("../../shared/spec/example-v3", "example-v3"),
    ]);
    for root in [
        "/example",
        "/example-v2",
        "/example-v3",
        "/example-es",
        "/example-v2-es",
    ] {
        let report = files.check(root);
        let errors = report["summary"]["errors"].as_u64().unwrap();
        assert_eq!(errors, 0, "{root}: {report:#}");
    }
}

#[test]
fn findings_held_back_by_an_unreadable_file_are_said_as_the_human_report_says_them() {
    let mut files = sample();
    // matrices.yaml with a NUL byte: refused as binary, so whatever needs
    // the matrices is held back, not shown.
    files.set("/sunken-lamp/matrices.yaml", b"K:\n  rows:\0\n");
    let report = files.check("/sunken-lamp");
    let line = report["held_back_line"].as_str().unwrap_or_default();
    assert!(
        line.ends_with("not shown: matrices.yaml could not be read"),
        "{report:#}"
    );
    let count = report["summary"]["held_back"]["count"].as_u64().unwrap();
    assert!(line.starts_with(&format!("{count} finding")), "{line}");
    assert!(
        sample()
            .check("/sunken-lamp")
            .get("held_back_line")
            .is_none()
    );
}

#[test]
fn a_utf16_file_with_its_byte_order_mark_is_read_as_the_cli_reads_it() {
    let mut files = sample();
    let path = "/sunken-lamp/tales/beasts.tales";
    let text = files.text(path).unwrap();
    let mut le = vec![0xFF, 0xFE];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    files.set(path, &le);
    assert_eq!(files.text(path).as_deref(), Some(text.as_str()));
    let report = files.check("/sunken-lamp");
    assert_eq!(
        codes(&report),
        vec![("not-utf8".to_owned(), "tales/beasts.tales".to_owned(), 1)],
        "{report:#}"
    );
    // `fmt` leaves it as it is, as it leaves every file not UTF-8.
    let out = files.fmt("/sunken-lamp");
    assert_eq!(
        out["left"]["tales/beasts.tales"],
        "the file is not UTF-8 text"
    );
}

#[test]
fn fmt_leaves_a_file_with_errors_and_says_why() {
    let mut files = sample();
    let path = "/sunken-lamp/tales/beasts.tales";
    let text = files.text(path).unwrap();
    files.set(path, text.replace("[Wounded]", "[Wonded]").as_bytes());
    let out = files.fmt("/sunken-lamp");
    assert_eq!(
        out["left"]["tales/beasts.tales"], "the file has errors: fix them first",
        "{out:#}"
    );
    assert!(out["formatted"].get("tales/beasts.tales").is_none());
}
