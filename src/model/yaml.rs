//! One located YAML parse per file: the text becomes a tree of [`Node`]s,
//! each knowing where it was written, and the typed formats are read from
//! that tree with serde ([`Node::to`]). The tree also locates problems found
//! after reading (an illegal move, an unknown variant...), so a file is
//! parsed once, whatever asks about it.
//!
//! The parse is bounded for hostile input: at most [`MAX_DEPTH`] levels of
//! nesting and [`MAX_NODES`] values, no aliases (so nothing expands), no
//! duplicate keys, one document. Every message names the line and column
//! and says what was expected in the file's terms (keys, lists, numbers),
//! never in Rust's.

use super::source::{Diagnostic, Kind, Source};
use crate::engine::{QUOTED_CHARS, quote};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Unexpected, Visitor};
use std::collections::HashMap;
use std::fmt;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// The deepest nesting of lists and mappings a file may use: far more than
/// any omweso format needs (a board is three levels deep).
pub(crate) const MAX_DEPTH: usize = 64;

/// The most values (scalars, lists, mappings) one file may hold: about
/// twenty times the largest real file, and a bound on the tree's memory.
pub(crate) const MAX_NODES: usize = 1_000_000;

/// Where something was written: 1-based line and column (columns count
/// characters), within the parsed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub line: usize,
    pub column: usize,
}

impl Mark {
    /// Where `text` ends: after its last character.
    fn end_of(text: &str) -> Mark {
        let mut at = Mark { line: 1, column: 1 };
        walk(text, &mut at, |_, _| false);
        at
    }
}

/// Go through `text` from `at` (line breaks as YAML counts them: `\r\n`,
/// `\r` or `\n`) until `stop(place, char)`; `at` is left at the place
/// stopped at, or at the end.
fn walk(text: &str, at: &mut Mark, mut stop: impl FnMut(Mark, char) -> bool) -> Option<char> {
    let b = text.as_bytes();
    for (i, c) in text.char_indices() {
        if stop(*at, c) {
            return Some(c);
        }
        if c == '\n' || (c == '\r' && b.get(i + 1) != Some(&b'\n')) {
            *at = Mark {
                line: at.line + 1,
                column: 1,
            };
        } else if c != '\r' {
            at.column += 1;
        }
    }
    None
}

/// Whether YAML refuses `c` unescaped: control characters but tab and
/// line breaks.
fn raw_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// The first character of `text` that YAML does not allow unescaped (a
/// control character but tab and line breaks), and where it is.
pub(crate) fn first_control(text: &str) -> Option<(Mark, char)> {
    if !text.contains(raw_control) {
        return None;
    }
    let mut at = Mark { line: 1, column: 1 };
    walk(text, &mut at, |_, c| raw_control(c)).map(|c| (at, c))
}

impl From<Marker> for Mark {
    fn from(m: Marker) -> Mark {
        Mark {
            line: m.line().max(1),
            column: m.col() + 1,
        }
    }
}

/// One value of a YAML document and where it was written.
#[derive(Clone, Debug)]
pub struct Node {
    pub mark: Mark,
    pub value: Value,
}

/// A YAML value: a scalar (kept as written, typed when read), a list or a
/// mapping (keys in the order written).
#[derive(Clone, Debug)]
pub enum Value {
    Scalar(Scalar),
    List(Vec<Node>),
    Map(Vec<Entry>),
}

/// A scalar as written: `plain` scalars may be numbers, booleans or null;
/// quoted and block scalars are always text.
#[derive(Clone, Debug)]
pub struct Scalar {
    pub text: String,
    pub plain: bool,
}

/// A mapping's entry: its key, where the key was written, and its value.
#[derive(Clone, Debug)]
pub struct Entry {
    pub key: String,
    pub key_mark: Mark,
    pub value: Node,
}

/// One step of a path into a YAML document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// A problem reading YAML: what was expected, and where if known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub mark: Option<Mark>,
    /// Where in the document, as `board[3][2]` or `rules.wins` (empty at
    /// the top).
    pub path: String,
    pub message: String,
    /// [`Kind::Yaml`] (a syntax error, or a format's own check), or a
    /// named kind of problem ([`Kind::UnknownKey`], [`Kind::DuplicateKey`],
    /// [`Kind::MissingKey`], [`Kind::WrongType`], [`Kind::UnknownValue`],
    /// [`Kind::UnsupportedYaml`], [`Kind::Limit`],
    /// [`Kind::ControlCharacter`]).
    pub kind: Kind,
}

impl Error {
    fn new(mark: Mark, message: impl Into<String>) -> Error {
        Error {
            mark: Some(mark),
            path: String::new(),
            message: message.into(),
            kind: Kind::Yaml,
        }
    }

    /// The same error, of kind `kind`.
    fn of_kind(mut self, kind: Kind) -> Error {
        self.kind = kind;
        self
    }

    /// The same error, one step deeper in the document than `seg`.
    fn within(mut self, seg: Seg) -> Error {
        let rest = match self.path.as_bytes().first() {
            None => String::new(),
            Some(b'[') => std::mem::take(&mut self.path),
            Some(_) => format!(".{}", self.path),
        };
        self.path = match seg {
            Seg::Key(k) => format!("{k}{rest}"),
            Seg::Index(i) => format!("[{i}]{rest}"),
        };
        self
    }

    /// The message with its path: `board[3]: expected a list of 8 items...`.
    pub(crate) fn text(&self) -> String {
        if self.path.is_empty() {
            self.message.clone()
        } else {
            format!("{}: {}", self.path, self.message)
        }
    }

    /// The same error, located at `mark` unless already located deeper.
    fn or_at(mut self, mark: Mark) -> Error {
        self.mark.get_or_insert(mark);
        self
    }

    /// The error as a diagnostic of `src` (of the error's kind).
    pub(crate) fn diagnostic(&self, src: &Source) -> Diagnostic {
        let m = self.mark.unwrap_or(Mark { line: 1, column: 1 });
        src.at(m.line, m.column, self.text()).with_kind(self.kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mark {
            Some(m) => write!(f, "{}:{}: {}", m.line, m.column, self.text()),
            None => f.write_str(&self.text()),
        }
    }
}

impl std::error::Error for Error {}

/// Parse `src` into its root node (an empty file is an empty scalar).
pub(crate) fn parse(src: &Source) -> Result<Node, Diagnostic> {
    parse_text(&src.text).map_err(|e| e.diagnostic(src))
}

/// A source's YAML, read here so that [`Source`] (below this module) does
/// not know the parser.
impl Source {
    /// The YAML tree of this text, parsed once (see [`parse`]).
    pub(crate) fn yaml(&self) -> Result<Node, Diagnostic> {
        parse(self)
    }

    /// `node` read as a `T`, errors located in this text.
    pub(crate) fn read_as<T: DeserializeOwned>(&self, node: &Node) -> Result<T, Diagnostic> {
        node.to().map_err(|e| e.diagnostic(self))
    }
}

/// A list or mapping being read, and for a mapping its pending key.
struct Open {
    node: Node,
    key: Option<(String, Mark)>,
    seen: HashMap<String, Mark>,
}

/// [`parse`] on a bare text (marks relative to the text).
pub(crate) fn parse_text(text: &str) -> Result<Node, Error> {
    // The scanner ends the text at a NUL, silently: refuse every control
    // character before it reads anything.
    if let Some((at, c)) = first_control(text) {
        return Err(Error::new(
            at,
            format!(
                "a control character (U+{:04X}) in the file: expected printable text (tabs and line breaks are fine)",
                c as u32
            ),
        )
        .of_kind(Kind::ControlCharacter));
    }
    let mut parser = Parser::new_from_str(text);
    // The scanner places what it finds at the very end of a text on the
    // line after its last: keep every place within the text.
    let chars = text.chars().count();
    let whole = text;
    let mut end = None;
    let mut place = |m: Marker| {
        if m.index() >= chars {
            *end.get_or_insert_with(|| Mark::end_of(text))
        } else {
            Mark::from(m)
        }
    };
    let mut stack: Vec<Open> = Vec::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    let mut nodes = 0usize;
    loop {
        let (event, marker) = parser.next_token().map_err(|e| {
            let (message, kind) = syntax_message(e.info());
            Error::new(place(*e.marker()), message).of_kind(kind)
        })?;
        let mark = place(marker);
        let opened = |value: Value| Open {
            node: Node { mark, value },
            key: None,
            seen: HashMap::new(),
        };
        let node = match event {
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                if documents > 1 {
                    return Err(Error::new(
                        mark,
                        "a second document (after a `---` or `...` line): expected one document per file",
                    )
                    .of_kind(Kind::UnsupportedYaml));
                }
                continue;
            }
            Event::Alias(_) => {
                return Err(Error::new(
                    mark,
                    "an alias (`*name`): omweso files do not use YAML anchors and aliases; write the value out in full",
                )
                .of_kind(Kind::UnsupportedYaml));
            }
            Event::Scalar(text, style, anchor, tag) => {
                refuse_anchor_and_tag((whole, marker.index()), mark, anchor, tag.as_ref())?;
                if let Some(c) = text.chars().find(|&c| not_text(c)) {
                    return Err(Error::new(
                        mark,
                        format!(
                            "a control character (U+{:04X}) in text: expected printable text (tabs and line breaks are fine)",
                            c as u32
                        ),
                    )
                    .of_kind(Kind::ControlCharacter));
                }
                let plain =
                    style == TScalarStyle::Plain && tag.as_ref().is_none_or(|t| t.suffix != "str");
                Node {
                    mark,
                    value: Value::Scalar(Scalar { text, plain }),
                }
            }
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                refuse_anchor_and_tag((whole, marker.index()), mark, anchor, tag.as_ref())?;
                if stack.len() >= MAX_DEPTH {
                    return Err(Error::new(mark, too_deep()).of_kind(Kind::Limit));
                }
                nodes += 1;
                if nodes > MAX_NODES {
                    return Err(too_many(mark));
                }
                stack.push(if matches!(event, Event::SequenceStart(..)) {
                    opened(Value::List(Vec::new()))
                } else {
                    opened(Value::Map(Vec::new()))
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(open) => open.node,
                None => continue,
            },
            Event::Nothing | Event::StreamStart | Event::DocumentEnd => continue,
        };
        nodes += 1;
        if nodes > MAX_NODES {
            return Err(too_many(mark));
        }
        let Some(open) = stack.last_mut() else {
            root = Some(node);
            continue;
        };
        // A block collection's start event is marked after its first key
        // or item: the collection begins where that was written.
        let first = match &open.node.value {
            Value::List(items) => items.is_empty(),
            Value::Map(entries) => entries.is_empty() && open.key.is_none(),
            Value::Scalar(_) => false,
        };
        if first
            && (node.mark.line, node.mark.column) < (open.node.mark.line, open.node.mark.column)
        {
            open.node.mark = node.mark;
        }
        match &mut open.node.value {
            Value::List(items) => items.push(node),
            Value::Map(entries) => match open.key.take() {
                None => {
                    let Value::Scalar(s) = node.value else {
                        return Err(Error::new(
                            node.mark,
                            "a list or mapping used as a key: expected a plain name before `:`",
                        ));
                    };
                    if let Some(first) = open.seen.get(&s.text) {
                        return Err(Error::new(
                            node.mark,
                            format!(
                                "duplicate key {}: it is already given on line {}",
                                quoted_name(&s.text),
                                first.line
                            ),
                        )
                        .of_kind(Kind::DuplicateKey));
                    }
                    open.seen.insert(s.text.clone(), node.mark);
                    open.key = Some((s.text, node.mark));
                }
                Some((key, key_mark)) => {
                    let mut value = node;
                    // `key:` with nothing after it: point at the key.
                    if matches!(&value.value, Value::Scalar(s) if s.plain && s.text.is_empty()) {
                        value.mark = key_mark;
                    }
                    entries.push(Entry {
                        key,
                        key_mark,
                        value,
                    })
                }
            },
            Value::Scalar(_) => {}
        }
    }
    Ok(root.unwrap_or(Node {
        mark: Mark { line: 1, column: 1 },
        value: Value::Scalar(Scalar {
            text: String::new(),
            plain: true,
        }),
    }))
}

/// The YAML scanner's words for a syntax error, in a file author's: every
/// message the scanner and parser of `yaml-rust2` can give is translated,
/// and anything new falls back to its words with the YAML jargon replaced.
fn syntax_message(info: &str) -> (String, Kind) {
    let unsupported = |words: &str| (words.to_string(), Kind::UnsupportedYaml);
    let says = |part: &str| info.contains(part);
    const ALIAS: &str = "an alias (`*name`): omweso files do not use YAML anchors and aliases; write the value out in full";
    const TAG: &str = "a YAML tag (`!...`): omweso files do not use tags; remove it, or put text that starts with `!` in quotes";
    const DIRECTIVE: &str = "a `%` directive line: omweso files do not use YAML directives; remove it, or put text that starts with `%` in quotes";
    const ESCAPE: &str = "an invalid escape (`\\`) in double-quoted text: write `\\\\` for a backslash, or use single quotes";
    const INDENT: &str =
        "invalid indentation: check the indentation of this line and of the lines above";
    let plain = if says("recursion limit exceeded") {
        return (too_deep(), Kind::Limit);
    } else if says("unknown anchor") {
        return unsupported(ALIAS);
    } else if says("duplicated anchor") {
        return unsupported(
            "an anchor (`&name`): omweso files do not use YAML anchors and aliases; write the value out in full",
        );
    } else if says("anchor or alias") {
        return unsupported(
            "`&` or `*` at the start of a value (a YAML anchor or alias, which omweso files do not use): put the text in quotes",
        );
    } else if says("mapping values are not allowed") || says("illegal placement of ':'") {
        "unexpected `:` — put text that contains `: ` in quotes, or check the indentation"
    } else if says("block mapping, did not find expected key") {
        "expected a `key: value` line at this indentation — check the indentation of the lines above"
    } else if says("did not find expected '-' indicator") {
        "expected a `- item` line at this indentation — check the indentation of the lines above"
    } else if says("flow sequence, expected ',' or ']'") {
        "expected `,` or `]` in a `[...]` list"
    } else if says("flow mapping, did not find expected ',' or '}'") {
        "expected `,` or `}` in a `{...}` mapping"
    } else if says("tab") && !says("tag") && !says("TAG") {
        "a tab where spaces are expected: indent, and separate `:` or `-` from what follows, with spaces"
    } else if says("quoted scalar, found unexpected end of stream") {
        "quoted text that is never closed: expected its closing quote"
    } else if says("quoted scalar, found unexpected document indicator") {
        "quoted text that runs into a `---` or `...` line: expected its closing quote before"
    } else if says("trailing content after double-quoted") {
        "unexpected text after the closing quote: put all of the text inside the quotes"
    } else if says("invalid indentation in quoted scalar") {
        "quoted text that goes on over several lines must be indented more than its key"
    } else if says("unknown escape character")
        || says("Unicode character escape code")
        || says("expected hexadecimal number")
    {
        ESCAPE
    } else if says("indentation indicator equal to 0") {
        "a `|` or `>` text block with indentation 0: expected a digit from 1 to 9 after `|` or `>`, or none"
    } else if says("block scalar, did not find expected comment or line break") {
        "unexpected text after `|` or `>`: the text block starts on the next line"
    } else if says("wrongly indented line in block scalar") {
        "a line of a `|` or `>` text block indented less than its first line"
    } else if says("directive") || says("incompatible YAML document") {
        return unsupported(DIRECTIVE);
    } else if says("tag") || says("TAG") || says("handle wasn't declared") {
        return unsupported(TAG);
    } else if let Some(c) = info
        .strip_prefix("unexpected character: `")
        .and_then(|r| r.chars().next())
    {
        return (
            format!("unexpected '{c}' at the start of a value: put the text in quotes"),
            Kind::Yaml,
        );
    } else if says("did not find expected node content") {
        "expected a value here"
    } else if says("simple key") || says("could not find expected ':'") {
        "expected `:` after a key, on the same line (a key is at most 1024 characters)"
    } else if says("mapping keys are not allowed") {
        "unexpected `?`: put text that starts with `?` in quotes"
    } else if says("block sequence entries are not allowed") || says("is only valid inside a block")
    {
        "unexpected `- `: a list item cannot start here — check the indentation, or put text that starts with `-` in quotes"
    } else if says("cannot start with '-' followed by") {
        "text cannot start with `-` followed by `,`, `[`, `]`, `{` or `}`: put it in quotes"
    } else if says("comments must be separated") {
        "`#` starts a comment only after a space: put text that contains `#` in quotes"
    } else if says("':' must be followed by") {
        "expected a space after `:`"
    } else if says("'-' must be followed by") {
        "expected a space after `-`"
    } else if says("invalid indentation") {
        INDENT
    } else if says("content after document end marker") {
        "unexpected text after a `...` line (the end of the document): expected nothing more"
    } else if says("document start") || says("document-start") || says("next token") {
        "unexpected text after the end of the value above: check the indentation of this line"
    } else if says("expected whitespace") {
        "expected a space here"
    } else if says("unexpected eof") || says("stream-start") {
        "the file ends too soon: expected more"
    } else {
        let info = info.strip_prefix("while parsing ").unwrap_or(info);
        let mut words = format!("invalid YAML: {info}");
        for (jargon, plain) in [
            ("scanning ", "reading "),
            ("block scalar", "text block"),
            ("scalar", "text"),
            ("sequence", "list"),
            ("node", "value"),
            ("token", "symbol"),
            ("stream", "file"),
            ("eof", "end of the file"),
        ] {
            words = words.replace(jargon, plain);
        }
        return (words, Kind::Yaml);
    };
    (plain.to_string(), Kind::Yaml)
}

/// Whether a character may not be in a value: control characters (but
/// tabs and line breaks) and the two non-characters XML refuses, which no
/// diagram, page or terminal can show (a double-quoted `"\\e"` or `"\\0"`
/// writes one).
fn not_text(c: char) -> bool {
    (c.is_control() && c != '\t' && c != '\n') || c == '\u{fffe}' || c == '\u{ffff}'
}

fn too_deep() -> String {
    format!("nested too deeply: at most {MAX_DEPTH} levels of lists and mappings expected")
}

fn too_many(mark: Mark) -> Error {
    Error::new(
        mark,
        format!(
            "too many values: at most {MAX_NODES} expected in one file; split it into several files"
        ),
    )
    .of_kind(Kind::Limit)
}

/// Where the anchor (`&name`, `sigil` `&`) or tag (`!name`, `sigil` `!`)
/// of the value at character `index` of `text` is written: the parser
/// places the value, not what introduces it. The properties stand before
/// the value, separated by spaces or line breaks (an anchor and a tag in
/// either order); `None` when no such word is found there.
fn property_mark(text: &str, index: usize, sigil: char) -> Option<Mark> {
    let chars: Vec<char> = text.chars().take(index).collect();
    let mut end = chars.len();
    // at most two properties: an anchor and a tag
    for _ in 0..2 {
        while end > 0 && chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let start = chars[..end]
            .iter()
            .rposition(|c| c.is_whitespace())
            .map_or(0, |i| i + 1);
        match chars.get(start) {
            Some(&c) if c == sigil => {
                let mut at = Mark { line: 1, column: 1 };
                let byte = text
                    .char_indices()
                    .nth(start)
                    .map_or(text.len(), |(b, _)| b);
                walk(&text[..byte], &mut at, |_, _| false);
                return Some(at);
            }
            Some('&' | '!') => end = start,
            _ => return None,
        }
    }
    None
}

fn refuse_anchor_and_tag(
    at: (&str, usize),
    mark: Mark,
    anchor: usize,
    tag: Option<&yaml_rust2::parser::Tag>,
) -> Result<(), Error> {
    let (text, index) = at;
    if anchor != 0 {
        return Err(Error::new(
            property_mark(text, index, '&').unwrap_or(mark),
            "an anchor (`&name`): omweso files do not use YAML anchors and aliases; write the value out in full",
        )
        .of_kind(Kind::UnsupportedYaml));
    }
    if let Some(t) = tag
        && !(t.handle == "tag:yaml.org,2002:"
            && ["str", "int", "float", "bool", "null", "seq", "map"].contains(&t.suffix.as_str()))
    {
        return Err(Error::new(
            property_mark(text, index, '!').unwrap_or(mark),
            format!(
                "a YAML tag (`!{}`): omweso files do not use tags; remove it",
                t.suffix
            ),
        )
        .of_kind(Kind::UnsupportedYaml));
    }
    Ok(())
}

impl Node {
    /// The node at `path` below this one.
    pub(crate) fn get(&self, path: &[Seg]) -> Option<&Node> {
        let mut node = self;
        for seg in path {
            node = match (&node.value, seg) {
                (Value::List(items), Seg::Index(i)) => items.get(*i)?,
                (Value::Map(entries), Seg::Key(k)) => &entries.iter().find(|e| e.key == *k)?.value,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The entry `key` of this mapping.
    pub(crate) fn entry(&self, key: &str) -> Option<&Entry> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|e| e.key == key),
            _ => None,
        }
    }

    /// The items of a list (none for anything else).
    pub(crate) fn items(&self) -> &[Node] {
        match &self.value {
            Value::List(items) => items,
            _ => &[],
        }
    }

    pub(crate) fn is_map(&self) -> bool {
        matches!(self.value, Value::Map(_))
    }

    pub(crate) fn is_list(&self) -> bool {
        matches!(self.value, Value::List(_))
    }

    /// Whether this is an empty value (`key:` with nothing, `~`, `null`).
    pub(crate) fn is_null(&self) -> bool {
        matches!(&self.value, Value::Scalar(s) if s.plain && is_null(&s.text))
    }

    /// 1-based (line, column) of the node at `path`, if it exists: a scalar
    /// value's own position, or for a list or mapping under a key, the key's.
    pub(crate) fn find(&self, path: &[Seg]) -> Option<(usize, usize)> {
        let node = self.get(path)?;
        if !matches!(node.value, Value::Scalar(_))
            && let Some((Seg::Key(k), parent)) = path.split_last()
            && let Some(entry) = self.get(parent).and_then(|p| p.entry(k))
        {
            return Some((entry.key_mark.line, entry.key_mark.column));
        }
        Some((node.mark.line, node.mark.column))
    }

    /// 1-based (line, column) of the node at `path`, or of its nearest
    /// existing ancestor.
    pub(crate) fn locate(&self, path: &[Seg]) -> (usize, usize) {
        for n in (0..=path.len()).rev() {
            if let Some(node) = self.get(&path[..n]) {
                return (node.mark.line, node.mark.column);
            }
        }
        (self.mark.line, self.mark.column)
    }

    /// 1-based (line, column) of the key `key` in the mapping at `path`.
    pub(crate) fn locate_key(&self, path: &[Seg], key: &str) -> (usize, usize) {
        match self.get(path).and_then(|n| n.entry(key)) {
            Some(e) => (e.key_mark.line, e.key_mark.column),
            None => self.locate(path),
        }
    }

    /// Read this node as a `T` (errors located at the node that is wrong).
    pub(crate) fn to<T: DeserializeOwned>(&self) -> Result<T, Error> {
        T::deserialize(self)
    }

    /// The same mapping without the entries whose key is in `keys` (a
    /// puzzle's own keys, say, leaving its position).
    pub(crate) fn without(&self, keys: &[&str]) -> Node {
        match &self.value {
            Value::Map(entries) => Node {
                mark: self.mark,
                value: Value::Map(
                    entries
                        .iter()
                        .filter(|e| !keys.contains(&e.key.as_str()))
                        .cloned()
                        .collect(),
                ),
            },
            _ => self.clone(),
        }
    }

    /// What this node is, in a message: "text \"x\"", "the number 3", "a list"...
    fn describe(&self) -> String {
        match &self.value {
            Value::List(_) => "a list".into(),
            Value::Map(_) => "a mapping".into(),
            Value::Scalar(s) if !s.plain => format!("text {}", quote(&s.text)),
            Value::Scalar(s) => match plain(&s.text) {
                Plain::Null => "an empty value".into(),
                Plain::Bool(b) => format!("`{b}`"),
                Plain::Int(_) | Plain::BigInt | Plain::Float(_) => format!("the number {}", s.text),
                Plain::Str => format!("text {}", quote(&s.text)),
            },
        }
    }

    fn error(&self, expected: &str) -> Error {
        Error::new(
            self.mark,
            format!("expected {expected}, found {}", self.describe()),
        )
        .of_kind(Kind::WrongType)
    }

    fn scalar(&self) -> Option<&Scalar> {
        match &self.value {
            Value::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// The plain scalar's type (quoted scalars and collections: `Str`).
    fn typed(&self) -> Plain {
        match self.scalar() {
            Some(s) if s.plain => plain(&s.text),
            _ => Plain::Str,
        }
    }

    fn integer(&self, expected: &str) -> Result<i128, Error> {
        match self.typed() {
            Plain::Int(i) => Ok(i),
            Plain::BigInt => Err(Error::new(
                self.mark,
                format!("number too large: expected {expected}"),
            )
            .of_kind(Kind::WrongType)),
            _ => Err(self.error(expected)),
        }
    }
}

/// What a plain scalar means (YAML 1.2's core schema).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Plain {
    Null,
    Bool(bool),
    Int(i128),
    /// Written as a whole number, but beyond 128 bits.
    BigInt,
    Float(f64),
    Str,
}

fn is_null(s: &str) -> bool {
    matches!(s, "" | "~" | "null" | "Null" | "NULL")
}

fn plain(s: &str) -> Plain {
    if is_null(s) {
        return Plain::Null;
    }
    match s {
        "true" | "True" | "TRUE" => return Plain::Bool(true),
        "false" | "False" | "FALSE" => return Plain::Bool(false),
        _ => {}
    }
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let radix = |prefix: &str, radix: u32| {
        digits
            .strip_prefix(prefix)
            .filter(|d| !d.is_empty() && d.chars().all(|c| c.is_digit(radix)))
            .map(|d| (d, radix))
    };
    if let Some((d, r)) = radix("0x", 16).or_else(|| radix("0o", 8)).or_else(|| {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some((digits, 10))
    }) {
        return match i128::from_str_radix(d, r) {
            Ok(v) => Plain::Int(if negative { -v } else { v }),
            Err(_) => Plain::BigInt,
        };
    }
    match digits {
        ".inf" | ".Inf" | ".INF" => {
            return Plain::Float(if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        ".nan" | ".NaN" | ".NAN" if digits.len() == s.len() => return Plain::Float(f64::NAN),
        _ => {}
    }
    let is_float = {
        let (mantissa, exponent) = match digits.find(['e', 'E']) {
            Some(i) => (&digits[..i], Some(&digits[i + 1..])),
            None => (digits, None),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        (!int.is_empty() || !frac.is_empty())
            && all(int)
            && all(frac)
            && (mantissa.contains('.') || exponent.is_some())
            && exponent.is_none_or(|e| {
                let e = e.strip_prefix(['-', '+']).unwrap_or(e);
                !e.is_empty() && all(e)
            })
    };
    match s.parse::<f64>() {
        Ok(v) if is_float => Plain::Float(v),
        _ => Plain::Str,
    }
}

/// The words a serde visitor's `expecting` uses, in a file's terms.
fn plain_words(expected: &str) -> String {
    let e = expected;
    if e.starts_with("struct ") || e == "a map" || e.starts_with("map") {
        return "a mapping (`key: value` lines)".into();
    }
    if let Some(n) = e
        .strip_prefix("an array of length ")
        .or_else(|| e.strip_prefix("a tuple of size "))
    {
        return format!("a list of {n} items");
    }
    if e.starts_with("tuple struct ") {
        return "a list".into();
    }
    match e {
        "a sequence" => "a list".into(),
        "a string" | "a borrowed string" | "a character" | "a char" => "text".into(),
        "a boolean" => "true or false".into(),
        "unit" => "nothing".into(),
        "option" => "a value".into(),
        "variant identifier" | "field identifier" => "a name".into(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".into(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number, 0 or more".into(),
        "f32" | "f64" => "a number".into(),
        _ if e.starts_with("enum ") => "one of the allowed names".into(),
        _ => e.to_string(),
    }
}

fn unexpected(u: Unexpected) -> String {
    match u {
        Unexpected::Bool(b) => format!("`{b}`"),
        Unexpected::Unsigned(n) => format!("the number {n}"),
        Unexpected::Signed(n) => format!("the number {n}"),
        Unexpected::Float(n) => format!("the number {n}"),
        Unexpected::Char(c) => format!("text {:?}", c.to_string()),
        Unexpected::Str(s) => format!("text {s_q}", s_q = quote(s)),
        Unexpected::Bytes(_) => "bytes".into(),
        Unexpected::Unit => "an empty value".into(),
        Unexpected::Option => "a value".into(),
        Unexpected::NewtypeStruct | Unexpected::NewtypeVariant => "a value".into(),
        Unexpected::Seq | Unexpected::TupleVariant => "a list".into(),
        Unexpected::Map | Unexpected::StructVariant => "a mapping".into(),
        Unexpected::UnitVariant => "a name".into(),
        Unexpected::Enum => "a choice".into(),
        // serde's words for 128-bit numbers: "integer `N` as i128"
        Unexpected::Other(s) => match s.strip_prefix("integer `").and_then(|r| r.split_once('`')) {
            Some((n, _)) => format!("the number {n}"),
            None => s.to_string(),
        },
    }
}

/// A name from the author's file, quoted for a message: in backticks, or,
/// when it holds a backtick itself (which would end the quote early), in
/// double quotes with `"` and `\` escaped.
/// A name holding an invisible byte-order mark (U+FEFF, which some editors
/// write at the start of a file, or twice) says so. A long name is cut
/// short as every quote of a user's text is ([`quote`]).
pub(crate) fn quoted_name(name: &str) -> String {
    let quoted = if name.contains('`') || name.chars().nth(QUOTED_CHARS).is_some() {
        quote(name).to_string()
    } else {
        format!("`{name}`")
    };
    if name.contains('\u{feff}') {
        format!("{quoted} (it holds an invisible byte-order mark, U+FEFF: delete it)")
    } else {
        quoted
    }
}

fn backticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error {
            mark: None,
            path: String::new(),
            message: msg.to_string(),
            kind: Kind::Yaml,
        }
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn de::Expected) -> Error {
        Error::custom(format!(
            "expected {}, found {}",
            plain_words(&exp.to_string()),
            unexpected(unexp)
        ))
        .of_kind(Kind::WrongType)
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn de::Expected) -> Error {
        Error::custom(format!(
            "invalid value {}: expected {}",
            unexpected(unexp),
            plain_words(&exp.to_string())
        ))
        .of_kind(Kind::UnknownValue)
    }

    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Error {
        Error::custom(format!(
            "expected {}, found {len} item{}",
            plain_words(&exp.to_string()),
            if len == 1 { "" } else { "s" }
        ))
        .of_kind(Kind::WrongType)
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        Error::custom(format!(
            "unknown value {}: expected one of {}",
            quoted_name(variant),
            backticked(expected)
        ))
        .of_kind(Kind::UnknownValue)
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        let e = if expected.is_empty() {
            Error::custom(format!(
                "unknown key {}: no keys are expected here",
                quoted_name(field)
            ))
        } else {
            Error::custom(format!(
                "unknown key {}: expected one of {}",
                quoted_name(field),
                backticked(expected)
            ))
        };
        e.of_kind(Kind::UnknownKey)
    }

    fn missing_field(field: &'static str) -> Error {
        Error::custom(format!("missing key `{field}`")).of_kind(Kind::MissingKey)
    }

    fn duplicate_field(field: &'static str) -> Error {
        Error::custom(format!("duplicate key `{field}`")).of_kind(Kind::DuplicateKey)
    }
}

/// A number beyond 64 bits where `visitor` expects a value.
fn too_large<'de, V: Visitor<'de>>(mark: Mark, visitor: &V) -> Error {
    let expected = plain_words(&(visitor as &dyn de::Expected).to_string());
    Error::new(mark, format!("number too large: expected {expected}")).of_kind(Kind::WrongType)
}

macro_rules! integer {
    ($($method:ident $ty:ty, $visit:ident $as:ty;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let (min, max) = (<$ty>::MIN as i128, <$ty>::MAX as i128);
            let expected = if min == 0 {
                format!("a whole number from 0 to {max}")
            } else {
                "a whole number".to_string()
            };
            let v = self.integer(&expected)?;
            if v < min || v > max {
                return Err(Error::new(
                    self.mark,
                    format!("number out of range: expected {expected}, found {v}"),
                )
                .of_kind(Kind::WrongType));
            }
            visitor.$visit(v as $as).map_err(|e: Error| e.or_at(self.mark))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &Node {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match &self.value {
            Value::List(items) => visitor.visit_seq(Items::new(items)),
            Value::Map(entries) => visitor.visit_map(Entries::new(entries)),
            Value::Scalar(s) if !s.plain => visitor.visit_str(&s.text),
            Value::Scalar(s) => match plain(&s.text) {
                Plain::Null => visitor.visit_unit(),
                Plain::Bool(b) => visitor.visit_bool(b),
                Plain::Int(i) => match (u64::try_from(i), i64::try_from(i)) {
                    (Ok(u), _) => visitor.visit_u64(u),
                    (_, Ok(i)) => visitor.visit_i64(i),
                    _ => Err(too_large(self.mark, &visitor)),
                },
                Plain::BigInt => Err(too_large(self.mark, &visitor)),
                Plain::Float(f) => visitor.visit_f64(f),
                Plain::Str => visitor.visit_str(&s.text),
            },
        };
        r.map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.typed() {
            Plain::Bool(b) => visitor.visit_bool(b).map_err(|e: Error| e.or_at(self.mark)),
            _ => Err(self.error("true or false")),
        }
    }

    integer! {
        deserialize_i8 i8, visit_i64 i64;
        deserialize_i16 i16, visit_i64 i64;
        deserialize_i32 i32, visit_i64 i64;
        deserialize_i64 i64, visit_i64 i64;
        deserialize_u8 u8, visit_u64 u64;
        deserialize_u16 u16, visit_u64 u64;
        deserialize_u32 u32, visit_u64 u64;
        deserialize_u64 u64, visit_u64 u64;
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = match self.typed() {
            Plain::Int(i) => i as f64,
            Plain::Float(f) => f,
            _ => return Err(self.error("a number")),
        };
        visitor.visit_f64(v).map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::Scalar(s) if !(s.plain && is_null(&s.text)) => visitor
                .visit_str(&s.text)
                .map_err(|e: Error| e.or_at(self.mark)),
            _ => Err(self.error("text")),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.error("text"))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.error("text"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
        .map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.is_null() {
            visitor.visit_unit().map_err(|e: Error| e.or_at(self.mark))
        } else {
            Err(self.error("nothing"))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor
            .visit_newtype_struct(self)
            .map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::List(items) => visitor.visit_seq(Items::new(items)),
            _ if self.is_null() => visitor.visit_seq(Items::new(&[])),
            _ => return Err(self.error("a list")),
        }
        .map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::List(items) if items.len() == len => visitor
                .visit_seq(Items::new(items))
                .map_err(|e: Error| e.or_at(self.mark)),
            Value::List(items) => Err(Error::new(
                self.mark,
                format!("expected a list of {len} items, found {}", items.len()),
            )
            .of_kind(Kind::WrongType)),
            _ => Err(self.error(&format!("a list of {len} items"))),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::Map(entries) => visitor.visit_map(Entries::new(entries)),
            _ if self.is_null() => visitor.visit_map(Entries::new(&[])),
            _ => return Err(self.error("a mapping (`key: value` lines)")),
        }
        .map_err(|e: Error| e.or_at(self.mark))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match &self.value {
            Value::Map(_) => self.deserialize_map(visitor),
            _ if self.is_null() => self.deserialize_map(visitor),
            _ => Err(self.error(&format!(
                "a mapping with keys such as {}",
                backticked(&fields[..fields.len().min(3)])
            ))),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match &self.value {
            Value::Scalar(s) if !(s.plain && is_null(&s.text)) => visitor
                .visit_enum(s.text.as_str().into_deserializer())
                .map_err(|e: Error| e.or_at(self.mark)),
            Value::Map(entries) if entries.len() == 1 => visitor
                .visit_enum(Variant(&entries[0]))
                .map_err(|e: Error| e.or_at(entries[0].key_mark)),
            _ => Err(self.error(&format!("one of {}", backticked(variants)))),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// A list's items, read one by one.
struct Items<'a> {
    items: std::slice::Iter<'a, Node>,
    next: usize,
}

impl<'a> Items<'a> {
    fn new(items: &'a [Node]) -> Items<'a> {
        Items {
            items: items.iter(),
            next: 0,
        }
    }
}

impl<'de> de::SeqAccess<'de> for Items<'_> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some(node) => {
                let i = self.next;
                self.next += 1;
                seed.deserialize(node)
                    .map(Some)
                    .map_err(|e: Error| e.or_at(node.mark).within(Seg::Index(i)))
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A mapping's entries, read one by one.
struct Entries<'a> {
    entries: std::slice::Iter<'a, Entry>,
    value: Option<&'a Entry>,
}

impl<'a> Entries<'a> {
    fn new(entries: &'a [Entry]) -> Entries<'a> {
        Entries {
            entries: entries.iter(),
            value: None,
        }
    }
}

impl<'de> de::MapAccess<'de> for Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some(entry);
        seed.deserialize(Key(entry))
            .map(Some)
            .map_err(|e: Error| e.or_at(entry.key_mark))
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let entry = self
            .value
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("a value without its key"))?;
        seed.deserialize(&entry.value)
            .map_err(|e: Error| e.or_at(entry.value.mark).within(Seg::Key(&entry.key)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A mapping's key: always text, whatever it looks like.
struct Key<'a>(&'a Entry);

impl<'de> de::Deserializer<'de> for Key<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor
            .visit_str(&self.0.key)
            .map_err(|e: Error| e.or_at(self.0.key_mark))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// A one-entry mapping read as an enum's variant with data.
struct Variant<'a>(&'a Entry);

impl<'de> de::EnumAccess<'de> for Variant<'_> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self), Error> {
        seed.deserialize(Key(self.0)).map(|v| (v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(&self.0.value)
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(&self.0.value)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(&self.0.value, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(&self.0.value, "", fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn parse_example() {
        let src = Source::new("p.yaml", "to_move: south\nboard: [[1, 2]]\n");
        let root = parse(&src).unwrap();
        use Seg::{Index, Key};
        assert_eq!(root.find(&[Key("board")]), Some((2, 1)));
        assert_eq!(root.locate(&[Key("board"), Index(0), Index(1)]), (2, 13));
        let dup = Source::new("p.yaml", "a: 1\na: 2\n");
        let e = parse(&dup).unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert_eq!(
            e.message,
            "duplicate key `a`: it is already given on line 1"
        );
    }

    fn err(text: &str) -> Error {
        parse_text(text).unwrap_err()
    }

    #[test]
    fn nodes_are_located() {
        let root = parse_text("a: 1\nb:\n  - x\n  - {c: 3, d: [1, 2]}\n").unwrap();
        assert_eq!(root.locate(&[Seg::Key("a")]), (1, 4));
        assert_eq!(root.locate(&[Seg::Key("b"), Seg::Index(0)]), (3, 5));
        assert_eq!(
            root.locate(&[Seg::Key("b"), Seg::Index(1), Seg::Key("d"), Seg::Index(1)]),
            (4, 19)
        );
        assert_eq!(
            root.locate_key(&[Seg::Key("b"), Seg::Index(1)], "d"),
            (4, 12)
        );
        assert_eq!(root.find(&[Seg::Key("b")]), Some((2, 1)));
        // a missing leaf falls back to its parent
        assert_eq!(
            root.locate(&[Seg::Key("b"), Seg::Index(7)]),
            root.locate(&[Seg::Key("b")])
        );
        assert!(parse_text("").unwrap().is_null());
    }

    #[test]
    fn hostile_structure_is_refused_early_and_located() {
        let deep = "a: ".to_string() + &"[".repeat(100_000) + &"]".repeat(100_000);
        let started = std::time::Instant::now();
        let e = err(&deep);
        assert_eq!(e.kind, Kind::Limit, "{e}");
        assert_eq!(e.mark.map(|m| m.line), Some(1));
        let deep_map = "{a: ".repeat(100_000);
        assert_eq!(err(&deep_map).kind, Kind::Limit);
        // block nesting, one level per line
        let block: String = (0..200).map(|i| format!("{}a:\n", " ".repeat(i))).collect();
        let e = err(&block);
        assert_eq!(e.kind, Kind::Limit, "{e}");
        assert_eq!(e.mark.map(|m| m.line), Some(MAX_DEPTH + 1));
        assert!(started.elapsed().as_secs() < 5);
        let alias = "a: &x [1, 2]\nb: *x\n";
        let e = err(alias);
        assert_eq!(e.kind, Kind::UnsupportedYaml, "{e}");
        // at the `&`, not at the value it names
        assert_eq!(e.mark, Some(Mark { line: 1, column: 4 }));
        let e = err("a:\n  - !!str &x\n\n    b\n");
        assert_eq!(e.kind, Kind::UnsupportedYaml, "{e}");
        assert_eq!(
            e.mark,
            Some(Mark {
                line: 2,
                column: 11
            })
        );
        let e = err("a: &x !foo {b: 1}\n");
        assert_eq!(e.kind, Kind::UnsupportedYaml, "{e}");
        assert_eq!(e.mark, Some(Mark { line: 1, column: 4 }));
        let e = err("a: !foo 1\n");
        assert_eq!(e.mark, Some(Mark { line: 1, column: 4 }));
        let e = err("a: *x\n");
        assert_eq!(e.kind, Kind::UnsupportedYaml, "{e}");
        let e = err("a: 1\n---\nb: 2\n");
        assert_eq!(e.kind, Kind::UnsupportedYaml, "{e}");
        assert_eq!(e.mark.map(|m| m.line), Some(2));
        assert_eq!(err("a: !foo 1\n").kind, Kind::UnsupportedYaml);
        assert!(
            err("[1, 2]: x\n")
                .message
                .starts_with("a list or mapping used as a key")
        );
        let many = format!("[{}]", "0,".repeat(MAX_NODES));
        assert_eq!(err(&many).kind, Kind::Limit);
    }

    #[test]
    fn duplicate_keys_are_located_at_the_second() {
        let e = err("a: 1\nb:\n  c: 1\n  c: 2\n");
        assert_eq!(e.mark, Some(Mark { line: 4, column: 3 }));
        assert_eq!(
            e.message,
            "duplicate key `c`: it is already given on line 3"
        );
        assert_eq!(e.kind, Kind::DuplicateKey);
        // the same key in two mappings is fine
        parse_text("- {a: 1}\n- {a: 2}\n").unwrap();
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = err("a: [1, 2\nb: 3\n");
        assert_eq!(e.mark, Some(Mark { line: 2, column: 2 }));
        assert!(e.message.starts_with("unexpected `:`"), "{e}");
        // what the scanner finds at the end is placed at the end, not on
        // a line after the last
        let e = err("a: [1, 2");
        assert_eq!(e.mark, Some(Mark { line: 1, column: 9 }), "{e}");
        assert_eq!(e.message, "expected `,` or `]` in a `[...]` list");
        let e = err("a: 1\r\nb: [");
        assert_eq!(e.mark, Some(Mark { line: 2, column: 5 }), "{e}");
    }

    /// Every syntax error the scanner gives is said in a file author's
    /// words, none in the scanner's.
    #[test]
    fn syntax_errors_speak_the_authors_language() {
        let cases = [
            ("a: \"x", "quoted text that is never closed"),
            ("a: \"\\q\"", "an invalid escape"),
            ("a: \"\\uZZZZ\"", "an invalid escape"),
            ("a: |0\n  x\n", "a `|` or `>` text block with indentation 0"),
            ("a: |x\n  x\n", "unexpected text after `|` or `>`"),
            ("a:\tb\n", "expected a space after `:`"),
            ("a:\n\tb: 1\n", "a tab where spaces are expected"),
            ("%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "a `%` directive line"),
            ("a: !<x\n", "a YAML tag"),
            ("a: !x!y z\n", "a YAML tag"),
            ("@a: 1\n", "unexpected '@' at the start of a value"),
            ("a: & x\n", "`&` or `*` at the start of a value"),
            ("a: [- x]\n", "unexpected `- `"),
            ("a: 'x'#c\n", "`#` starts a comment only after a space"),
            ("a: \"x\" y\n", "unexpected text after the closing quote"),
            ("a: 1\n...\nb\n", "a second document"),
            ("- a\nb: 1\n", "expected a `- item` line"),
            ("a:\n  b: 1\n c: 2\n", "expected a `key: value` line"),
            ("a: [1: 2: 3]\n", "expected `,`"),
            ("a: {b\n", "expected `,` or `}`"),
        ];
        let mut wrong = Vec::new();
        for (text, start) in cases {
            match parse_text(text) {
                Ok(_) => wrong.push(format!("{text:?}: parsed")),
                Err(e) => {
                    let jargon = [
                        "scalar", "sequence", "token", "stream", "node", "eof", "YAML:",
                    ];
                    if !e.message.starts_with(start) || jargon.iter().any(|j| e.message.contains(j))
                    {
                        wrong.push(format!("{text:?}: {e}"));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn control_characters_are_refused_where_they_are() {
        // raw: the scanner would stop at a NUL and drop the rest unread
        let e = err("a: 1\nb: x\0y\nc: 3\n");
        assert_eq!(e.mark, Some(Mark { line: 2, column: 5 }), "{e}");
        assert!(
            e.message
                .starts_with("a control character (U+0000) in the file")
        );
        // escaped in a quoted value (a key too)
        for text in ["a: \"\\e[2J\"\n", "\"\\x07\": 1\n", "a: \"\\uFFFF\"\n"] {
            let e = err(text);
            assert_eq!(e.kind, Kind::ControlCharacter, "{text:?}: {e}");
            assert_eq!(e.mark.map(|m| m.line), Some(1));
        }
        // tabs and line breaks are text
        parse_text("a: \"x\\ty\\nz\"\nb: |\n  one\n  two\n").unwrap();
    }

    #[test]
    fn plain_scalars_follow_the_core_schema() {
        assert_eq!(plain("~"), Plain::Null);
        assert_eq!(plain("True"), Plain::Bool(true));
        assert_eq!(plain("-12"), Plain::Int(-12));
        assert_eq!(plain("0x1f"), Plain::Int(31));
        assert_eq!(plain("0o17"), Plain::Int(15));
        assert_eq!(plain("1.5"), Plain::Float(1.5));
        assert_eq!(plain("1e3"), Plain::Float(1000.0));
        assert_eq!(plain(".inf"), Plain::Float(f64::INFINITY));
        assert_eq!(plain("9".repeat(50).as_str()), Plain::BigInt);
        for s in [
            "yes", "1.2.3", "e3", "12a", "+", "-", ".", "0x", "1e", "inf", "nan",
        ] {
            assert_eq!(plain(s), Plain::Str, "{s}");
        }
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        name: String,
        #[serde(default)]
        count: Option<u8>,
        #[serde(default)]
        rows: Vec<[u16; 2]>,
        #[serde(default)]
        kind: Option<Kind2>,
        #[serde(default)]
        ok: bool,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "kebab-case")]
    enum Kind2 {
        OneKind,
        Other,
    }

    fn read(text: &str) -> Result<Sample, Error> {
        parse_text(text)?.to()
    }

    #[test]
    fn typed_reading() {
        let s = read("name: 1935\ncount: 7\nrows: [[1, 2], [3, 4]]\nkind: one-kind\nok: true\n")
            .unwrap();
        assert_eq!(
            s,
            Sample {
                name: "1935".into(),
                count: Some(7),
                rows: vec![[1, 2], [3, 4]],
                kind: Some(Kind2::OneKind),
                ok: true,
            }
        );
        assert_eq!(read("name: x\ncount:\n").unwrap().count, None);
    }

    #[test]
    fn errors_speak_the_files_language_at_the_right_place() {
        let cases = [
            (
                "name: x\ncount: 300\n",
                (2, 8),
                "number out of range: expected a whole number from 0 to 255, found 300",
                Kind::WrongType,
            ),
            (
                "name: x\ncount: lots\n",
                (2, 8),
                "expected a whole number from 0 to 255, found text \"lots\"",
                Kind::WrongType,
            ),
            (
                "name: x\ncount: \"7\"\n",
                (2, 8),
                "expected a whole number from 0 to 255, found text \"7\"",
                Kind::WrongType,
            ),
            (
                "name: x\nrows: [[1, 2, 3]]\n",
                (2, 8),
                "expected a list of 2 items, found 3",
                Kind::WrongType,
            ),
            (
                "name: x\nrows: {a: 1}\n",
                (2, 7),
                "expected a list, found a mapping",
                Kind::WrongType,
            ),
            (
                "name: x\nkind: third\n",
                (2, 7),
                "unknown value `third`: expected one of `one-kind`, `other`",
                Kind::UnknownValue,
            ),
            (
                "name: x\ncolour: red\n",
                (2, 1),
                "unknown key `colour`: expected one of `name`, `count`, `rows`, `kind`, `ok`",
                Kind::UnknownKey,
            ),
            (
                // A backtick in the name would end a backtick quote early.
                "name: x\nco`l`our: red\n",
                (2, 1),
                "unknown key \"co`l`our\": expected one of `name`, `count`, `rows`, `kind`, `ok`",
                Kind::UnknownKey,
            ),
            (
                "name: x\nkind: th`ird\n",
                (2, 7),
                "unknown value \"th`ird\": expected one of `one-kind`, `other`",
                Kind::UnknownValue,
            ),
            ("count: 1\n", (1, 1), "missing key `name`", Kind::MissingKey),
            (
                "name: x\nok: yes\n",
                (2, 5),
                "expected true or false, found text \"yes\"",
                Kind::WrongType,
            ),
            (
                "name: [a]\n",
                (1, 7),
                "expected text, found a list",
                Kind::WrongType,
            ),
            (
                "name:\n",
                (1, 1),
                "expected text, found an empty value",
                Kind::WrongType,
            ),
            (
                "- name: x\n",
                (1, 1),
                "expected a mapping with keys such as `name`, `count`, `rows`, found a list",
                Kind::WrongType,
            ),
            (
                "name: x\ncount: 99999999999999999999999999999999999999999\n",
                (2, 8),
                "number too large: expected a whole number from 0 to 255",
                Kind::WrongType,
            ),
        ];
        for (text, (line, column), message, kind) in cases {
            let e = read(text).unwrap_err();
            assert_eq!(e.message, message, "{text:?}");
            assert_eq!(e.kind, kind, "{text:?}: {e}");
            assert_eq!(e.mark, Some(Mark { line, column }), "{text:?}: {e}");
        }
    }
}
