//! `tales sim --format html`: one self-contained page whose charts a real
//! browser draws (Chromium, headless: skipped, and says so, without it).

use crate::common;
use common::browser;

/// The page of a run, written into `dir`.
fn page(book: &std::path::Path, dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let file = dir.join("sim.html");
    let out = common::tales(
        &[
            "sim",
            &book.display().to_string(),
            "--encounters",
            "20000",
            "--format",
            "html",
            "--output",
            &file.display().to_string(),
        ],
        dir,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let html = std::fs::read_to_string(&file).unwrap();
    (file, html)
}

#[test]
fn the_page_is_self_contained_and_its_svg_is_well_formed() {
    let dir = tempfile::tempdir().unwrap();
    let book = std::fs::canonicalize("content/sunken-lamp").unwrap();
    let (_, html) = page(&book, dir.path());
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Nothing fetched, nothing run.
    for outside in ["<script", "src=", "href=", "@import", "url("] {
        assert!(!html.contains(outside), "{outside}");
    }
    // Each chart parses back as XML.
    let mut charts = 0;
    for (start, _) in html.match_indices("<svg") {
        let end = html[start..].find("</svg>").unwrap() + start + "</svg>".len();
        let mut reader = quick_xml::Reader::from_str(&html[start..end]);
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(_) => {}
                Err(e) => panic!("chart {charts} is not XML: {e}"),
            }
        }
        charts += 1;
    }
    assert!(charts >= 7, "{charts} charts");
}

#[test]
fn a_browser_draws_the_charts_and_marks_the_paragraph_no_one_read() {
    let Some(chromium) = browser::chromium("a_browser_draws_the_charts") else {
        return;
    };
    // The sample book: every paragraph read, so no red square.
    let dir = tempfile::tempdir().unwrap();
    let book = std::fs::canonicalize("content/sunken-lamp").unwrap();
    let (file, _) = page(&book, dir.path());
    let (w, h, rgba) = browser::screenshot(&chromium, &file, (1200, 1800), false);
    assert_eq!((w, h), (1200, 1800));
    let blue = browser::pixels_of(&rgba, [0x2f, 0x6f, 0xbf]);
    assert!(blue > 40_000, "{blue} pixels of bars");
    assert_eq!(browser::pixels_of(&rgba, [0xc8, 0x37, 0x2d]), 0);
    // A paragraph the graph reaches and no reader can: one red square.
    let text = std::fs::read_to_string(common::fixture("sim-dice/tales/book.tales")).unwrap();
    let planted = text.replace(
        "A servant brings you tea. [D1]",
        "A servant brings you tea. [D1 / @20]",
    ) + "\n-20-\nThe tea is very good. [S1]\n";
    let fixture = common::book_with("sim-dice", &[("tales/book.tales", &planted)]);
    let (file, html) = page(&fixture.path().join("book"), fixture.path());
    assert!(html.contains("paragraph 20: 0 visits"));
    let (_, _, rgba) = browser::screenshot(&chromium, &file, (1200, 900), false);
    let red = browser::pixels_of(&rgba, [0xc8, 0x37, 0x2d]);
    assert_eq!(red, 16 * 16, "one red square of 16 × 16 pixels");
}

/// The page names the book as the user wrote it (relative to the current
/// folder), not by this machine's absolute path.
#[test]
fn the_page_shows_no_absolute_path() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = common::tales(
        &[
            "sim",
            "content/sunken-lamp",
            "--encounters",
            "2000",
            "--format",
            "html",
        ],
        repo,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("seed 1, shard 1/1: <code>content/sunken-lamp</code>")
    );
    let absolute = std::fs::canonicalize(repo).unwrap();
    assert!(
        !out.stdout.contains(&*absolute.to_string_lossy()),
        "an absolute path"
    );
}
