//! Markup with places for an id prefix: the frames of one figure share
//! definitions (`<defs>`) whose ids must be unique in the page that holds
//! the figure, a page known only when the figure is placed.

/// Text (SVG or HTML) with slots where an id prefix goes, filled in by
/// [`Markup::write`].
///
/// ```
/// use omweso_diagram::Markup;
/// let mut m = Markup::default();
/// m.push_str("<use href=\"#");
/// m.push_prefix();
/// m.push_str("b0\"/>");
/// assert_eq!(m.to_string_with("_3-"), "<use href=\"#_3-b0\"/>");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    text: String,
    /// Byte offsets in `text` where the prefix goes, ascending.
    slots: Vec<usize>,
}

impl Markup {
    /// Empty markup with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> Markup {
        Markup {
            text: String::with_capacity(bytes),
            slots: Vec::new(),
        }
    }

    /// Add text (written as is).
    pub fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Add a slot for the id prefix.
    pub fn push_prefix(&mut self) {
        self.slots.push(self.text.len());
    }

    /// Add other markup (its slots stay slots).
    pub fn append(&mut self, other: &Markup) {
        let base = self.text.len();
        self.text.push_str(&other.text);
        self.slots.extend(other.slots.iter().map(|s| base + s));
    }

    /// Remove trailing whitespace.
    pub fn trim_end(&mut self) {
        let keep = self.text.trim_end().len();
        // a slot at the very end stays (it is at most at the new end)
        self.text.truncate(keep);
        for s in &mut self.slots {
            *s = (*s).min(keep);
        }
    }

    /// The length in bytes written with a prefix of `prefix_len` bytes.
    pub fn len_with(&self, prefix_len: usize) -> usize {
        self.text.len() + self.slots.len() * prefix_len
    }

    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.slots.is_empty()
    }

    /// Whether the markup has slots (refers to ids it defines).
    pub fn has_slots(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Write the markup to `out` with `prefix` in every slot.
    pub fn write(&self, prefix: &str, out: &mut String) {
        let mut at = 0;
        for &s in &self.slots {
            out.push_str(&self.text[at..s]);
            out.push_str(prefix);
            at = s;
        }
        out.push_str(&self.text[at..]);
    }

    /// The markup with `prefix` in every slot.
    pub fn to_string_with(&self, prefix: &str) -> String {
        let mut out = String::with_capacity(self.len_with(prefix.len()));
        self.write(prefix, &mut out);
        out
    }
}

/// Writing formatted text adds it as is (like [`Markup::push_str`]).
impl std::fmt::Write for Markup {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}
