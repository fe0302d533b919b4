//! Source text with located diagnostics: every error names the file, line and
//! column and says what was expected.

use std::fmt;
use std::path::{Path, PathBuf};

/// A piece of YAML: a whole file, or a fenced block inside a Markdown file.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file the text came from (a chapter for a fenced block), as named in messages.
    pub path: PathBuf,
    /// The YAML text itself.
    pub text: String,
    /// Lines before the text in its file (a fenced block's position).
    pub line_offset: usize,
}

impl Source {
    /// The text of the file at `path` (not read: given).
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        Source {
            path: path.into(),
            text: text.into(),
            line_offset: 0,
        }
    }

    /// Read a file (see [`read_text`]).
    pub fn read(path: &Path) -> Result<Source, Diagnostic> {
        read_text(path).map(|text| Source::new(path, text))
    }

    /// A block of `text` starting after line `line_offset` of `path`.
    pub fn block(path: impl Into<PathBuf>, text: impl Into<String>, line_offset: usize) -> Source {
        Source {
            path: path.into(),
            text: text.into(),
            line_offset,
        }
    }

    /// A diagnostic at a 1-based line and column of this text.
    pub(crate) fn at(&self, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.path, line + self.line_offset, column, message)
    }
}

/// The largest source file read (YAML, Markdown, templates): far above any
/// real rulebook file, far below what could exhaust memory.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// The bytes of a regular file of at most `limit` bytes. Anything else
/// (a device such as `/dev/zero`, a pipe, a folder, a larger file) is
/// refused with a located error, so that no input can make a read unbounded.
pub(crate) fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, Diagnostic> {
    use std::io::Read;
    let fail = |msg: String| Diagnostic::new(path, 0, 0, msg).with_kind(Kind::Unreadable);
    let not_regular =
        || fail("not a regular file (a device, a pipe or a folder): expected a file".into());
    // Look before opening: opening a named pipe waits for a writer, forever.
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read file: {e}")))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot read file: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| fail(format!("cannot read file: {e}")))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > limit {
        return Err(fail(format!(
            "file too large: {} bytes, at most {limit} expected",
            meta.len()
        ))
        .with_kind(Kind::Limit));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: read at most one byte past the limit.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read file: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(fail(format!("file too large: more than {limit} bytes")).with_kind(Kind::Limit));
    }
    Ok(bytes)
}

/// A source file's text: a regular file of at most [`MAX_SOURCE_BYTES`],
/// UTF-8 (the first invalid byte is located), without a leading byte-order
/// mark.
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let bytes = read_bounded(path, MAX_SOURCE_BYTES)?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
        Diagnostic::new(
            path,
            line,
            column,
            "invalid UTF-8: expected text encoded as UTF-8",
        )
        .with_kind(Kind::Unreadable)
    })?;
    if text.starts_with('\u{feff}') {
        text.remove(0);
    }
    Ok(unix_line_breaks(text))
}

/// `text` with every line break written `\n`: Windows (`\r\n`) and old
/// Mac (`\r`) line breaks become `\n`, as YAML and Markdown read them, so
/// that every stage (front matter, fenced blocks, Markdown) sees the same
/// lines and line numbers.
pub(crate) fn unix_line_breaks(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// The files of folder `dir` whose names end in one of `extensions`
/// (`["yaml", "yml"]`), sorted; not recursive. `Ok(None)` when the folder
/// does not exist. Everything else is listed rather than skipped: a file
/// that is not a regular file (a named pipe, a device, a broken link) is
/// listed so that reading it gives a located error, and a folder or entry
/// that cannot be read is an error — never a silent gap.
pub(crate) fn files_in(
    dir: &Path,
    extensions: &[&str],
) -> Result<Option<Vec<PathBuf>>, Diagnostic> {
    let fail = |e: std::io::Error| {
        Diagnostic::new(dir, 0, 0, format!("cannot read the folder: {e}"))
            .with_kind(Kind::Unreadable)
    };
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !dir.is_symlink() => {
            return Ok(None);
        }
        Err(e) => return Err(fail(e)),
    };
    let mut files = Vec::new();
    for entry in rd {
        let path = entry.map_err(fail)?.path();
        let wanted = path
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.contains(&x));
        if wanted && !path.is_dir() {
            files.push(path);
        }
    }
    files.sort();
    Ok(Some(files))
}

/// The most names a message lists (of the ids, chapters or variants an
/// author could have meant): a message stays short however many exist.
pub(crate) const LISTED_NAMES: usize = 20;

/// Names for a message, `a, b, c`: at most [`LISTED_NAMES`] of them, then
/// how many more there are.
pub(crate) fn name_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut shown: Vec<&str> = Vec::new();
    let mut more = 0usize;
    for n in names {
        if shown.len() < LISTED_NAMES {
            shown.push(n);
        } else {
            more += 1;
        }
    }
    let list = shown.join(", ");
    if more > 0 {
        format!("{list}, and {more} more")
    } else {
        list
    }
}

/// A key of a position, a game record or a game record's move, by which a
/// diagnostic is located: a key misspelt in the code does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Field {
    /// The document (or list item) itself.
    Doc,
    Id,
    Title,
    Caption,
    Variant,
    ToMove,
    Board,
    FirstMove,
    OpponentFirstMove,
    BeforeFirstCapture,
    Move,
    Seat,
    Labels,
    Highlight,
    Arrows,
    Notes,
    Expect,
    ExpectBoard,
    ExpectCaptured,
    ExpectLaps,
    ExpectNeverEnding,
    ExpectResult,
    Record,
    Source,
    Event,
    Date,
    Players,
    Start,
    StartBoard,
    StartSetup,
    StartSetupSouth,
    StartSetupNorth,
    Moves,
    Result,
    Comment,
}

impl Field {
    /// The key's dotted path in a file (`expect.captured`; `""` for
    /// [`Field::Doc`]).
    pub(crate) fn path(self) -> &'static str {
        match self {
            Field::Doc => "",
            Field::Id => "id",
            Field::Title => "title",
            Field::Caption => "caption",
            Field::Variant => "variant",
            Field::ToMove => "to_move",
            Field::Board => "board",
            Field::FirstMove => "first_move",
            Field::OpponentFirstMove => "opponent_first_move",
            Field::BeforeFirstCapture => "before_first_capture",
            Field::Move => "move",
            Field::Seat => "seat",
            Field::Labels => "labels",
            Field::Highlight => "highlight",
            Field::Arrows => "arrows",
            Field::Notes => "notes",
            Field::Expect => "expect",
            Field::ExpectBoard => "expect.board",
            Field::ExpectCaptured => "expect.captured",
            Field::ExpectLaps => "expect.laps",
            Field::ExpectNeverEnding => "expect.never_ending",
            Field::ExpectResult => "expect.result",
            Field::Record => "record",
            Field::Source => "source",
            Field::Event => "event",
            Field::Date => "date",
            Field::Players => "players",
            Field::Start => "start",
            Field::StartBoard => "start.board",
            Field::StartSetup => "start.setup",
            Field::StartSetupSouth => "start.setup.south",
            Field::StartSetupNorth => "start.setup.north",
            Field::Moves => "moves",
            Field::Result => "result",
            Field::Comment => "comment",
        }
    }

    /// Where the key itself is written (`captured:` of `expect.captured`),
    /// rather than its value.
    pub(crate) fn key(self) -> Spot {
        Spot::Key(self)
    }
}

/// A place in a document: where a field's value is written, or its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Spot {
    Value(Field),
    Key(Field),
}

impl From<Field> for Spot {
    fn from(f: Field) -> Spot {
        Spot::Value(f)
    }
}

/// Where a document's values and keys were written: 1-based (line,
/// column) in its file, by [`Spot`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Locations(std::collections::BTreeMap<Spot, (usize, usize)>);

impl Locations {
    pub(crate) fn insert(&mut self, spot: impl Into<Spot>, at: (usize, usize)) {
        self.0.insert(spot.into(), at);
    }

    /// Where `spot` was written, if it was.
    pub(crate) fn get(&self, spot: impl Into<Spot>) -> Option<(usize, usize)> {
        self.0.get(&spot.into()).copied()
    }

    pub(crate) fn contains(&self, spot: impl Into<Spot>) -> bool {
        self.0.contains_key(&spot.into())
    }

    /// Where `spot` was written; else where the document (or item) was.
    pub(crate) fn at(&self, spot: impl Into<Spot>) -> Option<(usize, usize)> {
        self.get(spot).or_else(|| self.get(Field::Doc))
    }
}

/// What kind of problem a diagnostic reports: given where the problem is
/// found (stable names, the `kind` of `omweso check --format json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `expect.board` differs from the board after the move.
    WrongBoard,
    /// `expect.captured` differs.
    WrongCaptured,
    /// `expect.laps` differs.
    WrongLaps,
    /// `expect.never_ending` differs.
    WrongNeverEnding,
    /// `expect.result` differs.
    WrongResult,
    /// A move the engine refuses (or written for the wrong side).
    IllegalMove,
    /// A game record has a move after the game ended.
    MoveAfterEnd,
    /// A game record's final `result` differs from the replay's.
    WrongGameResult,
    /// A YAML syntax or shape error (bad value, missing key...).
    Yaml,
    /// A key the format does not have (a misspelling, a key in the wrong
    /// place).
    UnknownKey,
    /// A key given twice in one mapping.
    DuplicateKey,
    /// A key the format requires is not given.
    MissingKey,
    /// A value of the wrong type or shape: text where a number goes, a
    /// list of the wrong length, a number out of range.
    WrongType,
    /// A value not among the names the key allows (`record: real`).
    UnknownValue,
    /// YAML the formats do not take: an anchor, alias or tag, a directive,
    /// a second document.
    UnsupportedYaml,
    /// Beyond a stated limit: nesting depth, values in a file, a file's
    /// size, a title's length, entries in a list.
    Limit,
    /// A control character (or a non-character) where text is expected.
    ControlCharacter,
    /// A move not written in the notation (a pit outside 1-16, a letter
    /// other than A, C or T).
    BadNotation,
    /// A file that cannot be read as text: missing, not a regular file (a
    /// device, a pipe, a folder), not UTF-8.
    Unreadable,
    /// A variant name or file that does not exist.
    UnknownVariant,
    /// A `ref: ID` to a position id that does not exist.
    UnknownRef,
    /// Two things with the same id.
    DuplicateId,
    /// A Markdown link to a chapter that does not exist.
    BrokenLink,
    /// A Markdown link to an anchor that does not exist.
    BrokenAnchor,
    /// A puzzle's stated solution does not achieve its goal.
    WrongSolution,
    /// A puzzle's goal is achieved by another move too.
    SecondSolution,
    /// A puzzle's `goal` is not one of the goals.
    UnknownGoal,
    /// A puzzle's goal is one its variant does not have (nkutemye where
    /// it does not win).
    GoalUnavailable,
    /// A puzzle's position is no puzzle for its goal: it does not fit the
    /// goal, it is a mop-up, or the answer is not clearly the best move.
    NotAPuzzle,
    /// A puzzle without its answer: `solution`, or a what-happens
    /// puzzle's `move` or `expect`.
    MissingAnswer,
    /// A puzzle whose board (or its North/South mirror image) is already
    /// another puzzle's.
    DuplicateBoard,
    /// Any other invalid content.
    Invalid,
}

impl Kind {
    /// The kind's name (`wrong-board`, …), as reports write it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::WrongBoard => "wrong-board",
            Kind::WrongCaptured => "wrong-captured",
            Kind::WrongLaps => "wrong-laps",
            Kind::WrongNeverEnding => "wrong-never-ending",
            Kind::WrongResult => "wrong-result",
            Kind::IllegalMove => "illegal-move",
            Kind::MoveAfterEnd => "move-after-end",
            Kind::WrongGameResult => "wrong-game-result",
            Kind::Yaml => "yaml",
            Kind::UnknownKey => "unknown-key",
            Kind::DuplicateKey => "duplicate-key",
            Kind::MissingKey => "missing-key",
            Kind::WrongType => "wrong-type",
            Kind::UnknownValue => "unknown-value",
            Kind::UnsupportedYaml => "unsupported-yaml",
            Kind::Limit => "limit",
            Kind::ControlCharacter => "control-character",
            Kind::Unreadable => "unreadable",
            Kind::BadNotation => "bad-notation",
            Kind::UnknownVariant => "unknown-variant",
            Kind::UnknownRef => "unknown-ref",
            Kind::DuplicateId => "duplicate-id",
            Kind::BrokenLink => "broken-link",
            Kind::BrokenAnchor => "broken-anchor",
            Kind::WrongSolution => "wrong-solution",
            Kind::SecondSolution => "second-solution",
            Kind::UnknownGoal => "unknown-goal",
            Kind::GoalUnavailable => "goal-unavailable",
            Kind::NotAPuzzle => "not-a-puzzle",
            Kind::MissingAnswer => "missing-answer",
            Kind::DuplicateBoard => "duplicate-board",
            Kind::Invalid => "invalid",
        }
    }
}

/// A located problem in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Diagnostic {
    /// The file the problem is in.
    pub file: PathBuf,
    /// 1-based; 0 when the problem is with the file as a whole.
    pub line: usize,
    /// 1-based; 0 when unknown.
    pub column: usize,
    /// The problem in words, for the author.
    pub message: String,
    /// What kind of problem it is (for tests and tools to match on).
    pub kind: Kind,
}

/// Whether `c` must not reach a terminal as it is: a control character
/// (but a line break), a bidirectional control or the invisible
/// byte-order mark.
pub fn unsafe_on_terminal(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// Text safe to print on a terminal: control characters (but line breaks),
/// bidirectional controls and the invisible byte-order mark, which a file can hold in a key or a file
/// name can hold, are written as escapes (`\u{1b}`), so that no message
/// can clear a screen or reorder what is shown.
///
/// ```
/// use omweso::model::printable;
/// assert_eq!(printable("a\u{1b}[2J\u{202e}b\nc"), "a\\u{1b}[2J\\u{202e}b\nc");
/// assert_eq!(printable("plain"), "plain");
/// ```
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(unsafe_on_terminal) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if unsafe_on_terminal(c) {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

impl Diagnostic {
    /// A problem of kind [`Kind::Invalid`] (see `with_kind`).
    /// The message is made [`printable`].
    pub fn new(file: &Path, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        let message = message.into();
        Diagnostic {
            file: file.to_path_buf(),
            line,
            column,
            message: match printable(&message) {
                std::borrow::Cow::Borrowed(_) => message,
                std::borrow::Cow::Owned(safe) => safe,
            },
            kind: Kind::Invalid,
        }
    }

    /// The file's name as printed (see [`printable`]).
    pub(crate) fn file_name(&self) -> String {
        printable(&self.file.to_string_lossy()).into_owned()
    }

    /// The same problem, of kind `kind`.
    pub(crate) fn with_kind(mut self, kind: Kind) -> Diagnostic {
        self.kind = kind;
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file_name();
        match (self.line, self.column) {
            (0, _) => write!(f, "{file}: {}", self.message),
            (l, 0) => write!(f, "{file}:{l}: {}", self.message),
            (l, c) => write!(f, "{file}:{l}:{c}: {}", self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

/// Several diagnostics: everything wrong, not just the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Add one problem.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Whether there are no problems.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many problems.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Add every problem of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// `Ok(value)` if nothing was reported.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_list_example() {
        assert_eq!(name_list(["a", "b"]), "a, b");
        let many: Vec<String> = (0..25).map(|i| format!("p{i}")).collect();
        assert!(name_list(many.iter().map(String::as_str)).ends_with("p19, and 5 more"));
    }

    #[test]
    fn unix_line_breaks_example() {
        assert_eq!(unix_line_breaks("a\r\nb\rc\n".into()), "a\nb\nc\n");
    }

    #[test]
    fn reads_are_bounded_to_regular_files_of_sane_size() {
        let started = std::time::Instant::now();
        for dev in ["/dev/zero", "/dev/urandom", "/"] {
            if Path::new(dev).exists() {
                let d = read_text(Path::new(dev)).unwrap_err();
                assert_eq!(d.kind, Kind::Unreadable, "{dev}: {d}");
            }
        }
        assert!(started.elapsed().as_secs() < 5);
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.yaml");
        std::fs::write(&big, vec![b'#'; MAX_SOURCE_BYTES as usize + 1]).unwrap();
        assert_eq!(read_text(&big).unwrap_err().kind, Kind::Limit);
        assert_eq!(
            read_bounded(&big, u64::MAX).unwrap().len() as u64,
            MAX_SOURCE_BYTES + 1
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_bad_utf8_located() {
        let dir = tempfile::tempdir().unwrap();
        let bom = dir.path().join("bom.yaml");
        std::fs::write(&bom, "\u{feff}title: X\n").unwrap();
        assert_eq!(read_text(&bom).unwrap(), "title: X\n");
        let bad = dir.path().join("bad.md");
        std::fs::write(&bad, b"# ok\nab\xffc\n").unwrap();
        let d = read_text(&bad).unwrap_err();
        assert_eq!((d.line, d.column), (2, 3), "{d}");
        assert!(d.message.contains("UTF-8"));
    }

    /// A field's value and its key are located apart; a field not written
    /// is located at the document, never at another field.
    #[test]
    fn locations_are_typed() {
        let mut l = Locations::default();
        assert_eq!(l.at(Field::Move), None);
        l.insert(Field::Doc, (3, 1));
        l.insert(Field::ExpectCaptured, (5, 13));
        l.insert(Field::ExpectCaptured.key(), (5, 3));
        assert_eq!(l.at(Field::ExpectCaptured), Some((5, 13)));
        assert_eq!(l.at(Field::ExpectCaptured.key()), Some((5, 3)));
        assert_eq!(l.at(Field::ExpectLaps), Some((3, 1)));
        assert!(!l.contains(Field::Move));
        assert_eq!(Field::ExpectNeverEnding.path(), "expect.never_ending");
    }
}
