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
}

pub(super) fn run(args: &GenerateArgs) -> ExitCode {
    match crate::generate::write_book(&args.out, args.paragraphs, args.per_file.max(1)) {
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
