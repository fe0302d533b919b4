//! The one way a message quotes what a user wrote (a move, a key, a
//! value, a name): in double quotes with Rust's escapes, cut short after
//! [`QUOTED_CHARS`] characters with how long it was, so that a message
//! about a 100,000-character move stays a line. The engine's notation
//! errors, the web module's answers and the command line's and site's
//! messages all quote through it.

use std::fmt;

/// How many characters of a user's text a message quotes at most.
pub const QUOTED_CHARS: usize = 40;

/// A user's text for a message: `"12AC"` as written when it is at most
/// [`QUOTED_CHARS`] characters, else its first [`QUOTED_CHARS`] and how
/// many characters it has (`"12AAAA…AAAA"… (100,002 characters)`).
/// Control characters and quotes are escaped as `{:?}` escapes them.
///
/// ```
/// use omweso_engine::{QUOTED_CHARS, quote};
///
/// assert_eq!(quote("12AC").to_string(), "\"12AC\"");
/// assert_eq!(quote("a\"b\n").to_string(), "\"a\\\"b\\n\"");
/// let long = format!("12{}", "A".repeat(100_000));
/// let q = quote(&long).to_string();
/// assert_eq!(q, format!("\"12{}\"… (100,002 characters)", "A".repeat(QUOTED_CHARS - 2)));
/// // cut between characters, never inside one
/// assert!(quote(&"é".repeat(50)).to_string().starts_with(&format!("\"{}\"…", "é".repeat(40))));
/// ```
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// A user's text as a message quotes it ([`quote`]).
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match text.char_indices().nth(QUOTED_CHARS) {
            None => write!(f, "{text:?}"),
            Some((cut, _)) => {
                let n = text.chars().count();
                write!(
                    f,
                    "{:?}… ({} characters)",
                    &text[..cut],
                    thousands(n as u64)
                )
            }
        }
    }
}

/// A count with its thousands separated by commas, as every message of
/// the project writes counts: `1411989072` → `1,411,989,072`.
///
/// ```
/// assert_eq!(omweso_engine::thousands(100_002), "100,002");
/// assert_eq!(omweso_engine::thousands(999), "999");
/// assert_eq!(omweso_engine::thousands(0), "0");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text of up to the limit is quoted whole, as `{:?}` quotes it;
    /// longer text is cut at the limit (a character, not a byte) and says
    /// its length.
    #[test]
    fn quotes_whole_up_to_the_limit_and_cut_past_it() {
        for n in [0, 1, QUOTED_CHARS - 1, QUOTED_CHARS] {
            let t = "x".repeat(n);
            assert_eq!(quote(&t).to_string(), format!("{t:?}"));
        }
        let t = "ü".repeat(QUOTED_CHARS + 1);
        assert_eq!(
            quote(&t).to_string(),
            format!("{:?}… (41 characters)", "ü".repeat(QUOTED_CHARS))
        );
        let big = "A".repeat(1_000_000);
        let q = quote(&big).to_string();
        assert!(q.ends_with("… (1,000,000 characters)"), "{q}");
        assert!(q.len() < 80, "{q}");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
