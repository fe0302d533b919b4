//! What the match examples (strength, setups) share: their options and the
//! rule sets asked for. (Each example uses some of it.)
#![allow(dead_code)]

use omweso::engine::Rules;
use omweso::selfplay::Tally;

/// The command line's arguments after the program's name.
pub struct Args(Vec<String>);

impl Args {
    pub fn from_env() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// The value after option `name` (`--games 200`), if given.
    pub fn opt(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1).cloned())
    }

    /// Whether flag `name` (`--verbose`) is given.
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }

    /// The rule sets of `--variants a,b,...` (every one by default, or
    /// `all`), in the rules contract's order.
    pub fn variants(&self) -> Vec<(&'static str, Rules)> {
        let want = self.opt("--variants").unwrap_or_else(|| "all".into());
        Rules::BUILTIN
            .into_iter()
            .filter(|(n, _)| want == "all" || want.split(',').any(|w| w == *n))
            .collect()
    }
}

/// The four rule sets the matches play, in the rules contract's order.
pub fn all_variants() -> Vec<(&'static str, Rules)> {
    Rules::BUILTIN.to_vec()
}

/// A match's table cells: `games | W-D-L (annulled) | score | Elo diff (95 % CI)`.
pub fn match_cells(t: &Tally) -> String {
    let (elo, lo, hi) = t.elo();
    format!(
        "{} | {}-{}-{} ({}) | {:.1} % | {elo:+.0} ({lo:+.0} … {hi:+.0})",
        t.counted() + t.annulled,
        t.wins,
        t.draws,
        t.losses,
        t.annulled,
        100.0 * t.score(),
    )
}
