//! Engine games: players (the search player, greedy, random) playing whole
//! games from set-ups, written as game records (`content/games` format) that
//! `omweso check` replays; and the match statistics of `examples/strength.rs`.
//!
//! A game starts from both players' set-ups (drawn by
//! [`setup::arrange`]), South first, and ends
//! when a move wins, when a never-ending move annuls or draws it (as the
//! variant says), or at the move limit (the record's `result` is then
//! `none`, and match scoring counts it as a draw).

use crate::diagram::narrate;
use crate::engine::notation;
use crate::engine::search::{self, Config, Limits, Rng, Score, SearchResult, Searcher, setup};
use crate::engine::{Board, GameResult, LegalMove, Move, Position, Rules, Seeds, Side};
use std::time::{Duration, Instant};

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// A uniformly random legal move.
    Random,
    /// The biggest capture (ties at random).
    Greedy,
    /// The panel: material-only alpha-beta at a fixed depth, with its own
    /// concentrated set-up ([`search::panel`]).
    Panel {
        /// The search depth, in plies.
        depth: u32,
    },
    /// The search player, bounded by depth and/or nodes and/or time a move.
    Search {
        /// The deepest search, in plies, if bounded.
        depth: Option<u32>,
        /// The most positions searched a move, if bounded.
        nodes: Option<u64>,
        /// The longest a move may take, in milliseconds, if bounded.
        time_ms: Option<u64>,
    },
}

impl Agent {
    /// The search player with a node budget a move.
    pub fn nodes(n: u64) -> Agent {
        Agent::Search {
            depth: None,
            nodes: Some(n),
            time_ms: None,
        }
    }

    /// The search player to a fixed depth.
    pub(crate) fn depth(d: u32) -> Agent {
        Agent::Search {
            depth: Some(d),
            nodes: None,
            time_ms: None,
        }
    }

    /// The search player with a time limit a move.
    pub(crate) fn time_ms(ms: u64) -> Agent {
        Agent::Search {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
        }
    }

    /// A short name with the settings: `search(nodes=20000)`, `greedy`.
    pub fn name(&self) -> String {
        match self {
            Agent::Random => "random".into(),
            Agent::Greedy => "greedy".into(),
            Agent::Panel { depth } => format!("panel(depth={depth})"),
            Agent::Search {
                depth,
                nodes,
                time_ms,
            } => {
                let mut parts = Vec::new();
                if let Some(d) = depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(n) = nodes {
                    parts.push(format!("nodes={n}"));
                }
                if let Some(t) = time_ms {
                    parts.push(format!("time={t}ms"));
                }
                format!("search({})", parts.join(","))
            }
        }
    }

    /// The set-up the agent always plays, if it has its own (the panel's
    /// concentrated one); otherwise the match draws one from the policy.
    pub fn own_setup(&self) -> Option<[Seeds; 16]> {
        match self {
            Agent::Panel { .. } => Some(search::panel::CONCENTRATED),
            _ => None,
        }
    }

    /// Parse `random`, `greedy`, `panel` (depth 10), `panel:N`, `depth:N`,
    /// `nodes:N`, `time:MS`.
    pub fn parse(s: &str) -> Option<Agent> {
        let (kind, n) = match s.split_once(':') {
            Some((k, n)) => (k, Some(n.parse::<u64>().ok()?)),
            None => (s, None),
        };
        match (kind, n) {
            ("random", None) => Some(Agent::Random),
            ("greedy", None) => Some(Agent::Greedy),
            ("panel", None) => Some(Agent::Panel {
                depth: search::panel::DEPTH,
            }),
            ("panel", Some(d)) if (1..=search::MAX_DEPTH as u64).contains(&d) => {
                Some(Agent::Panel { depth: d as u32 })
            }
            ("depth", Some(d)) if (1..=search::MAX_DEPTH as u64).contains(&d) => {
                Some(Agent::depth(d as u32))
            }
            ("nodes", Some(n)) if n > 0 => Some(Agent::nodes(n)),
            ("time", Some(t)) if t > 0 => Some(Agent::time_ms(t)),
            _ => None,
        }
    }
}

/// A player: an agent with its own random stream and search state.
pub struct Player {
    /// Who chooses the moves.
    pub agent: Agent,
    rng: Rng,
    searcher: Option<Searcher>,
    panel: Option<search::panel::Panel>,
}

/// One move chosen, with what the search thought of it.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move chosen, with where it leads.
    pub chosen: LegalMove,
    /// What the search reported, for the search player; `None` for the others.
    pub search: Option<SearchResult>,
}

impl Player {
    /// A player of `agent`, searching with `config`, its random choices from `seed`.
    pub fn new(agent: Agent, config: Config, seed: u64) -> Player {
        Player {
            agent,
            rng: Rng::new(seed),
            searcher: matches!(agent, Agent::Search { .. }).then(|| Searcher::new(config)),
            panel: match agent {
                Agent::Panel { depth } => Some(search::panel::Panel::new(depth)),
                _ => None,
            },
        }
    }

    /// The player's move in `pos` (None: no legal move, the game is lost).
    pub fn choose(&mut self, rules: &Rules, pos: &Position) -> Option<Choice> {
        match self.agent {
            Agent::Random => search::baseline::random(rules, pos, &mut self.rng).map(|m| Choice {
                chosen: m,
                search: None,
            }),
            Agent::Greedy => search::baseline::greedy(rules, pos, &mut self.rng).map(|m| Choice {
                chosen: m,
                search: None,
            }),
            Agent::Panel { .. } => {
                let p = self.panel.as_mut().expect("a panel");
                let r = p.search(rules, pos);
                r.best.clone().map(|m| Choice {
                    chosen: m,
                    search: Some(r),
                })
            }
            Agent::Search {
                depth,
                nodes,
                time_ms,
            } => {
                let limits = Limits {
                    depth: depth.unwrap_or(search::MAX_DEPTH),
                    nodes,
                };
                let s = self.searcher.as_mut().expect("a searcher");
                let r = match time_ms {
                    Some(ms) => {
                        let deadline = Instant::now() + Duration::from_millis(ms);
                        s.search(rules, pos, limits, &mut || Instant::now() >= deadline)
                    }
                    None => s.search(rules, pos, limits, &mut || false),
                };
                r.best.clone().map(|m| Choice {
                    chosen: m,
                    search: Some(r),
                })
            }
        }
    }
}

/// The seeds of the random streams of a series' game `game` (from 0):
/// the first player's and the second's, distinct in every game. Every tool
/// that plays a series (`omweso selfplay`, the strength and set-up
/// examples) seeds its players so, so one seed replays one series.
///
/// ```
/// use omweso::selfplay::player_seeds;
/// let (a, b) = player_seeds(7, 0);
/// assert_ne!(a, b);
/// assert_ne!(player_seeds(7, 1), (a, b));
/// ```
pub fn player_seeds(seed: u64, game: u64) -> (u64, u64) {
    let s = seed ^ (game << 8);
    (s, s ^ 1)
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A move decided it (a win, or a never-ending move's annulment/draw).
    Result(GameResult),
    /// The side to move had no legal move (only possible when never-ending
    /// moves are illegal, or in the start position): the other side wins.
    NoMove(Side),
    /// The move limit was reached.
    MoveLimit,
}

impl End {
    /// The end in a word or two, as a record's `result` names a result
    /// (`south-wins`, `annulled`), or `move limit`.
    pub fn name(&self) -> String {
        match self {
            End::Result(r) => r.name(),
            End::NoMove(s) => format!("{}-wins", s.opponent().name()),
            End::MoveLimit => "move limit".into(),
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            End::Result(GameResult::Win { winner, .. }) => Some(*winner),
            End::NoMove(loser) => Some(loser.opponent()),
            _ => None,
        }
    }
}

/// A played game.
#[derive(Clone, Debug)]
pub struct Game {
    /// South's set-up: its sixteen pits in Shackell's numbering (seeds).
    pub south_setup: [Seeds; 16],
    /// North's set-up: its sixteen pits in Shackell's numbering (seeds).
    pub north_setup: [Seeds; 16],
    /// The position the game starts from (South to move).
    pub start: Position,
    /// Every ply: the mover, the move, the search's view.
    pub plies: Vec<(Side, Move, Option<SearchSummary>)>,
    /// How the game ended.
    pub end: End,
}

/// What the search reported for a move (kept in records for later mining).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSummary {
    /// The search's score of the move for its mover, in centiseeds (a win or loss near ±1,000,000,
    /// less the plies to it).
    pub score: i32,
    /// The depth of the deepest finished search, in plies.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// The start of a game from two set-ups: South to move, both first moves,
/// before any capture.
pub fn start_position(south: [Seeds; 16], north: [Seeds; 16]) -> Position {
    Position::start(Board::from_sides(south, north), Side::South)
}

/// Play one game from `start` to its end or `max_plies`.
pub fn play_game(
    rules: &Rules,
    start: Position,
    south: &mut Player,
    north: &mut Player,
    max_plies: usize,
) -> Game {
    let mut pos = start;
    let mut plies = Vec::new();
    let end = loop {
        if plies.len() >= max_plies {
            break End::MoveLimit;
        }
        let player = match pos.to_move {
            Side::South => &mut *south,
            Side::North => &mut *north,
        };
        let Some(choice) = player.choose(rules, &pos) else {
            break End::NoMove(pos.to_move);
        };
        let summary = choice.search.as_ref().map(|r| SearchSummary {
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        });
        plies.push((pos.to_move, choice.chosen.mv.clone(), summary));
        if let Some(r) = choice.chosen.end.result() {
            break End::Result(r);
        }
        pos = choice
            .chosen
            .end
            .finished()
            .expect("a move without a result finishes")
            .position_after(&pos);
    };
    Game {
        south_setup: *start.board.side(Side::South),
        north_setup: *start.board.side(Side::North),
        start,
        plies,
        end,
    }
}

/// What a self-play record says about itself.
#[derive(Clone, Debug)]
pub struct RecordInfo {
    /// The record's `id`.
    pub id: String,
    /// The rule set's name.
    pub variant: String,
    /// Who played South, in words (`omweso search`, …).
    pub south: String,
    /// Who played North, in words.
    pub north: String,
    /// The command (or program) that made it, with its seed and game number.
    pub made_by: String,
    /// The most plies a game was played for before it was stopped.
    pub max_plies: usize,
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

fn setup_list(s: &[Seeds; 16]) -> String {
    let v: Vec<String> = s.iter().map(|n| n.to_string()).collect();
    format!("[{}]", v.join(", "))
}

/// The game as a record in the `content/games` format: a demonstration
/// (engine self-play), the players' settings in `players` and `notes`, each
/// move's search score, depth and nodes as a YAML comment.
pub fn record_yaml(game: &Game, info: &RecordInfo) -> String {
    let result = match game.end {
        End::Result(r) => r.name(),
        End::NoMove(_) | End::MoveLimit => "none".into(),
    };
    let ending = match game.end {
        End::Result(r) => format!("The game ended: {}.", narrate::result(&r)),
        End::NoMove(s) => format!(
            "{} had no legal move at the start: {}.",
            narrate::side(s),
            narrate::wins(s.opponent())
        ),
        End::MoveLimit => format!(
            "The game was stopped at the move limit of {} plies (no result).",
            info.max_plies
        ),
    };
    let notes = format!(
        "Engine self-play, not a game anybody played: the project's search player \
         chose every move (South: {}; North: {}), from set-ups drawn by its set-up \
         policy. {ending} Each move's comment gives the search's score for the mover \
         (hundredths of a seed, or a win/loss in plies), depth and nodes.",
        info.south, info.north
    );
    let mut y = String::new();
    y.push_str("# Engine self-play (a demonstration, not a historical record).\n");
    y.push_str(&format!("id: {}\n", info.id));
    y.push_str(&format!(
        "title: {}\n",
        yaml_str(&format!("Engine self-play, {} ({})", info.variant, info.id))
    ));
    y.push_str(&format!("variant: {}\n", info.variant));
    y.push_str("record: demonstration\n");
    y.push_str(&format!("source: {}\n", yaml_str(&info.made_by)));
    y.push_str("event: engine self-play\n");
    y.push_str("players:\n");
    y.push_str(&format!("  south: {}\n", yaml_str(&info.south)));
    y.push_str(&format!("  north: {}\n", yaml_str(&info.north)));
    y.push_str(&format!("notes: {}\n", yaml_str(&notes)));
    y.push_str("start:\n");
    y.push_str(&format!("  to_move: {}\n", game.start.to_move.name()));
    y.push_str("  setup:\n");
    y.push_str(&format!("    south: {}\n", setup_list(&game.south_setup)));
    y.push_str(&format!("    north: {}\n", setup_list(&game.north_setup)));
    y.push_str("moves:\n");
    for (side, mv, s) in &game.plies {
        let text = notation::format_with_side(*side, mv);
        match s {
            Some(s) => y.push_str(&format!(
                "  - {text}  # score {}, depth {}, nodes {}\n",
                narrate::score_line(Score::of(s.score)),
                s.depth,
                s.nodes
            )),
            None => y.push_str(&format!("  - {text}\n")),
        }
    }
    y.push_str(&format!("result: {result}\n"));
    y
}

/// Both set-ups of game `n` of a run seeded `seed`.
pub fn setups(rules: &Rules, seed: u64, n: u64) -> ([Seeds; 16], [Seeds; 16]) {
    let mut rng = Rng::stream(seed, n);
    (
        setup::arrange(rules, Side::South, &mut rng),
        setup::arrange(rules, Side::North, &mut rng),
    )
}

/// A match score: wins, losses, draws (never-ending draws, and games stopped
/// at the move limit) and annulled games, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Games drawn (never-ending draws, and games stopped at the move limit).
    pub draws: u32,
    /// Games annulled by a never-ending move.
    pub annulled: u32,
}

impl Tally {
    /// Count `game` from the side of the player who played `first_is`.
    pub fn add(&mut self, game: &Game, first_is: Side) {
        match game.end {
            End::Result(GameResult::Annulled) => self.annulled += 1,
            End::Result(GameResult::Draw) | End::MoveLimit => self.draws += 1,
            _ => match game.end.winner() {
                Some(w) if w == first_is => self.wins += 1,
                _ => self.losses += 1,
            },
        }
    }

    /// Games that count (annulled games do not).
    pub fn counted(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score share, draws half.
    pub fn score(&self) -> f64 {
        let n = self.counted();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The Elo difference the score implies, with a 95 % interval from the
    /// score's standard error (clamped to ±800 for 0 % and 100 %).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.counted().max(1) as f64;
        let s = self.score();
        let w = self.wins as f64 / n;
        let d = self.draws as f64 / n;
        let var =
            (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + (1.0 - w - d) * (0.0 - s).powi(2)) / n;
        let se = var.sqrt();
        let elo = |p: f64| {
            let p = p.clamp(0.0001, 0.9999);
            (-400.0 * (1.0 / p - 1.0).log10()).clamp(-800.0, 800.0)
        };
        (elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_parse_and_name() {
        assert_eq!(Agent::parse("greedy"), Some(Agent::Greedy));
        assert_eq!(Agent::parse("nodes:500"), Some(Agent::nodes(500)));
        assert_eq!(Agent::parse("depth:3").unwrap().name(), "search(depth=3)");
        assert_eq!(Agent::parse("nodes:x"), None);
        assert_eq!(Agent::parse("depth:0"), None);
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Tally {
            wins: 10,
            losses: 10,
            draws: 0,
            annulled: 3,
        };
        assert_eq!(even.counted(), 20);
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        let strong = Tally {
            wins: 19,
            losses: 1,
            ..Tally::default()
        };
        assert!(strong.elo().0 > 400.0);
    }
}
