//! The commands, one module each; what they share (the output format,
//! the limits on budgets and depths, the rule sets a folder sees).

pub mod player;
pub mod position;
pub mod puzzles;
pub mod site;

use clap::ValueEnum;
use omweso::model::{Diagnostics, Variants};
use std::path::Path;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
/// How a command prints its answer: words for a reader, or JSON for a
/// program (`--format`).
pub enum Output {
    Text,
    Json,
}

/// The rule set a command plays when none is named: the first built-in
/// one (Shackell's), by the engine's name for it.
pub const DEFAULT_VARIANT: &str = omweso::engine::Rules::BUILTIN[0].0;

/// The largest node budget (or time a move, in ms) a command takes.
pub const MAX_NODES: u64 = 10_000_000_000;

/// The search depths a command accepts: what the search and the web
/// module accept (1 to the search's deepest iteration).
pub fn depths() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(omweso::engine::search::MAX_DEPTH))
}

/// The built-in variants plus those of the site holding `dir`.
pub fn variants_for(dir: &Path) -> Variants {
    warn_variants(omweso::site::variants_for_dir(dir))
}

/// The variants, after printing the problems of the site's own variant
/// files as warnings (a position may not need the broken one).
pub fn warn_variants((variants, errs): (Variants, Diagnostics)) -> Variants {
    for d in &errs.0 {
        eprintln!("warning: {d}");
    }
    variants
}
