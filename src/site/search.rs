//! The full-text search index (`assets/search-index.js`): one compact record per
//! page or glossary term, searched in the browser by `assets/omweso.js`.

use serde::Serialize;

/// One searchable document. Short keys keep the index small.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SearchDoc {
    /// Title.
    pub t: String,
    /// URL relative to the site root.
    pub u: String,
    /// Section headings.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub h: Vec<String>,
    /// Text, whitespace collapsed: its blocks (paragraphs, list items,
    /// table cells, headings…) end with a newline, so that a snippet shows
    /// the words of one block only (`snippet` in `assets/omweso.js`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub x: String,
    /// What it is, for ranking and grouping the results.
    pub k: EntryKind,
}

/// The kinds of search results, in the order the results list them: the
/// rules before the examples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum EntryKind {
    /// A chapter.
    Chapter,
    /// A heading inside a chapter.
    Section,
    /// A glossary term.
    Term,
    /// A variant's page.
    Variant,
    /// A page of the site (the puzzles index, the glossary…).
    Page,
    /// A documented position.
    Position,
    /// A puzzle.
    Puzzle,
    /// A game record.
    Game,
}

impl SearchDoc {
    pub(crate) fn new(
        kind: EntryKind,
        title: &str,
        url: &str,
        headings: Vec<String>,
        text: &str,
    ) -> SearchDoc {
        SearchDoc {
            t: title.to_string(),
            u: url.to_string(),
            h: headings,
            x: collapse(text),
            k: kind,
        }
    }
}

/// Whitespace runs become one space, or one newline where the run holds a
/// newline (the end of a block: the markdown's plain text ends each block
/// and table cell with one); none at either end.
pub(crate) fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap: Option<char> = None;
    for c in text.chars() {
        if c.is_whitespace() {
            if !out.is_empty() && gap != Some('\n') {
                gap = Some(if c == '\n' { '\n' } else { ' ' });
            }
        } else {
            if let Some(g) = gap.take() {
                out.push(g);
            }
            out.push(c);
        }
    }
    out
}

/// Prose from a data file (a caption, a glossary meaning, a game's notes)
/// as one block: its line breaks are only where the file was wrapped.
pub(crate) fn one_block(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The index as JSON (one record a line, so diffs stay readable), written
/// as its records come (none is kept: at 4,000 chapters the index is about
/// 18 MB), between a `prefix` and a `suffix`.
pub(crate) struct IndexWriter {
    bytes: Vec<u8>,
    count: usize,
}

impl IndexWriter {
    /// An index whose bytes start with `prefix`, with room for `capacity`.
    pub(crate) fn new(prefix: &[u8], capacity: usize) -> IndexWriter {
        let mut bytes = Vec::with_capacity(capacity);
        bytes.extend_from_slice(prefix);
        bytes.extend_from_slice(b"[\n");
        IndexWriter { bytes, count: 0 }
    }

    /// One record more.
    pub(crate) fn push(&mut self, d: SearchDoc) {
        if self.count > 0 {
            self.bytes.extend_from_slice(b",\n");
        }
        if serde_json::to_writer(&mut self.bytes, &d).is_err() {
            // a record of strings always serializes; never a broken line
            self.bytes.extend_from_slice(b"{}");
        }
        self.count += 1;
    }

    /// The index's bytes, ending with `suffix`.
    pub(crate) fn finish(mut self, suffix: &[u8]) -> Vec<u8> {
        if self.count > 0 {
            self.bytes.push(b'\n');
        }
        self.bytes.extend_from_slice(b"]\n");
        self.bytes.extend_from_slice(suffix);
        self.bytes
    }
}

/// The index as JSON ([`IndexWriter`]).
#[cfg(test)]
pub(crate) fn index_json(docs: Vec<SearchDoc>) -> String {
    let mut w = IndexWriter::new(b"", 0);
    docs.into_iter().for_each(|d| w.push(d));
    String::from_utf8(w.finish(b"")).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_records() {
        let d = SearchDoc::new(EntryKind::Chapter, "A", "a.html", vec![], "  x \n y ");
        assert_eq!(
            index_json(vec![d]),
            "[\n{\"t\":\"A\",\"u\":\"a.html\",\"x\":\"x\\ny\",\"k\":\"chapter\"}\n]\n"
        );
    }

    /// Records written one by one make the index as one JSON array, a
    /// record a line, between the prefix and the suffix; none makes `[]`.
    #[test]
    fn records_written_as_they_come_make_one_array() {
        let w = IndexWriter::new(b"P = ", 0);
        assert_eq!(w.finish(b";\n"), b"P = [\n]\n;\n");
        let mut w = IndexWriter::new(b"P = ", 0);
        w.push(SearchDoc::new(
            EntryKind::Chapter,
            "A",
            "a.html",
            vec![],
            "x",
        ));
        w.push(SearchDoc::new(
            EntryKind::Page,
            "B",
            "b.html",
            vec!["h".into()],
            "",
        ));
        let text = String::from_utf8(w.finish(b";\n")).expect("UTF-8");
        assert_eq!(
            text,
            "P = [\n{\"t\":\"A\",\"u\":\"a.html\",\"x\":\"x\",\"k\":\"chapter\"},\n\
             {\"t\":\"B\",\"u\":\"b.html\",\"h\":[\"h\"],\"k\":\"page\"}\n]\n;\n"
        );
        let json: serde_json::Value =
            serde_json::from_str(&text["P = ".len()..text.len() - 2]).expect("JSON");
        assert_eq!(json.as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn blocks_stay_apart_and_spaces_collapse() {
        assert_eq!(collapse(" a  b \n\n c\td \n"), "a b\nc d");
        assert_eq!(collapse("\n\n"), "");
        assert_eq!(one_block(" a\n b  c\n"), "a b c");
    }
}
