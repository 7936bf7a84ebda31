//! `bookgen --paragraphs N --out DIR [--locale en|es] [--translation-of PATH]
//! [--format 1|2|3] [--per-file N]`: write a generated book (see the library's
//! documentation for what it holds). `bookgen --from-book DIR --paragraphs N
//! --out DIR`: a human-written book repeated and renumbered to N paragraphs.

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: bookgen --paragraphs N --out DIR [--locale en|es] [--translation-of PATH] [--format 1|2|3] [--per-file N]\n       bookgen --from-book DIR --paragraphs N --out DIR [--per-file N]";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let (mut paragraphs, mut per_file, mut out) = (3000u32, 500u32, None);
    let (mut locale, mut translation_of, mut format) = ("en".to_owned(), None, bookgen::Format::V2);
    let mut from_book = None;
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("`{flag}` needs a value"));
        match flag.as_str() {
            "--paragraphs" => {
                paragraphs = value()?.parse().map_err(|e| format!("--paragraphs: {e}"))?
            }
            "--per-file" => per_file = value()?.parse().map_err(|e| format!("--per-file: {e}"))?,
            "--out" => out = Some(PathBuf::from(value()?)),
            "--from-book" => from_book = Some(PathBuf::from(value()?)),
            "--locale" => locale = value()?,
            "--translation-of" => translation_of = Some(value()?),
            "--format" => {
                format = match value()?.as_str() {
                    "1" => bookgen::Format::V1,
                    "2" => bookgen::Format::V2,
                    "3" => bookgen::Format::V3,
                    v => return Err(format!("--format is 1, 2 or 3, not `{v}`")),
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    let out = out.ok_or("--out is required")?;
    if let Some(from) = from_book {
        let stats = bookgen::write_from_book(&from, &out, paragraphs, per_file.max(1))
            .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), out.display()))?;
        report(&stats, &out);
        return Ok(());
    }
    let lang = match locale.as_str() {
        "en" => &bookgen::EN,
        "es" => &bookgen::ES,
        other => return Err(format!("the generator writes `en` or `es`, not `{other}`")),
    };
    let stats = bookgen::write_book_in(
        &out,
        paragraphs,
        per_file.max(1),
        lang,
        translation_of.as_deref(),
        format,
    )
    .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    report(&stats, &out);
    Ok(())
}

fn report(stats: &bookgen::Stats, out: &std::path::Path) {
    eprintln!(
        "wrote {} paragraphs ({} bytes) in {} files to {}",
        stats.paragraphs,
        stats.bytes,
        stats.files,
        out.display()
    );
}
