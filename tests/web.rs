//! The web page (`web/`, built by `web/build.sh` into `target/web/`) in
//! headless Chromium, driven through its own controls: a script added to
//! a copy of the page types into the editor, clicks the buttons, and writes
//! what the page then shows into the DOM, which the browser dumps.
//! Skipped, saying why, without Chromium or without the built page.

mod common;
use common::browser;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The built page, or `None` after saying the test is skipped.
fn page(test: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web");
    if dir.join("index.html").is_file() && dir.join("tales.js").is_file() {
        return Some(dir);
    }
    let why = "no built web page in target/web (run web/build.sh)";
    println!("{test}: skipped: {why}");
    eprintln!("{test}: skipped: {why}");
    None
}

/// Run `steps` (the body of an async JavaScript function that returns a
/// value) in a copy of the page once it has opened its first sample; what
/// it returns, as JSON.
fn drive(browser: &Path, page: &Path, steps: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(page).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let script = format!(
        "(async () => {{ const wait = (ms) => new Promise((r) => setTimeout(r, ms));\n\
         const $ = (id) => document.getElementById(id);\n\
         const set = (id, v) => {{ $(id).value = v; $(id).dispatchEvent(new Event('change')); }};\n\
         const type = (text) => {{ $('editor').value = text; $('editor').dispatchEvent(new Event('input')); }};\n\
         const findings = (id) => [...document.querySelectorAll(`#${{id}} .finding`)].map((li) => \
           ({{code: li.dataset.code, file: li.dataset.file, line: Number(li.dataset.line), text: li.textContent}}));\n\
         await window.tales.booted;\n\
         let out; try {{ out = await (async () => {{ {steps} }})(); }} catch (e) {{ out = {{error: String(e)}}; }}\n\
         const pre = document.createElement('pre'); pre.id = 'test-out';\n\
         pre.textContent = JSON.stringify(out); document.body.appendChild(pre); }})();"
    );
    std::fs::write(dir.path().join("test.js"), script).unwrap();
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    let index = index.replace("</body>", "<script src=\"test.js\"></script>\n</body>");
    std::fs::write(dir.path().join("index.html"), index).unwrap();
    let out = browser::dump_dom(browser, &dir.path().join("index.html"), 60_000);
    let at = out.find("<pre id=\"test-out\">").unwrap_or_else(|| {
        panic!(
            "the test script did not finish: {}",
            &out[..out.len().min(2000)]
        )
    }) + "<pre id=\"test-out\">".len();
    let text = &out[at..at + out[at..].find("</pre>").unwrap()];
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_sample_book_opens_clean_and_a_slip_typed_in_the_editor_is_one_finding_at_its_line() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const first = { book: $('book').value, findings: findings('findings').length,
                        ms: window.tales.firstCheckMs };
        set('file', '/sunken-lamp/tales/beasts.tales');
        const text = $('editor').value;
        const line = text.slice(0, text.indexOf('[Wounded]')).split('\n').length;
        type(text.replace('[Wounded]', '[Wonded]'));
        await wait(300);
        const broken = findings('findings');
        type(text);
        await wait(300);
        return { first, line, broken, fixed: findings('findings').length };
        ",
    );
    assert_eq!(out["first"]["book"], "/sunken-lamp", "{out:#}");
    assert_eq!(out["first"]["findings"], 0, "{out:#}");
    let broken = out["broken"].as_array().unwrap();
    assert_eq!(broken.len(), 1, "{out:#}");
    assert_eq!(broken[0]["code"], "unknown-name", "{out:#}");
    assert_eq!(broken[0]["file"], "tales/beasts.tales", "{out:#}");
    assert_eq!(broken[0]["line"], out["line"], "{out:#}");
    // As the human report shows it: the line, marked, and the fix.
    let text = broken[0]["text"].as_str().unwrap();
    assert!(
        text.contains("Wonded") && text.contains("Wounded"),
        "{text}"
    );
    assert_eq!(out["fixed"], 0, "{out:#}");
}

#[test]
fn an_encounter_is_played_to_its_award_by_clicking() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        document.querySelector('nav button[data-view=play]').click();
        const row = [...$('play-start').options].find((o) => o.text.startsWith('matrix row'));
        set('play-start', row.value);
        $('play-go').click();
        const asked = [];
        for (let i = 0; i < 30 && $('play-options').children.length; i++) {
          const options = [...$('play-options').children];
          asked.push(options.map((b) => b.textContent));
          options[options.length - 1].click();
        }
        return { asked, lines: $('play-lines').textContent, end: $('play-end').textContent };
        ",
    );
    let asked = out["asked"].as_array().unwrap();
    assert!(
        !asked.is_empty(),
        "a matrix row asks for a reaction: {out:#}"
    );
    let end = out["end"].as_str().unwrap();
    assert!(
        end.starts_with("done") || end.starts_with("died"),
        "{out:#}"
    );
    assert!(
        end.contains("destiny"),
        "the state after the award: {out:#}"
    );
    let lines = out["lines"].as_str().unwrap();
    assert!(lines.contains("-\n"), "a paragraph read: {out:#}");
}

#[test]
fn a_translation_pair_opens_beside_its_source_with_its_findings() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        document.querySelector('nav button[data-view=l10n]').click();
        const pair = { source: $('l10n-source').value, translation: $('l10n-translation').value,
                       findings: findings('l10n-findings').length,
                       beside: $('beside-frame').srcdoc.length };
        document.querySelector('nav button[data-view=render]').click();
        const render = $('render-frame').srcdoc.length;
        return { pair, render };
        ",
    );
    assert_eq!(out["pair"]["source"], "/sunken-lamp", "{out:#}");
    assert_eq!(out["pair"]["translation"], "/sunken-lamp-es", "{out:#}");
    assert_eq!(out["pair"]["findings"], 0, "{out:#}");
    assert!(out["pair"]["beside"].as_u64().unwrap() > 10_000, "{out:#}");
    assert!(out["render"].as_u64().unwrap() > 10_000, "{out:#}");
}

#[test]
fn the_spec_examples_check_clean_and_their_translations_compare() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        if ($('sample').options.length < 3) return { skipped: true };
        set('sample', '1');
        const books = {};
        for (const o of [...$('book').options]) {
          set('book', o.value);
          books[o.value] = window.tales.report.summary.errors;
        }
        document.querySelector('nav button[data-view=l10n]').click();
        const pairs = {};
        for (const t of [...$('l10n-translation').options]) {
          set('l10n-translation', t.value);
          set('l10n-source', t.value.replace(/-es$/, ''));
          $('l10n-go').click();
          pairs[t.value] = { findings: findings('l10n-findings').length, beside: $('beside-frame').srcdoc.length };
        }
        return { books, pairs };
        ",
    );
    if out["skipped"] == true {
        println!("web: the spec examples are not bundled (../shared/spec missing at build time)");
        return;
    }
    let books = out["books"].as_object().unwrap();
    for root in [
        "/example",
        "/example-v2",
        "/example-v3",
        "/example-es",
        "/example-v2-es",
    ] {
        assert_eq!(books.get(root), Some(&Value::from(0)), "{root}: {out:#}");
    }
    for t in ["/example-es", "/example-v2-es"] {
        assert!(
            out["pairs"][t]["beside"].as_u64().unwrap() > 5_000,
            "{t}: {out:#}"
        );
    }
}
