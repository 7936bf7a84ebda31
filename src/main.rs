use std::process::ExitCode;

fn main() -> ExitCode {
    // A bug must never print a backtrace at a user: one line, exit 101.
    // (Set TALES_BACKTRACE=1 to get Rust's own report when debugging.)
    if std::env::var_os("TALES_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|info| {
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            eprintln!(
                "error: tales failed on this input (a bug, please report it with the file){at}: {what}"
            );
        }));
    }
    tales::cli::run()
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
