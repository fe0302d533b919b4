//! What the match and search examples share: their options, the rule sets
//! asked for, and positions sampled from panel games. (Each example uses some of it.)
#![allow(dead_code)]

use omweso::engine::search::{Answer, Config, Weights};
use omweso::engine::{Position, Rules, Seeds, Side};
use omweso::selfplay::{Agent, Player, Tally, setups, start_position};

/// The command line's arguments after the program's name.
pub struct Args(Vec<String>);

impl Args {
    /// The arguments; with `--help` or `-h`, where the options are
    /// written, and the program ends (rather than starting a default run).
    pub fn from_env() -> Args {
        let args: Vec<String> = std::env::args().collect();
        if args.iter().skip(1).any(|a| a == "--help" || a == "-h") {
            let name = args
                .first()
                .and_then(|p| std::path::Path::new(p).file_stem())
                .map_or("EXAMPLE".into(), |n| n.to_string_lossy().into_owned());
            println!(
                "{name}: its options and what it prints are written at the top of examples/{name}.rs"
            );
            std::process::exit(0);
        }
        Args(args.into_iter().skip(1).collect())
    }

    /// The value after option `name` (`--games 200`), if given.
    pub fn opt(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1).cloned())
    }

    /// The whole number after option `name`, or `default`.
    pub fn num(&self, name: &str, default: u64) -> u64 {
        self.opt(name)
            .map_or(default, |s| s.parse().expect("a whole number"))
    }

    /// `--weights M,MOB,T,TA,E`: the evaluation's weights (material,
    /// mobility, threat, threat against, exposed); the default ones
    /// without it.
    pub fn weights(&self) -> Weights {
        let Some(w) = self.opt("--weights") else {
            return Weights::default();
        };
        let v: Vec<i32> = w
            .split(',')
            .map(|x| x.parse().expect("--weights five whole numbers"))
            .collect();
        let Ok(a) = <[i32; 5]>::try_from(v) else {
            panic!("--weights material,mobility,threat,threat_against,exposed");
        };
        Weights::from_array(a)
    }

    /// The player's settings: the default ones with `--weights` and
    /// `--answer`.
    pub fn config(&self) -> Config {
        Config {
            weights: self.weights(),
            answer: self.answer(),
            ..Config::default()
        }
    }

    /// `--answer any|even|odd`: which iterations may answer the player's
    /// search (`Config::answer`); the default without it.
    pub fn answer(&self) -> Answer {
        match self.opt("--answer").as_deref() {
            None => Answer::default(),
            Some("any") => Answer::Any,
            Some("even") => Answer::Even,
            Some("odd") => Answer::Odd,
            Some(s) => panic!("--answer any|even|odd, not {s:?}"),
        }
    }

    /// `--seat south|north|both`: the seats the player takes (both
    /// without it).
    pub fn seats(&self) -> Vec<Side> {
        match self.opt("--seat").as_deref() {
            None | Some("both") => vec![Side::South, Side::North],
            Some("south") => vec![Side::South],
            Some("north") => vec![Side::North],
            Some(s) => panic!("--seat south|north|both, not {s:?}"),
        }
    }

    /// Whether flag `name` (`--verbose`) is given.
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }

    /// The rule sets of `--variants a,b,...` (every one by default, or
    /// `all`), in the rules contract's order.
    pub fn variants(&self) -> Vec<(&'static str, Rules)> {
        let want = self.opt("--variants").unwrap_or_else(|| "all".into());
        all_variants()
            .into_iter()
            .filter(|(n, _)| want == "all" || want.split(',').any(|w| w == *n))
            .collect()
    }
}

/// The four rule sets the matches play, in the rules contract's order.
/// Spelt out rather than `Rules::BUILTIN`: `benches/search-depth.sh` builds
/// this file against older engines too, which lack it.
pub fn all_variants() -> Vec<(&'static str, Rules)> {
    vec![
        ("shackell-1935", Rules::SHACKELL_1935),
        ("modern", Rules::MODERN),
        ("ludii", Rules::LUDII),
        ("mcgill-2015", Rules::MCGILL_2015),
    ]
}

/// Positions that do not depend on the search being measured: plies
/// `from`, `from + every`, … up to `to` of `games` games of the panel
/// player at depth 4 against itself, from the set-ups `selfplay::setups`
/// draws for `seed` (search_depth, lazy_deciding).
pub fn panel_positions(
    rules: &Rules,
    seed: u64,
    games: u64,
    (from, to, every): (usize, usize, usize),
) -> Vec<Position> {
    let mut positions = Vec::new();
    for g in 0..games {
        let (a, b) = setups(rules, seed, g);
        let mut pos = start_position(a, b);
        let mut players = [
            Player::new(Agent::Panel { depth: 4 }, Config::default(), 1),
            Player::new(Agent::Panel { depth: 4 }, Config::default(), 2),
        ];
        for ply in 0..=to {
            let Some(c) = players[ply % 2].choose(rules, &pos) else {
                break;
            };
            if ply >= from && (ply - from) % every == 0 {
                positions.push(pos);
            }
            if c.chosen.end.result().is_some() {
                break;
            }
            pos = c
                .chosen
                .end
                .finished()
                .expect("a move without a result finishes")
                .position_after(&pos);
        }
    }
    positions
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

/// An arrangement written as 16 comma-separated numbers of seeds, pits
/// 1–16 (square brackets around them allowed, as `setup_climb` prints
/// them); panics, naming what is wrong, on anything else.
pub fn parse_arrangement(s: &str) -> [Seeds; 16] {
    let v: Vec<Seeds> = s
        .trim()
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().parse().expect("a number of seeds"))
        .collect();
    assert_eq!(v.len(), 16, "16 pits");
    assert_eq!(v.iter().map(|&n| n as u32).sum::<u32>(), 32, "32 seeds");
    v.try_into().expect("16 pits")
}
