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
    /// Text, whitespace collapsed.
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

/// Whitespace runs become one space.
pub(crate) fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for w in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
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
            "[\n{\"t\":\"A\",\"u\":\"a.html\",\"x\":\"x y\",\"k\":\"chapter\"}\n]\n"
        );
    }
}
