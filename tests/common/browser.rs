//! A real headless browser for the tests that must see a page rendered:
//! Debian's Chromium, found on the PATH (or `TALES_CHROMIUM`). A test that
//! needs it and does not find it says so and is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser, or `None` after saying the test is skipped.
pub fn chromium(test: &str) -> Option<PathBuf> {
    let names = ["chromium", "chromium-browser", "google-chrome"];
    let on_path = std::env::var_os("PATH").into_iter().flat_map(|p| {
        std::env::split_paths(&p)
            .flat_map(|d| names.map(|n| d.join(n)))
            .collect::<Vec<_>>()
    });
    find_or_skip(
        test,
        "TALES_CHROMIUM",
        on_path,
        "no headless browser (apt install chromium, or set TALES_CHROMIUM)",
    )
}

/// The file `variable` names, else the first of `candidates` that exists;
/// `None` after saying (on both streams) that the test is skipped and why.
fn find_or_skip(
    test: &str,
    variable: &str,
    candidates: impl Iterator<Item = PathBuf>,
    why: &str,
) -> Option<PathBuf> {
    let found = std::env::var_os(variable)
        .map(PathBuf::from)
        .into_iter()
        .chain(candidates)
        .find(|p| p.is_file());
    if found.is_none() {
        super::skip(test, why);
    }
    found
}

/// A screenshot of `page` at `width` × `height`, decoded: (width, height,
/// RGBA pixels). `print` asks Blink for the print media type (headless
/// screenshots ignore it in Chromium 148: do not rely on it).
pub fn screenshot(
    browser: &Path,
    page: &Path,
    (width, height): (u32, u32),
    print: bool,
) -> (u32, u32, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let mut cmd = headless(browser, dir.path());
    cmd.arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", png.display()));
    if print {
        cmd.arg("--blink-settings=mediaType=print");
    }
    open(cmd, page, &png, "screenshot");
    decode(&png)
}

/// Open `page` in the browser as `cmd` says, and make sure it wrote `out`.
fn open(mut cmd: Command, page: &Path, out: &Path, what: &str) {
    let run = cmd
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(
        out.is_file(),
        "no {what}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Chromium started headless, quiet, with its profile in `dir`.
fn headless(browser: &Path, dir: &Path) -> Command {
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ])
    .arg(format!("--user-data-dir={}", dir.join("profile").display()));
    cmd
}

/// The page's DOM once its scripts have run for up to `budget_ms` of
/// virtual time (timers run at once; the page's own work is real).
pub fn dump_dom(browser: &Path, page: &Path, budget_ms: u32) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = headless(browser, dir.path())
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The page printed to PDF, as the browser's "print to PDF" does (the print
/// stylesheet applies, no header or footer): the PDF's bytes.
pub fn print_to_pdf(browser: &Path, page: &Path) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("print.pdf");
    let mut cmd = headless(browser, dir.path());
    cmd.arg("--no-pdf-header-footer")
        .arg(format!("--print-to-pdf={}", pdf.display()));
    open(cmd, page, &pdf, "PDF");
    std::fs::read(pdf).unwrap()
}

/// The page sizes of a PDF in points (`/MediaBox [0 0 w h]`, one a page,
/// as Chromium writes them).
pub fn pdf_pages(pdf: &[u8]) -> Vec<(f64, f64)> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox")
        .filter_map(|(at, _)| {
            let rest = &text[at..];
            let open = rest.find('[')?;
            let close = rest.find(']')?;
            let n: Vec<f64> = rest[open + 1..close]
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            (n.len() == 4).then(|| (n[2] - n[0], n[3] - n[1]))
        })
        .collect()
}

/// A PNG file's size and RGBA pixels.
pub fn decode(png: &Path) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Pixels within a few levels of the colour `rgb`.
pub fn pixels_of(rgba: &[u8], rgb: [u8; 3]) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| (0..3).all(|i| p[i].abs_diff(rgb[i]) <= 6))
        .count()
}

/// Mermaid's own bundle (`mermaid.min.js`), to check that Mermaid reads
/// what `tales graph --format mermaid` writes: `TALES_MERMAID`, or the copy
/// `.ci/run` installs with npm under `target/mermaid/`. `None` after saying
/// the test is skipped.
pub fn mermaid(test: &str) -> Option<PathBuf> {
    let installed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/mermaid/node_modules/mermaid/dist/mermaid.min.js");
    find_or_skip(
        test,
        "TALES_MERMAID",
        [installed].into_iter(),
        "no mermaid.min.js (npm install --prefix target/mermaid mermaid@11, or set TALES_MERMAID)",
    )
}

/// What Mermaid makes of a diagram, in the browser: `Ok(svg length)` when
/// it parses and renders, else `Err(its message)`.
pub fn mermaid_render(browser: &Path, mermaid: &Path, diagram: &str) -> Result<usize, String> {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("mermaid.html");
    let text = serde_json::to_string(diagram)
        .unwrap()
        .replace("</", "<\\/");
    std::fs::write(
        &page,
        format!(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"/><script src=\"file://{}\"></script></head>\
             <body><pre id=\"out\">pending</pre><script>\
             mermaid.initialize({{startOnLoad:false}});\
             (async () => {{ try {{ await mermaid.parse({text}); const r = await mermaid.render('g', {text});\
             document.getElementById('out').textContent = 'ok ' + r.svg.length; }}\
             catch (e) {{ document.getElementById('out').textContent = 'error ' + (e && e.message ? e.message : e); }} }})();\
             </script></body></html>",
            mermaid.display()
        ),
    )
    .unwrap();
    let out = headless(browser, dir.path())
        .arg("--virtual-time-budget=20000")
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let at = dom.find("<pre id=\"out\">").ok_or("no page")? + "<pre id=\"out\">".len();
    let result = &dom[at..at + dom[at..].find("</pre>").unwrap_or(0)];
    match result.strip_prefix("ok ") {
        Some(n) => Ok(n.trim().parse().unwrap_or(0)),
        None => Err(result.to_owned()),
    }
}
