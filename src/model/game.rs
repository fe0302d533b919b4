//! Game records (`content/games/*.yaml`): a start, the moves in notation
//! with optional comments and expectations, and the final result. Parsed
//! with located errors like positions; [`replay`] plays a record through the
//! engine (no I/O) and gives every ply with its trace.

use super::position::PositionDoc;
use super::position::{
    Count, Expect, ExpectedResult, MoveText, RawExpect, RawGrid, RawSide, grid, valid_id,
};
use super::source::{Diagnostic, Diagnostics, Field, Kind, Locations, Source, Spot};
use super::variant::{DEFAULT_VARIANT, VariantDoc, Variants};
use super::yaml::{Node, Seg};
use crate::engine::notation::{self, NotationError};
use crate::engine::quote;
use crate::engine::{Board, GameResult, Move, PlayError, Played, Position, Side, trace};
use omweso_diagram::Annotations;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::path::{Path, PathBuf};

/// How a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Shackell's rule 4: each player puts four seeds in each outer pit; the
    /// game is played from that arrangement, South first.
    Standard,
    /// The two players' set-ups (pit 1..16 in each owner's numbering).
    Setup,
    /// A given position (a game fragment or a game from a diagram).
    Position,
}

impl Start {
    /// The name written in a game file.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Start::Standard => "standard",
            Start::Setup => "setup",
            Start::Position => "position",
        }
    }
}

/// Whether a record is of a game really played, or made up to demonstrate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecordKind {
    /// Moves as actually played, from a cited source.
    Historical,
    /// Moves chosen to show something (by the authors, or an engine); not a
    /// game anybody played.
    Demonstration,
}

impl RecordKind {
    /// The name written in a game file.
    pub(crate) fn name(self) -> &'static str {
        match self {
            RecordKind::Historical => "historical",
            RecordKind::Demonstration => "demonstration",
        }
    }
}

/// The players' names, where recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// South's name, if recorded.
    #[serde(default)]
    pub south: Option<String>,
    /// North's name, if recorded.
    #[serde(default)]
    pub north: Option<String>,
}

/// One move of a record as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMove {
    /// The notation as written (`S5`, `12`, `N2C`...).
    pub text: String,
    /// The side named in the notation, if any (checked on replay).
    pub side: Option<Side>,
    /// The move itself, as the engine plays it.
    pub mv: Move,
    /// The record's comment on the move, if any (the caption of its diagram).
    pub comment: Option<String>,
    /// What the author claims the move does (`expect:`), checked by `omweso check`.
    pub expect: Option<Expect>,
    /// 1-based (line, column) in the record's file of the entry
    /// ([`Field::Doc`]), its `move`, `comment`, `expect`, `expect.board`...
    /// (values) and their keys (`Field::ExpectCaptured.key()`...).
    pub(crate) locations: Locations,
}

/// A loaded, validated game record.
#[derive(Clone, Debug)]
pub struct GameDoc {
    /// The record's id, unique in a site (its page is `games/ID.html`).
    pub id: String,
    /// The record's title, if given.
    pub title: Option<String>,
    /// The rule set the game is played under.
    pub variant: VariantDoc,
    /// Historical or demonstration: said on every page that shows it.
    pub record: RecordKind,
    /// Where the record comes from (a citation), if anywhere.
    pub source: Option<String>,
    /// The event the game was played at, if recorded.
    pub event: Option<String>,
    /// When it was played, as written, if recorded.
    pub date: Option<String>,
    /// Who played.
    pub players: Players,
    /// What is real about this record and anything else a reader should know.
    pub notes: Option<String>,
    /// How the game starts: the standard start, the two set-ups, or a given position.
    pub start_kind: Start,
    /// The position the first move is played from.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<GameMove>,
    /// The claimed final result (`none`: the record stops before the game ends).
    pub result: ExpectedResult,
    /// The record's file.
    pub file: PathBuf,
    /// 1-based (line, column) of the record's values and keys (`id`,
    /// `start`, `moves`, `result`...); [`Field::Doc`] is the document.
    pub(crate) locations: Locations,
}

impl GameDoc {
    /// A diagnostic where `spot` of the record is written, or at its start.
    pub(crate) fn at(&self, spot: impl Into<Spot>, message: impl Into<String>) -> Diagnostic {
        let (l, c) = self.locations.at(spot).unwrap_or((1, 1));
        Diagnostic::new(&self.file, l, c, message)
    }

    /// A diagnostic where `spot` of move `index` (0-based) is written, or
    /// at the move.
    pub(crate) fn at_move(
        &self,
        index: usize,
        spot: impl Into<Spot>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let (l, c) = self.moves[index].locations.at(spot).unwrap_or((1, 1));
        Diagnostic::new(&self.file, l, c, message)
    }
}

impl GameDoc {
    /// Ply `ply` of a replay as a position document (the position before
    /// the move, with the move, its comment as caption and its expectations),
    /// so pages draw it like any other position: id `GAME-N`, title
    /// `N. S12`.
    pub fn ply_doc(&self, ply: &Ply) -> PositionDoc {
        let m = &self.moves[ply.number - 1];
        PositionDoc {
            variant: self.variant.clone(),
            position: ply.before,
            mv: Some(m.mv.clone()),
            move_text: Some(m.text.clone()),
            annotations: Annotations {
                id: Some(format!("{}-{}", self.id, ply.number)),
                title: Some(format!("{}. {}", ply.number, ply.notation)),
                caption: m.comment.clone(),
                ..Annotations::default()
            },
            expect: m.expect.clone(),
            file: self.file.clone(),
            index: ply.number - 1,
            locations: m.locations.clone(),
        }
    }
}

/// One ply of a replayed game.
#[derive(Clone, Debug)]
pub struct Ply {
    /// 1-based.
    pub number: usize,
    /// The side that played it.
    pub side: Side,
    /// The canonical notation with the mover's side (`S12`, `N2C`).
    pub notation: String,
    /// The position it was played from.
    pub before: Position,
    /// The move as played, with its full trace.
    pub played: Played,
    /// The position after the move (None for a never-ending move).
    pub after: Option<Position>,
}

/// Why a replay stopped before the record's last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayStop {
    /// The engine refused the move.
    Illegal(PlayError),
    /// The notation names the side not to move.
    WrongSide {
        /// The side the notation names.
        written: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The game had already ended (with this result) before this move.
    AfterEnd(GameResult),
}

impl fmt::Display for ReplayStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayStop::Illegal(e) => f.write_str(&crate::diagram::narrate::play_error(e)),
            ReplayStop::WrongSide { written, to_move } => write!(
                f,
                "the move is written as {}'s, but {} is to move",
                written.title(),
                to_move.title()
            ),
            ReplayStop::AfterEnd(r) => {
                write!(
                    f,
                    "the game is already over ({})",
                    crate::diagram::narrate::result(r)
                )
            }
        }
    }
}

/// A game played through the engine.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Every ply played, in order (up to the move that stopped the replay).
    pub plies: Vec<Ply>,
    /// The move (0-based index in `GameDoc::moves`) the replay stopped at,
    /// and why.
    pub stopped: Option<(usize, ReplayStop)>,
    /// The game's result after the last ply played, if it has ended.
    pub result: Option<GameResult>,
    /// The position after the last ply (None after a never-ending move).
    pub last: Option<Position>,
}

impl Replay {
    /// The result in the record's vocabulary.
    pub fn expected_result(&self) -> ExpectedResult {
        ExpectedResult::of(self.result)
    }
}

/// Play a record's moves from its start, recording at most `max_laps` laps
/// of each move's trace. Stops at the first move that cannot be played.
pub fn replay(game: &GameDoc, max_laps: usize) -> Replay {
    let rules = &game.variant.variant.rules;
    let mut pos = Some(game.start);
    let mut plies = Vec::with_capacity(game.moves.len());
    let mut result = None;
    for (i, m) in game.moves.iter().enumerate() {
        if let Some(r) = result {
            return Replay {
                plies,
                stopped: Some((i, ReplayStop::AfterEnd(r))),
                result,
                last: pos,
            };
        }
        let Some(before) = pos else { break };
        if let Err(NotationError::WrongSide {
            written, to_move, ..
        }) = notation::check_side(&m.text, m.side, before.to_move)
        {
            return Replay {
                plies,
                stopped: Some((i, ReplayStop::WrongSide { written, to_move })),
                result,
                last: Some(before),
            };
        }
        let played = match trace(rules, &before, &m.mv, max_laps) {
            Ok(p) => p,
            Err(e) => {
                return Replay {
                    plies,
                    stopped: Some((i, ReplayStop::Illegal(e))),
                    result,
                    last: Some(before),
                };
            }
        };
        result = played.end.result();
        pos = played.after;
        plies.push(Ply {
            number: i + 1,
            side: before.to_move,
            notation: notation::format_with_side(before.to_move, &m.mv),
            before,
            after: played.after,
            played,
        });
    }
    Replay {
        plies,
        stopped: None,
        result,
        last: pos,
    }
}

// ---------------------------------------------------------------------------
// Parsing

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    id: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    record: RecordKind,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    date: Option<String>,
    #[serde(default)]
    players: Option<Players>,
    #[serde(default)]
    notes: Option<String>,
    start: RawStart,
    moves: Vec<RawMove>,
    result: ExpectedResult,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    south: [Count; 16],
    north: [Count; 16],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartMap {
    #[serde(default)]
    board: Option<RawGrid>,
    #[serde(default)]
    setup: Option<RawSetup>,
    to_move: RawSide,
    #[serde(default)]
    first_move: bool,
    #[serde(default)]
    opponent_first_move: bool,
    #[serde(default)]
    before_first_capture: bool,
}

enum RawStart {
    Standard,
    Map(Box<RawStartMap>),
}

impl<'de> Deserialize<'de> for RawStart {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawStart;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "`standard`, a mapping with `setup:` (both sides' pits 1-16) and `to_move:`, \
                     or a mapping with `board:` (grid form) and `to_move:`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawStart, E> {
                if v == "standard" {
                    Ok(RawStart::Standard)
                } else {
                    Err(E::custom(format!(
                        "unknown start {v_q}: expected `standard`, or a mapping with `setup:` or `board:`",
                        v_q = quote(v)
                    )))
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawStart, A::Error> {
                RawStartMap::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|m| RawStart::Map(Box::new(m)))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoveMap {
    #[serde(rename = "move")]
    mv: MoveText,
    #[serde(default)]
    comment: Option<String>,
    #[serde(default)]
    expect: Option<RawExpect>,
}

enum RawMove {
    Text(String),
    Map(RawMoveMap),
}

impl<'de> Deserialize<'de> for RawMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawMove;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a move in notation (e.g. S12, N2C) or a mapping {move, comment, expect}",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawMove, E> {
                Ok(RawMove::Text(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawMove, E> {
                Ok(RawMove::Text(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawMove, E> {
                Ok(RawMove::Text(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawMove, A::Error> {
                RawMoveMap::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RawMove::Map)
            }
        }
        d.deserialize_any(V)
    }
}

const GAME_KEYS: [Field; 17] = [
    Field::Doc,
    Field::Id,
    Field::Title,
    Field::Variant,
    Field::Record,
    Field::Source,
    Field::Event,
    Field::Date,
    Field::Players,
    Field::Notes,
    Field::Start,
    Field::StartBoard,
    Field::StartSetup,
    Field::StartSetupSouth,
    Field::StartSetupNorth,
    Field::Moves,
    Field::Result,
];

const MOVE_KEYS: [Field; 9] = [
    Field::Doc,
    Field::Move,
    Field::Comment,
    Field::Expect,
    Field::ExpectBoard,
    Field::ExpectCaptured,
    Field::ExpectLaps,
    Field::ExpectNeverEnding,
    Field::ExpectResult,
];

fn locations_of(loc: &Node, base: &[Seg], fields: &[Field], line_offset: usize) -> Locations {
    let mut out = Locations::default();
    for &field in fields {
        let mut path = base.to_vec();
        path.extend(
            field
                .path()
                .split('.')
                .filter(|k| !k.is_empty())
                .map(Seg::Key),
        );
        if let Some((l, c)) = loc.find(&path) {
            out.insert(field, (l + line_offset, c));
            // the key too (`captured:` of `expect.captured`): claims that do
            // not hold are reported there
            if let Some((Seg::Key(last), parent)) = path.split_last() {
                let (kl, kc) = loc.locate_key(parent, last);
                out.insert(field.key(), (kl + line_offset, kc));
            }
        }
    }
    out
}

/// The most moves a record may hold: far more than any game (a few hundred
/// plies), and a bound on what one file costs to check.
pub(crate) const MAX_MOVES: usize = 10_000;

/// Parse a game record's text, resolving its variant with `variants`
/// (paths relative to the file's folder).
pub fn parse_game(src: &Source, variants: &Variants) -> Result<GameDoc, Diagnostics> {
    let loc = src.yaml()?;
    let raw: RawGame = src.read_as(&loc)?;
    let locations = locations_of(&loc, &[], &GAME_KEYS, src.line_offset);
    let mut errs = Diagnostics::default();
    let at = |field: Field, msg: String| {
        let (l, c) = locations.at(field).unwrap_or((1 + src.line_offset, 1));
        Diagnostic::new(&src.path, l, c, msg)
    };
    if raw.record == RecordKind::Historical && raw.source.is_none() {
        errs.push(at(
            Field::Record,
            "a historical record needs `source:` (where the moves were recorded)".into(),
        ));
    }
    if !valid_id(&raw.id) {
        errs.push(at(
            Field::Id,
            format!(
                "invalid id {}: expected lower-case letters, digits and '-'",
                quote(&raw.id)
            ),
        ));
    }
    let base_dir = src.path.parent().map(PathBuf::from).unwrap_or_default();
    let vname = raw.variant.as_deref().unwrap_or(DEFAULT_VARIANT);
    let variant = match variants.resolve(vname, &base_dir) {
        Ok(v) => Some(v),
        Err(e) => {
            errs.push(at(Field::Variant, e.to_string()).with_kind(e.kind()));
            None
        }
    };
    let (start_kind, start) = match raw.start {
        RawStart::Standard => (
            Start::Standard,
            Position::start(Board::counted_out(), Side::South),
        ),
        RawStart::Map(m) => match (&m.board, &m.setup) {
            (Some(b), None) => (
                Start::Position,
                Position {
                    board: Board::from_grid(&grid(b)),
                    to_move: m.to_move.into(),
                    first_move: m.first_move,
                    opponent_first_move: m.opponent_first_move,
                    before_first_capture: m.before_first_capture,
                },
            ),
            (None, Some(setup)) => {
                let south = setup.south.map(Count::get);
                let north = setup.north.map(Count::get);
                let limit = variant
                    .as_ref()
                    .and_then(|v| v.variant.rules.max_setup_seeds_per_pit);
                for (name, key, pits) in [
                    ("south", Field::StartSetupSouth, &south),
                    ("north", Field::StartSetupNorth, &north),
                ] {
                    let total: u32 = pits.iter().map(|&n| n as u32).sum();
                    if total != 32 {
                        errs.push(at(
                            key,
                            format!(
                                "{name}'s set-up holds {}: each player sets up exactly 32",
                                crate::diagram::narrate::seeds(total.into())
                            ),
                        ));
                    }
                    if let Some(max) = limit
                        && let Some(p) = pits.iter().position(|&n| n > max)
                    {
                        errs.push(at(
                            key,
                            format!(
                                "{name}'s pit {} holds {}: this variant allows at most {max} per pit at set-up",
                                p + 1,
                                crate::diagram::narrate::seeds(pits[p].into())
                            ),
                        ));
                    }
                    if m.first_move || m.opponent_first_move || m.before_first_capture {
                        errs.push(at(
                            Field::Start,
                            "a set-up start is always both players' first move before any capture: \
                             leave out first_move, opponent_first_move and before_first_capture"
                                .to_string(),
                        ));
                        break;
                    }
                }
                (
                    Start::Setup,
                    Position::start(Board::from_sides(south, north), m.to_move.into()),
                )
            }
            (Some(_), Some(_)) => {
                errs.push(at(
                    Field::Start,
                    "a start has either `board:` or `setup:`, not both".into(),
                ));
                (
                    Start::Position,
                    Position::new(Board::default(), Side::South),
                )
            }
            (None, None) => {
                errs.push(at(
                    Field::Start,
                    "a start mapping needs `board:` (grid form) or `setup:` (south and north, pits 1-16)"
                        .into(),
                ));
                (
                    Start::Position,
                    Position::new(Board::default(), Side::South),
                )
            }
        },
    };
    if let Some(e) = super::position::too_many_seeds(start.board.total()) {
        errs.push(at(Field::Start, e));
    }
    if raw.moves.is_empty() {
        errs.push(at(
            Field::Moves,
            "empty list: expected one or more moves".into(),
        ));
    }
    if raw.moves.len() > MAX_MOVES {
        errs.push(
            at(
                Field::Moves,
                format!(
                    "moves: {} entries, at most {MAX_MOVES}: split the record into several",
                    raw.moves.len()
                ),
            )
            .with_kind(Kind::Limit),
        );
        return Err(errs);
    }
    let mut moves = Vec::with_capacity(raw.moves.len());
    for (i, rm) in raw.moves.into_iter().enumerate() {
        let base = [Seg::Key("moves"), Seg::Index(i)];
        let mut mlocs = locations_of(&loc, &base, &MOVE_KEYS, src.line_offset);
        let (text, comment, expect) = match rm {
            RawMove::Text(t) => (t, None, None),
            RawMove::Map(m) => (m.mv.0, m.comment, m.expect.map(RawExpect::into_expect)),
        };
        if !mlocs.contains(Field::Move)
            && let Some(here) = mlocs.get(Field::Doc)
        {
            mlocs.insert(Field::Move, here);
        }
        let (l, c) = mlocs.get(Field::Move).unwrap_or((1 + src.line_offset, 1));
        match notation::parse(&text) {
            Ok(n) => moves.push(GameMove {
                text,
                side: n.side,
                mv: n.mv,
                comment,
                expect,
                locations: mlocs,
            }),
            Err(e) => errs.push(
                Diagnostic::new(
                    &src.path,
                    l,
                    c,
                    format!(
                        "move {}: {}",
                        i + 1,
                        crate::diagram::narrate::notation_error(&e)
                    ),
                )
                .with_kind(Kind::BadNotation),
            ),
        }
    }
    match variant {
        Some(variant) if errs.is_empty() => Ok(GameDoc {
            id: raw.id,
            title: raw.title,
            variant,
            record: raw.record,
            source: raw.source,
            event: raw.event,
            date: raw.date,
            players: raw.players.unwrap_or_default(),
            notes: raw.notes,
            start_kind,
            start,
            moves,
            result: raw.result,
            file: src.path.clone(),
            locations,
        }),
        _ => Err(errs),
    }
}

/// The game record files (`*.yaml`, `*.yml`) of a folder, sorted; none if
/// the folder does not exist.
pub(crate) fn game_files(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    Ok(crate::model::files_in(dir, &["yaml", "yml"])?.unwrap_or_default())
}

/// Load every record of a folder (e.g. `content/games`), collecting every
/// error; duplicate ids are errors too.
pub fn load_games(dir: &Path, variants: &Variants) -> (Vec<GameDoc>, Diagnostics) {
    let mut errs = Diagnostics::default();
    let files = match game_files(dir) {
        Ok(f) => f,
        Err(d) => return (Vec::new(), d.into()),
    };
    let mut games: Vec<GameDoc> = Vec::new();
    for f in files {
        let src = match Source::read(&f) {
            Ok(s) => s,
            Err(d) => {
                errs.push(d);
                continue;
            }
        };
        match parse_game(&src, variants) {
            Ok(g) => {
                if let Some(first) = games.iter().find(|o| o.id == g.id) {
                    errs.push(
                        g.at(
                            Field::Id,
                            format!(
                                "duplicate game id {}: also used by {}",
                                quote(&g.id),
                                first.file.display()
                            ),
                        )
                        .with_kind(Kind::DuplicateId),
                    );
                } else {
                    games.push(g);
                }
            }
            Err(e) => errs.extend(e),
        }
    }
    (games, errs)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "\
id: demo
variant: shackell-1935
record: demonstration
start: standard
moves:
  - S2
  - move: N2
    comment: North answers.
    expect:
      captured: 0
  - 3
result: none
";

    fn parse(text: &str) -> Result<GameDoc, String> {
        parse_game(&Source::new("g.yaml", text), &Variants::builtin()).map_err(|e| e.to_string())
    }

    #[test]
    fn standard_game_parses_and_replays() {
        let g = parse(GOOD).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.start.board.total(), 64);
        assert_eq!(g.moves[1].comment.as_deref(), Some("North answers."));
        assert_eq!(
            g.moves[1].locations.get(Field::ExpectCaptured),
            Some((10, 17))
        );
        assert_eq!(g.moves[2].locations.get(Field::Move), Some((11, 5)));
        let r = replay(&g, 10);
        assert!(r.stopped.is_none(), "{:?}", r.stopped);
        assert_eq!(r.plies.len(), 3);
        assert_eq!(r.plies[0].notation, "S2");
        assert_eq!(r.plies[1].side, Side::North);
        assert!(r.plies[0].before.first_move);
        assert!(r.plies[1].before.first_move);
        assert!(!r.plies[2].before.first_move);
        assert_eq!(r.plies[1].before, r.plies[0].after.unwrap());
        let doc = g.ply_doc(&r.plies[1]);
        assert_eq!(doc.id(), Some("demo-2"));
        assert_eq!(doc.annotations.title.as_deref(), Some("2. N2"));
        assert_eq!(doc.annotations.caption.as_deref(), Some("North answers."));
        assert_eq!(doc.play(10).unwrap().unwrap(), r.plies[1].played);
        assert_eq!(doc.at(Field::ExpectCaptured, "").line, 10);
    }

    #[test]
    fn wrong_side_and_illegal_moves_stop_the_replay() {
        let g = parse(&GOOD.replace("  - S2\n", "  - N2\n")).unwrap();
        let r = replay(&g, 0);
        assert!(matches!(r.stopped, Some((0, ReplayStop::WrongSide { .. }))));
        // pit 9 is empty at the standard start
        let g = parse(&GOOD.replace("  - S2\n", "  - S9\n")).unwrap();
        let r = replay(&g, 0);
        assert!(matches!(
            r.stopped,
            Some((0, ReplayStop::Illegal(PlayError::TooFewSeeds { .. })))
        ));
    }

    #[test]
    fn setup_and_position_starts() {
        let setup = "\
id: setup
record: demonstration
start:
  to_move: north
  setup:
    south: [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]
    north: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
moves: [N2, S9]
result: none
";
        let g = parse(setup).unwrap();
        assert_eq!(g.start_kind, Start::Setup);
        assert_eq!(g.start.to_move, Side::North);
        assert!(g.start.first_move && g.start.opponent_first_move && g.start.before_first_capture);
        let pit = |n| crate::engine::Pit::new(n).unwrap();
        assert_eq!(g.start.board.get(Side::South, pit(9)), 4);
        assert_eq!(g.start.board.get(Side::North, pit(16)), 2);
        let r = replay(&g, 0);
        assert!(r.stopped.is_none(), "{:?}", r.stopped);
        assert_eq!(r.plies.len(), 2);
        // the move after North's first is South's first
        assert!(r.plies[1].before.first_move);
        // the sow-plain example of the-move.md as a one-move game
        let position = "\
id: position
record: demonstration
start:
  to_move: south
  board:
    - [0, 2, 0, 1, 0, 0, 3, 0]
    - [1, 0, 0, 2, 0, 0, 0, 1]
    - [0, 0, 0, 0, 0, 0, 0, 0]
    - [1, 0, 3, 1, 0, 0, 2, 0]
moves: [S3]
result: none
";
        let g = parse(position).unwrap();
        assert_eq!(g.start_kind, Start::Position);
        assert!(!g.start.first_move);
        let r = replay(&g, 0);
        assert!(r.stopped.is_none());
        assert_eq!(r.last.unwrap().board.to_grid()[3], [1, 0, 0, 2, 1, 1, 2, 0]);
        assert_eq!(r.expected_result(), ExpectedResult::None);
    }

    #[test]
    fn game_errors_are_located() {
        let cases: Vec<(String, &str)> = vec![
            (
                format!("{GOOD}colour: red\n"),
                "g.yaml:13:1: unknown key `colour`: expected one of `id`, `title`,",
            ),
            (
                GOOD.replace("shackell-1935", "bogus"),
                "g.yaml:2:10: unknown variant \"bogus\"",
            ),
            (GOOD.replace("  - 3\n", "  - 17\n"), "g.yaml:11:5: move 3: cannot read move \"17\""),
            (
                GOOD.replace("start: standard", "start: normal"),
                "g.yaml:4:8: start: unknown start \"normal\"",
            ),
            (
                GOOD.replace("    comment: North answers.\n", "    coment: x\n"),
                "g.yaml:8:5: moves[1]: unknown key `coment`: expected one of",
            ),
            (
                GOOD.replace("start: standard", "start:\n  to_move: south\n  setup:\n    south: [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 1]\n    north: [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0]"),
                "g.yaml:7:5: south's set-up holds 33 seeds",
            ),
            (
                GOOD.replace("record: demonstration", "record: historical"),
                "g.yaml:3:9: a historical record needs `source:`",
            ),
            (
                GOOD.replace("start: standard", "start:\n  to_move: south"),
                "g.yaml:4:1: a start mapping needs `board:` (grid form) or `setup:`",
            ),
            (GOOD.replace("result: none", "result: won"), "g.yaml:12:9: result: unknown value `won`: expected one of"),
        ];
        for (text, want) in cases {
            let got = parse(&text).unwrap_err();
            assert!(got.starts_with(want), "\n got: {got}\nwant: {want}");
        }
    }
}
