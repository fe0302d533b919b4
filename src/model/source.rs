//! Source text with located diagnostics: every error names the file, line and
//! column and says what was expected.

use std::fmt;
use std::path::{Path, PathBuf};
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// A piece of YAML: a whole file, or a fenced block inside a Markdown file.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    /// Lines before the text in its file (a fenced block's position).
    pub line_offset: usize,
}

impl Source {
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
    pub fn at(&self, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.path, line + self.line_offset, column, message)
    }

    /// The diagnostic for a serde_yaml error, located.
    pub fn yaml_error(&self, e: &serde_yaml::Error) -> Diagnostic {
        let mut msg = e.to_string();
        if let Some(i) = msg.rfind(" at line ") {
            msg.truncate(i);
        }
        match e.location() {
            Some(loc) => self.at(loc.line(), loc.column(), msg),
            None => self.at(1, 1, msg),
        }
        .with_kind(Kind::Yaml)
    }
}

/// The largest source file read (YAML, Markdown, templates): far above any
/// real rulebook file, far below what could exhaust memory.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// The bytes of a regular file of at most `limit` bytes. Anything else
/// (a device such as `/dev/zero`, a pipe, a folder, a larger file) is
/// refused with a located error, so that no input can make a read unbounded.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, Diagnostic> {
    use std::io::Read;
    let fail = |msg: String| Diagnostic::new(path, 0, 0, msg);
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot read file: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| fail(format!("cannot read file: {e}")))?;
    if !meta.is_file() {
        return Err(fail(
            "not a regular file (a device, a pipe or a folder): expected a file".into(),
        ));
    }
    if meta.len() > limit {
        return Err(fail(format!(
            "file too large: {} bytes, at most {limit} expected",
            meta.len()
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: read at most one byte past the limit.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read file: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(fail(format!("file too large: more than {limit} bytes")));
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
    })?;
    if text.starts_with('\u{feff}') {
        text.remove(0);
    }
    Ok(text)
}

/// Where the value at `key` (a dotted path) was written, from a map of
/// 1-based (line, column) locations; else where `""` (the document or
/// item itself) was; else line 1, column 1.
pub fn located_at(
    locations: &std::collections::BTreeMap<String, (usize, usize)>,
    key: &str,
) -> (usize, usize) {
    locations
        .get(key)
        .or_else(|| locations.get(""))
        .copied()
        .unwrap_or((1, 1))
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
    /// A YAML syntax or shape error (bad value, unknown key...).
    Yaml,
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
    /// A puzzle that fails verification.
    Puzzle,
    /// Any other invalid content.
    Invalid,
}

impl Kind {
    pub fn name(self) -> &'static str {
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
            Kind::UnknownVariant => "unknown-variant",
            Kind::UnknownRef => "unknown-ref",
            Kind::DuplicateId => "duplicate-id",
            Kind::BrokenLink => "broken-link",
            Kind::BrokenAnchor => "broken-anchor",
            Kind::Puzzle => "puzzle",
            Kind::Invalid => "invalid",
        }
    }
}

/// A located problem in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Diagnostic {
    pub file: PathBuf,
    /// 1-based; 0 when the problem is with the file as a whole.
    pub line: usize,
    /// 1-based; 0 when unknown.
    pub column: usize,
    pub message: String,
    pub kind: Kind,
}

impl Diagnostic {
    /// A problem of kind [`Kind::Invalid`] (see [`with_kind`](Self::with_kind)).
    pub fn new(file: &Path, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_path_buf(),
            line,
            column,
            message: message.into(),
            kind: Kind::Invalid,
        }
    }

    /// The same problem, of kind `kind`.
    pub fn with_kind(mut self, kind: Kind) -> Diagnostic {
        self.kind = kind;
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file.display(), self.message),
            (l, 0) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            (l, c) => write!(f, "{}:{l}:{c}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

/// Several diagnostics: everything wrong, not just the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

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

/// One step of a path into a YAML document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// The YAML tree's shape with the position of every node, used to locate
/// errors found after deserialising (a bad move, an unknown variant...).
#[derive(Clone, Debug)]
pub struct Locator {
    root: Option<Node>,
}

#[derive(Clone, Debug)]
enum Node {
    Scalar(Marker),
    Seq(Marker, Vec<Node>),
    Map(Marker, Vec<(String, Marker, Node)>),
}

impl Node {
    fn mark(&self) -> Marker {
        match self {
            Node::Scalar(m) | Node::Seq(m, _) | Node::Map(m, _) => *m,
        }
    }
}

#[derive(Default)]
struct Builder {
    stack: Vec<(Node, Option<(String, Marker)>)>,
    pending_key: Vec<Option<(String, Marker)>>,
    root: Option<Node>,
}

impl Builder {
    fn add(&mut self, node: Node, scalar: Option<&str>) {
        match self.stack.last_mut() {
            None => self.root = Some(node),
            Some((Node::Seq(_, items), _)) => items.push(node),
            Some((Node::Map(_, entries), key)) => match key.take() {
                None => {
                    *key = Some((scalar.unwrap_or("").to_string(), node.mark()));
                }
                Some((k, m)) => entries.push((k, m, node)),
            },
            Some((Node::Scalar(_), _)) => {}
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::Scalar(s, ..) => self.add(Node::Scalar(mark), Some(&s)),
            Event::Alias(_) => self.add(Node::Scalar(mark), None),
            Event::SequenceStart(..) => {
                self.pending_key.push(None);
                self.stack.push((Node::Seq(mark, Vec::new()), None));
            }
            Event::MappingStart(..) => {
                self.pending_key.push(None);
                self.stack.push((Node::Map(mark, Vec::new()), None));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                self.pending_key.pop();
                if let Some((node, _)) = self.stack.pop() {
                    self.add(node, None);
                }
            }
            _ => {}
        }
    }
}

impl Locator {
    /// Index a YAML text (after it parsed with serde_yaml; a text that fails
    /// here gives a locator that finds nothing).
    pub fn new(text: &str) -> Locator {
        let mut b = Builder::default();
        let mut parser = Parser::new_from_str(text);
        if parser.load(&mut b, false).is_err() {
            return Locator { root: None };
        }
        Locator { root: b.root }
    }

    fn node(&self, path: &[Seg]) -> Option<&Node> {
        let mut node = self.root.as_ref()?;
        for seg in path {
            node = match (node, seg) {
                (Node::Seq(_, items), Seg::Index(i)) => items.get(*i)?,
                (Node::Map(_, entries), Seg::Key(k)) => {
                    &entries.iter().find(|(key, ..)| key == k)?.2
                }
                _ => return None,
            };
        }
        Some(node)
    }

    /// 1-based (line, column) of the node at `path`, if it exists: a scalar
    /// value's own position, or for a collection under a key, the key's.
    pub fn find(&self, path: &[Seg]) -> Option<(usize, usize)> {
        let node = self.node(path)?;
        if let (Node::Seq(..) | Node::Map(..), Some((Seg::Key(k), parent))) =
            (node, path.split_last())
            && let Some(Node::Map(_, entries)) = self.node(parent)
            && let Some((_, m, _)) = entries.iter().find(|(key, ..)| key == k)
        {
            return Some((m.line(), m.col() + 1));
        }
        Some((node.mark().line(), node.mark().col() + 1))
    }

    /// Byte range of the scalar or collection start at `path` (for rewriting
    /// a value in place).
    pub fn offset(&self, path: &[Seg]) -> Option<usize> {
        self.node(path).map(|n| n.mark().index())
    }

    /// 1-based (line, column) of the node at `path`, or of its nearest
    /// existing ancestor.
    pub fn locate(&self, path: &[Seg]) -> (usize, usize) {
        for n in (0..=path.len()).rev() {
            if let Some(node) = self.node(&path[..n]) {
                let m = node.mark();
                return (m.line(), m.col() + 1);
            }
        }
        (1, 1)
    }

    /// 1-based (line, column) of the key `key` in the mapping at `path`.
    pub fn locate_key(&self, path: &[Seg], key: &str) -> (usize, usize) {
        if let Some(Node::Map(_, entries)) = self.node(path)
            && let Some((_, m, _)) = entries.iter().find(|(k, ..)| k == key)
        {
            return (m.line(), m.col() + 1);
        }
        self.locate(path)
    }

    /// Number of items if the root is a sequence.
    pub fn root_is_seq(&self) -> bool {
        matches!(self.root, Some(Node::Seq(..)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded_to_regular_files_of_sane_size() {
        let started = std::time::Instant::now();
        for dev in ["/dev/zero", "/dev/urandom", "/"] {
            if Path::new(dev).exists() {
                let d = read_text(Path::new(dev)).unwrap_err();
                assert!(d.message.starts_with("not a regular file"), "{dev}: {d}");
            }
        }
        assert!(started.elapsed().as_secs() < 5);
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.yaml");
        std::fs::write(&big, vec![b'#'; MAX_SOURCE_BYTES as usize + 1]).unwrap();
        assert!(
            read_text(&big)
                .unwrap_err()
                .message
                .starts_with("file too large")
        );
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

    #[test]
    fn locator_finds_nested_nodes() {
        let text = "a: 1\nb:\n  - x\n  - {c: 3, d: [1, 2]}\n";
        let loc = Locator::new(text);
        assert_eq!(loc.locate(&[Seg::Key("a")]), (1, 4));
        assert_eq!(loc.locate(&[Seg::Key("b"), Seg::Index(0)]), (3, 5));
        assert_eq!(
            loc.locate(&[Seg::Key("b"), Seg::Index(1), Seg::Key("d"), Seg::Index(1)]),
            (4, 19)
        );
        assert_eq!(
            loc.locate_key(&[Seg::Key("b"), Seg::Index(1)], "d"),
            (4, 12)
        );
        // a missing leaf falls back to its parent
        assert_eq!(
            loc.locate(&[Seg::Key("b"), Seg::Index(7)]),
            (2, 1).max(loc.locate(&[Seg::Key("b")]))
        );
    }
}
