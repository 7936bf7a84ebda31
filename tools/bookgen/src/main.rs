//! `bookgen --paragraphs N --out DIR [--locale en|es] [--translation-of PATH]
//! [--format 1|2] [--per-file N]`: write a generated book (see the library's
//! documentation for what it holds).

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: bookgen --paragraphs N --out DIR [--locale en|es] [--translation-of PATH] [--format 1|2] [--per-file N]";

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
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("`{flag}` needs a value"));
        match flag.as_str() {
            "--paragraphs" => {
                paragraphs = value()?.parse().map_err(|e| format!("--paragraphs: {e}"))?
            }
            "--per-file" => per_file = value()?.parse().map_err(|e| format!("--per-file: {e}"))?,
            "--out" => out = Some(PathBuf::from(value()?)),
            "--locale" => locale = value()?,
            "--translation-of" => translation_of = Some(value()?),
            "--format" => {
                format = match value()?.as_str() {
                    "1" => bookgen::Format::V1,
                    "2" => bookgen::Format::V2,
                    v => return Err(format!("--format is 1 or 2, not `{v}`")),
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
    eprintln!(
        "wrote {} paragraphs ({} bytes) in {} files to {}",
        stats.paragraphs,
        stats.bytes,
        stats.files,
        out.display()
    );
    Ok(())
}
