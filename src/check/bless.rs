//! `omweso check --bless`: rewrite the claims that differ to what the engine
//! computes, leaving every other byte of each file as it was (comments,
//! spacing, quoting, the rest of a Markdown chapter).
//!
//! A fix names the claim's value (a scalar) or key (`board:`) by line and
//! column, as the loaders record them. Before rewriting, the text found
//! there is read back and must be the claimed value; a scalar is replaced
//! token for token (quotes kept), a board cell by cell, so a grid keeps its
//! layout and its row comments. Files are written atomically (a temporary
//! file beside them, then a rename), and a file with nothing to change is
//! never written.

use crate::engine::Grid;
use crate::model::{Diagnostic, Diagnostics};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The new value of one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixValue {
    /// A scalar written `old` (as text, unquoted), to become `new`.
    Scalar {
        /// The value as the file writes it.
        old: String,
        /// The value the move gives.
        new: String,
    },
    /// A board (grid form): only the cells that differ are rewritten.
    Board {
        /// The board as the file writes it.
        old: Grid,
        /// The board the move leaves.
        new: Grid,
    },
}

/// One claim to rewrite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The file the claim is written in.
    pub file: PathBuf,
    /// 1-based line and column (in characters) of the scalar value, or of
    /// the `board` key.
    pub line: usize,
    /// 1-based column (in characters) of the value.
    pub column: usize,
    /// The claim's dotted key (`expect.captured`, `result`...), for messages.
    pub key: String,
    /// What the claim says and what it becomes.
    pub value: FixValue,
}

/// What a bless run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlessOutcome {
    /// Files rewritten, each with the number of claims changed.
    pub files: Vec<(PathBuf, usize)>,
    /// Claims that could not be rewritten, located.
    pub failed: Diagnostics,
}

impl BlessOutcome {
    /// Claims rewritten, all files together.
    pub fn claims(&self) -> usize {
        self.files.iter().map(|(_, n)| n).sum()
    }
}

/// Byte offset of 1-based (line, column in characters) in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    if line == 0 || column == 0 {
        return None;
    }
    let mut start = 0usize;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    let rest = &text[start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let line_text = &rest[..line_end];
    line_text
        .char_indices()
        .nth(column - 1)
        .map(|(i, _)| start + i)
}

/// The scalar token at `at`: its byte range (quotes included), its value
/// (unquoted) and its quote character.
fn scalar_at(text: &str, at: usize) -> Option<(Range<usize>, &str, Option<char>)> {
    let rest = &text[at..];
    let first = rest.chars().next()?;
    if first == '"' || first == '\'' {
        let close = rest[1..].find(first)? + 1;
        let inner = &rest[1..close];
        if inner.contains('\n') || inner.contains('\\') {
            return None;
        }
        return Some((at..at + close + 1, inner, Some(first)));
    }
    let mut end = 0;
    let bytes = rest.as_bytes();
    while end < bytes.len() {
        let b = bytes[end];
        if matches!(b, b'\n' | b'\r' | b',' | b']' | b'}')
            || (b == b'#' && end > 0 && matches!(bytes[end - 1], b' ' | b'\t'))
        {
            break;
        }
        end += 1;
    }
    let token = rest[..end].trim_end();
    if token.is_empty() {
        return None;
    }
    Some((at..at + token.len(), token, None))
}

/// The 32 cell tokens of the board whose key is at `at`.
fn board_cells(text: &str, at: usize) -> Option<Vec<(Range<usize>, u64)>> {
    let rest = &text[at..];
    let after_key = rest.strip_prefix("board")?;
    let mut i = at + 5;
    let colon = after_key.find(':')?;
    if !after_key[..colon].trim().is_empty() {
        return None;
    }
    i += colon + 1;
    let bytes = text.as_bytes();
    let mut cells = Vec::with_capacity(32);
    while cells.len() < 32 {
        let b = *bytes.get(i)?;
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | b'[' | b']' | b',' | b'-' => i += 1,
            b'#' => {
                i += text[i..].find('\n')?;
            }
            b'0'..=b'9' => {
                let start = i;
                while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
                cells.push((start..i, text[start..i].parse().ok()?));
            }
            _ => return None,
        }
    }
    Some(cells)
}

/// Where the value of `key` (its last dotted segment) is written on line
/// `line`, when the key occurs there exactly once: the fallback for a
/// column that does not match the file (a fenced block indented inside a
/// list, whose columns count from the block's own margin).
fn value_on_line(text: &str, line: usize, key: &str) -> Option<usize> {
    let start = offset_of(text, line, 1)?;
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let name = key.rsplit('.').next()?;
    let line_text = &text[start..end];
    let mut found = None;
    for (i, _) in line_text.match_indices(name) {
        let before_ok = line_text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let rest = &line_text[i + name.len()..];
        if before_ok && rest.trim_start_matches([' ', '\t']).starts_with(':') {
            if found.is_some() {
                return None;
            }
            found = Some(start + i);
        }
    }
    let key_at = found?;
    if name == "board" {
        return Some(key_at);
    }
    let after = &text[key_at + name.len()..end];
    let colon = after.find(':')?;
    let value = &after[colon + 1..];
    let skip = value.len() - value.trim_start_matches([' ', '\t']).len();
    Some(key_at + name.len() + colon + 1 + skip)
}

/// The edits (byte range, new text) for one fix, after checking that the
/// text at its location is the claimed value.
fn edits_for(text: &str, fix: &Fix) -> Result<Vec<(Range<usize>, String)>, String> {
    match edits_at(text, fix, offset_of(text, fix.line, fix.column)) {
        Ok(e) => Ok(e),
        Err(first) => match value_on_line(text, fix.line, &fix.key) {
            Some(at) => edits_at(text, fix, Some(at)).map_err(|_| first),
            None => Err(first),
        },
    }
}

fn edits_at(
    text: &str,
    fix: &Fix,
    at: Option<usize>,
) -> Result<Vec<(Range<usize>, String)>, String> {
    let at = at.ok_or_else(|| format!("{} is not at this line and column any more", fix.key))?;
    match &fix.value {
        FixValue::Scalar { old, new } => {
            let (range, value, quote) = scalar_at(text, at)
                .ok_or_else(|| format!("cannot read the value of {} here", fix.key))?;
            if value != old {
                return Err(format!(
                    "{} reads {} here, not {}: the file changed since it was checked",
                    fix.key,
                    crate::engine::quote(value),
                    crate::engine::quote(old)
                ));
            }
            let new = match quote {
                Some(q) => format!("{q}{new}{q}"),
                None => new.clone(),
            };
            Ok(vec![(range, new)])
        }
        FixValue::Board { old, new } => {
            let cells = board_cells(text, at).ok_or_else(|| {
                format!(
                    "cannot read the 32 counts of {} here (expected `board:` and four rows of eight)",
                    fix.key
                )
            })?;
            let olds = old.iter().flatten();
            let news = new.iter().flatten();
            let mut edits = Vec::new();
            for ((range, written), (&o, &n)) in cells.into_iter().zip(olds.zip(news)) {
                if written != o as u64 {
                    return Err(format!(
                        "{} reads differently here: the file changed since it was checked",
                        fix.key
                    ));
                }
                if o != n {
                    edits.push((range, n.to_string()));
                }
            }
            Ok(edits)
        }
    }
}

/// Apply `edits` to `text` (ranges must not overlap).
fn apply_edits(text: &str, mut edits: Vec<(Range<usize>, String)>) -> Result<String, String> {
    edits.sort_by_key(|(r, _)| r.start);
    for w in edits.windows(2) {
        if w[0].0.end > w[1].0.start {
            return Err("two claims overlap".into());
        }
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut pos = 0;
    for (r, new) in edits {
        out.push_str(&text[pos..r.start]);
        out.push_str(&new);
        pos = r.end;
    }
    out.push_str(&text[pos..]);
    Ok(out)
}

/// Write `text` to `path` atomically: a temporary file in the same folder,
/// then a rename over the original (keeping its permissions). A link is
/// refused, not replaced by a file (nor written through: what it points
/// to may be outside the site).
pub(crate) fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if path.is_symlink() {
        let to = std::fs::read_link(path).unwrap_or_default();
        return Err(std::io::Error::other(format!(
            "it is a link to {}, which omweso does not replace: edit that file",
            to.display()
        )));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.omweso-bless.{}.tmp", std::process::id()));
    let result = (|| {
        std::fs::write(&tmp, text)?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Rewrite every fix's claim to its new value. Fixes are grouped by file;
/// a fix whose text no longer reads as its old value is reported and
/// skipped (the other fixes of its file are still applied).
pub fn apply_fixes(fixes: &[Fix]) -> BlessOutcome {
    let mut by_file: BTreeMap<&Path, Vec<&Fix>> = BTreeMap::new();
    for f in fixes {
        by_file.entry(&f.file).or_default().push(f);
    }
    let mut out = BlessOutcome::default();
    for (file, fixes) in by_file {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                out.failed.push(Diagnostic::new(
                    file,
                    0,
                    0,
                    format!("cannot bless: cannot read file: {e}"),
                ));
                continue;
            }
        };
        let mut edits = Vec::new();
        let mut changed = 0;
        for f in fixes {
            match edits_for(&text, f) {
                Ok(e) => {
                    changed += 1;
                    edits.extend(e);
                }
                Err(msg) => out.failed.push(Diagnostic::new(
                    file,
                    f.line,
                    f.column,
                    format!("cannot bless: {msg}"),
                )),
            }
        }
        if edits.is_empty() {
            continue;
        }
        let new = match apply_edits(&text, edits) {
            Ok(t) => t,
            Err(msg) => {
                out.failed
                    .push(Diagnostic::new(file, 0, 0, format!("cannot bless: {msg}")));
                continue;
            }
        };
        if new == text {
            continue;
        }
        match write_atomic(file, &new) {
            Ok(()) => out.files.push((file.to_path_buf(), changed)),
            Err(e) => out.failed.push(Diagnostic::new(
                file,
                0,
                0,
                format!("cannot bless: cannot write file: {e}"),
            )),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_neither_replaced_nor_written_through() {
        let dir = std::env::temp_dir().join(format!("omweso-bless-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("real.yaml");
        let link = dir.join("link.yaml");
        std::fs::write(&target, "a: 1\n").unwrap();
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = write_atomic(&link, "a: 2\n").unwrap_err();
        assert!(e.to_string().contains("is a link to"), "{e}");
        assert!(link.is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "a: 1\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn scalars_are_replaced_in_place() {
        let text = "a: 1\nexpect:\n  captured: 3   # three\n  result: \"none\"\n";
        let f = |line, column, old: &str, new: &str| Fix {
            file: "x".into(),
            line,
            column,
            key: "k".into(),
            value: FixValue::Scalar {
                old: old.into(),
                new: new.into(),
            },
        };
        let e1 = edits_for(text, &f(3, 13, "3", "12")).unwrap();
        let e2 = edits_for(text, &f(4, 11, "none", "south-wins")).unwrap();
        let out = apply_edits(text, [e1, e2].concat()).unwrap();
        assert_eq!(
            out,
            "a: 1\nexpect:\n  captured: 12   # three\n  result: \"south-wins\"\n"
        );
        assert!(edits_for(text, &f(3, 13, "4", "5")).is_err());
    }

    #[test]
    fn boards_are_rewritten_cell_by_cell() {
        let text = "expect:\n  board:   # after\n    - [0, 1, 2, 3, 4, 5, 6, 7]  # N\n    - [0, 0, 0, 0, 0, 0, 0, 0]\n    - [1, 1, 1, 1, 1, 1, 1, 1]\n    - [9, 9, 9, 9, 9, 9, 9, 9]  # S outer\n";
        let old: Grid = [[0, 1, 2, 3, 4, 5, 6, 7], [0; 8], [1; 8], [9; 8]];
        let mut new = old;
        new[3][0] = 10;
        new[0][7] = 0;
        let fix = Fix {
            file: "x".into(),
            line: 2,
            column: 3,
            key: "expect.board".into(),
            value: FixValue::Board { old, new },
        };
        let out = apply_edits(text, edits_for(text, &fix).unwrap()).unwrap();
        assert_eq!(
            out,
            text.replace("6, 7]", "6, 0]")
                .replace("- [9, 9,", "- [10, 9,")
        );
        // flow style on one line
        let text = "board: [[0, 1, 2, 3, 4, 5, 6, 7], [0,0,0,0,0,0,0,0], [1,1,1,1,1,1,1,1], [9,9,9,9,9,9,9,9]]\n";
        let fix = Fix {
            line: 1,
            column: 1,
            ..fix
        };
        let out = apply_edits(text, edits_for(text, &fix).unwrap()).unwrap();
        assert_eq!(out, text.replace("6, 7]", "6, 0]").replace("[9,9", "[10,9"));
    }

    #[test]
    fn a_shifted_column_falls_back_to_the_key_on_its_line() {
        // a block indented in a list: columns count from the block's margin
        let text = "1. item\n\n   ```omweso\n   expect:\n     captured: 2  # c\n     board: [[1,1,1,1,1,1,1,1],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]]\n   ```\n";
        let fix = Fix {
            file: "x".into(),
            line: 5,
            column: 13,
            key: "expect.captured".into(),
            value: FixValue::Scalar {
                old: "2".into(),
                new: "0".into(),
            },
        };
        let out = apply_edits(text, edits_for(text, &fix).unwrap()).unwrap();
        assert_eq!(out, text.replace("captured: 2", "captured: 0"));
        let mut new = [[0; 8]; 4];
        new[0][0] = 1;
        let board = Fix {
            line: 6,
            column: 3,
            key: "expect.board".into(),
            value: FixValue::Board {
                old: [[1; 8], [0; 8], [0; 8], [0; 8]],
                new,
            },
            ..fix.clone()
        };
        let out = apply_edits(text, edits_for(text, &board).unwrap()).unwrap();
        assert_eq!(
            out,
            text.replace("[[1,1,1,1,1,1,1,1]", "[[1,0,0,0,0,0,0,0]")
        );
        // still refuses a value that is not the claimed one
        let wrong = Fix {
            value: FixValue::Scalar {
                old: "3".into(),
                new: "0".into(),
            },
            ..fix
        };
        assert!(edits_for(text, &wrong).is_err());
    }

    #[test]
    fn offsets_count_characters() {
        let text = "— x: 1\nb: 2\n";
        assert_eq!(offset_of(text, 1, 6), Some(text.find('1').unwrap()));
        assert_eq!(offset_of(text, 2, 4), Some(text.rfind('2').unwrap()));
        assert_eq!(offset_of(text, 3, 1), None);
    }
}
