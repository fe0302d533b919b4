//! What every parse of hostile input must keep, whatever the input: shared
//! by the regression test (`tests/it/hostile.rs`) and the fuzz targets
//! (`fuzz/`, which include this file), so both check the same things.
//!
//! A diagnostic about the text parsed must
//! - say something (a non-empty message),
//! - be located inside that text (line ≥ 1 and within its lines, column ≥ 1),
//! - speak the file's language: none of [`INTERNAL_WORDS`] (Rust, serde or
//!   the YAML scanner), and no Rust type names such as `NoMove`,
//! - be safe to print: no control characters (an escape sequence in a key
//!   must not reach a terminal) and no bidirectional overrides.

use omweso::model::{Diagnostic, Diagnostics, Source};

/// Words of Rust, serde and the YAML scanner that a message must never
/// show an author (matched case-sensitively, anywhere in the message).
pub const INTERNAL_WORDS: &[&str] = &[
    "as u128",
    "as i128",
    "expected any value",
    "untagged enum",
    "struct",
    "enum ",
    "invalid type",
    "unknown field",
    "unknown variant `",
    "sequence",
    "scalar",
    "token",
    "simple key",
    "<stream",
    "<document",
    "node content",
    "eof",
    "EOF",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "Some(",
    "None",
    "Ok(",
    "Err(",
    "Option",
    "Vec<",
    "String",
    "&str",
    "newtype",
    "tuple",
    "identifier",
    "serde",
    "yaml_rust",
    "ScanError",
    "Marker",
    "panicked",
    "unwrap",
    "SVG data parsing",
];

/// Mixed-case words that are the file's language, not Rust's.
const ALLOWED_CAMEL: &[&str] = &["McGill"];

/// Characters that must not reach a terminal (the library's definition).
pub use omweso::model::unsafe_on_terminal as unsafe_char;

/// A message without what it quotes (`"..."` with its escapes, and
/// `` `...` ``): the text the program wrote itself.
fn unquoted(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(q) = chars.next() {
                    match q {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push(' ');
            }
            '`' => {
                for q in chars.by_ref() {
                    if q == '`' {
                        break;
                    }
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    out
}

/// Words written like a Rust type (`NoMove`, `RawPosition`): a lower-case
/// letter followed by an upper-case one, outside what the message quotes.
fn camel_words(message: &str) -> Vec<String> {
    unquoted(message)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            let b: Vec<char> = w.chars().collect();
            b.windows(2)
                .any(|p| p[0].is_lowercase() && p[1].is_uppercase())
        })
        .filter(|w| !ALLOWED_CAMEL.contains(w))
        .map(str::to_string)
        .collect()
}

/// The YAML line breaks of a text (`\r\n`, `\r` or `\n`).
fn line_breaks(text: &str) -> usize {
    let b = text.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] == b'\n' || (b[i] == b'\r' && b.get(i + 1) != Some(&b'\n')))
        .count()
}

/// What is wrong with `d`, a diagnostic from parsing `src` (empty when
/// nothing is). A word the input itself holds (its text or file name) may
/// be quoted back, so it is not held against the message.
pub fn problems(src: &Source, d: &Diagnostic) -> Vec<String> {
    let mut out = Vec::new();
    let shown = d.to_string();
    if d.message.trim().is_empty() {
        out.push("empty message".to_string());
    }
    if d.file == src.path {
        let last = src.line_offset + line_breaks(&src.text) + 1;
        if d.line == 0 || d.line > last {
            out.push(format!("line {} outside the text (1..={last})", d.line));
        }
        if d.column == 0 || d.column > src.text.chars().count() + 1 {
            out.push(format!("column {} outside the text", d.column));
        }
    }
    let input = format!("{}\n{}", src.path.display(), src.text).to_lowercase();
    // what the message quotes is the file's own text (folded across lines,
    // so not always found in the input as written)
    let own = unquoted(&d.message);
    for w in INTERNAL_WORDS {
        if own.contains(w) && !input.contains(&w.to_lowercase()) {
            out.push(format!("internal word {w:?}"));
        }
    }
    for w in camel_words(&d.message) {
        if !input.contains(&w.to_lowercase()) {
            out.push(format!("Rust-like name {w:?}"));
        }
    }
    if let Some(c) = shown.chars().find(|&c| unsafe_char(c)) {
        out.push(format!("unsafe character {c:?} in what is printed"));
    }
    if d.message.len() > 4 * src.text.len() + 4096 {
        out.push(format!(
            "a message of {} bytes for {} bytes of input",
            d.message.len(),
            src.text.len()
        ));
    }
    out
}

/// Panic (with the diagnostic) if any diagnostic of a parse of `src`
/// breaks an invariant, or if all of them together say far more than the
/// input holds (a report must grow with the input, not with its square).
pub fn check(src: &Source, errs: &Diagnostics) {
    assert!(!errs.is_empty(), "an error without a diagnostic");
    for d in &errs.0 {
        let p = problems(src, d);
        assert!(p.is_empty(), "{}: {d:?}", p.join("; "));
    }
    let said: usize = errs.0.iter().map(|d| d.message.len()).sum();
    assert!(
        said <= 64 * src.text.len() + 65_536,
        "{} diagnostics, {said} bytes of messages, for {} bytes of input",
        errs.len(),
        src.text.len()
    );
}

/// [`check`] on a parse's result (nothing to check when it succeeded).
pub fn check_result<T>(src: &Source, r: &Result<T, Diagnostics>) {
    if let Err(e) = r {
        check(src, e);
    }
}

/// What a page made from contributed content must never hold, found in its
/// tags (not in its text, where `href="javascript:` is only words): a
/// `<script>` element, an event-handler attribute (`onclick`…), or a link
/// or source whose address runs a script (`javascript:`, `vbscript:`).
/// Returns the first such tag. Text and attribute values are escaped by
/// the writer, so every literal `<` in `html` opens a tag.
pub fn script_in(html: &str) -> Option<String> {
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        let tag = &rest[open + 1..];
        let end = tag.find('>').unwrap_or(tag.len());
        let (tag, after) = (&tag[..end], &tag[end..]);
        rest = after;
        let lower = tag.to_ascii_lowercase();
        let name: String = lower
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name == "script" {
            return Some(format!("<{tag}>"));
        }
        for (attr, value) in attributes(&lower[name.len().min(lower.len())..]) {
            let address: String = value.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            let runs = ["javascript:", "vbscript:"]
                .iter()
                .any(|s| address.starts_with(s));
            if attr.starts_with("on")
                || (["href", "src", "action", "formaction"].contains(&attr) && runs)
            {
                return Some(format!("<{tag}>"));
            }
        }
    }
    None
}

/// A tag's attributes after its name: (name, value) pairs, values unquoted.
fn attributes(mut s: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        let Some(first) = s.chars().next() else {
            return out;
        };
        // a name runs to a space, `=` or `/` (a leading `=` is part of it)
        let name_end = s[first.len_utf8()..]
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .map_or(s.len(), |i| i + first.len_utf8());
        let name = &s[..name_end];
        s = s[name_end..].trim_start();
        let mut value = "";
        if let Some(v) = s.strip_prefix('=') {
            let v = v.trim_start();
            let (val, rest) = match v.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &v[1..];
                    let close = body.find(q).unwrap_or(body.len());
                    (&body[..close], body.get(close + 1..).unwrap_or(""))
                }
                _ => {
                    let close = v.find(|c: char| c.is_ascii_whitespace()).unwrap_or(v.len());
                    (&v[..close], &v[close..])
                }
            };
            value = val;
            s = rest;
        }
        out.push((name, value));
    }
}
