use crate::engine::{Character, Engine, Quiet, RandomChooser, Rng, Start};
use crate::load::{find_book_root, load_book};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(super) struct SimulateArgs {
    /// A book folder.
    path: PathBuf,
    /// How many encounters to play.
    #[arg(long, default_value_t = 1_000_000)]
    encounters: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Play encounters at random on one thread, quietly, and report the rate:
/// the engine benchmark behind the README, and the start of the Monte Carlo
/// simulator.
pub(super) fn run(args: &SimulateArgs) -> ExitCode {
    let root = match find_book_root(&args.path) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
    };
    let (book, _) = load_book(&root);
    let engine = Engine::new(&book);
    let mut rng = Rng::new(args.seed);
    let mut chooser = RandomChooser(Rng::new(args.seed ^ 0xA5A5_A5A5_A5A5_A5A5));
    let mut c = Character::new(&book);
    let (mut broken, mut deaths) = (0u64, 0u64);
    let start = Instant::now();
    for _ in 0..args.encounters {
        match engine.encounter(&mut c, &Start::Card, &mut rng, &mut chooser, &mut Quiet) {
            Ok(crate::engine::Outcome::Died) => deaths += 1,
            Ok(_) => {}
            Err(_) => broken += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} encounters in {secs:.3} s: {:.0} encounters/s on one thread ({deaths} deaths, {broken} stopped at broken nodes)",
        args.encounters,
        f64::from(u32::try_from(args.encounters).unwrap_or(u32::MAX)) / secs
    );
    ExitCode::SUCCESS
}
