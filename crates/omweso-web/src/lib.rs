//! The rules engine and the diagram renderer for a reader's browser.
//!
//! A page asks one question at a time as a short text [`Request`] and gets
//! one JSON answer ([`answer`]): every legal move of a position with where
//! it leads (`moves`), a move played with its step-by-step frames drawn by
//! the same code as the site's build (`play`), a position's board
//! (`board`), the search player's move (`best`, within a time, a node
//! budget or a depth, its score in the narrator's words), or both players' set-ups as the self-play policy draws them
//! (`setup`, from a seed). Built for `wasm32-unknown-unknown`, the crate exports plain
//! functions ([`wasm`]); the site's `omweso-worker.js` calls them from a Web
//! Worker, so that a long never-ending move never freezes the page.
//!
//! The answers carry the narrator's sentences (`omweso_diagram::narrate`):
//! each move's `text` (how it ends), a `moves` answer's `no_move` (what to
//! say when no pit has a move), an outcome's `text`, each frame's `heading`
//! and `words`; a page shows them as they are and words no move itself.
//!
//! The request is lines of `key value`, written by [`Request::text`] (the
//! site) or by hand (the page's script):
//!
//! ```
//! use omweso_web::{Command, Request, answer};
//! use omweso_engine::{Board, Position, Rules, Side, Variant};
//!
//! let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
//! let req = Request::new(Command::Moves, Variant::new("shackell-1935", Rules::SHACKELL_1935), pos);
//! let text = req.text();
//! assert!(text.starts_with("do moves\nvariant shackell-1935\n"));
//! assert_eq!(Request::parse(&text).unwrap(), req);
//!
//! let json = answer(&text);
//! assert!(json.starts_with("{\"variant\":\"shackell-1935\",\"to_move\":\"south\",\"moves\":[{\"notation\":"));
//! ```

pub mod clock;
mod json;
mod rules;
pub mod wasm;

pub use rules::{parse_rules, rules_text};

use json::Json;
use omweso_diagram::{Annotations, Embed, Frame, Layout, RenderOptions, Theme, narrate};
use omweso_engine::{
    Board, GameResult, Grid, LegalMove, MoveEnd, Pit, Position, Rules, Side, Variant, legal_moves,
    moves_from, notation, quote, search, trace,
};

/// The most laps of a move traced for its frames: as the site's pages.
pub const TRACED_LAPS: usize = 200;

/// What a request asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Every legal move and where it leads.
    Moves,
    /// One move, with its frames and the position after.
    Play,
    /// The position's board as one frame.
    Board,
    /// The search player's choice, its score and expected line.
    Best,
    /// Both players' set-ups drawn by the set-up policy
    /// ([`search::setup::arrange_styled`]) from `seed`: the start of a game,
    /// South to move, each side's style and the narrator's note on them
    /// (`said`). The request's position is not read.
    Setup,
}

impl Command {
    fn name(self) -> &'static str {
        match self {
            Command::Moves => "moves",
            Command::Play => "play",
            Command::Board => "board",
            Command::Best => "best",
            Command::Setup => "setup",
        }
    }
}

/// One question about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub command: Command,
    /// The variant's name (shown in frames) and rules.
    pub variant: Variant,
    pub position: Position,
    /// The move, in the project's notation (`play` only).
    pub mv: Option<String>,
    /// The frames' colours (`play` and `board`); adaptive by default.
    pub theme: Theme,
    /// Only the moves from this start pit (`moves` only): a page asks pit
    /// by pit to show progress and to stop between pits.
    pub pit: Option<Pit>,
    /// The search's budget of positions (`best` only; [`BEST_NODES`] when
    /// neither it nor `depth` is given).
    pub nodes: Option<u64>,
    /// The search's deepest iteration, in plies (`best` only).
    pub depth: Option<u32>,
    /// The search's time, in milliseconds (`best` only): it stops when the
    /// time is up and answers with its deepest finished iteration. Timed by
    /// [`clock`] (in a browser, the page's `performance.now()`).
    pub time_ms: Option<u64>,
    /// The set-ups' random seed (`setup` only; 0 when not given).
    pub seed: Option<u64>,
    /// The side drawn at the bottom of the frames (`play` and `board`):
    /// a page asks with its figure's seat, so that every board a reader
    /// sees of one position is turned the same way. South by default.
    pub seat: Side,
    /// Pit names on the frames (`play`; a `board` always has them, a
    /// reader picks pits on it). Off by default.
    pub labels: bool,
}

/// The search budget of a `best` request that gives none.
pub const BEST_NODES: u64 = 20_000;
/// The largest budget a `best` request may ask for.
pub const MAX_NODES: u64 = 100_000_000;
/// The longest time a `best` request may ask for, in milliseconds (ten
/// minutes).
pub const MAX_TIME_MS: u64 = 600_000;

/// The longest request the module reads, in bytes (1 MiB: a request is a
/// position and a move, some hundreds of bytes). A page's glue hands the
/// module at most one byte more, so that no request makes the module's
/// memory (which never shrinks) grow by more than this.
pub const MAX_REQUEST_BYTES: usize = 1 << 20;

/// The four variants of the rules contract, by name.
pub fn builtin(name: &str) -> Option<Rules> {
    Rules::builtin(name)
}

fn theme_name(t: Theme) -> &'static str {
    match t {
        Theme::Adaptive => "adaptive",
        Theme::Light => "light",
        Theme::Dark => "dark",
        Theme::Print => "print",
    }
}

impl Request {
    pub fn new(command: Command, variant: Variant, position: Position) -> Request {
        Request {
            command,
            variant,
            position,
            mv: None,
            theme: Theme::Adaptive,
            pit: None,
            nodes: None,
            depth: None,
            time_ms: None,
            seed: None,
            seat: Side::South,
            labels: false,
        }
    }

    /// The request as text: `do`, `variant`, `rules` (only when they are
    /// not the named built-in variant's), `to_move`, `board` (the 32 pit
    /// counts row by row as a position file's grid: North's outer row
    /// first), `flags` (when any), `move`, `theme` (when not adaptive), `pit`,
    /// `nodes`, `depth`, `time_ms`, `seed`, `seat` (when North), `labels`
    /// (`labels on`, when on).
    pub fn text(&self) -> String {
        let mut s = format!(
            "do {}\nvariant {}\n",
            self.command.name(),
            self.variant.name
        );
        if builtin(&self.variant.name) != Some(self.variant.rules) {
            s.push_str(&format!("rules {}\n", rules_text(&self.variant.rules)));
        }
        s.push_str(&format!("to_move {}\nboard", self.position.to_move.name()));
        for row in self.position.board.to_grid() {
            for n in row {
                s.push_str(&format!(" {n}"));
            }
        }
        s.push('\n');
        let p = &self.position;
        let flags: Vec<&str> = [
            (p.first_move, "first_move"),
            (p.opponent_first_move, "opponent_first_move"),
            (p.before_first_capture, "before_first_capture"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if !flags.is_empty() {
            s.push_str(&format!("flags {}\n", flags.join(" ")));
        }
        if let Some(mv) = &self.mv {
            s.push_str(&format!("move {mv}\n"));
        }
        if self.theme != Theme::Adaptive {
            s.push_str(&format!("theme {}\n", theme_name(self.theme)));
        }
        if let Some(pit) = self.pit {
            s.push_str(&format!("pit {}\n", pit.number()));
        }
        if let Some(n) = self.nodes {
            s.push_str(&format!("nodes {n}\n"));
        }
        if let Some(d) = self.depth {
            s.push_str(&format!("depth {d}\n"));
        }
        if let Some(ms) = self.time_ms {
            s.push_str(&format!("time_ms {ms}\n"));
        }
        if let Some(seed) = self.seed {
            s.push_str(&format!("seed {seed}\n"));
        }
        if self.seat != Side::South {
            s.push_str(&format!("seat {}\n", self.seat.name()));
        }
        if self.labels {
            s.push_str("labels on\n");
        }
        s
    }

    /// A request from its text; the error says which line is wrong and
    /// what was expected.
    pub fn parse(text: &str) -> Result<Request, String> {
        let mut command = None;
        let mut name = None;
        let mut rules = None;
        let mut to_move = None;
        let mut grid: Option<Grid> = None;
        let mut flags = (false, false, false);
        let mut mv = None;
        let mut theme = Theme::Adaptive;
        let mut pit = None;
        let mut nodes = None;
        let mut depth = None;
        let mut time_ms = None;
        let mut seed = None;
        let mut seat = Side::South;
        let mut labels = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim();
            let fail = |what: &str| format!("line {}: {what}, found {}", i + 1, quote(line));
            match key {
                "do" => {
                    command = Some(match value {
                        "moves" => Command::Moves,
                        "play" => Command::Play,
                        "board" => Command::Board,
                        "best" => Command::Best,
                        "setup" => Command::Setup,
                        _ => {
                            return Err(fail(
                                "expected `do moves`, `do play`, `do board`, `do best` or `do setup`",
                            ));
                        }
                    })
                }
                "variant" if !value.is_empty() => name = Some(value.to_string()),
                "rules" => rules = Some(parse_rules(value).map_err(|e| fail(&e))?),
                "to_move" => {
                    to_move = Some(match value {
                        "south" => Side::South,
                        "north" => Side::North,
                        _ => return Err(fail("expected `to_move south` or `to_move north`")),
                    })
                }
                "board" => {
                    let counts: Vec<u16> = value
                        .split_whitespace()
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| fail("expected 32 seed counts"))?;
                    if counts.len() != 32
                        || counts.iter().map(|&n| u32::from(n)).sum::<u32>() > Board::SEEDS
                    {
                        return Err(fail("expected 32 seed counts, 64 seeds at most"));
                    }
                    let mut g = [[0; 8]; 4];
                    for (k, n) in counts.into_iter().enumerate() {
                        g[k / 8][k % 8] = n;
                    }
                    grid = Some(g);
                }
                "flags" => {
                    for f in value.split_whitespace() {
                        match f {
                            "first_move" => flags.0 = true,
                            "opponent_first_move" => flags.1 = true,
                            "before_first_capture" => flags.2 = true,
                            _ => {
                                return Err(fail(
                                    "expected first_move, opponent_first_move or before_first_capture",
                                ));
                            }
                        }
                    }
                }
                "move" if !value.is_empty() => mv = Some(value.to_string()),
                "pit" => {
                    pit = Some(
                        value
                            .parse()
                            .ok()
                            .and_then(Pit::new)
                            .ok_or_else(|| fail("expected a pit number, 1 to 16"))?,
                    )
                }
                "nodes" => {
                    nodes = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|n| (1..=MAX_NODES).contains(n))
                            .ok_or_else(|| {
                                fail(&format!("expected a number of positions, 1 to {MAX_NODES}"))
                            })?,
                    )
                }
                "depth" => {
                    depth = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|d| (1..=search::MAX_DEPTH).contains(d))
                            .ok_or_else(|| {
                                fail(&format!(
                                    "expected a depth in plies, 1 to {}",
                                    search::MAX_DEPTH
                                ))
                            })?,
                    )
                }
                "time_ms" => {
                    time_ms = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|n| (1..=MAX_TIME_MS).contains(n))
                            .ok_or_else(|| {
                                fail(&format!(
                                    "expected a time in milliseconds, 1 to {MAX_TIME_MS}"
                                ))
                            })?,
                    )
                }
                "seed" => {
                    seed = Some(
                        value
                            .parse()
                            .map_err(|_| fail("expected a seed, a whole number from 0"))?,
                    )
                }
                "seat" => {
                    seat = match value {
                        "south" => Side::South,
                        "north" => Side::North,
                        _ => return Err(fail("expected `seat south` or `seat north`")),
                    }
                }
                "labels" => {
                    labels = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(fail("expected `labels on` or `labels off`")),
                    }
                }
                "theme" => {
                    theme = match value {
                        "adaptive" => Theme::Adaptive,
                        "light" => Theme::Light,
                        "dark" => Theme::Dark,
                        "print" => Theme::Print,
                        _ => return Err(fail("expected a theme: adaptive, light, dark or print")),
                    }
                }
                _ => {
                    return Err(fail(
                        "expected do, variant, rules, to_move, board, flags, move, theme, pit, nodes, depth, time_ms, seed, seat or labels",
                    ));
                }
            }
        }
        let command = command.ok_or("expected a `do` line")?;
        let name = name.ok_or("expected a `variant` line")?;
        let rules = match rules.or_else(|| builtin(&name)) {
            Some(r) => r,
            None => {
                return Err(format!(
                    "unknown variant {}: expected a `rules` line",
                    quote(&name)
                ));
            }
        };
        let grid = grid.ok_or("expected a `board` line")?;
        let mut position = Position::new(
            Board::from_grid(&grid),
            to_move.ok_or("expected a `to_move` line")?,
        );
        (
            position.first_move,
            position.opponent_first_move,
            position.before_first_capture,
        ) = flags;
        if command == Command::Play && mv.is_none() {
            return Err("expected a `move` line".into());
        }
        Ok(Request {
            command,
            variant: Variant::new(name, rules),
            position,
            mv,
            theme,
            pit,
            nodes,
            depth,
            time_ms,
            seed,
            seat,
            labels,
        })
    }
}

/// The JSON answer to a request's text: `{"error": "..."}` when the request
/// is wrong or the move cannot be played.
pub fn answer(text: &str) -> String {
    let read = if text.len() > MAX_REQUEST_BYTES {
        Err(format!(
            "a request holds at most {} bytes, and this one holds more",
            narrate::thousands(MAX_REQUEST_BYTES as u64)
        ))
    } else {
        Request::parse(text)
    };
    match read.and_then(|r| respond(&r)) {
        Ok(json) => json,
        Err(e) => {
            let mut j = Json::default();
            j.open('{');
            j.key("error").string(&e);
            j.close('}');
            j.finish()
        }
    }
}

/// A position's moves as JSON: the [`Command::Moves`] answer's fields,
/// which `omweso moves --format json` prints too (one writer for both).
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, legal_moves};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let json = omweso_web::moves_json("modern", Side::South, &legal_moves(&Rules::MODERN, &pos));
/// assert!(json.starts_with("{\"variant\":\"modern\",\"to_move\":\"south\",\"moves\":[{\"notation\":"));
/// ```
pub fn moves_json(variant: &str, to_move: Side, moves: &[LegalMove]) -> String {
    let mut j = Json::default();
    j.open('{');
    j.key("variant").string(variant);
    j.key("to_move").string(to_move.name());
    moves_fields(&mut j, to_move, moves);
    j.close('}');
    j.finish()
}

/// The `moves` and `no_move` fields of a moves answer.
fn moves_fields(j: &mut Json, to_move: Side, moves: &[LegalMove]) {
    j.key("moves").open('[');
    for m in moves {
        move_json(j, m);
    }
    j.close(']');
    // the sentence for a position where no pit has a move (a page asking
    // pit by pit knows that only after the last pit)
    j.key("no_move").string(&narrate::no_legal_move(to_move));
}

/// The JSON answer to a request.
pub fn respond(req: &Request) -> Result<String, String> {
    let rules = &req.variant.rules;
    let pos = &req.position;
    let mut j = Json::default();
    j.open('{');
    j.key("variant").string(&req.variant.name);
    j.key("to_move").string(pos.to_move.name());
    match req.command {
        Command::Moves => {
            let moves = match req.pit {
                Some(pit) => {
                    let mut out = Vec::new();
                    moves_from(rules, pos, pit, &mut out);
                    out
                }
                None => legal_moves(rules, pos),
            };
            moves_fields(&mut j, pos.to_move, &moves);
        }
        Command::Play => {
            let text = req.mv.as_deref().unwrap_or_default();
            let mv =
                notation::parse_for(pos.to_move, text).map_err(|e| narrate::notation_error(&e))?;
            let played =
                trace(rules, pos, &mv, TRACED_LAPS).map_err(|e| narrate::play_error(&e))?;
            j.key("move");
            move_json(
                &mut j,
                &LegalMove {
                    mv: played.mv.clone(),
                    end: played.end,
                },
            );
            j.key("after");
            match &played.after {
                Some(after) => position_json(&mut j, after),
                None => j.null(),
            }
            // from the page's seat, with pit names if asked
            let drawn = Annotations {
                seat: req.seat,
                labels: req.labels,
                ..Annotations::default()
            };
            let frames = omweso_diagram::move_frames(&played, &drawn, &req.variant.name, rules);
            frames_json(&mut j, &frames, req.theme);
        }
        Command::Board => {
            // with pit numbers: a reader picks pits on it; from the page's
            // seat
            let labelled = Annotations {
                seat: req.seat,
                labels: true,
                ..Annotations::default()
            };
            let frame = omweso_diagram::board_frame(pos, &labelled, &req.variant.name, rules);
            frames_json(&mut j, std::slice::from_ref(&frame), req.theme);
        }
        Command::Best => {
            let limits = match (req.depth, req.nodes, req.time_ms) {
                (Some(depth), nodes, _) => search::Limits { depth, nodes },
                (None, Some(n), _) => search::Limits::nodes(n),
                (None, None, Some(_)) => search::Limits::unbounded(),
                (None, None, None) => search::Limits::nodes(BEST_NODES),
            };
            // the time, if given, through the search's stop callback (the
            // engine has no clock: the module's is the page's)
            let started = clock::now_ms();
            let deadline = req.time_ms.map(|ms| started + ms as f64);
            // a smaller table than the command line's (1 MB): a page's
            // searches are short
            let mut player = search::Searcher::new(search::Config {
                tt_bits: 16,
                ..search::Config::default()
            });
            let found = player.search(rules, pos, limits, &mut || {
                deadline.is_some_and(|d| clock::now_ms() >= d)
            });
            let elapsed = (clock::now_ms() - started).max(0.0);
            j.key("best");
            match &found.best {
                Some(m) => move_json(&mut j, m),
                None => j.null(),
            }
            let score = search::Score::of(found.score);
            j.key("score").string(&narrate::score_line(score));
            // the score in the narrator's words, for a page to show as it is
            j.key("evaluation")
                .string(&narrate::evaluation(pos.to_move, score));
            j.key("depth").number(u64::from(found.depth));
            j.key("nodes").number(found.nodes);
            j.key("time_ms").number(elapsed.round() as u64);
            let line = notation::format_line(pos.to_move, &found.pv);
            j.key("pv").open('[');
            for mv in &line {
                j.string(mv);
            }
            j.close(']');
            // how far it looked, in the narrator's words
            j.key("searched").string(&narrate::search_summary(
                found.depth,
                found.nodes,
                elapsed.round() as u64,
                &line,
            ));
            j.key("stopped").bool(found.stopped);
        }
        Command::Setup => {
            let mut rng = search::Rng::new(req.seed.unwrap_or(0));
            let (south, south_style) = search::setup::arrange_styled(rules, Side::South, &mut rng);
            let (north, north_style) = search::setup::arrange_styled(rules, Side::North, &mut rng);
            let start = Position::start(Board::from_sides(south, north), Side::South);
            j.key("styles").open('{');
            j.key("south").string(south_style.name());
            j.key("north").string(north_style.name());
            j.close('}');
            j.key("said").string(&narrate::set_up_note(
                req.seed.unwrap_or(0),
                south_style,
                north_style,
            ));
            j.key("position");
            position_json(&mut j, &start);
        }
    }
    j.close('}');
    Ok(j.finish())
}

/// The frames as a page draws them: the board alone (its text sized for a
/// phone), and the words beside it (`heading`, `words`, and the key as
/// HTML, `key`) for the page to write under it, as the site's figures do.
fn frames_json(j: &mut Json, frames: &[Frame], theme: Theme) {
    let options = RenderOptions {
        theme,
        embed: Embed::Embedded,
        layout: Layout::Board,
        ..RenderOptions::default()
    };
    j.key("frames").open('[');
    for f in frames {
        j.open('{');
        j.key("name").string(&f.name);
        j.key("title").string(&f.title);
        j.key("desc").string(&f.desc);
        j.key("heading").string(&f.heading);
        j.key("words").open('[');
        for w in &f.words {
            j.string(w);
        }
        j.close(']');
        // what the board's marks and shading mean, as the site's figures
        // say it under each frame
        j.key("key").string(&f.key_html());
        j.key("svg").string(&f.svg(&options));
        j.close('}');
    }
    j.close(']');
}

fn position_json(j: &mut Json, p: &Position) {
    j.open('{');
    j.key("to_move").string(p.to_move.name());
    j.key("board");
    grid_json(j, &p.board);
    j.key("first_move").bool(p.first_move);
    j.key("opponent_first_move").bool(p.opponent_first_move);
    j.key("before_first_capture").bool(p.before_first_capture);
    j.close('}');
}

fn grid_json(j: &mut Json, b: &Board) {
    j.open('[');
    for row in b.to_grid() {
        j.open('[');
        for n in row {
            j.number(u64::from(n));
        }
        j.close(']');
    }
    j.close(']');
}

/// A legal move as JSON (as `omweso moves --format json` prints it: [`moves_json`]).
fn move_json(j: &mut Json, m: &LegalMove) {
    j.open('{');
    j.key("notation").string(&notation::format(&m.mv));
    j.key("start_pit").number(u64::from(m.mv.pit.number()));
    j.key("three_seed").bool(m.mv.three_seed);
    j.key("direction").string(m.mv.direction().name());
    j.key("choices").open('[');
    for d in &m.mv.choices {
        j.string(d.name());
    }
    j.close(']');
    let f = m.end.finished();
    j.key("board_after");
    match f {
        Some(f) => grid_json(j, &f.board),
        None => j.null(),
    }
    j.key("captured").number(u64::from(m.end.captured()));
    j.key("never_ending").bool(m.end.is_never_ending());
    j.key("cycle_laps");
    match &m.end {
        MoveEnd::NeverEnding(n) => j.number(n.cycle_laps),
        MoveEnd::Finished(_) => j.null(),
    }
    j.key("laps");
    match f {
        Some(f) => j.number(f.laps),
        None => j.null(),
    }
    j.key("cut_heads").bool(f.is_some_and(|f| f.cut_heads));
    // the narrator's sentence, for a page to show as it is
    j.key("text").string(&narrate::move_end(&m.end));
    j.key("outcome");
    match m.end.result() {
        Some(r) => {
            j.open('{');
            j.key("result").string(&r.name());
            j.key("text").string(&narrate::result(&r));
            if let GameResult::Win { kind, points, .. } = r {
                j.key("win").string(kind.name());
                j.key("points");
                match points {
                    Some(p) => j.number(u64::from(p)),
                    None => j.null(),
                }
            }
            j.close('}');
        }
        None => j.null(),
    }
    j.close('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Request {
        let mut south = [2; 16];
        south[4] = 4;
        south[5] = 0;
        let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
        Request::new(
            Command::Moves,
            Variant::new("shackell-1935", Rules::SHACKELL_1935),
            pos,
        )
    }

    #[test]
    fn requests_round_trip() {
        let mut req = start();
        assert_eq!(Request::parse(&req.text()).unwrap(), req);
        req.command = Command::Play;
        req.mv = Some("S5".into());
        req.theme = Theme::Dark;
        req.position.first_move = true;
        req.position.before_first_capture = true;
        req.variant = Variant::new("house", Rules::LUDII);
        req.pit = Pit::new(16);
        req.nodes = Some(5_000);
        req.depth = Some(4);
        req.time_ms = Some(2_000);
        req.seat = Side::North;
        req.labels = true;
        let text = req.text();
        assert!(text.ends_with("\nseat north\nlabels on\n"), "{text}");
        assert!(text.contains("\nrules reverse_laps=whole_move "), "{text}");
        assert!(
            text.contains("\nflags first_move before_first_capture\n"),
            "{text}"
        );
        assert_eq!(Request::parse(&text).unwrap(), req);
    }

    #[test]
    fn bad_requests_say_what_was_expected() {
        let text = start().text();
        let e = Request::parse(&text.replace("to_move south", "to_move east")).unwrap_err();
        assert_eq!(
            e,
            "line 3: expected `to_move south` or `to_move north`, found \"to_move east\""
        );
        let e = Request::parse(&text.replace("board 2", "board 99")).unwrap_err();
        assert!(e.contains("64 seeds at most"), "{e}");
        let e = Request::parse(&text.replace("shackell-1935", "house")).unwrap_err();
        assert_eq!(e, "unknown variant \"house\": expected a `rules` line");
        let e = answer(
            "do play\nvariant modern\nto_move south\nboard 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\nmove S1\n",
        );
        assert!(e.starts_with("{\"error\":"), "{e}");
    }

    #[test]
    fn the_best_move_is_the_search_players() {
        let mut req = start();
        req.command = Command::Best;
        req.depth = Some(3);
        let json = respond(&req).unwrap();
        let mut player = search::Searcher::new(search::Config {
            tt_bits: 16,
            ..search::Config::default()
        });
        let found = player.search(
            &req.variant.rules,
            &req.position,
            search::Limits::depth(3),
            &mut || false,
        );
        let depth = found.depth;
        let best = notation::format(&found.best.unwrap().mv);
        assert!(
            json.contains(&format!("\"best\":{{\"notation\":\"{best}\"")),
            "{json}"
        );
        assert!(json.contains(&format!("\"depth\":{depth},")), "{json}");
        assert!(json.contains(&format!("\"pv\":[\"S{best}\"")), "{json}");
        // how far it looked, in the narrator's words
        // ("Looked 3 moves ahead (…", or that no search was needed)
        let summary = narrate::search_summary(depth, 0, 0, &[]);
        let said = summary.split(" (").next().unwrap_or(&summary);
        assert!(json.contains(&format!("\"searched\":\"{said}")), "{json}");
        // no budget given: the default one
        req.depth = None;
        let json = respond(&req).unwrap();
        assert!(json.contains("\"stopped\":"), "{json}");
        // the score in the narrator's words
        let said = narrate::evaluation(req.position.to_move, search::Score::of(found.score));
        req.depth = Some(3);
        let json = respond(&req).unwrap();
        assert!(
            json.contains(&format!("\"evaluation\":\"{said}\"")),
            "{json}"
        );
        req.depth = None;
        for bad in [
            "nodes 0",
            "nodes lots",
            "depth 0",
            "depth 65",
            "time_ms 0",
            "time_ms 600001",
        ] {
            let e = Request::parse(&format!("{}{bad}\n", req.text())).unwrap_err();
            assert!(e.contains("expected a"), "{bad}: {e}");
        }
    }

    /// What a request wrote is quoted short in the module's errors (the
    /// first characters and the length): a 100,000-character move, rule
    /// value, variant name or line.
    #[test]
    fn a_long_text_is_quoted_short_in_errors() {
        let long = "A".repeat(100_000);
        // a request to play 5 (legal), then the line under test
        let base = start().text().replacen("do moves", "do play", 1) + "move 5\n";
        assert!(
            answer(&base).contains("\"notation\":\"5\""),
            "{}",
            answer(&base)
        );
        let cases = [
            (format!("{base}move 12{long}X\n"), "(100,003 characters)"),
            (
                format!("{base}rules reverse_laps={long}\n"),
                "(100,000 characters)",
            ),
            (
                base.replace("variant shackell-1935", &format!("variant {long}")),
                "(100,000 characters)",
            ),
            (format!("{base}{long} 1\n"), "(100,002 characters)"),
        ];
        for (request, length) in &cases {
            let json = answer(request);
            assert!(
                json.starts_with("{\"error\":"),
                "{}",
                &json[..200.min(json.len())]
            );
            assert!(json.len() < 400, "{} bytes: {}", json.len(), &json[..400]);
            assert!(json.contains(length), "{json}");
            // (a JSON string: the quote escaped)
            assert!(
                json.contains(&format!("{}\\\"… (", "A".repeat(30))),
                "{json}"
            );
        }
    }

    /// A request longer than the module reads is refused whole, in a short
    /// answer; one of the longest it reads is read.
    #[test]
    fn a_request_over_the_limit_is_refused() {
        let base = start().text();
        let pad = |n: usize| format!("{base}{}", "\n".repeat(n - base.len()));
        let longest = answer(&pad(MAX_REQUEST_BYTES));
        assert!(
            !longest.starts_with("{\"error\"") && longest.contains("\"moves\""),
            "{}",
            &longest[..200.min(longest.len())]
        );
        assert_eq!(
            answer(&pad(MAX_REQUEST_BYTES + 1)),
            "{\"error\":\"a request holds at most 1,048,576 bytes, and this one holds more\"}"
        );
    }

    /// A move with a million direction letters where it has one choice
    /// point is refused in a short answer, not played as its first letter
    /// alone (nor echoed).
    #[test]
    fn surplus_direction_letters_are_refused_short() {
        let base = start().text().replacen("do moves", "do play", 1) + "move 5\n";
        let many = base.replace("move 5\n", &format!("move 5{}\n", "A".repeat(1_000_000)));
        let json = answer(&many);
        assert_eq!(
            json,
            "{\"error\":\"1,000,000 directions given, but the move has only 1 choice point (the start included)\"}"
        );
    }

    /// A `best` request with a time: the search stops on the module's clock
    /// and answers with its deepest finished iteration, about on time.
    #[test]
    fn a_timed_search_stops_on_time() {
        let mut req = start();
        req.command = Command::Best;
        req.variant = Variant::new("modern", Rules::MODERN);
        req.position = Position::new(
            Board::from_grid(&[
                [2, 0, 3, 1, 0, 2, 4, 0],
                [1, 3, 0, 2, 5, 0, 1, 2],
                [0, 4, 2, 1, 3, 0, 2, 6],
                [3, 1, 0, 2, 2, 4, 0, 1],
            ]),
            Side::South,
        );
        req.time_ms = Some(300);
        assert_eq!(Request::parse(&req.text()).unwrap(), req);
        let t = clock::now_ms();
        let json = respond(&req).unwrap();
        let took = clock::now_ms() - t;
        // a loaded test machine may be late, never early
        assert!((300.0..3_000.0).contains(&took), "{took} ms: {json}");
        assert!(json.contains("\"stopped\":true"), "{json}");
        assert!(json.contains("\"best\":{\"notation\":"), "{json}");
        let depth: u32 = json
            .split("\"depth\":")
            .nth(1)
            .and_then(|t| t.split(',').next())
            .and_then(|t| t.parse().ok())
            .unwrap();
        assert!(depth >= 2, "{json}");
        // with a node budget too, the first limit reached stops it
        req.nodes = Some(500);
        let json = respond(&req).unwrap();
        assert!(json.contains("\"nodes\":5"), "{json}");
    }

    #[test]
    fn set_ups_are_the_policys_from_the_seed() {
        let mut req = start();
        req.command = Command::Setup;
        req.seed = Some(42);
        assert_eq!(Request::parse(&req.text()).unwrap(), req);
        let json = respond(&req).unwrap();
        let mut rng = search::Rng::new(42);
        let (south, s_style) =
            search::setup::arrange_styled(&req.variant.rules, Side::South, &mut rng);
        let (north, n_style) =
            search::setup::arrange_styled(&req.variant.rules, Side::North, &mut rng);
        let mut j = Json::default();
        grid_json(&mut j, &Board::from_sides(south, north));
        let grid = j.finish();
        assert!(
            json.contains(&format!(
                "\"styles\":{{\"south\":\"{}\",\"north\":\"{}\"}},\"said\":\"{}\",\"position\":{{\"to_move\":\"south\",\"board\":{grid},\"first_move\":true,\"opponent_first_move\":true,\"before_first_capture\":true}}",
                s_style.name(),
                n_style.name(),
                // the note under the board, the narrator's
                narrate::set_up_note(42, s_style, n_style),
            )),
            "{json}\n{grid}"
        );
        // another seed, other set-ups
        req.seed = Some(43);
        assert_ne!(respond(&req).unwrap(), json);
        let e = Request::parse(&format!("{}seed -1\n", start().text())).unwrap_err();
        assert!(e.contains("expected a seed"), "{e}");
    }

    #[test]
    fn a_played_move_has_its_frames_and_the_position_after() {
        let mut req = start();
        req.command = Command::Play;
        req.mv = Some("S5".into());
        let json = respond(&req).unwrap();
        assert!(json.contains("\"name\":\"00-before\""), "{json}");
        assert!(json.contains("\"name\":\"99-summary\""), "{json}");
        assert!(json.contains("\"after\":{\"to_move\":\"north\""), "{json}");
        assert!(json.contains("<svg"), "{json}");
        // the JSON string holds the SVG's quotes escaped
        assert!(!json.contains("<svg xmlns=\"http"), "{json}");
        // no pit names unless asked
        assert!(!json.contains("omw-pitno"), "{json}");
    }

    /// `seat` and `labels` draw the frames as the site's figures: a page
    /// asks with its figure's seat, and gets the same board turned the
    /// same way, with pit names.
    #[test]
    fn frames_are_drawn_from_the_seat_asked_with_pit_names() {
        let mut req = start();
        req.command = Command::Play;
        req.mv = Some("S5".into());
        req.seat = Side::North;
        req.labels = true;
        let played = trace(
            &req.variant.rules,
            &req.position,
            &notation::parse_for(Side::South, "5").unwrap(),
            TRACED_LAPS,
        )
        .unwrap();
        let drawn = Annotations {
            seat: Side::North,
            labels: true,
            ..Annotations::default()
        };
        let frames =
            omweso_diagram::move_frames(&played, &drawn, &req.variant.name, &req.variant.rules);
        let mut expected = Json::default();
        frames_json(&mut expected, &frames, req.theme);
        let json = respond(&Request::parse(&req.text()).unwrap()).unwrap();
        assert!(json.contains(&expected.finish()), "{json}");
        assert!(json.contains("omw-pitno"), "{json}");
        // the board too, from North's seat
        req.command = Command::Board;
        let json = respond(&req).unwrap();
        let frame = omweso_diagram::board_frame(
            &req.position,
            &drawn,
            &req.variant.name,
            &req.variant.rules,
        );
        let mut expected = Json::default();
        frames_json(&mut expected, std::slice::from_ref(&frame), req.theme);
        assert!(json.contains(&expected.finish()), "{json}");
        let e = Request::parse(&req.text().replace("seat north", "seat east")).unwrap_err();
        assert!(e.contains("expected `seat south` or `seat north`"), "{e}");
    }

    /// Pages word no move themselves: each move carries the narrator's
    /// sentence, and a moves answer what to say when no pit has a move.
    #[test]
    fn answers_carry_the_narrators_sentences() {
        let req = start();
        let moves = legal_moves(&req.variant.rules, &req.position);
        assert!(!moves.is_empty());
        let json = respond(&req).unwrap();
        for m in &moves {
            // as a JSON string: the win kinds' words hold quotes
            let said = narrate::move_end(&m.end).replace('"', "\\\"");
            let text = format!("\"text\":\"{said}\"");
            assert!(json.contains(&text), "{text} in {json}");
        }
        assert!(
            json.contains("\"no_move\":\"South has no legal move: North wins (no-move).\""),
            "{json}"
        );
        // a side with no seed to sow: no move, and the sentence for it
        let mut empty = start();
        empty.position = Position::new(Board::from_sides([1; 16], [2; 16]), Side::South);
        let json = respond(&empty).unwrap();
        assert!(json.contains("\"moves\":[]"), "{json}");
    }
}
