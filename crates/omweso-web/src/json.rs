//! A JSON writer: objects, arrays, strings, numbers, booleans and null,
//! written in one pass into one string (commas placed by the writer).

use std::fmt::Write;

#[derive(Default)]
pub(crate) struct Json {
    out: String,
    /// Whether the open object or array already holds a value.
    filled: Vec<bool>,
    /// A key was just written: the next value needs no comma.
    after_key: bool,
}

impl Json {
    /// Before a value: a comma when the open container already holds one.
    fn value(&mut self) {
        if self.after_key {
            self.after_key = false;
        } else if let Some(f) = self.filled.last_mut() {
            if *f {
                self.out.push(',');
            }
            *f = true;
        }
    }

    pub fn open(&mut self, c: char) -> &mut Self {
        self.value();
        self.out.push(c);
        self.filled.push(false);
        self
    }

    pub fn close(&mut self, c: char) {
        self.filled.pop();
        self.out.push(c);
    }

    pub fn key(&mut self, k: &str) -> &mut Self {
        self.value();
        escape(&mut self.out, k);
        self.out.push(':');
        self.after_key = true;
        self
    }

    pub fn string(&mut self, s: &str) {
        self.value();
        escape(&mut self.out, s);
    }

    pub fn number(&mut self, n: u64) {
        self.value();
        // writing into a String cannot fail
        let _ = write!(self.out, "{n}");
    }

    pub fn bool(&mut self, b: bool) {
        self.value();
        self.out.push_str(if b { "true" } else { "false" });
    }

    pub fn null(&mut self) {
        self.value();
        self.out.push_str("null");
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// `s` as a JSON string: quotes, backslashes, control characters and the
/// two line separators JavaScript once refused escaped.
fn escape(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_and_escapes() {
        let mut j = Json::default();
        j.open('{');
        j.key("a").open('[');
        j.number(1);
        j.bool(true);
        j.null();
        j.open('{');
        j.close('}');
        j.close(']');
        j.key("b\"").string("x\n<\u{1}\\");
        j.close('}');
        assert_eq!(j.finish(), r#"{"a":[1,true,null,{}],"b\"":"x\n<\u0001\\"}"#);
    }
}
