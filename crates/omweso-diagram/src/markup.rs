//! Markup with places for an id prefix: the frames of one figure share
//! definitions (`<defs>`) whose ids must be unique in the page that holds
//! the figure, a page known only when the figure is placed. The
//! definitions are marked, so that a page holding several figures can
//! write each of them once ([`Markup::write_once`]), and the markup
//! writes the `<defs>` around them: one for each run of definitions
//! added one after the other, none when a page holds them all already.

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
    /// The shared definitions and the optional parts in `text`, in
    /// order, not overlapping.
    defs: Vec<Def>,
}

/// A shared definition or an optional part: the bytes `start..end` of the
/// text, and the definition's name (each name always stands for the same
/// drawing: see [`Defined`]), `None` for an optional part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Def {
    start: usize,
    end: usize,
    name: Option<u64>,
}

/// Which shared definitions a page already holds (written by
/// [`Markup::write_once`]). A definition's name stands for one drawing
/// whatever the figure (the pit, a board as seen from one seat, a small
/// count with its seeds), so the figures of a page can share them.
///
/// ```
/// use omweso_diagram::{Defined, Markup};
/// let mut def = Markup::default();
/// def.push_str("<g id=\"");
/// def.push_prefix();
/// def.push_str("p\"/>");
/// let mut figure = Markup::default();
/// figure.push_def(0, &def);
/// figure.push_str("<use href=\"#");
/// figure.push_prefix();
/// figure.push_str("p\"/>");
/// let mut page = String::new();
/// let mut defined = Defined::default();
/// figure.write_once("_", &mut defined, true, &mut page);
/// figure.write_once("_", &mut defined, true, &mut page);
/// assert_eq!(
///     page,
///     "<defs><g id=\"_p\"/></defs><use href=\"#_p\"/><use href=\"#_p\"/>"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Defined {
    /// Names below 64, as bits.
    small: u64,
    /// The others, in order (a page holds a few dozen).
    large: Vec<u64>,
}

impl Defined {
    /// Whether the definition `name` is held.
    pub fn has(&self, name: u64) -> bool {
        if name < 64 {
            self.small & (1 << name) != 0
        } else {
            self.large.binary_search(&name).is_ok()
        }
    }

    /// Note that the definition `name` is held.
    pub fn add(&mut self, name: u64) {
        if name < 64 {
            self.small |= 1 << name;
        } else {
            if let Err(i) = self.large.binary_search(&name) {
                self.large.insert(i, name);
            }
        }
    }
}

impl Markup {
    /// Empty markup with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> Markup {
        Markup {
            text: String::with_capacity(bytes),
            slots: Vec::new(),
            defs: Vec::new(),
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

    /// Add other markup (its slots stay slots, its definitions
    /// definitions).
    pub fn append(&mut self, other: &Markup) {
        let base = self.text.len();
        self.text.push_str(&other.text);
        self.slots.extend(other.slots.iter().map(|s| base + s));
        self.defs.extend(other.defs.iter().map(|d| Def {
            start: base + d.start,
            end: base + d.end,
            name: d.name,
        }));
    }

    /// Add `part`, which [`Markup::write_once`] may leave out (e.g. a
    /// description that a page says in words beside the picture).
    pub fn push_optional(&mut self, part: &Markup) {
        self.push_span(None, part);
    }

    /// Add the shared definition `name`, written out as `def`: an
    /// element that goes in `<defs>` (`<g id=…>`, `<symbol id=…>`; it may
    /// have slots but no definitions of its own). The markup writes the
    /// `<defs>` around each run of definitions added one after the other
    /// (none where a page already holds them all). Two definitions of one
    /// name must be the same markup.
    ///
    /// ```
    /// use omweso_diagram::{Defined, Markup};
    /// let def = |id: &str| {
    ///     let mut d = Markup::default();
    ///     d.push_str("<g id=\"");
    ///     d.push_prefix();
    ///     d.push_str(id);
    ///     d.push_str("\"/>");
    ///     d
    /// };
    /// let mut m = Markup::default();
    /// m.push_str("<svg>");
    /// m.push_def(0, &def("p"));
    /// m.push_def(1, &def("k1"));
    /// m.push_str("<use href=\"#");
    /// m.push_prefix();
    /// m.push_str("k1\"/></svg>");
    /// assert_eq!(
    ///     m.to_string_with("_"),
    ///     "<svg><defs><g id=\"_p\"/><g id=\"_k1\"/></defs><use href=\"#_k1\"/></svg>"
    /// );
    /// // a page holding both writes neither, nor their `<defs>`
    /// let mut defined = Defined::default();
    /// defined.add(0);
    /// defined.add(1);
    /// let mut page = String::new();
    /// m.write_once("_", &mut defined, true, &mut page);
    /// assert_eq!(page, "<svg><use href=\"#_k1\"/></svg>");
    /// ```
    pub fn push_def(&mut self, name: u64, def: &Markup) {
        self.push_span(Some(name), def);
    }

    /// Add `part` as a definition named `name` or an optional part.
    fn push_span(&mut self, name: Option<u64>, part: &Markup) {
        debug_assert!(part.defs.is_empty());
        let start = self.text.len();
        self.append(part);
        self.defs.push(Def {
            start,
            end: self.text.len(),
            name,
        });
    }

    /// The markup without its optional parts ([`Markup::push_optional`]),
    /// its slots and definitions kept.
    ///
    /// ```
    /// use omweso_diagram::Markup;
    /// let mut words = Markup::default();
    /// words.push_str("<desc>a</desc>");
    /// let mut m = Markup::default();
    /// m.push_str("<svg>");
    /// m.push_optional(&words);
    /// m.push_str("<use href=\"#");
    /// m.push_prefix();
    /// m.push_str("p\"/></svg>");
    /// assert_eq!(
    ///     m.without_optional().to_string_with("_"),
    ///     "<svg><use href=\"#_p\"/></svg>"
    /// );
    /// ```
    pub fn without_optional(&self) -> Markup {
        let mut out = Markup::with_capacity(self.text.len());
        // the bytes a..b as they are, their slots and definitions with them
        let copy = |out: &mut Markup, a: usize, b: usize| {
            let base = out.text.len();
            out.text.push_str(&self.text[a..b]);
            out.slots.extend(
                self.slots
                    .iter()
                    .filter(|&&s| s >= a && s < b)
                    .map(|s| base + s - a),
            );
            out.defs.extend(
                self.defs
                    .iter()
                    .filter(|d| d.name.is_some() && d.start >= a && d.end <= b)
                    .map(|d| Def {
                        start: base + d.start - a,
                        end: base + d.end - a,
                        name: d.name,
                    }),
            );
        };
        let mut at = 0;
        for d in self.defs.iter().filter(|d| d.name.is_none()) {
            copy(&mut out, at, d.start);
            at = d.end;
        }
        copy(&mut out, at, self.text.len());
        // a slot at the very end
        if self.slots.last() == Some(&self.text.len()) {
            out.slots.push(out.text.len());
        }
        out
    }

    /// Remove trailing whitespace.
    pub fn trim_end(&mut self) {
        let keep = self.text.trim_end().len();
        // a slot at the very end stays (it is at most at the new end)
        self.text.truncate(keep);
        for s in &mut self.slots {
            *s = (*s).min(keep);
        }
        for d in &mut self.defs {
            d.start = d.start.min(keep);
            d.end = d.end.min(keep);
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
        self.write_with(prefix, None, true, out);
    }

    /// Write the markup to `out` with `prefix` in every slot, leaving out
    /// the definitions `defined` already holds and adding the others to
    /// it: the figures of one page, written with one `prefix` and one
    /// `defined`, hold each definition once. The optional parts are
    /// written if `optional`.
    pub fn write_once(
        &self,
        prefix: &str,
        defined: &mut Defined,
        optional: bool,
        out: &mut String,
    ) {
        self.write_with(prefix, Some(defined), optional, out);
    }

    /// [`Markup::write`] (every definition) or, with `defined`,
    /// [`Markup::write_once`]; each run of definitions written (added one
    /// after the other) in one `<defs>`.
    fn write_with(
        &self,
        prefix: &str,
        mut defined: Option<&mut Defined>,
        optional: bool,
        out: &mut String,
    ) {
        let mut at = 0;
        // whether a `<defs>` is open
        let mut open = false;
        for d in &self.defs {
            if open && (d.start > at || d.name.is_none()) {
                out.push_str("</defs>");
                open = false;
            }
            self.write_range(at, d.start, prefix, out);
            let write = match (d.name, defined.as_deref_mut()) {
                (Some(name), Some(defined)) => {
                    let new = !defined.has(name);
                    defined.add(name);
                    new
                }
                (Some(_), None) => true,
                (None, _) => optional,
            };
            if write {
                if d.name.is_some() && !open {
                    out.push_str("<defs>");
                    open = true;
                }
                self.write_range(d.start, d.end, prefix, out);
            }
            at = d.end;
        }
        if open {
            out.push_str("</defs>");
        }
        self.write_range(at, self.text.len() + 1, prefix, out);
    }

    /// Write the bytes `a..b` (to the end if `b` is past it), with
    /// `prefix` in the slots at `a` up to before `b`.
    fn write_range(&self, a: usize, b: usize, prefix: &str, out: &mut String) {
        let mut at = a;
        let first = self.slots.partition_point(|&s| s < a);
        for &s in self.slots[first..].iter().take_while(|&&s| s < b) {
            out.push_str(&self.text[at..s]);
            out.push_str(prefix);
            at = s;
        }
        out.push_str(&self.text[at..b.min(self.text.len())]);
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
