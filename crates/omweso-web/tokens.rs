//! What the staleness hash reads of a Rust source: its tokens, without
//! comments (doc comments included) and with every run of whitespace
//! outside literals made one space, so that a comment or a reflow does not
//! make the shipped module stale, while any change to the code does.
//! Shared by `build.rs` and the crate's tests (`#[path]`).

/// `src` with comments removed and whitespace runs outside string and
/// character literals made one space.
pub fn rust_tokens(src: &str) -> String {
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
