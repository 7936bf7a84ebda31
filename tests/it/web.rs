//! The web page (`web/`, built by `web/build.sh` into `target/web/`) in
//! headless Chromium, driven through its own controls: a script added to
//! a copy of the page types into the editor, clicks the buttons, and writes
//! what the page then shows into the DOM, which the browser dumps.
//! Skipped, saying why, without Chromium or without the built page.

use crate::common;
use common::browser;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The built page (`web/build.sh`'s target/web, or the one
/// `tools/book/build.sh` puts in the docs book), or `None` after saying the
/// test is skipped.
fn page(test: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["target/web", "target/book/app"].map(|d| root.join(d)) {
        if dir.join("index.html").is_file() && dir.join("tales.js").is_file() {
            return Some(dir);
        }
    }
    let why = "no built web page in target/web (run web/build.sh, or tools/book/build.sh)";
    common::skip(test, why);
    None
}

/// Issue #26: the page's files (the wasm is inlined in `tales.js`) are at
/// most 3 MB compressed, gzip as a static host serves them.
#[test]
fn the_page_is_at_most_three_megabytes_compressed() {
    use std::io::Write as _;
    let Some(page) = page("the_page_is_at_most_three_megabytes_compressed") else {
        return;
    };
    let mut sizes = Vec::new();
    for entry in std::fs::read_dir(&page).unwrap() {
        let path = entry.unwrap().path();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&std::fs::read(&path).unwrap()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        sizes.push((name, gz.finish().unwrap().len()));
    }
    let total: usize = sizes.iter().map(|(_, n)| n).sum();
    assert!(
        sizes.iter().any(|(name, _)| name == "tales.js"),
        "{sizes:?}"
    );
    assert!(total <= 3_000_000, "{total} bytes compressed: {sizes:?}");
}

/// Run `steps` (the body of an async JavaScript function that returns a
/// value) in a copy of the page once it has opened its first sample (with
/// `openZip(entries, name)`, which opens a `.zip` as a drop does (its bytes
/// at hand: a blob read is real time, and under load it outlasted the
/// virtual waits), and
/// `openFolder(entries)`, which gives the folder picker the files a browser
/// gives it: each with its path under the folder picked, its bytes at hand,
/// as a blob read is real time and the test's waits are virtual), and
/// `settle()`, which waits until the page has checked what was typed (it
/// waits as long as the last check took: a fixed wait failed on a busy
/// machine); what it returns, as JSON.
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
         const settle = async () => {{ for (let i = 0; i < 200 && window.tales.pending(); i++) await wait(50); }};\n\
         const findings = (id) => [...document.querySelectorAll(`#${{id}} .finding`)].map((li) => \
           ({{code: li.dataset.code, file: li.dataset.file, line: Number(li.dataset.line), text: li.textContent}}));\n\
         const openZip = async (entries, name) => {{ const dt = new DataTransfer();\n\
           const bytes = zip(entries); const f = new File([bytes], name);\n\
           Object.defineProperty(f, 'arrayBuffer', {{ value: async () => bytes.slice().buffer }});\n\
           dt.items.add(f); $('status').textContent = '';\n\
           $('zip').files = dt.files; $('zip').dispatchEvent(new Event('change'));\n\
           for (let i = 0; i < 100 && !$('status').textContent; i++) await wait(100); }};\n\
         const openFolder = async (entries) => {{ const dt = new DataTransfer();\n\
           for (const [path, bytes] of entries) {{ const f = new File([bytes], path.split('/').pop());\n\
             Object.defineProperty(f, 'webkitRelativePath', {{ value: path }});\n\
             Object.defineProperty(f, 'arrayBuffer', {{ value: async () => bytes.buffer }}); dt.items.add(f); }}\n\
           $('status').textContent = ''; $('folder').files = dt.files; $('folder').dispatchEvent(new Event('change'));\n\
           for (let i = 0; i < 100 && !$('status').textContent; i++) await wait(100); }};\n\
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
                        ms: window.tales.firstCheckMs,
                        shown: [...$('book').options].map((o) => o.text) };
        set('file', '/sunken-lamp/tales/beasts.tales');
        const text = $('editor').value;
        const line = text.slice(0, text.indexOf('[Wounded]')).split('\n').length;
        type(text.replace('[Wounded]', '[Wonded]'));
        await settle();
        const broken = findings('findings');
        type(text);
        await settle();
        return { first, line, broken, fixed: findings('findings').length };
        ",
    );
    assert_eq!(out["first"]["book"], "/sunken-lamp", "{out:#}");
    // The book menu names books by their folders, as findings name files.
    assert_eq!(
        out["first"]["shown"],
        serde_json::json!([
            "sunken-lamp",
            "sunken-lamp-es (translation of sunken-lamp)",
            "sunken-lamp-fr (translation of sunken-lamp)"
        ]),
        "{out:#}"
    );
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
        const asked = [], questions = [];
        for (let i = 0; i < 30 && $('play-options').children.length; i++) {
          questions.push($('play-options').querySelector('.question')?.textContent);
          const options = [...$('play-options').querySelectorAll('button')];
          asked.push(options.map((b) => b.textContent));
          options[options.length - 1].click();
        }
        return { asked, questions, lines: $('play-lines').textContent, end: $('play-end').textContent };
        ",
    );
    let asked = out["asked"].as_array().unwrap();
    assert!(
        !asked.is_empty(),
        "a matrix row asks for a reaction: {out:#}"
    );
    // Each choice is asked as `tales play` asks it, not as bare buttons.
    assert_eq!(out["questions"][0], "how do you react?", "{out:#}");
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
          // The source follows the translation picked (its translation-of).
          set('l10n-translation', t.value);
          $('l10n-go').click();
          pairs[t.value] = { source: $('l10n-source').value, findings: findings('l10n-findings').length, beside: $('beside-frame').srcdoc.length };
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
        assert_eq!(
            out["pairs"][t]["source"].as_str(),
            Some(t.trim_end_matches("-es")),
            "{out:#}"
        );
        assert_eq!(out["pairs"][t]["findings"], 0, "{t} pairs clean: {out:#}");
    }
}

#[test]
fn play_follows_the_files_a_paragraph_typed_is_a_start_and_another_book_clears_the_encounter() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const view = (v) => document.querySelector(`nav button[data-view=${v}]`).click();
        view('play');
        const row = [...$('play-start').options].find((o) => o.text.startsWith('matrix row'));
        set('play-start', row.value);
        $('play-go').click();
        const played = $('play-lines').textContent.length + $('play-options').children.length;
        set('book', '/sunken-lamp-es');
        const after = { lines: $('play-lines').textContent, options: $('play-options').children.length,
                        end: $('play-end').textContent };
        set('book', '/sunken-lamp');
        view('check');
        set('file', '/sunken-lamp/tales/beasts.tales');
        type($('editor').value + '\n-999-\nA quiet night under the stars. [S1]\n');
        view('play');
        const starts = [...$('play-start').options].map((o) => o.value);
        set('play-start', '999');
        $('play-go').click();
        return { played, after, has999: starts.includes('999'), lines: $('play-lines').textContent };
        ",
    );
    assert!(out["played"].as_u64().unwrap() > 0, "{out:#}");
    assert_eq!(
        out["after"]["lines"], "",
        "the old book's encounter: {out:#}"
    );
    assert_eq!(
        out["after"]["options"], 0,
        "the old book's buttons: {out:#}"
    );
    assert_eq!(out["after"]["end"], "", "{out:#}");
    assert_eq!(out["has999"], true, "a paragraph typed is a start: {out:#}");
    assert!(
        out["lines"].as_str().unwrap().contains("A quiet night"),
        "{out:#}"
    );
}

/// The entries of a stored .zip, each checked against its CRC-32 (computed
/// here bit by bit, not as the page computes it): name and bytes.
fn stored_zip_entries(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
    let u16_at = |i: usize| usize::from(u16::from_le_bytes([zip[i], zip[i + 1]]));
    let u32_at = |i: usize| u32::from_le_bytes(zip[i..i + 4].try_into().unwrap());
    let crc32 = |bytes: &[u8]| {
        let mut c = !0u32;
        for &b in bytes {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    };
    let end = zip.len() - 22;
    assert_eq!(u32_at(end), 0x0605_4b50, "the end of the central directory");
    let mut at = u32_at(end + 16) as usize;
    let mut entries = Vec::new();
    for _ in 0..u16_at(end + 10) {
        assert_eq!(u32_at(at), 0x0201_4b50, "a central directory entry");
        assert_eq!(u16_at(at + 10), 0, "stored");
        let (size, name_len) = (u32_at(at + 20) as usize, u16_at(at + 28));
        let name = String::from_utf8(zip[at + 46..at + 46 + name_len].to_vec()).unwrap();
        let local = u32_at(at + 42) as usize;
        assert_eq!(u32_at(local), 0x0403_4b50, "{name}: its local header");
        let start = local + 30 + u16_at(local + 26) + u16_at(local + 28);
        let data = zip[start..start + size].to_vec();
        assert_eq!(crc32(&data), u32_at(at + 16), "{name}: its CRC-32");
        assert_eq!(crc32(&data), u32_at(local + 14), "{name}: its local CRC-32");
        entries.push((name, data));
        at += 46 + name_len + u16_at(at + 30) + u16_at(at + 32);
    }
    entries
}

#[test]
fn download_is_the_edited_book_as_a_zip_and_opening_another_book_asks_before_dropping_edits() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const asked = [];
        let answer = false;
        window.confirm = (m) => { asked.push(m); return answer; };
        // The link the page clicks to save: recorded, not followed (a
        // headless browser saving a download does not end).
        const saved = [];
        HTMLAnchorElement.prototype.click = function () { saved.push([this.download, this.href.slice(0, 5)]); };
        set('file', '/sunken-lamp/tales/beasts.tales');
        type($('editor').value.replace('walks away', 'walks away, edited'));
        $('download').click();
        const d = window.tales.downloaded;
        const zipped = btoa(Array.from(d.bytes, (b) => String.fromCharCode(b)).join(''));
        // Downloaded: another book opens without asking.
        set('sample', '0');
        const clean = { asked: asked.length, text: $('editor').value.includes('edited') };
        set('file', '/sunken-lamp/tales/beasts.tales');
        type($('editor').value.replace('walks away', 'walks away, again'));
        set('sample', '0');
        const refused = { asked: asked.length, kept: $('editor').value.includes('again'),
                          menu: $('sample').value };
        answer = true;
        set('sample', '0');
        const reopened = { asked: asked.length, kept: $('editor').value.includes('again') };
        return { name: d.name, zipped, saved,
                 clean, refused, reopened, question: asked[0] };
        ",
    );
    assert_eq!(out["name"], "sunken-lamp.zip", "{out:#}");
    assert_eq!(
        out["saved"],
        serde_json::json!([["sunken-lamp.zip", "blob:"]]),
        "{out:#}"
    );
    let zip = base64_decode(out["zipped"].as_str().unwrap());
    let entries = stored_zip_entries(&zip);
    let beasts = entries
        .iter()
        .find(|(n, _)| n == "sunken-lamp/tales/beasts.tales")
        .unwrap();
    assert!(
        String::from_utf8_lossy(&beasts.1).contains("walks away, edited"),
        "the edit is in the .zip"
    );
    let lamp = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp/book.yaml");
    let book = entries
        .iter()
        .find(|(n, _)| n == "sunken-lamp/book.yaml")
        .unwrap();
    assert_eq!(
        book.1,
        std::fs::read(lamp).unwrap(),
        "a file not edited: as it was"
    );
    assert!(
        entries
            .iter()
            .any(|(n, _)| n.starts_with("sunken-lamp-es/")),
        "everything opened"
    );
    assert_eq!(out["clean"]["asked"], 0, "{out:#}");
    assert_eq!(out["clean"]["text"], false, "the sample reopened: {out:#}");
    assert_eq!(out["refused"]["asked"], 1, "{out:#}");
    assert_eq!(out["refused"]["kept"], true, "{out:#}");
    assert_eq!(
        out["refused"]["menu"], "",
        "the menu can pick it again: {out:#}"
    );
    assert_eq!(out["reopened"]["asked"], 2, "{out:#}");
    assert_eq!(out["reopened"]["kept"], false, "{out:#}");
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => u32::from(c - b'A'),
        b'a'..=b'z' => u32::from(c - b'a') + 26,
        b'0'..=b'9' => u32::from(c - b'0') + 52,
        b'+' => 62,
        _ => 63,
    };
    let mut out = Vec::new();
    for chunk in text.trim_end_matches('=').as_bytes().chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0, |n, (i, &c)| n | value(c) << (18 - 6 * i));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn findings_held_back_are_one_line_as_the_cli_says_and_open_to_the_file_to_fix() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const clean = $('held-back').hidden;
        set('file', '/sunken-lamp/matrices.yaml');
        type('K:\n  rows:\n   ' + '- '.repeat(30) + 'x\n');
        await settle();
        const box = $('held-back');
        const files = [...document.querySelectorAll('#held-back-files button')].map((b) => b.textContent);
        set('file', '/sunken-lamp/tales/beasts.tales');
        document.querySelector('#held-back-files button').click();
        return { clean, hidden: box.hidden, tag: box.tagName, line: $('held-back-line').textContent,
                 files, opened: $('file').value, held: window.tales.report.summary.held_back };
        ",
    );
    assert_eq!(out["clean"], true, "{out:#}");
    assert_eq!(out["hidden"], false, "{out:#}");
    assert_eq!(out["tag"], "DETAILS", "expandable: {out:#}");
    let count = out["held"]["count"].as_u64().unwrap();
    assert_eq!(
        out["line"],
        format!(
            "{count} finding{} not shown: matrices.yaml could not be read",
            if count == 1 { "" } else { "s" }
        ),
        "{out:#}"
    );
    assert_eq!(
        out["files"],
        serde_json::json!(["matrices.yaml"]),
        "{out:#}"
    );
    assert_eq!(out["opened"], "/sunken-lamp/matrices.yaml", "{out:#}");
}

#[test]
fn a_pasted_file_of_200000_characters_lays_out_its_first_findings_and_the_rest_on_demand() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        set('file', '/sunken-lamp/tales/beasts.tales');
        // Paragraphs nobody reaches, each with a misspelt status.
        let text = '';
        for (let n = 1000; text.length < 200000; n++) text += `-${n}-\nA quiet night. [Wonded]\n\n`;
        type(text);
        await settle();
        const shown = findings('findings').length;
        const errors = window.tales.report.diagnostics.length;
        document.querySelector('#findings .more button').click();
        return { chars: text.length, check: window.tales.lastCheckMs, shown, errors,
                 more: findings('findings').length };
        ",
    );
    println!("a 200,000-character paste: {out}");
    let errors = out["errors"].as_u64().unwrap();
    assert!(errors > 200, "{out:#}");
    assert_eq!(out["shown"], 100, "{out:#}");
    assert_eq!(out["more"], 200, "{out:#}");
}

#[test]
fn a_utf16_file_in_a_zip_is_read_as_the_cli_reads_it_not_as_binary() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const sample = Object.values(window.TALES_SAMPLES)[0];
        const enc = new TextEncoder();
        const beasts = sample['/sunken-lamp/tales/beasts.tales'];
        const le = new Uint8Array(2 + beasts.length * 2);
        le.set([0xff, 0xfe]);
        for (let i = 0; i < beasts.length; i++) { const u = beasts.charCodeAt(i); le[2 + 2 * i] = u & 0xff; le[3 + 2 * i] = u >> 8; }
        const entries = Object.entries(sample).map(([p, t]) =>
          [p.slice(1), p.endsWith('beasts.tales') ? le : enc.encode(t)]);
        await openZip(entries, 'book.zip');
        set('file', '/sunken-lamp/tales/beasts.tales');
        return { same: $('editor').value === beasts, found: findings('findings') };
        ",
    );
    assert_eq!(out["same"], true, "read as its text: {out:#}");
    let found = out["found"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{out:#}");
    assert_eq!(found[0]["code"], "not-utf8", "{out:#}");
    assert!(
        found[0]["text"]
            .as_str()
            .unwrap()
            .contains("file is UTF-16 (little-endian"),
        "{out:#}"
    );
}

#[test]
fn format_tidies_the_open_file_and_leaves_a_file_with_errors_byte_for_byte() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        set('file', '/sunken-lamp/tales/beasts.tales');
        $('format').click();
        const tidy = $('editor').value;
        type(tidy.replace('walks away. [S1]', 'walks away. [S1]   '));
        $('format').click();
        const formatted = { same: $('editor').value === tidy, status: $('status').textContent };
        const broken = tidy.replace('[Wounded]', '[Wonded]').replace('walks away. [S1]', 'walks away. [S1]   ');
        type(broken);
        $('format').click();
        return { formatted, left: $('editor').value === broken, status: $('status').textContent };
        ",
    );
    assert_eq!(out["formatted"]["same"], true, "{out:#}");
    assert_eq!(out["left"], true, "{out:#}");
    assert_eq!(
        out["status"], "tales/beasts.tales: not formatted: the file has errors: fix them first",
        "{out:#}"
    );
}

#[test]
fn a_finding_is_reached_by_the_keyboard_and_enter_shows_its_line() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        set('file', '/sunken-lamp/tales/beasts.tales');
        const text = $('editor').value;
        type(text.replace('[Wounded]', '[Wonded]'));
        await settle();
        set('file', '/sunken-lamp/tales/sea.tales');
        const pre = document.querySelector('#findings .finding pre');
        pre.focus();
        const focused = document.activeElement === pre;
        pre.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        const ed = $('editor');
        const at = ed.value.indexOf('[Wonded]');
        return { tab: pre.tabIndex, focused, file: $('file').value, editor: document.activeElement === ed,
                 inLine: ed.selectionStart <= at && at < ed.selectionEnd };
        ",
    );
    assert_eq!(out["tab"], 0, "{out:#}");
    assert_eq!(out["focused"], true, "{out:#}");
    assert_eq!(out["file"], "/sunken-lamp/tales/beasts.tales", "{out:#}");
    assert_eq!(out["editor"], true, "{out:#}");
    assert_eq!(out["inLine"], true, "{out:#}");
}

#[test]
fn an_edit_then_at_once_another_file_keeps_the_edit_and_checks_it() {
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        set('file', '/sunken-lamp/tales/beasts.tales');
        type($('editor').value.replace('[Wounded]', '[Wonded]'));
        set('file', '/sunken-lamp/tales/sea.tales');
        const now = findings('findings').map((f) => f.code);
        await wait(300);
        set('file', '/sunken-lamp/tales/beasts.tales');
        return { now, kept: $('editor').value.includes('[Wonded]') };
        ",
    );
    assert_eq!(out["now"], serde_json::json!(["unknown-name"]), "{out:#}");
    assert_eq!(out["kept"], true, "{out:#}");
}

#[test]
fn a_zip_without_a_book_leaves_nothing_of_the_book_before_and_the_next_says_what_opened() {
    // Fresh-eyes trial: a .zip with no book.yaml left the old book's files,
    // editor and count on screen (and in a download); the status kept its
    // message after a good book opened.
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const enc = new TextEncoder();
        await openZip([['a/cards.yaml', enc.encode('character: []\n')]], 'nobook.zip');
        const empty = { files: $('file').options.length, editor: $('editor').value,
          findings: findings('findings').length, count: $('count').textContent, status: $('status').textContent };
        const sample = Object.values(window.TALES_SAMPLES)[0];
        await openZip(Object.entries(sample).map(([p, t]) => [p.slice(1), enc.encode(t)]), 'book.zip');
        return { empty, status: $('status').textContent, files: $('file').options.length };
        ",
    );
    assert_eq!(out["empty"]["files"], 0, "{out:#}");
    assert_eq!(out["empty"]["editor"], "", "{out:#}");
    assert_eq!(out["empty"]["findings"], 0, "{out:#}");
    assert_eq!(out["empty"]["count"], "", "{out:#}");
    assert!(
        out["empty"]["status"]
            .as_str()
            .unwrap()
            .starts_with("no book.yaml in what was opened"),
        "{out:#}"
    );
    assert!(
        out["status"].as_str().unwrap().starts_with("opened /"),
        "{out:#}"
    );
    assert!(out["files"].as_u64().unwrap() > 5, "{out:#}");
}

#[test]
fn a_binary_file_is_shown_as_not_text_and_is_not_edited() {
    // Fresh-eyes trial: a binary file showed as an empty editable text box;
    // typing there replaced it in the download.
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const sample = Object.values(window.TALES_SAMPLES)[0];
        const enc = new TextEncoder();
        const entries = Object.entries(sample).map(([p, t]) => [p.slice(1), enc.encode(t)]);
        entries.push(['sunken-lamp/tales/picture.tales', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff])]);
        await openZip(entries, 'book.zip');
        set('file', '/sunken-lamp/tales/picture.tales');
        const binary = { readOnly: $('editor').readOnly, placeholder: $('editor').placeholder };
        set('file', '/sunken-lamp/tales/beasts.tales');
        return { binary, text: { readOnly: $('editor').readOnly }, found: findings('findings').map((f) => f.file) };
        ",
    );
    assert_eq!(out["binary"]["readOnly"], true, "{out:#}");
    assert!(
        out["binary"]["placeholder"]
            .as_str()
            .unwrap()
            .contains("not text"),
        "{out:#}"
    );
    assert_eq!(out["text"]["readOnly"], false, "{out:#}");
    assert_eq!(
        out["found"].as_array().unwrap().len(),
        1,
        "its one finding: {out:#}"
    );
}

#[test]
fn a_folder_picked_opens_the_book_in_it_and_leaves_the_rest() {
    // "Open a folder": the picker gives every file under the folder, each
    // with its path (`webkitRelativePath`); a script cannot pick a folder,
    // so the test gives the picker the files a browser would.
    let (Some(browser), Some(page)) = (browser::chromium("web"), page("web")) else {
        return;
    };
    let out = drive(
        &browser,
        &page,
        r"
        const sample = Object.values(window.TALES_SAMPLES).find((s) => '/sunken-lamp/book.yaml' in s);
        const enc = new TextEncoder();
        const entries = Object.entries(sample).filter(([p]) => p.startsWith('/sunken-lamp/')).map(([p, t]) =>
          ['my-book' + p.slice('/sunken-lamp'.length), enc.encode(p.endsWith('beasts.tales') ? t.replace('[Wounded]', '[Wonded]') : t)]);
        entries.push(['my-book/.github/workflows/tales.yml', enc.encode('on: push')],
          ['my-book/target/old.tales', enc.encode('-1-')], ['my-book/notes.txt', enc.encode('ideas')]);
        await openFolder(entries);
        return { status: $('status').textContent, book: $('book').value,
          files: [...$('file').options].map((o) => o.value), found: findings('findings') };
        ",
    );
    assert!(
        out["status"]
            .as_str()
            .unwrap()
            .starts_with("opened /my-book"),
        "{out:#}"
    );
    assert_eq!(out["book"], "/my-book", "{out:#}");
    let files: Vec<&str> = out["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(files.contains(&"/my-book/tales/beasts.tales"), "{out:#}");
    assert!(
        !files
            .iter()
            .any(|f| f.contains(".github") || f.contains("target") || f.ends_with("notes.txt")),
        "only the book's files are opened: {out:#}"
    );
    let found = out["found"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{out:#}");
    assert_eq!(found[0]["code"], "unknown-name", "{out:#}");
    assert_eq!(found[0]["file"], "tales/beasts.tales", "{out:#}");
}

/// The page says what it is in one line, and its "Docs" link is shown only
/// where a docs book is around it: the page alone (`web/build.sh`, as in
/// the release archive) has it hidden.
#[test]
fn the_page_says_what_it_is_and_hides_its_docs_link_alone() {
    let Some(page) = page("the_page_says_what_it_is_and_hides_its_docs_link_alone") else {
        return;
    };
    let index = std::fs::read_to_string(page.join("index.html")).unwrap();
    assert!(
        index.contains("<p class=\"intro\">Check, play and translate a Book of Tales."),
        "{index}"
    );
    // The page alone hides its link (the docs book's copy shows it).
    if page.ends_with("target/web") {
        assert!(
            index.contains("<a id=\"docs\" class=\"button\" href=\"../index.html\" hidden>"),
            "{index}"
        );
    }
}

/// In the docs book (`tools/book/build.sh`, which `.ci/run` runs before the
/// tests), the page's "Docs" link is shown and leads to the book's front
/// page.
#[test]
fn in_the_docs_book_the_page_links_the_book() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/book");
    let app = book.join("app/index.html");
    if !app.is_file() {
        let why = "no docs book with the page in target/book (run tools/book/build.sh)";
        common::skip("in_the_docs_book_the_page_links_the_book", why);
        return;
    }
    let index = std::fs::read_to_string(&app).unwrap();
    assert!(
        index.contains("<a id=\"docs\" class=\"button\" href=\"../index.html\">Docs</a>"),
        "{index}"
    );
    assert!(book.join("index.html").is_file());
}
