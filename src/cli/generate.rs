use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct GenerateArgs {
    /// How many result paragraphs (charts come on top).
    #[arg(long, default_value_t = 3000)]
    paragraphs: u32,
    /// Paragraphs per `.tales` file.
    #[arg(long, default_value_t = 500)]
    per_file: u32,
    /// Folder to write the book into (created).
    #[arg(long)]
    out: PathBuf,
    /// The book's language: `en`, or `es` for a translation of the `en` book
    /// generated with the same numbers.
    #[arg(long, default_value = "en")]
    locale: String,
    /// Write `translation-of: PATH` into the book's `book.yaml`.
    #[arg(long, value_name = "PATH")]
    translation_of: Option<String>,
}

pub(super) fn run(args: &GenerateArgs) -> ExitCode {
    let lang = match args.locale.as_str() {
        "en" => &crate::generate::EN,
        "es" => &crate::generate::ES,
        other => return super::fail(&format!("the generator writes `en` or `es`, not `{other}`")),
    };
    match crate::generate::write_book(
        &args.out,
        args.paragraphs,
        args.per_file.max(1),
        lang,
        args.translation_of.as_deref(),
    ) {
        Ok(stats) => {
            eprintln!(
                "wrote {} paragraphs ({} bytes) in {} files to {}",
                stats.paragraphs,
                stats.bytes,
                stats.files,
                args.out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(&format!("cannot write {}: {e}", args.out.display())),
    }
}
