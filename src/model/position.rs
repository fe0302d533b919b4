//! Position files and fenced `omweso` blocks: YAML → engine positions,
//! moves, annotations and expectations, with located errors.

use super::source::{Diagnostic, Diagnostics, Field, Kind, Locations, Source, Spot};
use super::variant::{DEFAULT_VARIANT, VariantDoc, Variants};
use super::yaml::{self, Node, Seg};
use crate::engine::notation;
use crate::engine::quote;
use crate::engine::{Board, GameResult, Grid, Move, PlayError, Played, Position, Side};
use omweso_diagram::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::fmt;
use std::path::PathBuf;

/// What a move must do, as an author claims it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expect {
    /// The board after the move, in grid form (rows as seen from South's seat).
    pub board: Option<Grid>,
    /// The seeds the move captures.
    pub captured: Option<u32>,
    /// The laps the move sows.
    pub laps: Option<u64>,
    /// Whether the move never ends.
    pub never_ending: Option<bool>,
    /// The game result the move brings about.
    pub result: Option<ExpectedResult>,
}

/// A claimed game result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectedResult {
    /// The game goes on after the move (no result).
    None,
    /// South wins.
    SouthWins,
    /// North wins.
    NorthWins,
    /// A never-ending move annuls the game.
    Annulled,
    /// A never-ending move draws the game.
    Draw,
}

impl ExpectedResult {
    pub(crate) fn of(result: Option<GameResult>) -> ExpectedResult {
        match result {
            None => ExpectedResult::None,
            Some(GameResult::Win {
                winner: Side::South,
                ..
            }) => ExpectedResult::SouthWins,
            Some(GameResult::Win {
                winner: Side::North,
                ..
            }) => ExpectedResult::NorthWins,
            Some(GameResult::Annulled) => ExpectedResult::Annulled,
            Some(GameResult::Draw) => ExpectedResult::Draw,
        }
    }

    /// The name written in `expect.result`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ExpectedResult::None => "none",
            ExpectedResult::SouthWins => "south-wins",
            ExpectedResult::NorthWins => "north-wins",
            ExpectedResult::Annulled => "annulled",
            ExpectedResult::Draw => "draw",
        }
    }
}

/// A loaded, validated position with everything its author wrote.
#[derive(Clone, Debug)]
pub struct PositionDoc {
    /// The rule set the position is played under.
    pub variant: VariantDoc,
    /// The board, the side to move and the first-move flags.
    pub position: Position,
    /// The move to illustrate.
    pub mv: Option<Move>,
    /// The move as written.
    pub move_text: Option<String>,
    /// How the position is drawn (highlights, arrows, notes, seat, title, caption).
    pub annotations: Annotations,
    /// What the author claims the move does (`expect:`), checked by `omweso check`.
    pub expect: Option<Expect>,
    /// The file the position was read from (a chapter for a fenced block).
    pub file: PathBuf,
    /// Index in its file or block (0 for a single position).
    pub index: usize,
    /// 1-based (line, column) in `file` of each value written
    /// (`Field::Doc` is the position itself; `move`, `expect.board`...),
    /// and of the keys of the `expect` claims (`Field::ExpectCaptured.key()`...).
    pub(crate) locations: Locations,
}

impl PositionDoc {
    /// The position's `id`, if it has one.
    pub fn id(&self) -> Option<&str> {
        self.annotations.id.as_deref()
    }

    /// A diagnostic where `spot` is written (a field's value, or its key)
    /// or, when it is not, at the position.
    pub(crate) fn at(&self, spot: impl Into<Spot>, message: impl Into<String>) -> Diagnostic {
        let (l, c) = self.locations.at(spot).unwrap_or((1, 1));
        Diagnostic::new(&self.file, l, c, message)
    }

    /// Play the position's move, recording at most `max_laps` laps; an
    /// illegal move is an error located at `move`.
    pub fn play(&self, max_laps: usize) -> Option<Result<Played, Diagnostic>> {
        let mv = self.mv.as_ref()?;
        Some(
            crate::memo::trace(&self.variant.variant.rules, &self.position, mv, max_laps)
                .map_err(|e| self.illegal(&e)),
        )
    }

    /// Why the position's move cannot be played, located at `move`.
    pub(crate) fn illegal(&self, e: &PlayError) -> Diagnostic {
        self.at(
            Field::Move,
            format!(
                "illegal move {} for {} under {}: {}",
                self.move_text.as_deref().unwrap_or("?"),
                self.position.to_move.title(),
                self.variant.name(),
                crate::diagram::narrate::play_error(e)
            ),
        )
        .with_kind(Kind::IllegalMove)
    }
}

/// A fenced `omweso` block: positions written inline, or a reference to a
/// position by id.
#[derive(Clone, Debug)]
pub enum Block {
    /// Positions written in the block.
    Positions(Vec<PositionDoc>),
    /// A reference to a position by id (`ref: ID`), drawn where the block is.
    Ref {
        /// The id referred to.
        id: String,
        /// 1-based line of the reference in its file.
        line: usize,
        /// 1-based column of the reference.
        column: usize,
    },
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub(crate) enum RawSide {
    South,
    North,
}

impl From<RawSide> for Side {
    fn from(s: RawSide) -> Side {
        match s {
            RawSide::South => Side::South,
            RawSide::North => Side::North,
        }
    }
}

/// A move as written: a string or a bare integer.
pub(crate) struct MoveText(pub(crate) String);

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = MoveText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a move in notation, e.g. 12, 2C or 7AC")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MoveText, E> {
                Ok(MoveText(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<MoveText, E> {
                Ok(MoveText(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<MoveText, E> {
                Ok(MoveText(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// A pit written `S5` / `N12` in a file.
struct PitText(PitRef);

impl<'de> Deserialize<'de> for PitText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        PitRef::parse(&s).map(PitText).ok_or_else(|| {
            de::Error::custom(format!(
                "invalid pit {s_q}: expected S or N and a pit number 1-16, e.g. S5 or N12",
                s_q = quote(&s)
            ))
        })
    }
}

/// A highlight style's name in a file.
struct StyleText(HighlightStyle);

impl<'de> Deserialize<'de> for StyleText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        HighlightStyle::parse(&s).map(StyleText).ok_or_else(|| {
            let names: Vec<&str> = HighlightStyle::ALL.iter().map(|h| h.name()).collect();
            de::Error::custom(format!(
                "unknown style {s_q}: expected one of {}",
                names.join(", "),
                s_q = quote(&s)
            ))
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHighlight {
    pits: Vec<PitText>,
    #[serde(default = "default_style")]
    style: StyleText,
    #[serde(default)]
    label: Option<String>,
}

fn default_style() -> StyleText {
    StyleText(HighlightStyle::Mark)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArrow {
    from: PitText,
    to: PitText,
    #[serde(default)]
    label: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNote {
    lap: usize,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExpect {
    #[serde(default)]
    board: Option<RawGrid>,
    #[serde(default)]
    captured: Option<u32>,
    #[serde(default)]
    laps: Option<u64>,
    #[serde(default)]
    never_ending: Option<bool>,
    #[serde(default)]
    result: Option<ExpectedResult>,
}

impl RawExpect {
    pub(crate) fn into_expect(self) -> Expect {
        Expect {
            board: self.board.as_ref().map(grid),
            captured: self.captured,
            laps: self.laps,
            never_ending: self.never_ending,
            result: self.result,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPosition {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    caption: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    to_move: RawSide,
    board: RawGrid,
    #[serde(default)]
    first_move: bool,
    #[serde(default)]
    opponent_first_move: bool,
    #[serde(default)]
    before_first_capture: bool,
    #[serde(default, rename = "move")]
    mv: Option<MoveText>,
    #[serde(default)]
    seat: Option<RawSide>,
    #[serde(default)]
    labels: bool,
    #[serde(default)]
    highlight: Vec<RawHighlight>,
    #[serde(default)]
    arrows: Vec<RawArrow>,
    #[serde(default)]
    notes: Vec<RawNote>,
    #[serde(default)]
    expect: Option<RawExpect>,
}

/// A seed count in a written board: a whole number, 0 or more.
#[derive(Clone, Copy)]
pub(crate) struct Count(u16);

impl Count {
    pub(crate) fn get(self) -> u16 {
        self.0
    }
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        const WANT: &str = "expected a whole number of seeds, 0 or more";
        impl Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of seeds, 0 or more")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                u16::try_from(v).map(Count).map_err(|_| {
                    E::custom(format!(
                        "seed count {v} is too large: at most {} seeds",
                        u16::MAX
                    ))
                })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                if v < 0 {
                    Err(E::custom(format!("invalid seed count {v}: {WANT}")))
                } else {
                    self.visit_u64(v as u64)
                }
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                Err(E::custom(format!("invalid seed count {v}: {WANT}")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                Err(E::custom(format!(
                    "invalid seed count {v_q}: {WANT}",
                    v_q = quote(v)
                )))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Count, E> {
                Err(E::custom(format!("invalid seed count {v}: {WANT}")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Count, E> {
                Err(E::custom(format!("missing seed count: {WANT}")))
            }
        }
        d.deserialize_any(V)
    }
}

pub(crate) type RawGrid = [[Count; 8]; 4];

/// What is wrong with a board of `total` seeds, if anything: a game has
/// [`Board::SEEDS`], and no position can hold more.
pub(crate) fn too_many_seeds(total: u32) -> Option<String> {
    (total > Board::SEEDS).then(|| {
        format!(
            "the board holds {total} seeds: at most {} (a game's seeds never leave the board)",
            Board::SEEDS
        )
    })
}

pub(crate) fn grid(raw: &RawGrid) -> Grid {
    raw.map(|row| row.map(|c| c.0))
}

/// Whether `id` is a valid position id.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The most an author may write in a position's annotations.
pub(crate) mod limits {
    /// Characters of a title.
    pub(crate) const TITLE: usize = 200;
    /// Characters of a caption or a note.
    pub(crate) const TEXT: usize = 4_000;
    /// Characters of a highlight's or an arrow's label.
    pub(crate) const LABEL: usize = 40;
    /// Highlights, arrows or notes of one position.
    pub(crate) const ITEMS: usize = 64;
    /// Positions of a file whose problems are reported: past them, only
    /// how many more have problems (a file of a million broken positions
    /// gives a readable report, not a million lines).
    pub(crate) const REPORTED: usize = 100;
}

const KEYS: [Field; 22] = [
    Field::Id,
    Field::Title,
    Field::Caption,
    Field::Variant,
    Field::ToMove,
    Field::Board,
    Field::FirstMove,
    Field::OpponentFirstMove,
    Field::BeforeFirstCapture,
    Field::Move,
    Field::Seat,
    Field::Labels,
    Field::Highlight,
    Field::Arrows,
    Field::Notes,
    Field::Expect,
    Field::ExpectBoard,
    Field::ExpectCaptured,
    Field::ExpectLaps,
    Field::ExpectNeverEnding,
    Field::ExpectResult,
    Field::Doc,
];

/// Parse a position file's text (one position or a sequence of them),
/// resolving variants with `variants` (paths relative to the file's folder).
pub fn parse_positions(src: &Source, variants: &Variants) -> Result<Vec<PositionDoc>, Diagnostics> {
    let root = src.yaml()?;
    positions_in(src, &root, variants)
}

/// The positions of a parsed file: its root mapping, or each item of its
/// root list (every item's problems are reported, not just the first's).
pub(crate) fn positions_in(
    src: &Source,
    root: &Node,
    variants: &Variants,
) -> Result<Vec<PositionDoc>, Diagnostics> {
    let items: Vec<(Option<usize>, &Node)> = if root.is_list() {
        root.items()
            .iter()
            .enumerate()
            .map(|(i, n)| (Some(i), n))
            .collect()
    } else {
        vec![(None, root)]
    };
    if items.is_empty() {
        return Err(src
            .at(
                root.mark.line,
                root.mark.column,
                "empty list: expected one or more positions",
            )
            .into());
    }
    let mut errs = Diagnostics::default();
    let mut out = Vec::with_capacity(items.len());
    let (mut broken, mut unreported) = (0, None);
    for (i, node) in items {
        let problems = match src.read_as::<RawPosition>(node) {
            Ok(raw) => match validate(src, node, i, raw, variants) {
                Ok(doc) => {
                    out.push(doc);
                    continue;
                }
                Err(e) => e,
            },
            Err(d) => d.into(),
        };
        broken += 1;
        if broken <= limits::REPORTED {
            errs.extend(problems);
        } else {
            unreported.get_or_insert(node.mark);
        }
    }
    if let Some(m) = unreported {
        errs.push(src.at(
            m.line,
            m.column,
            format!(
                "and {} more positions with problems from here on (the first {} are reported)",
                broken - limits::REPORTED,
                limits::REPORTED
            ),
        ));
    }
    errs.into_result(out)
}

fn validate(
    src: &Source,
    loc: &Node,
    item: Option<usize>,
    raw: RawPosition,
    variants: &Variants,
) -> Result<PositionDoc, Diagnostics> {
    let mut locations = Locations::default();
    for field in KEYS {
        let path: Vec<Seg> = field
            .path()
            .split('.')
            .filter(|k| !k.is_empty())
            .map(Seg::Key)
            .collect();
        let Some((l, c)) = loc.find(&path) else {
            continue;
        };
        locations.insert(field, (l + src.line_offset, c));
        // the claim's key too (`captured:` of `expect.captured`), where
        // `omweso check` reports a claim that does not hold
        if let Some(sub) = field.path().strip_prefix("expect.") {
            let (kl, kc) = loc.locate_key(&path[..path.len() - 1], sub);
            locations.insert(field.key(), (kl + src.line_offset, kc));
        }
    }
    let mut errs = Diagnostics::default();
    let at = |field: Field, msg: String| {
        let (l, c) = locations.at(field).unwrap_or((1 + src.line_offset, 1));
        Diagnostic::new(&src.path, l, c, msg)
    };
    if let Some(id) = &raw.id
        && !valid_id(id)
    {
        errs.push(at(
            Field::Id,
            format!(
                "invalid id {id_q}: expected lower-case letters, digits and '-'",
                id_q = quote(id)
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
    let board = grid(&raw.board);
    let total: u32 = board.iter().flatten().map(|&n| n as u32).sum();
    if let Some(e) = too_many_seeds(total) {
        errs.push(at(Field::Board, e));
    }
    let to_move: Side = raw.to_move.into();
    let position = Position {
        board: Board::from_grid(&board),
        to_move,
        first_move: raw.first_move,
        opponent_first_move: raw.opponent_first_move,
        before_first_capture: raw.before_first_capture,
    };
    let mut mv = None;
    let move_text = raw.mv.as_ref().map(|m| m.0.clone());
    if let Some(text) = &move_text {
        match notation::parse_for(to_move, text) {
            Ok(m) => mv = Some(m),
            Err(e) => errs.push(
                at(Field::Move, crate::diagram::narrate::notation_error(&e))
                    .with_kind(Kind::BadNotation),
            ),
        }
    }
    // Bounds on what an author writes, so that no file makes a diagram
    // (or its PNG) slow to draw: far above any real annotation.
    // a problem at a path inside this position
    let item_at = |path: &[Seg], msg: String| {
        let (l, c) = loc.locate(path);
        Diagnostic::new(&src.path, l + src.line_offset, c, msg)
    };
    let mut too_long = |path: Vec<Seg>, what: &str, text: &str, max: usize| {
        let n = text.chars().count();
        if n > max {
            errs.push(
                item_at(
                    &path,
                    format!("{what} too long: {n} characters, at most {max}"),
                )
                .with_kind(Kind::Limit),
            );
        }
    };
    if let Some(t) = &raw.title {
        too_long(vec![Seg::Key("title")], "title", t, limits::TITLE);
    }
    if let Some(t) = &raw.caption {
        too_long(vec![Seg::Key("caption")], "caption", t, limits::TEXT);
    }
    for (i, n) in raw.notes.iter().enumerate() {
        let path = vec![Seg::Key("notes"), Seg::Index(i), Seg::Key("text")];
        too_long(path, "note", &n.text, limits::TEXT);
    }
    for (i, h) in raw.highlight.iter().enumerate() {
        if let Some(t) = &h.label {
            let path = vec![Seg::Key("highlight"), Seg::Index(i), Seg::Key("label")];
            too_long(path, "label", t, limits::LABEL);
        }
    }
    for (i, a) in raw.arrows.iter().enumerate() {
        if let Some(t) = &a.label {
            let path = vec![Seg::Key("arrows"), Seg::Index(i), Seg::Key("label")];
            too_long(path, "label", t, limits::LABEL);
        }
    }
    for (key, n, max) in [
        (Field::Highlight, raw.highlight.len(), limits::ITEMS),
        (Field::Arrows, raw.arrows.len(), limits::ITEMS),
        (Field::Notes, raw.notes.len(), limits::ITEMS),
    ] {
        if n > max {
            let name = key.path();
            errs.push(
                at(key, format!("{name}: {n} entries, at most {max}")).with_kind(Kind::Limit),
            );
        }
    }
    for (i, h) in raw.highlight.iter().enumerate() {
        if h.pits.len() > 32 {
            errs.push(item_at(
                &[Seg::Key("highlight"), Seg::Index(i), Seg::Key("pits")],
                format!("pits: {} entries, but the board has 32 pits", h.pits.len()),
            ));
        }
    }
    for (i, n) in raw.notes.iter().enumerate() {
        if n.lap == 0 {
            errs.push(item_at(
                &[Seg::Key("notes"), Seg::Index(i), Seg::Key("lap")],
                "note lap 0: laps are numbered from 1 (the starting lap)".into(),
            ));
        }
    }
    // (past the bound, the bound's one error says it all)
    let few = raw.highlight.len() <= limits::ITEMS;
    for (i, h) in raw.highlight.iter().enumerate().filter(|_| few) {
        // the key under the board says what each mark means: a mark
        // without words is a mark the reader has to guess
        if h.label.as_deref().is_none_or(|l| l.trim().is_empty()) {
            errs.push(item_at(
                &[Seg::Key("highlight"), Seg::Index(i)],
                format!(
                    "highlight[{i}] ({}) has no label: add `label:` saying what the mark shows, e.g. `label: lift here` (the key under the board says it)",
                    h.pits.iter().map(|p| p.0.to_string()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    for (i, h) in raw.highlight.iter().enumerate() {
        if h.pits.is_empty() {
            errs.push(item_at(
                &[Seg::Key("highlight"), Seg::Index(i), Seg::Key("pits")],
                "empty pits: expected one or more pits, e.g. [S5]".into(),
            ));
        }
    }
    if raw.expect.is_some() && raw.mv.is_none() {
        errs.push(at(
            Field::Expect,
            "expect needs a move: add `move:` with the move it describes".into(),
        ));
    }
    if !(raw.notes.is_empty() || raw.mv.is_some()) {
        errs.push(at(
            Field::Notes,
            "notes are attached to laps of a move: add `move:`".into(),
        ));
    }
    let annotations = Annotations {
        id: raw.id,
        title: raw.title,
        caption: raw.caption,
        seat: raw.seat.map(Side::from).unwrap_or(Side::South),
        labels: raw.labels,
        highlights: raw
            .highlight
            .into_iter()
            .map(|h| Highlight {
                pits: h.pits.into_iter().map(|p| p.0).collect(),
                style: h.style.0,
                label: h.label,
            })
            .collect(),
        arrows: raw
            .arrows
            .into_iter()
            .map(|a| Arrow {
                from: a.from.0,
                to: a.to.0,
                label: a.label,
            })
            .collect(),
        notes: raw
            .notes
            .into_iter()
            .map(|n| Note {
                lap: n.lap,
                text: n.text,
            })
            .collect(),
    };
    let expect = raw.expect.map(RawExpect::into_expect);
    match variant {
        Some(variant) if errs.is_empty() => Ok(PositionDoc {
            variant,
            position,
            mv,
            move_text,
            annotations,
            expect,
            file: src.path.clone(),
            index: item.unwrap_or(0),
            locations,
        }),
        _ => Err(errs),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRef {
    #[serde(rename = "ref")]
    id: String,
}

/// Parse a fenced `omweso` block: `ref: ID`, or positions.
pub fn parse_block(src: &Source, variants: &Variants) -> Result<Block, Diagnostics> {
    let root = src.yaml()?;
    if root.entry("ref").is_some() {
        if let yaml::Value::Map(entries) = &root.value
            && let Some(other) = entries.iter().find(|e| e.key != "ref")
        {
            let m = other.key_mark;
            return Err(src
                .at(
                    m.line,
                    m.column,
                    format!(
                        "unknown key {}: a reference block holds only `ref: ID`",
                        yaml::quoted_name(&other.key)
                    ),
                )
                .with_kind(Kind::UnknownKey)
                .into());
        }
        let r: RawRef = src.read_as(&root)?;
        let (l, c) = root.locate(&[Seg::Key("ref")]);
        if !valid_id(&r.id) {
            return Err(src
                .at(
                    l,
                    c,
                    format!(
                        "invalid id {}: expected lower-case letters, digits and '-'",
                        quote(&r.id)
                    ),
                )
                .into());
        }
        return Ok(Block::Ref {
            id: r.id,
            line: l + src.line_offset,
            column: c,
        });
    }
    positions_in(src, &root, variants).map(Block::Positions)
}

/// A position as YAML in the file format (so `play` output chains).
pub fn position_yaml(pos: &Position, variant: &str) -> String {
    let mut s = String::new();
    s.push_str(&format!("variant: {variant}\n"));
    s.push_str(&format!("to_move: {}\n", pos.to_move.name()));
    s.push_str("board:\n");
    let names = ["North outer", "North inner", "South inner", "South outer"];
    for (row, name) in pos.board.to_grid().iter().zip(names) {
        let cells: Vec<String> = row.iter().map(|n| n.to_string()).collect();
        s.push_str(&format!("  - [{}]  # {name}\n", cells.join(", ")));
    }
    s.push_str(&format!("first_move: {}\n", pos.first_move));
    s.push_str(&format!(
        "opponent_first_move: {}\n",
        pos.opponent_first_move
    ));
    s.push_str(&format!(
        "before_first_capture: {}\n",
        pos.before_first_capture
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "\
variant: shackell-1935
to_move: south
board:
  - [0, 1, 2, 0, 3, 0, 0, 1]
  - [2, 0, 4, 1, 0, 2, 0, 0]
  - [1, 0, 5, 0, 2, 0, 1, 3]
  - [0, 2, 0, 1, 0, 4, 0, 2]
";

    fn parse(text: &str) -> Result<Vec<PositionDoc>, String> {
        parse_positions(&Source::new("p.yaml", text), &Variants::builtin())
            .map_err(|e| e.to_string())
    }

    /// Where the first problem is, and its kind.
    fn problem(text: &str) -> ((usize, usize), Kind) {
        let e = parse_positions(&Source::new("p.yaml", text), &Variants::builtin()).unwrap_err();
        ((e.0[0].line, e.0[0].column), e.0[0].kind)
    }

    #[test]
    fn minimal_position_loads() {
        let docs = parse(GOOD).unwrap();
        assert_eq!(docs.len(), 1);
        let p = &docs[0].position;
        assert_eq!(p.to_move, Side::South);
        assert_eq!(p.board.total(), 37);
        assert_eq!(docs[0].variant.name(), "shackell-1935");
    }

    #[test]
    fn position_yaml_round_trips() {
        let docs = parse(GOOD).unwrap();
        let text = position_yaml(&docs[0].position, "shackell-1935");
        let back = parse(&text).unwrap();
        assert_eq!(back[0].position, docs[0].position);
    }

    /// Annotations are bounded (a 100,000-character title took seconds to
    /// draw as PNG), with located errors.
    #[test]
    fn annotations_are_bounded() {
        let long = "x".repeat(limits::TITLE + 1);
        let e = parse(&format!("title: {long}\n{GOOD}")).unwrap_err();
        assert!(
            e.starts_with("p.yaml:1:8: title too long: 201 characters, at most 200"),
            "{e}"
        );
        let label = "l".repeat(limits::LABEL + 1);
        assert_eq!(
            problem(&format!(
                "{GOOD}highlight:\n  - pits: [S1]\n    label: {label}\n"
            )),
            ((10, 12), Kind::Limit)
        );
        let many = "  - pits: [S1]\n    label: x\n".repeat(limits::ITEMS + 1);
        assert_eq!(problem(&format!("{GOOD}highlight:\n{many}")).1, Kind::Limit);
        let ok = "  - pits: [S1]\n    label: x\n".repeat(limits::ITEMS);
        assert!(
            parse(&format!(
                "title: {}\n{GOOD}highlight:\n{ok}",
                "t".repeat(200)
            ))
            .is_ok()
        );
    }

    #[test]
    fn position_errors_are_located() {
        let cases: Vec<(String, &str)> = vec![
            (
                GOOD.replace("[0, 2, 0, 1, 0, 4, 0, 2]", "[0, 2, 0, 1, 0, 4, 0]"),
                "p.yaml:7:5: board[3]: expected a list of 8 items, found 7",
            ),
            (
                GOOD.replace("[0, 2, 0, 1, 0, 4, 0, 2]", "[0, 2, -1, 1, 0, 4, 0, 2]"),
                "p.yaml:7:12: board[3][2]: invalid seed count -1: expected a whole number of seeds, 0 or more",
            ),
            (
                GOOD.replace("[0, 2, 0, 1, 0, 4, 0, 2]", "[0, 2, 1.5, 1, 0, 4, 0, 2]"),
                "p.yaml:7:12: board[3][2]: invalid seed count 1.5: expected a whole number of seeds, 0 or more",
            ),
            (
                format!("{GOOD}colour: red\n"),
                "p.yaml:8:1: unknown key `colour`: expected one of `id`, `title`,",
            ),
            (
                GOOD.replace("shackell-1935", "bogus"),
                "p.yaml:1:10: unknown variant \"bogus\"",
            ),
            (
                GOOD.replace("south", "east"),
                "p.yaml:2:10: to_move: unknown value `east`: expected one of `south`, `north`",
            ),
            (
                format!("{GOOD}move: 17\n"),
                "p.yaml:8:7: cannot read move \"17\"",
            ),
            (
                format!("{GOOD}move: N5\n"),
                "p.yaml:8:7: move \"N5\" is North's, but South is to move",
            ),
            (
                format!("{GOOD}highlight:\n  - pits: [S5, X2]\n"),
                "p.yaml:9:16: highlight[0].pits[1]: invalid pit \"X2\": expected S or N",
            ),
            (
                format!(
                    "{GOOD}highlight:\n  - pits: [S5]\n    label: lifted\n  - pits: [N1, N16]\n"
                ),
                "p.yaml:11:5: highlight[1] (N1, N16) has no label: add `label:`",
            ),
            (
                format!("{GOOD}expect:\n  captured: 3\n"),
                "p.yaml:8:1: expect needs a move",
            ),
        ];
        for (text, want) in cases {
            let got = parse(&text).unwrap_err();
            assert!(got.starts_with(want), "\n got: {got}\nwant: {want}");
        }
    }

    #[test]
    fn lists_and_blocks() {
        let list = format!(
            "- {}\n- {}",
            GOOD.replace('\n', "\n  ").trim_end(),
            GOOD.replace('\n', "\n  ").trim_end()
        );
        assert_eq!(parse(&list).unwrap().len(), 2);
        let b = parse_block(
            &Source::block("c.md", "ref: capture-basic\n", 10),
            &Variants::builtin(),
        )
        .unwrap();
        assert!(matches!(b, Block::Ref { ref id, line: 11, .. } if id == "capture-basic"));
        let e = parse_block(
            &Source::block("c.md", "ref: x\nmove: 3\n", 10),
            &Variants::builtin(),
        )
        .unwrap_err();
        assert!(
            e.to_string()
                == "c.md:12:1: unknown key `move`: a reference block holds only `ref: ID`",
            "{e}"
        );
    }
}
