use std::process::ExitCode;

fn main() -> ExitCode {
    tales::cli::run()
}
