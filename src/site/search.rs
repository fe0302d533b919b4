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
    pub k: Kind,
}

/// The kinds of search results, in the order the results list them: the
/// rules before the examples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
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
        kind: Kind,
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

/// The index as JSON (one record a line, so diffs stay readable).
pub(crate) fn index_json(docs: &[SearchDoc]) -> String {
    let mut s = String::from("[\n");
    for (i, d) in docs.iter().enumerate() {
        s.push_str(&serde_json::to_string(d).unwrap_or_else(|_| "{}".into()));
        if i + 1 < docs.len() {
            s.push(',');
        }
        s.push('\n');
    }
    s.push_str("]\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_records() {
        let d = SearchDoc::new(Kind::Chapter, "A", "a.html", vec![], "  x \n y ");
        assert_eq!(
            index_json(&[d]),
            "[\n{\"t\":\"A\",\"u\":\"a.html\",\"x\":\"x\\ny\",\"k\":\"chapter\"}\n]\n"
        );
    }

    #[test]
    fn blocks_stay_apart_and_spaces_collapse() {
        assert_eq!(collapse(" a  b \n\n c\td \n"), "a b\nc d");
        assert_eq!(collapse("\n\n"), "");
        assert_eq!(one_block(" a\n b  c\n"), "a b c");
    }
}
