//! Markdown chapters: front matter, the scan the loader does (headings and
//! their slug ids, links, fenced `omweso` blocks, all with file positions),
//! and rendering to HTML with diagrams in place and links rewritten.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd, html};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The Markdown extensions every chapter is read with.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_SMART_PUNCTUATION
}

/// The info string of the diagrams' fenced blocks.
pub const FENCE: &str = "omweso";

/// A heading's id: lower case, letters and digits kept, spaces and dashes
/// become single dashes, other punctuation dropped ("section" if nothing is left).
pub fn slug(text: &str) -> String {
    let mut s = String::new();
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !s.is_empty() {
                s.push('-');
            }
            dash = false;
            s.extend(c.to_lowercase());
        } else if c.is_whitespace() || c == '-' || c == '_' {
            dash = true;
        }
    }
    if s.is_empty() { "section".into() } else { s }
}

/// Byte offset → 1-based (line, column) in a text.
pub struct Lines {
    starts: Vec<usize>,
    /// The last offset looked up and its column: columns are counted on
    /// from there, so a line of many links is read once, not once a link.
    last: std::cell::Cell<(usize, usize)>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            starts,
            last: std::cell::Cell::new((0, 1)),
        }
    }

    pub fn at(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let end = offset.min(text.len());
        let (last, last_col) = self.last.get();
        let (from, base) = if start <= last && last <= end {
            (last, last_col)
        } else {
            (start, 1)
        };
        let col = match text.get(from..end) {
            Some(s) => {
                let col = base + s.chars().count();
                self.last.set((end, col));
                col
            }
            None => text.get(start..end).map_or(1, |s| s.chars().count() + 1),
        };
        (line, col)
    }
}

/// Split `---` front matter from a chapter: (front matter text, lines before
/// it) or `None` when the file does not start with `---`.
pub fn front_matter(text: &str) -> Option<(&str, usize)> {
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Some((&rest[..offset], 1));
        }
        offset += line.len();
    }
    None
}

/// A heading of a chapter.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub text: String,
    pub id: String,
    pub line: usize,
}

/// A link as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub dest: String,
    pub line: usize,
    pub column: usize,
    /// An image rather than a link.
    pub image: bool,
}

/// A fenced `omweso` block as written: the fence's line and the YAML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawBlock {
    pub line: usize,
    pub column: usize,
    pub text: String,
}

/// What the loader needs from a chapter's Markdown.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub headings: Vec<Heading>,
    pub links: Vec<Link>,
    pub blocks: Vec<RawBlock>,
}

fn level_num(l: pulldown_cmark::HeadingLevel) -> u8 {
    l as u8
}

/// Unique ids for headings: the slug, then `-2`, `-3`… for repeats.
#[derive(Default)]
pub struct Ids {
    seen: HashMap<String, usize>,
}

impl Ids {
    pub fn unique(&mut self, base: String) -> String {
        let n = self.seen.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 { base } else { format!("{base}-{n}") }
    }
}

/// Scan a chapter (the whole file, front matter included).
pub fn scan(text: &str) -> Scan {
    let lines = Lines::new(text);
    let mut out = Scan::default();
    let mut ids = Ids::default();
    let mut heading: Option<(u8, Option<String>, String, usize)> = None;
    let mut block: Option<RawBlock> = None;
    for (ev, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match ev {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let (line, _) = lines.at(text, range.start);
                heading = Some((
                    level_num(level),
                    id.map(|s| s.to_string()),
                    String::new(),
                    line,
                ));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, id, t, line)) = heading.take() {
                    let id = ids.unique(id.unwrap_or_else(|| slug(&t)));
                    out.headings.push(Heading {
                        level,
                        text: t.trim().to_string(),
                        id,
                        line,
                    });
                }
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(FENCE) =>
            {
                let (line, column) = lines.at(text, range.start);
                block = Some(RawBlock {
                    line,
                    column,
                    text: String::new(),
                });
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(b) = block.take() {
                    out.blocks.push(b);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(b) = &mut block {
                    b.text.push_str(&t);
                } else if let Some((_, _, h, _)) = &mut heading {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => {
                let (line, column) = lines.at(text, range.start);
                let image = text[range.clone()].starts_with('!');
                out.links.push(Link {
                    dest: dest_url.to_string(),
                    line,
                    column,
                    image,
                });
            }
            _ => {}
        }
    }
    out
}

/// How a link is resolved when rendering.
pub enum LinkTarget<'a> {
    /// Leave as is (external, or already a site URL).
    Keep,
    /// A chapter (stem) and maybe an anchor.
    Chapter(&'a str, Option<&'a str>),
}

/// Classify a link destination: external links (with a scheme), `mailto:`,
/// pure anchors and site URLs are kept; `name.md` / `name.md#x` are chapters.
pub fn classify(dest: &str) -> LinkTarget<'_> {
    if has_scheme(dest) || dest.starts_with('#') || dest.starts_with('/') {
        return LinkTarget::Keep;
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (dest, None),
    };
    let path = path.strip_prefix("./").unwrap_or(path);
    match path.strip_suffix(".md") {
        Some(stem) if !stem.contains('/') => LinkTarget::Chapter(stem, anchor),
        _ => LinkTarget::Keep,
    }
}

/// Whether a URL has a scheme (`https:`, `mailto:`…).
pub fn has_scheme(dest: &str) -> bool {
    match dest.find(':') {
        Some(i) => {
            let scheme = &dest[..i];
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.')
                && !dest[..i].contains('/')
        }
        None => false,
    }
}

/// Where a chapter is rendered: the ids its elements get and where its
/// links go.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// Its own page: links to chapters become `.html` links with `root`
    /// (the way back to the site root); ids are kept.
    Page { root: &'a str },
    /// Its section of the all-in-one print page: ids get the chapter's
    /// `stem` as prefix (`the-move--summary`), and links within the
    /// chapter and to the `chapters` printed stay within the page (a
    /// chapter's own section is `#chapter-STEM`). Links elsewhere are kept.
    Print {
        stem: &'a str,
        chapters: &'a BTreeSet<&'a str>,
    },
}

impl Target<'_> {
    /// The id an element with id `id` gets.
    pub fn id(&self, id: &str) -> String {
        match self {
            Target::Page { .. } => id.to_string(),
            Target::Print { stem, .. } => format!("{stem}--{id}"),
        }
    }

    /// Where a link to `dest` (as written) goes.
    fn href<'d>(&self, dest: CowStr<'d>) -> CowStr<'d> {
        let (root, print) = match *self {
            Target::Page { root } => (root, None),
            Target::Print { stem, chapters } => ("", Some((stem, chapters))),
        };
        // the link on a chapter's own page
        let dest = match classify(&dest) {
            LinkTarget::Chapter(stem, anchor) => CowStr::from(match anchor {
                Some(a) => format!("{root}{stem}.html#{a}"),
                None => format!("{root}{stem}.html"),
            }),
            LinkTarget::Keep => dest,
        };
        let Some((stem, chapters)) = print else {
            return dest;
        };
        // on the print page, within the page where it can
        if let Some(a) = dest.strip_prefix('#') {
            return CowStr::from(format!("#{stem}--{a}"));
        }
        let (path, anchor) = dest.split_once('#').unwrap_or((&dest, ""));
        match path.strip_suffix(".html").filter(|p| chapters.contains(p)) {
            Some(other) if anchor.is_empty() => CowStr::from(format!("#chapter-{other}")),
            Some(other) => CowStr::from(format!("#{other}--{anchor}")),
            None => dest,
        }
    }
}

/// Render a chapter's Markdown to HTML for `target`. `diagram(line)` gives
/// the HTML of the fenced `omweso` block at that line; links to chapters
/// become `.html` links (or links within the print page); headings and
/// footnotes get their ids. Returns the HTML and the plain text (for
/// search).
pub fn render(text: &str, target: &Target, diagram: &dyn Fn(usize) -> String) -> (String, String) {
    let lines = Lines::new(text);
    let mut ids = Ids::default();
    let mut events: Vec<Event> = Vec::new();
    let mut plain = String::new();
    let mut in_block = false;
    let mut in_meta = false;
    let mut heading_start: Option<usize> = None;
    for (ev, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match ev {
            Event::Start(Tag::MetadataBlock(_)) => in_meta = true,
            Event::End(TagEnd::MetadataBlock(_)) => in_meta = false,
            _ if in_meta => {}
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info)))
                if info.split_whitespace().next() == Some(FENCE) =>
            {
                let (line, _) = lines.at(text, range.start);
                events.push(Event::Html(CowStr::from(diagram(line))));
                in_block = true;
            }
            Event::End(TagEnd::CodeBlock) if in_block => in_block = false,
            _ if in_block => {}
            Event::Start(Tag::Heading { .. }) => {
                heading_start = Some(events.len());
                events.push(ev);
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(i) = heading_start.take() {
                    let t: String = events[i + 1..]
                        .iter()
                        .filter_map(|e| match e {
                            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                            _ => None,
                        })
                        .collect();
                    if let Event::Start(Tag::Heading { id, .. }) = &mut events[i] {
                        let base = id
                            .as_ref()
                            .map(|s| s.to_string())
                            .unwrap_or_else(|| slug(&t));
                        *id = Some(CowStr::from(target.id(&ids.unique(base))));
                    }
                }
                plain.push('\n');
                events.push(ev);
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest = match link_type {
                    // `mailto:` is added when the HTML is written
                    LinkType::Email => dest_url,
                    _ => target.href(dest_url),
                };
                events.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url: dest,
                    title,
                    id,
                }));
            }
            // footnotes: the reference links to the definition's id
            Event::FootnoteReference(label) => {
                events.push(Event::FootnoteReference(CowStr::from(target.id(&label))));
            }
            Event::Start(Tag::FootnoteDefinition(label)) => {
                events.push(Event::Start(Tag::FootnoteDefinition(CowStr::from(
                    target.id(&label),
                ))));
            }
            Event::Text(ref t) | Event::Code(ref t) => {
                plain.push_str(t);
                events.push(ev);
            }
            Event::SoftBreak | Event::HardBreak => {
                plain.push(' ');
                events.push(ev);
            }
            Event::End(TagEnd::Paragraph) | Event::End(TagEnd::Item) => {
                plain.push('\n');
                events.push(ev);
            }
            _ => events.push(ev),
        }
    }
    let mut out = String::with_capacity(text.len() * 2);
    html::push_html(&mut out, events.into_iter());
    (out, plain)
}

/// Headings as a nested table of contents (levels 2 and 3).
pub fn toc(headings: &[Heading]) -> Vec<BTreeMap<&'static str, String>> {
    headings
        .iter()
        .filter(|h| h.level == 2 || h.level == 3)
        .map(|h| {
            BTreeMap::from([
                ("id", h.id.clone()),
                ("text", h.text.clone()),
                ("level", h.level.to_string()),
            ])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(
            slug("Sowing always starts beside E"),
            "sowing-always-starts-beside-e"
        );
        assert_eq!(slug("  Rule 7: the *capture*!  "), "rule-7-the-capture");
        assert_eq!(slug("Okutebuka — going back"), "okutebuka-going-back");
        assert_eq!(slug("???"), "section");
    }

    #[test]
    fn scan_finds_lines() {
        let text = "---\ntitle: T\n---\n\n# One\n\nSee [x](other.md#two).\n\n```omweso\nref: a\n```\n\n## One\n";
        let s = scan(text);
        assert_eq!(s.headings.len(), 2);
        assert_eq!(s.headings[0].id, "one");
        assert_eq!(s.headings[0].line, 5);
        assert_eq!(s.headings[1].id, "one-2");
        assert_eq!(s.links[0].dest, "other.md#two");
        assert_eq!((s.links[0].line, s.links[0].column), (7, 5));
        assert_eq!(s.blocks[0].line, 9);
        assert_eq!(s.blocks[0].text, "ref: a\n");
    }

    #[test]
    fn render_rewrites_links_and_ids() {
        let text = "---\ntitle: T\n---\n# A *b*\n[x](other.md#two) [y](https://e.org/a.md)\n\n```omweso\nref: a\n```\n";
        let page = Target::Page { root: "" };
        let (html, plain) = render(text, &page, &|line| format!("<figure>{line}</figure>"));
        assert!(html.contains("<h1 id=\"a-b\">"), "{html}");
        assert!(html.contains("href=\"other.html#two\""), "{html}");
        assert!(html.contains("href=\"https://e.org/a.md\""), "{html}");
        assert!(html.contains("<figure>7</figure>"), "{html}");
        assert!(!html.contains("title: T"), "{html}");
        assert!(plain.contains("A b"), "{plain}");
    }

    #[test]
    fn print_target_prefixes_ids_and_keeps_links_in_the_page() {
        let text = "# X\n\n[1](#x) [2](b.md#y) [3](b.md) [4](b.html#z) [5](variants/m.html) [6](https://e.org) [7](d.md) <c@e.org>\n\nA note.[^n]\n\n[^n]: The note.\n\n```omweso\nref: a\n```\n";
        let chapters = ["a", "b"].into_iter().collect();
        let print = Target::Print {
            stem: "a",
            chapters: &chapters,
        };
        let (html, _) = render(text, &print, &|_| "<figure></figure>".into());
        for want in [
            "<h1 id=\"a--x\">X</h1>",
            "<a href=\"#a--x\">1</a>",
            "<a href=\"#b--y\">2</a>",
            "<a href=\"#chapter-b\">3</a>",
            "<a href=\"#b--z\">4</a>",
            "<a href=\"variants/m.html\">5</a>",
            "<a href=\"https://e.org\">6</a>",
            "<a href=\"d.html\">7</a>",
            "<a href=\"mailto:c@e.org\">",
            "<a href=\"#a--n\">1</a>",
            "id=\"a--n\"",
        ] {
            assert!(html.contains(want), "{want} in {html}");
        }
        assert_eq!(print.id("pos-x"), "a--pos-x");
        let page = Target::Page { root: "../" };
        let (html, _) = render(text, &page, &|_| String::new());
        assert!(html.contains("<h1 id=\"x\">"), "{html}");
        assert!(html.contains("href=\"../b.html#y\""), "{html}");
        assert!(html.contains("href=\"#n\""), "{html}");
    }
}
