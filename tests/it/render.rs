//! `tales render`: the book as one page that parses back, links every
//! reference, escapes its text, keeps the book's language, and draws in a
//! real browser (Chromium, headless: skipped, and says so, without it).

use crate::common;
use common::browser;
use std::path::Path;

fn render(book: &Path) -> String {
    let out = common::tales(
        &["render", &book.display().to_string()],
        Path::new(env!("CARGO_MANIFEST_DIR")),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

/// The page parsed as XML: its elements, or the error.
fn elements(page: &str) -> usize {
    let mut reader = quick_xml::Reader::from_str(page);
    let mut n = 0;
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => return n,
            Ok(quick_xml::events::Event::Start(_) | quick_xml::events::Event::Empty(_)) => n += 1,
            Ok(_) => {}
            Err(e) => panic!("not well-formed: {e}"),
        }
    }
}

#[test]
fn every_paragraph_is_there_and_every_reference_is_a_link_that_lands() {
    let c = common::check(&common::fixture("spec-example-v2"));
    let page = render(&common::fixture("spec-example-v2"));
    assert!(elements(&page) > 100);
    for p in &c.book.paragraphs {
        assert!(
            page.contains(&format!("id=\"p{}\"", p.number)),
            "{}",
            p.number
        );
        for r in p.references() {
            if let tales::ir::Target::Paragraph(n) = r.target {
                assert!(page.contains(&format!("href=\"#p{n}\"")), "@{n}");
                assert!(page.contains(&format!("id=\"p{n}\"")), "@{n} lands nowhere");
            }
        }
    }
    // Paragraphs in numeric order.
    let at = |n: u32| page.find(&format!("id=\"p{n}\"")).unwrap();
    let mut numbers: Vec<u32> = c.book.paragraphs.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    assert!(numbers.windows(2).all(|w| at(w[0]) < at(w[1])));
}

/// Control characters (C0 but tab and line breaks) have no place in XML
/// 1.0, not even as references: the page shows each as its control
/// picture (U+0007 as `␇`) and still parses.
#[test]
fn control_characters_are_shown_as_their_pictures() {
    let dir = common::book_with(
        "spec-example",
        &[(
            "tales/extra.tales",
            "-900-\nA bell\u{7} rings\u{1b}[31m, a form\u{c}feed and a\u{b}tab. [S1]\n\nNO SKILL: Nothing\u{1} happens. [S1]\n",
        )],
    );
    let page = render(&dir.path().join("book"));
    assert!(elements(&page) > 10);
    let bad: Vec<char> = page
        .chars()
        .filter(|&c| u32::from(c) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    assert!(bad.is_empty(), "control characters in the page: {bad:?}");
    for shown in ["bell␇ rings␛[31m", "form␌feed", "a␋tab", "Nothing␁ happens"] {
        assert!(page.contains(shown), "{shown}");
    }
}

#[test]
fn text_that_looks_like_markup_is_text() {
    let dir = common::book_with(
        "spec-example",
        &[(
            "tales/planted.tales",
            "# tales: allow(unreachable-paragraph)\n-700-\nA sign reads <script>alert('x')</script> & \"more\". [S1]\n",
        )],
    );
    let page = render(&dir.path().join("book"));
    assert!(!page.contains("<script"), "a script got through");
    assert!(
        page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;")
    );
    elements(&page);
}

#[test]
fn a_spanish_book_is_rendered_in_its_language() {
    let page = render(Path::new("content/sunken-lamp-es"));
    assert!(page.contains("lang=\"es\""));
    // The page's own words from the Spanish locale.
    for heading in [
        "<h2>Párrafos</h2>",
        "<h2>Matrices de reacción</h2>",
        "<h2>Cartas de encuentro</h2>",
        "<th>carta de ciudad</th>",
        "<h2>Lugares de poder</h2>",
    ] {
        assert!(page.contains(heading), "{heading}");
    }
    assert!(!page.contains("Paragraphs") && !page.contains("Encounter cards"));
    // A city card's results, as the book writes them, the row a link.
    assert!(page.contains("1: <a href=\"#matrix-A\"><b class=\"award\">@A:Orgulloso</b></a>"));
    // The award codes as the Spanish book prints them, in bold.
    assert!(
        page.contains("<b class=\"award\">[H1"),
        "no Spanish award in bold"
    );
    elements(&page);
}

#[test]
fn a_browser_draws_the_book_on_screen() {
    let Some(chromium) = browser::chromium("a_browser_draws_the_book_on_screen") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.html");
    std::fs::write(&file, render(Path::new("content/sunken-lamp"))).unwrap();
    let (w, h, rgba) = browser::screenshot(&chromium, &file, (1000, 1200), false);
    assert_eq!((w, h), (1000, 1200));
    // Ink: dark text pixels, and the links' colour (charts link their rows).
    let ink = rgba
        .chunks_exact(4)
        .filter(|p| p[0] < 90 && p[1] < 90 && p[2] < 90)
        .count();
    assert!(ink > 8_000, "{ink} dark pixels");
    assert!(
        browser::pixels_of(&rgba, [0x7a, 0x2e, 0x0e]) > 200,
        "no link colour"
    );
}

/// The sample book and its Spanish translation in a folder, with `edit`
/// applied to the translation's `file` (old, new).
fn translation_with(file: &str, edits: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["sunken-lamp", "sunken-lamp-es"] {
        common::copy_dir(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("content")
                .join(name),
            &dir.path().join(name),
        );
    }
    let path = dir.path().join("sunken-lamp-es").join(file);
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (old, new) in edits {
        assert_eq!(text.matches(old).count(), 1, "{old}");
        text = text.replace(old, new);
    }
    std::fs::write(path, text).unwrap();
    dir
}

/// The pair of a review copy with this id: to the next pair.
fn section<'p>(page: &'p str, id: &str) -> &'p str {
    let at = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no {id}"));
    let end = page[at + 1..]
        .find("<section class=\"pair\"")
        .map_or(page.len(), |e| at + 1 + e);
    &page[at..end]
}

#[test]
fn the_review_copy_puts_each_finding_under_its_paragraph() {
    // A translator swaps two award letters in 201 and leaves 203 out.
    let dir = translation_with(
        "tales/royalty.tales",
        &[
            ("[S1 / H2 / Respetado]", "[S2 / H1 / Respetado]"),
            (
                "-203-\nEl príncipe no tiene poder para concederte lo que pides, pero escribe una\ncarta a un primo que sí lo tiene. [H1 / @201]\n",
                "",
            ),
        ],
    );
    let out = common::tales(
        &["render", "sunken-lamp-es", "--beside", "sunken-lamp"],
        dir.path(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = out.stdout;
    elements(&page);
    assert!(page.contains("lang=\"es\""));
    // 201: the source and the translation side by side, the finding under
    // them, with the award as the source has it.
    let p201 = section(&page, "p201");
    assert!(p201.contains("You bow before the prince in exile"));
    assert!(p201.contains("Te inclinas ante el príncipe en el exilio"));
    assert!(
        p201.contains("<code>l10n-award-mismatch</code> expected [S1 / H2 / Respetado]"),
        "{p201}"
    );
    // 203: the source alone, the translation's place marked missing, and
    // its finding there.
    let p203 = section(&page, "p203");
    assert!(p203.contains("The prince has no power to grant your petition"));
    assert!(p203.contains("class=\"para missing\""));
    assert!(
        p203.contains("<code>l10n-missing-paragraph</code>"),
        "{p203}"
    );
    // Each finding once, and no other paragraph has one.
    assert_eq!(page.matches("class=\"finding").count(), 2, "{page}");
    assert!(page.contains("2 errors · 0 warnings"));
}

#[test]
fn the_review_copy_escapes_the_translation() {
    let dir = translation_with(
        "tales/royalty.tales",
        &[(
            "Te inclinas ante el príncipe",
            "Te <script>alert(1)</script> inclinas ante el príncipe",
        )],
    );
    let out = common::tales(
        &["render", "sunken-lamp-es", "--beside", "sunken-lamp"],
        dir.path(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("<script"));
    elements(&out.stdout);
}

#[test]
fn a_browser_prints_the_book_on_a4_pages() {
    let Some(chromium) = browser::chromium("a_browser_prints_the_book_on_a4_pages") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.html");
    std::fs::write(&file, render(Path::new("content/sunken-lamp"))).unwrap();
    let pages = browser::pdf_pages(&browser::print_to_pdf(&chromium, &file));
    // The print stylesheet's `@page { size: A4 }`: 210 x 297 mm is 595 x
    // 842 points; the sample book's 107 paragraphs in two columns and its
    // tables take a handful of pages (each part starts a page).
    assert!((4..=30).contains(&pages.len()), "{} pages", pages.len());
    for (w, h) in &pages {
        assert!(
            (w - 595.0).abs() < 2.0 && (h - 842.0).abs() < 2.0,
            "{w} x {h}"
        );
    }
}
