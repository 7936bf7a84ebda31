//! `tales render`: the book as one page that parses back, links every
//! reference, escapes its text, keeps the book's language, and draws in a
//! real browser (Chromium, headless: skipped, and says so, without it).

mod common;
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
