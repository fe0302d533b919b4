//! The full-text search index (`assets/search-index.js`): one compact record per
//! page or glossary term, searched in the browser by `assets/omweso.js`.

use serde::Serialize;
use std::collections::HashMap;

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

/// The alphabet of a text's word codes ([`code`]): the printable ASCII
/// characters a JSON string holds as they are (no `"`, no `\\`), the
/// first [`ENDS`] ending a code, the others leading one.
const ALPHABET: &[u8; 92] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$\
!#%&'()*+,-./:;<=>?@[]^`{|}~";
/// How many characters of [`ALPHABET`] end a code.
const ENDS: usize = 64;
/// How many lead one.
const LEADS: usize = ALPHABET.len() - ENDS;

/// The code of the `n`-th word of the index's list: one character for the
/// first 64 words (the commonest), two for the next 28 × 64, and so on:
/// zero or more leading characters, then one ending character. Decoded by
/// `decode` in `assets/omweso.js`.
pub(crate) fn code(mut n: usize, out: &mut String) {
    let mut len = 0;
    let mut block = ENDS;
    while n >= block {
        n -= block;
        len += 1;
        block *= LEADS;
    }
    let (mut lead, end) = (n / ENDS, n % ENDS);
    let at = out.len();
    for _ in 0..len {
        out.insert(at, ALPHABET[ENDS + lead % LEADS] as char);
        lead /= LEADS;
    }
    out.push(ALPHABET[end] as char);
}

/// The words of a collapsed text ([`collapse`]) in order: each run of
/// non-space characters, and `"\n"` for each block's end. The text is
/// the words joined by a space, but none beside a `"\n"`.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(' ')
        .flat_map(|w| w.split_inclusive('\n'))
        .flat_map(|w| match w.strip_suffix('\n') {
            Some(word) => [word, "\n"],
            None => [w, ""],
        })
        .filter(|w| !w.is_empty())
}

/// The words of every record's text, counted: the index lists them once,
/// the commonest first, and a record's text is a string of their codes.
#[derive(Default)]
pub(crate) struct WordList {
    counts: HashMap<String, usize>,
}

impl WordList {
    /// Count the words of `doc`'s text.
    pub(crate) fn count(&mut self, doc: &SearchDoc) {
        for w in words(&doc.x) {
            match self.counts.get_mut(w) {
                Some(n) => *n += 1,
                None => {
                    self.counts.insert(w.to_string(), 1);
                }
            }
        }
    }

    /// The words, the commonest first (then in byte order), and each
    /// word's code.
    fn finish(self) -> (Vec<String>, HashMap<String, String>) {
        let mut list: Vec<(String, usize)> = self.counts.into_iter().collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut codes = HashMap::with_capacity(list.len());
        let words: Vec<String> = list.into_iter().map(|(w, _)| w).collect();
        for (i, w) in words.iter().enumerate() {
            let mut c = String::new();
            code(i, &mut c);
            codes.insert(w.clone(), c);
        }
        (words, codes)
    }
}

/// A record as written: its text as the codes of its words.
#[derive(Serialize)]
struct Record<'a> {
    t: &'a str,
    u: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    h: &'a [String],
    /// The text's words' codes.
    #[serde(skip_serializing_if = "str::is_empty")]
    c: &'a str,
    k: EntryKind,
}

/// The index as a JSON object (one record a line, so diffs stay
/// readable): `w`, the list of the records' words, the commonest first
/// ([`WordList`]), and `d`, the records, each record's text written as
/// the codes of its words (a search for a word looks it up in the list,
/// and a snippet is the record's text decoded). The records are written
/// as they come (none is kept: at 4,000 chapters their texts are about 18
/// MB), between a `prefix` and a `suffix`.
pub(crate) struct IndexWriter {
    bytes: Vec<u8>,
    codes: HashMap<String, String>,
    count: usize,
}

impl IndexWriter {
    /// An index of the words `words` whose bytes start with `prefix`,
    /// with room for `capacity`.
    pub(crate) fn new(prefix: &[u8], words: WordList, capacity: usize) -> IndexWriter {
        let (list, codes) = words.finish();
        let mut bytes = Vec::with_capacity(capacity);
        bytes.extend_from_slice(prefix);
        bytes.extend_from_slice(b"{\"w\":");
        if serde_json::to_writer(&mut bytes, &list).is_err() {
            // a list of strings always serializes
            bytes.extend_from_slice(b"[]");
        }
        bytes.extend_from_slice(b",\"d\":[\n");
        IndexWriter {
            bytes,
            codes,
            count: 0,
        }
    }

    /// One record more (its words counted in the list given to
    /// [`IndexWriter::new`]).
    pub(crate) fn push(&mut self, d: SearchDoc) {
        if self.count > 0 {
            self.bytes.extend_from_slice(b",\n");
        }
        let mut c = String::with_capacity(d.x.len() / 3);
        for w in words(&d.x) {
            match self.codes.get(w) {
                Some(code) => c.push_str(code),
                None => debug_assert!(false, "a word not counted: {w:?}"),
            }
        }
        let record = Record {
            t: &d.t,
            u: &d.u,
            h: &d.h,
            c: &c,
            k: d.k,
        };
        if serde_json::to_writer(&mut self.bytes, &record).is_err() {
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
        self.bytes.extend_from_slice(b"]}\n");
        self.bytes.extend_from_slice(suffix);
        self.bytes
    }
}

/// The index as JSON ([`IndexWriter`]).
#[cfg(test)]
pub(crate) fn index_json(docs: Vec<SearchDoc>) -> String {
    let mut list = WordList::default();
    docs.iter().for_each(|d| list.count(d));
    let mut w = IndexWriter::new(b"", list, 0);
    docs.into_iter().for_each(|d| w.push(d));
    String::from_utf8(w.finish(b"")).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's text decoded from its codes, as `decode` and `text` in
    /// `assets/omweso.js` do.
    fn decode(list: &[String], codes: &str) -> String {
        let ends = &ALPHABET[..ENDS];
        let mut out = String::new();
        let mut prev_newline = true;
        let (mut lead, mut len) = (0usize, 0u32);
        for b in codes.bytes() {
            match ends.iter().position(|&e| e == b) {
                None => {
                    let digit = ALPHABET.iter().position(|&e| e == b).expect("a code") - ENDS;
                    lead = lead * LEADS + digit;
                    len += 1;
                }
                Some(end) => {
                    let offset: usize = (0..len).map(|k| ENDS * LEADS.pow(k)).sum();
                    let w = &list[offset + lead * ENDS + end];
                    if !prev_newline && w != "\n" {
                        out.push(' ');
                    }
                    prev_newline = w == "\n";
                    out.push_str(w);
                    (lead, len) = (0, 0);
                }
            }
        }
        out
    }

    #[test]
    fn compact_records() {
        let d = SearchDoc::new(EntryKind::Chapter, "A", "a.html", vec![], "  x \n y ");
        assert_eq!(
            index_json(vec![d]),
            "{\"w\":[\"\\n\",\"x\",\"y\"],\"d\":[\n{\"t\":\"A\",\"u\":\"a.html\",\"c\":\"102\",\"k\":\"chapter\"}\n]}\n"
        );
    }

    /// Codes are one character for the first 64 words, then two, then
    /// three…, never a `"` or `\`, and no code is the start of another.
    #[test]
    fn codes_are_short_for_common_words_and_prefix_free() {
        let codes: Vec<String> = (0..70_000)
            .map(|n| {
                let mut c = String::new();
                code(n, &mut c);
                c
            })
            .collect();
        assert_eq!(codes[0], "0");
        assert_eq!(codes[63].len(), 1);
        assert_eq!(codes[64].len(), 2);
        assert_eq!(codes[64 + 28 * 64 - 1].len(), 2);
        assert_eq!(codes[64 + 28 * 64].len(), 3);
        let all: std::collections::HashSet<&String> = codes.iter().collect();
        assert_eq!(all.len(), codes.len());
        for c in &codes {
            assert!(!c.contains('"') && !c.contains('\\'), "{c}");
            // a code ends at its only ending character
            let ends = c.bytes().filter(|b| ALPHABET[..ENDS].contains(b)).count();
            assert_eq!(
                (
                    ends,
                    c.bytes().last().map(|b| ALPHABET[..ENDS].contains(&b))
                ),
                (1, Some(true)),
                "{c}"
            );
        }
    }

    /// Every record's text comes back whole from the list of words and its
    /// codes: blocks, punctuation, case and accents as they were; the
    /// commonest word has the shortest code.
    #[test]
    fn a_records_text_decodes_as_it_was() {
        let texts = [
            "Okutebuka: reverse sowing.\nThe seeds (16) are sown; the seeds\nÉté the the",
            "the end of the the",
            "",
            "one\ntwo\nthree words \n\n here",
        ];
        let docs: Vec<SearchDoc> = texts
            .iter()
            .map(|t| SearchDoc::new(EntryKind::Page, "T", "t.html", vec![], t))
            .collect();
        let json = index_json(docs.clone());
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let list: Vec<String> = serde_json::from_value(v["w"].clone()).expect("a list");
        assert_eq!(list[0], "the");
        let records = v["d"].as_array().expect("records");
        assert_eq!(records.len(), texts.len());
        for (d, r) in docs.iter().zip(records) {
            assert_eq!(decode(&list, r["c"].as_str().unwrap_or("")), d.x, "{r}");
        }
        assert_eq!(
            docs[0].x,
            "Okutebuka: reverse sowing.\nThe seeds (16) are sown; the seeds\nÉté the the"
        );
        // a text of many words, codes of two and three characters
        let many: String = (0..3000).map(|i| format!("w{i} ")).collect::<String>() + "\nend";
        let d = SearchDoc::new(EntryKind::Chapter, "M", "m.html", vec![], &many);
        let v: serde_json::Value =
            serde_json::from_str(&index_json(vec![d.clone()])).expect("JSON");
        let list: Vec<String> = serde_json::from_value(v["w"].clone()).expect("a list");
        assert_eq!(decode(&list, v["d"][0]["c"].as_str().unwrap()), d.x);
    }

    /// Records written one by one make one JSON object, the word list then
    /// a record a line, between the prefix and the suffix; none makes an
    /// empty list.
    #[test]
    fn records_written_as_they_come_make_one_object() {
        let w = IndexWriter::new(b"P = ", WordList::default(), 0);
        assert_eq!(w.finish(b";\n"), b"P = {\"w\":[],\"d\":[\n]}\n;\n");
        let a = SearchDoc::new(EntryKind::Chapter, "A", "a.html", vec![], "x");
        let b = SearchDoc::new(EntryKind::Page, "B", "b.html", vec!["h".into()], "");
        let mut list = WordList::default();
        list.count(&a);
        list.count(&b);
        let mut w = IndexWriter::new(b"P = ", list, 0);
        w.push(a);
        w.push(b);
        let text = String::from_utf8(w.finish(b";\n")).expect("UTF-8");
        assert_eq!(
            text,
            "P = {\"w\":[\"x\"],\"d\":[\n{\"t\":\"A\",\"u\":\"a.html\",\"c\":\"0\",\"k\":\"chapter\"},\n\
             {\"t\":\"B\",\"u\":\"b.html\",\"h\":[\"h\"],\"k\":\"page\"}\n]}\n;\n"
        );
        let json: serde_json::Value =
            serde_json::from_str(&text["P = ".len()..text.len() - 2]).expect("JSON");
        assert_eq!(json["d"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn blocks_stay_apart_and_spaces_collapse() {
        assert_eq!(collapse(" a  b \n\n c\td \n"), "a b\nc d");
        assert_eq!(collapse("\n\n"), "");
        assert_eq!(one_block(" a\n b  c\n"), "a b c");
    }
}
