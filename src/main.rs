use std::process::ExitCode;

fn main() -> ExitCode {
    tales::cli::run()
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
