//! What the staleness hash reads of a Rust source: its tokens, without
//! comments (doc comments included) and with every run of whitespace
//! outside literals made one space, so that a comment or a reflow does not
//! make the shipped module stale, while any change to the code does.
//! Items under `#[cfg(test)]` (a `mod tests { … }`, a helper) are left out
//! too: they are never in the module, so a test-only edit does not call
//! for rebuilding it.
//! Shared by `build.rs` and the crate's tests (`#[path]`).

/// `src` with comments and `#[cfg(test)]` items removed and whitespace
/// runs outside string and character literals made one space.
pub fn rust_tokens(src: &str) -> String {
    without_test_items(&tokens(src))
}

/// The attribute that marks code compiled for tests only, as [`tokens`]
/// writes it.
const TEST_ONLY: &str = "#[cfg(test)]";

/// `t` (the output of [`tokens`]) without the items marked
/// [`TEST_ONLY`]: the attribute, any attributes after it, and the item up
/// to its `;` or its closing brace. Literals are copied as they are and
/// never searched.
fn without_test_items(t: &str) -> String {
    let c: Vec<char> = t.chars().collect();
    let mut out = String::with_capacity(t.len());
    let mut i = 0;
    while i < c.len() {
        if starts_with(&c, i, TEST_ONLY) {
            i = item_end(&c, i + TEST_ONLY.chars().count());
            // one space where the item was
            while c.get(i) == Some(&' ') {
                i += 1;
            }
            if !out.is_empty() && !out.ends_with(' ') && i < c.len() {
                out.push(' ');
            }
            continue;
        }
        let next = literal_end(&c, i).unwrap_or(i + 1);
        out.extend(&c[i..next]);
        i = next;
    }
    out.trim_end().to_string()
}

fn starts_with(c: &[char], i: usize, s: &str) -> bool {
    s.chars()
        .enumerate()
        .all(|(k, ch)| c.get(i + k) == Some(&ch))
}

/// The index after the item starting at (or after spaces from) `i`: its
/// leading attributes, then up to a `;` outside brackets and braces, or
/// the brace that closes its body.
fn item_end(c: &[char], mut i: usize) -> usize {
    let (mut brackets, mut braces) = (0usize, 0usize);
    while i < c.len() {
        if let Some(end) = literal_end(c, i) {
            i = end;
            continue;
        }
        match c[i] {
            '(' | '[' => brackets += 1,
            ')' | ']' => brackets = brackets.saturating_sub(1),
            '{' => braces += 1,
            '}' => {
                braces = braces.saturating_sub(1);
                if braces == 0 && brackets == 0 {
                    return i + 1;
                }
            }
            ';' if braces == 0 && brackets == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// If a string or character literal starts at `c[i]`, the index after it.
fn literal_end(c: &[char], i: usize) -> Option<usize> {
    match c[i] {
        '"' => Some(string_end(c, i)),
        '\'' => {
            let end = if c.get(i + 1) == Some(&'\\') {
                (i + 3..c.len()).find(|&j| c[j] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            end.map(|e| e + 1)
        }
        // r"…", r#"…"#, and after b or c (br"…", cr"…")
        'r' if !ident_before(c, i)
            || (matches!(c[i - 1], 'b' | 'c') && !ident_before(c, i - 1)) =>
        {
            let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
            (c.get(i + 1 + hashes) == Some(&'"')).then(|| {
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let body = i + hashes + 2;
                (body..c.len())
                    .find(|&j| c[j..].starts_with(&close))
                    .map_or(c.len(), |j| j + close.len())
            })
        }
        _ => None,
    }
}

/// Whether `c[i]` follows a letter, digit or `_` (it is inside a word).
fn ident_before(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

/// The index after the string literal starting at `c[i]` (a `"`).
fn string_end(c: &[char], mut i: usize) -> usize {
    i += 1;
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `src` with comments removed and whitespace runs outside string and
/// character literals made one space.
fn tokens(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let space = |out: &mut String| {
        if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    };
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
            space(&mut out);
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0usize;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            space(&mut out);
        } else if ch.is_whitespace() {
            while i < c.len() && c[i].is_whitespace() {
                i += 1;
            }
            space(&mut out);
        } else if ch == '"' {
            i = copy_string(&c, i, &mut out);
        } else if ch == '\'' {
            // a character literal ('a', '\n', '"'), or a lifetime ('a)
            let end = if next == Some('\\') {
                // the quote after the backslash ('\'') is not the end
                (i + 3..c.len()).find(|&j| c[j] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            let end = end.unwrap_or(i);
            out.extend(&c[i..=end]);
            i = end + 1;
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let ident: String = c[start..i].iter().collect();
            out.push_str(&ident);
            // a raw string: r"…", r#"…"#, br"…", cr"…"
            if matches!(ident.as_str(), "r" | "br" | "cr") {
                let hashes = c[i..].iter().take_while(|&&h| h == '#').count();
                if c.get(i + hashes) == Some(&'"') {
                    let close: Vec<char> = std::iter::once('"')
                        .chain(std::iter::repeat_n('#', hashes))
                        .collect();
                    let body = i + hashes + 1;
                    let end = (body..c.len())
                        .find(|&j| c[j..].starts_with(&close))
                        .map_or(c.len(), |j| j + close.len());
                    out.extend(&c[i..end]);
                    i = end;
                }
            }
        } else {
            out.push(ch);
            i += 1;
        }
    }
    out.trim_end().to_string()
}

/// Copy the string literal starting at `c[i]` (a `"`), escapes and all;
/// the index after it.
fn copy_string(c: &[char], mut i: usize, out: &mut String) -> usize {
    out.push('"');
    i += 1;
    while i < c.len() {
        out.push(c[i]);
        match c[i] {
            '\\' => {
                if let Some(&e) = c.get(i + 1) {
                    out.push(e);
                }
                i += 2;
            }
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}
