//! Markdown chapters: front matter, the scan the loader does (headings and
//! their slug ids, links, fenced `omweso` blocks, all with file positions),
//! and rendering to HTML with diagrams in place, links rewritten and the
//! author's own HTML treated as the site's [`RawHtml`] policy says.

use super::config::RawHtml;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd, html};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::LazyLock;

/// The Markdown extensions every chapter is read with.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_SMART_PUNCTUATION
}

/// The info string of the diagrams' fenced blocks.
pub(crate) const FENCE: &str = "omweso";

/// A heading's id: lower case, letters and digits kept, spaces and dashes
/// become single dashes, other punctuation dropped ("section" if nothing is left).
pub(crate) fn slug(text: &str) -> String {
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
pub(crate) struct Lines {
    starts: Vec<usize>,
    /// The last offset looked up and its column: columns are counted on
    /// from there, so a line of many links is read once, not once a link.
    last: std::cell::Cell<(usize, usize)>,
}

impl Lines {
    pub(crate) fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            starts,
            last: std::cell::Cell::new((0, 1)),
        }
    }

    pub(crate) fn at(&self, text: &str, offset: usize) -> (usize, usize) {
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
pub(crate) fn front_matter(text: &str) -> Option<(&str, usize)> {
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
    /// The heading's level, 1 to 6 (`#` to `######`).
    pub level: u8,
    /// The heading's text, without its markup.
    pub text: String,
    /// The heading's anchor id: the one written (`{#id}`) or a slug of the
    /// text, made unique in the chapter.
    pub id: String,
    /// 1-based line of the heading in the chapter's file.
    pub line: usize,
}

/// A link as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The link's destination, as written.
    pub dest: String,
    /// 1-based line of the link in the chapter's file.
    pub line: usize,
    /// 1-based column of the link.
    pub column: usize,
    /// An image rather than a link.
    pub image: bool,
}

/// A fenced `omweso` block as written: the fence's line and the YAML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawBlock {
    /// 1-based line of the opening fence.
    pub line: usize,
    /// 1-based column of the opening fence.
    pub column: usize,
    /// The YAML between the fences.
    pub text: String,
}

/// What the loader needs from a chapter's Markdown.
#[derive(Clone, Debug, Default)]
pub struct MarkdownScan {
    /// The chapter's headings, in order.
    pub headings: Vec<Heading>,
    /// The chapter's links, in order.
    pub links: Vec<Link>,
    /// The chapter's fenced `omweso` blocks, in order.
    pub blocks: Vec<RawBlock>,
}

fn level_num(l: pulldown_cmark::HeadingLevel) -> u8 {
    l as u8
}

/// Unique ids for headings: the slug, then `-2`, `-3`… for repeats.
#[derive(Default)]
pub(crate) struct Ids {
    seen: HashMap<String, usize>,
}

impl Ids {
    pub(crate) fn unique(&mut self, base: String) -> String {
        let n = self.seen.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 { base } else { format!("{base}-{n}") }
    }
}

/// Scan a chapter (the whole file, front matter included).
pub fn scan_markdown(text: &str) -> MarkdownScan {
    let lines = Lines::new(text);
    let mut out = MarkdownScan::default();
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
pub(crate) enum LinkTarget<'a> {
    /// Leave as is (external, or already a site URL).
    Keep,
    /// A chapter (stem) and maybe an anchor.
    Chapter(&'a str, Option<&'a str>),
}

/// Classify a link destination: external links (with a scheme), `mailto:`,
/// pure anchors and site URLs are kept; `name.md` / `name.md#x` are chapters.
pub(crate) fn classify(dest: &str) -> LinkTarget<'_> {
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
pub(crate) fn has_scheme(dest: &str) -> bool {
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
pub enum MarkdownTarget<'a> {
    /// Its own page: links to chapters become `.html` links with `root`
    /// (the way back to the site root); ids are kept.
    Page {
        /// The way back to the site root from the page (`""` or `../`).
        root: &'a str,
    },
    /// Its section of the all-in-one print page: ids get the chapter's
    /// `stem` as prefix (`the-move--summary`), and links within the
    /// chapter and to the `chapters` printed stay within the page (a
    /// chapter's own section is `#chapter-STEM`). Links elsewhere are kept.
    Print {
        /// The printed chapter's file stem (its section is `#chapter-STEM`).
        stem: &'a str,
        /// The stems of every chapter the print page holds.
        chapters: &'a BTreeSet<&'a str>,
    },
}

impl MarkdownTarget<'_> {
    /// The id an element with id `id` gets.
    pub(crate) fn id(&self, id: &str) -> String {
        match self {
            MarkdownTarget::Page { .. } => id.to_string(),
            MarkdownTarget::Print { stem, .. } => format!("{stem}--{id}"),
        }
    }

    /// Where a link to `dest` (as written) goes.
    fn href<'d>(&self, dest: CowStr<'d>) -> CowStr<'d> {
        let (root, print) = match *self {
            MarkdownTarget::Page { root } => (root, None),
            MarkdownTarget::Print { stem, chapters } => ("", Some((stem, chapters))),
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

/// The URL schemes a link or image written in Markdown may use unless the
/// author's HTML is trusted ([`RawHtml::Allow`]); addresses without a
/// scheme (relative ones, `#anchors`) are always fine.
pub(crate) const SAFE_SCHEMES: &[&str] = &["http", "https", "mailto", "tel"];

/// Whether a link or image address as written is safe in a page whose
/// author is not trusted: no scheme, or one of [`SAFE_SCHEMES`]. The
/// address is read the way a browser reads it (surrounding spaces and
/// control characters, and any tab or line break, ignored; the scheme in
/// any case); a `:` before the first `/`, `?` or `#` makes what precedes
/// it a scheme, so `javascript:`, `data:`, `vbscript:` and anything else
/// unknown is refused.
pub(crate) fn safe_url(dest: &str) -> bool {
    let url: String = dest
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let scheme = match url.find([':', '/', '?', '#']) {
        Some(i) if url[i..].starts_with(':') => &url[..i],
        _ => return true,
    };
    SAFE_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The sanitizer of [`RawHtml::Sanitize`]: ammonia's allow-list (formatting,
/// tables, `<details>`, images and links; no scripts, styles, event
/// handlers, forms, frames, SVG or comments) with what the Markdown
/// renderer writes itself: `id` and `class` on any element (heading ids,
/// footnotes, code languages), `text-align` styles on table cells, and
/// `open` on `<details>`. Links and images keep only [`SAFE_SCHEMES`] or
/// relative addresses, and get no added `rel`.
static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.add_generic_attributes(["id", "class"])
        .add_tag_attributes("th", ["style"])
        .add_tag_attributes("td", ["style"])
        .filter_style_properties(HashSet::from(["text-align"]))
        .add_tag_attributes("details", ["open"])
        .url_schemes(SAFE_SCHEMES.iter().copied().collect())
        .link_rel(None);
    b
});

/// Where the `k`-th thing of `kind` waits while the author's HTML is
/// sanitized (text, which the sanitizer keeps as it is): private-use
/// characters around the kind, a nonce and `k`. Kinds: `figure` (a diagram)
/// and `mark` (a point of the chapter that must survive the author's HTML).
fn slot(kind: &str, nonce: usize, k: usize) -> String {
    format!("\u{E000}omweso-{kind}-{nonce}-{k}\u{E001}")
}

/// Why the slots of one kind could not be filled: a slot there twice
/// (`Some(k)`: slot `k`), or one broken or never made (`None`). Either the
/// author's text forged a slot of that nonce (another nonce is needed), or,
/// with a nonce the text does not forge, the author's HTML copied or broke
/// one (an attribute left open, re-opened by the HTML parser).
#[derive(Debug)]
struct BadSlot(Option<usize>);

/// Replace the slots of `kind` (of `nonce`) in sanitized HTML by
/// `fill(k)` (and the newline after it, where `eat_newline(k)`), saying
/// which were there. A slot may be missing (the author's HTML hid it): the
/// caller decides.
fn fill_slots(
    html: &str,
    kind: &str,
    nonce: usize,
    count: usize,
    fill: &dyn Fn(usize) -> String,
    eat_newline: &dyn Fn(usize) -> bool,
) -> Result<(String, Vec<bool>), BadSlot> {
    let prefix = format!("\u{E000}omweso-{kind}-{nonce}-");
    let mut out = String::with_capacity(html.len());
    let mut seen = vec![false; count];
    let mut rest = html;
    while let Some(i) = rest.find(&prefix) {
        out.push_str(&rest[..i]);
        rest = &rest[i + prefix.len()..];
        let end = rest.find('\u{E001}').ok_or(BadSlot(None))?;
        let k: usize = rest[..end].parse().map_err(|_| BadSlot(None))?;
        if std::mem::replace(seen.get_mut(k).ok_or(BadSlot(None))?, true) {
            return Err(BadSlot(Some(k)));
        }
        out.push_str(&fill(k));
        rest = &rest[end + '\u{E001}'.len_utf8()..];
        if eat_newline(k) {
            rest = rest.strip_prefix('\n').unwrap_or(rest);
        }
    }
    out.push_str(rest);
    Ok((out, seen))
}

/// The first nonce after 0 whose slots do not occur in `html` (the
/// sanitized chapter made with nonce 0): the author's text forges none of
/// its slots, since what the text forges does not depend on the nonce.
fn unforged_nonce(html: &str) -> usize {
    (1..)
        .find(|n| {
            ["mark", "figure"]
                .iter()
                .all(|kind| !html.contains(&format!("\u{E000}omweso-{kind}-{n}-")))
        })
        .expect("a text holds finitely many slots")
}

/// The author's HTML would hide what the chapter must show: the rest of
/// the chapter (an unclosed `<script>`, `<style>`, `<template>` or
/// comment) or one of the site's diagrams. Under `raw_html: sanitize` such
/// a chapter is refused, never shown cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// 1-based line and column in the chapter's file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What would be hidden, in words, for the author.
    pub message: String,
}

/// The elements whose content the sanitizer drops (or that swallow the
/// rest of a page when left open): (how it opens, how it closes, its name).
const SWALLOWING: [(&str, &str, &str); 11] = [
    ("<!--", "-->", "comment `<!--`"),
    ("<script", "</script", "`<script>`"),
    ("<style", "</style", "`<style>`"),
    ("<template", "</template", "`<template>`"),
    ("<textarea", "</textarea", "`<textarea>`"),
    ("<title", "</title", "`<title>`"),
    ("<iframe", "</iframe", "`<iframe>`"),
    ("<noscript", "</noscript", "`<noscript>`"),
    ("<noembed", "</noembed", "`<noembed>`"),
    ("<noframes", "</noframes", "`<noframes>`"),
    ("<xmp", "</xmp", "`<xmp>`"),
];

/// The swallowing element `html` opens and leaves open, if any.
fn left_open(html: &str) -> Option<&'static str> {
    let lower = html.to_ascii_lowercase();
    if lower.contains("<plaintext") {
        return Some("`<plaintext>`");
    }
    SWALLOWING
        .iter()
        .filter_map(|(open, close, name)| {
            let at = lower.rfind(open)?;
            (!lower[at..].contains(close)).then_some((at, *name))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, name)| name)
}

/// The elements that open an HTML block running to the line holding their
/// closing tag (CommonMark's HTML blocks of the first kind): left open, the
/// block runs to the chapter's end and reads the rest as its text.
const TO_THEIR_CLOSE: [(&str, &str, &str); 4] = [
    ("<pre", "</pre>", "`<pre>`"),
    ("<script", "</script>", "`<script>`"),
    ("<style", "</style>", "`<style>`"),
    ("<textarea", "</textarea>", "`<textarea>`"),
];

/// The element an HTML block opens and never closes, when the block has
/// more lines than its first (the rest of the chapter, taken as its text).
fn runs_to_the_end(block: &str) -> Option<&'static str> {
    let lower = block.trim_start().to_ascii_lowercase();
    let (_, close, name) = TO_THEIR_CLOSE.iter().find(|(open, _, _)| {
        lower.strip_prefix(open).is_some_and(|after| {
            after.is_empty() || after.starts_with(|c: char| c == '>' || c.is_ascii_whitespace())
        })
    })?;
    let more = lower.lines().skip(1).any(|l| !l.trim().is_empty());
    (more && !lower.contains(close)).then_some(*name)
}

/// Render a chapter's Markdown to HTML for `target`. `diagram(line)` gives
/// the HTML of the fenced `omweso` block at that line; links to chapters
/// become `.html` links (or links within the print page); headings and
/// footnotes get their ids. The HTML the author wrote (HTML blocks, inline
/// tags, heading attributes) and the addresses of links and images are
/// treated as `raw_html` says; the diagrams and the renderer's own markup
/// are not. Returns the HTML and the plain text (for search), or, under
/// [`RawHtml::Sanitize`], where the author's HTML would hide the rest of
/// the chapter or a diagram ([`Hidden`]: nothing is ever cut silently).
pub fn render_markdown(
    text: &str,
    target: &MarkdownTarget,
    raw_html: RawHtml,
    diagram: &dyn Fn(usize) -> String,
) -> Result<(String, String), Hidden> {
    let lines = Lines::new(text);
    let mut ids = Ids::default();
    let mut events: Vec<Event> = Vec::new();
    let mut plain = String::new();
    let mut in_block = false;
    let mut in_meta = false;
    let mut heading_start: Option<usize> = None;
    let trusted = raw_html == RawHtml::Allow;
    // the diagrams: (index in `events`, HTML, line of the fence)
    let mut figures: Vec<(usize, String, usize)> = Vec::new();
    // after each piece of the author's HTML (sanitized): (index in
    // `events` of the mark's place, where the piece starts, its text)
    let mut marks: Vec<(usize, (usize, usize), String)> = Vec::new();
    // the HTML block being read: where it starts, its text
    let mut block: Option<((usize, usize), String)> = None;
    // whether the author wrote HTML the sanitizer must see
    let mut authored_html = false;
    // for each link or image open: whether it is kept (its address is safe)
    let mut kept: Vec<bool> = Vec::new();
    for (ev, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match ev {
            Event::Start(Tag::MetadataBlock(_)) => in_meta = true,
            Event::End(TagEnd::MetadataBlock(_)) => in_meta = false,
            _ if in_meta => {}
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info)))
                if info.split_whitespace().next() == Some(FENCE) =>
            {
                let (line, _) = lines.at(text, range.start);
                figures.push((events.len(), diagram(line), line));
                // replaced by the diagram once the author's HTML is dealt with
                events.push(Event::Html(CowStr::Borrowed("")));
                in_block = true;
            }
            Event::End(TagEnd::CodeBlock) if in_block => in_block = false,
            _ if in_block => {}
            // the author's HTML
            Event::Html(_) | Event::InlineHtml(_) if trusted => events.push(ev),
            Event::Start(Tag::HtmlBlock) if raw_html == RawHtml::Sanitize => {
                block = Some((lines.at(text, range.start), String::new()));
                events.push(ev);
            }
            Event::End(TagEnd::HtmlBlock) if raw_html == RawHtml::Sanitize => {
                events.push(ev);
                let (at, html) = block.take().unwrap_or_default();
                if let Some(name) = runs_to_the_end(&html) {
                    return Err(Hidden {
                        line: at.0,
                        column: at.1,
                        message: format!(
                            "this HTML hides the rest of the chapter (an unclosed {name}): \
                             Markdown reads everything after it as that element's text, so no \
                             heading or diagram after it would be drawn. Close it, or remove it"
                        ),
                    });
                }
                marks.push((events.len(), at, html));
                events.push(Event::Html(CowStr::Borrowed("")));
            }
            Event::Html(t) if raw_html == RawHtml::Sanitize => {
                authored_html = true;
                if let Some((_, html)) = &mut block {
                    html.push_str(&t);
                }
                events.push(Event::Html(t));
            }
            Event::InlineHtml(t) if raw_html == RawHtml::Sanitize => {
                authored_html = true;
                let at = lines.at(text, range.start);
                let html = t.to_string();
                events.push(Event::InlineHtml(t));
                marks.push((events.len(), at, html));
                events.push(Event::InlineHtml(CowStr::Borrowed("")));
            }
            // shown as text: within an HTML block's code block, or escaped
            // here (as HTML, so that a heading's id stays that of its text)
            Event::Html(t) => {
                plain.push_str(&t);
                events.push(Event::Text(t));
            }
            Event::InlineHtml(t) => {
                plain.push_str(&t);
                events.push(Event::InlineHtml(CowStr::from(crate::diagram::escape(&t))));
            }
            // shown as text: an HTML block as a code block
            Event::Start(Tag::HtmlBlock) if raw_html == RawHtml::Escape => {
                events.push(Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)));
            }
            Event::End(TagEnd::HtmlBlock) if raw_html == RawHtml::Escape => {
                plain.push('\n');
                events.push(Event::End(TagEnd::CodeBlock));
            }
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                mut attrs,
            }) => {
                // `{key=value}` attributes are the author's HTML too
                match raw_html {
                    RawHtml::Allow => {}
                    RawHtml::Sanitize => authored_html |= !attrs.is_empty(),
                    RawHtml::Escape => attrs.clear(),
                }
                heading_start = Some(events.len());
                events.push(Event::Start(Tag::Heading {
                    level,
                    id,
                    classes,
                    attrs,
                }));
            }
            Event::Start(Tag::Link { ref dest_url, .. } | Tag::Image { ref dest_url, .. })
                if !trusted && !safe_url(dest_url) =>
            {
                // dropped with its end: the text (an image's description) stays
                kept.push(false);
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if kept.pop() != Some(false) {
                    events.push(ev);
                }
            }
            Event::Start(Tag::Image { .. }) => {
                kept.push(true);
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
                kept.push(true);
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
            // every block and table cell ends its words: search snippets
            // never run one into the next ("(2015)Reverse sowing")
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::TableCell
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::CodeBlock
                | TagEnd::BlockQuote(_)
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition,
            ) => {
                plain.push('\n');
                events.push(ev);
            }
            _ => events.push(ev),
        }
    }
    let mut out = String::with_capacity(text.len() * 2);
    if !authored_html {
        for (i, f, _) in figures {
            events[i] = Event::Html(CowStr::from(f));
        }
        html::push_html(&mut out, events.into_iter());
        return Ok((out, plain));
    }
    // the chapter's end must survive the author's HTML too
    let end = events.len();
    events.push(Event::Html(CowStr::Borrowed("")));
    // The whole chapter goes through the sanitizer (the author's HTML may
    // open in one place and close in another, around Markdown and
    // diagrams), the diagrams waiting in slots; the renderer's own markup
    // is within the allow-list. Slots the author's text forges (character
    // references can spell them) are told apart by a second pass with a
    // nonce the text does not forge; a slot still broken or shown twice then
    // is the author's HTML's doing, and an error at that HTML.
    // an error at the author's piece of HTML `k` (the last one if past
    // them), its message saying what it leaves open
    let at_mark = |k: usize, message: &dyn Fn(&str) -> String| {
        let ((line, column), html) = marks
            .get(k.min(marks.len().saturating_sub(1)))
            .map(|(_, at, html)| (*at, html.as_str()))
            .unwrap_or(((1, 1), ""));
        let what = left_open(html).map_or(String::new(), |w| format!(" (an unclosed {w})"));
        Hidden {
            line,
            column,
            message: message(&what),
        }
    };
    let mut nonce = 0;
    loop {
        for (k, (i, f, _)) in figures.iter().enumerate() {
            let newline = if f.ends_with('\n') { "\n" } else { "" };
            events[*i] = Event::Html(CowStr::from(slot("figure", nonce, k) + newline));
        }
        for (k, i) in marks.iter().map(|m| m.0).chain([end]).enumerate() {
            // after a block, a line of its own (taken out with the mark)
            events[i] = match events[i] {
                Event::InlineHtml(_) => Event::InlineHtml(CowStr::from(slot("mark", nonce, k))),
                _ => Event::Html(CowStr::from(slot("mark", nonce, k) + "\n")),
            };
        }
        let block_mark = |k: usize| {
            marks
                .get(k)
                .is_none_or(|m| !matches!(events[m.0], Event::InlineHtml(_)))
        };
        out.clear();
        html::push_html(&mut out, events.iter().cloned());
        let clean = SANITIZER.clean(&out).to_string();
        let fill = |k: usize| figures[k].1.trim_end_matches('\n').to_string();
        let filled = fill_slots(
            &clean,
            "mark",
            nonce,
            marks.len() + 1,
            &|_| String::new(),
            &block_mark,
        )
        .map_err(|BadSlot(k)| (k, false))
        .and_then(|(unmarked, kept)| {
            fill_slots(&unmarked, "figure", nonce, figures.len(), &fill, &|_| false)
                .map(|(filled, drawn)| (filled, drawn, kept))
                .map_err(|BadSlot(k)| (k, true))
        });
        let (filled, drawn, kept) = match filled {
            Ok(done) => done,
            Err(_) if nonce == 0 => {
                nonce = unforged_nonce(&clean);
                continue;
            }
            Err((Some(k), true)) => {
                return Err(Hidden {
                    line: figures[k].2,
                    column: 1,
                    message: "this diagram is inside HTML that would show it twice or \
                         garbled (a tag or a quoted attribute left open before it): close \
                         that, or move the diagram out"
                        .into(),
                });
            }
            Err((k, _)) => {
                // the piece of the author's HTML whose mark came out
                // twice, or the first one when a slot came out broken
                return Err(at_mark(k.unwrap_or(0), &|what| {
                    format!(
                        "this HTML would show part of the chapter twice or garbled{what}: \
                         under `raw_html: sanitize` such a chapter is refused. Close the tag \
                         or quoted attribute it leaves open, or remove it"
                    )
                }));
            }
        };
        if !kept[marks.len()] {
            // the piece of HTML after the last mark that survived hid the rest
            let culprit = kept[..marks.len()]
                .iter()
                .rposition(|&k| k)
                .map_or(0, |k| k + 1);
            return Err(at_mark(culprit, &|what| {
                format!(
                    "this HTML hides the rest of the chapter{what}: under `raw_html: sanitize` \
                     nothing after it would be shown. Close it, or remove it"
                )
            }));
        }
        if let Some(k) = drawn.iter().position(|&d| !d) {
            return Err(Hidden {
                line: figures[k].2,
                column: 1,
                message: "this diagram is inside HTML whose content is not shown (a comment, \
                     `<script>`, `<style>` or `<template>`): move it out, or remove it"
                    .into(),
            });
        }
        return Ok((filled, plain));
    }
}

/// One entry of a chapter's table of contents: a level-2 heading with the
/// level-3 headings under it (or a level-3 heading before any level 2).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct TocEntry {
    pub id: String,
    pub text: String,
    pub level: u8,
    pub children: Vec<TocEntry>,
}

/// Headings as a nested table of contents (levels 2 and 3): each level-3
/// heading under the level-2 heading before it, so that the top level
/// numbers 1, 2, 3… without gaps.
pub(crate) fn toc(headings: &[Heading]) -> Vec<TocEntry> {
    let mut out: Vec<TocEntry> = Vec::new();
    for h in headings.iter().filter(|h| h.level == 2 || h.level == 3) {
        let entry = TocEntry {
            id: h.id.clone(),
            text: h.text.clone(),
            level: h.level,
            children: Vec::new(),
        };
        match out.last_mut() {
            Some(parent) if h.level == 3 && parent.level == 2 => parent.children.push(entry),
            _ => out.push(entry),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_contents_nests_level_3_under_level_2() {
        let h = |level, id: &str| Heading {
            level,
            id: id.into(),
            text: id.into(),
            line: 1,
        };
        let toc = toc(&[
            h(3, "lead"),
            h(2, "a"),
            h(3, "a1"),
            h(3, "a2"),
            h(4, "deep"),
            h(2, "b"),
        ]);
        let names: Vec<(&str, Vec<&str>)> = toc
            .iter()
            .map(|e| {
                (
                    e.id.as_str(),
                    e.children.iter().map(|c| c.id.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            names,
            [("lead", vec![]), ("a", vec!["a1", "a2"]), ("b", vec![])]
        );
    }

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
        let s = scan_markdown(text);
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
        let page = MarkdownTarget::Page { root: "" };
        let (html, plain) = render_markdown(text, &page, RawHtml::Sanitize, &|line| {
            format!("<figure>{line}</figure>")
        })
        .unwrap();
        assert!(html.contains("<h1 id=\"a-b\">"), "{html}");
        assert!(html.contains("href=\"other.html#two\""), "{html}");
        assert!(html.contains("href=\"https://e.org/a.md\""), "{html}");
        assert!(html.contains("<figure>7</figure>"), "{html}");
        assert!(!html.contains("title: T"), "{html}");
        assert!(plain.contains("A b"), "{plain}");
    }

    #[test]
    fn the_search_text_keeps_table_cells_and_blocks_apart() {
        let text = "| Rule set | Reverse sowing |\n|---|---|\n| McGill (2015) | never |\n\n> quoted\n\n```\ncode\n```\nafter\n";
        let page = MarkdownTarget::Page { root: "" };
        let (_, plain) =
            render_markdown(text, &page, RawHtml::Sanitize, &|_| String::new()).unwrap();
        let words = crate::site::search::collapse(&plain);
        // one block a line: the header cells, the row's cells, the quote,
        // the code, the paragraph
        assert_eq!(
            words,
            "Rule set\nReverse sowing\nMcGill (2015)\nnever\nquoted\ncode\nafter"
        );
    }

    #[test]
    fn print_target_prefixes_ids_and_keeps_links_in_the_page() {
        let text = "# X\n\n[1](#x) [2](b.md#y) [3](b.md) [4](b.html#z) [5](variants/m.html) [6](https://e.org) [7](d.md) <c@e.org>\n\nA note.[^n]\n\n[^n]: The note.\n\n```omweso\nref: a\n```\n";
        let chapters = ["a", "b"].into_iter().collect();
        let print = MarkdownTarget::Print {
            stem: "a",
            chapters: &chapters,
        };
        let (html, _) = render_markdown(text, &print, RawHtml::Sanitize, &|_| {
            "<figure></figure>".into()
        })
        .unwrap();
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
        let page = MarkdownTarget::Page { root: "../" };
        let (html, _) =
            render_markdown(text, &page, RawHtml::Sanitize, &|_| String::new()).unwrap();
        assert!(html.contains("<h1 id=\"x\">"), "{html}");
        assert!(html.contains("href=\"../b.html#y\""), "{html}");
        assert!(html.contains("href=\"#n\""), "{html}");
    }

    /// A chapter an untrusted author could write.
    const HOSTILE: &str = "---\ntitle: T\n---\n# Hostile\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n## Title <img src=x onerror=alert(2)>\n\n## Attrs {onclick=alert(3)}\n\n[x](javascript:alert(4)) [y](data:text/html,<b>5</b>) [z](  JaVa&#x09;Script:alert(6)) ![i](vbscript:alert(7)) <javascript:alert(8)>\n\n<a href=\"javascript:alert(9)\">a</a> <a href=\" data:text/html,10\">b</a> <svg onload=alert(11)></svg>\n\n<style>body{display:none}</style><iframe src=\"https://e.org\"></iframe>\n\n```omweso\nref: a\n```\n";

    /// A diagram as the site draws it: SVG and all, which the sanitizer
    /// would strip if it saw it.
    fn figure(line: usize) -> String {
        format!(
            "<figure class=\"diagram\" id=\"pos-{line}\"><svg viewBox=\"0 0 1 1\"><title>d</title><rect width=\"1\" height=\"1\"/></svg><button type=\"button\">Next</button></figure>\n"
        )
    }

    fn page(text: &str, raw_html: RawHtml) -> String {
        render_markdown(text, &MarkdownTarget::Page { root: "" }, raw_html, &figure)
            .unwrap()
            .0
    }

    /// Under `sanitize`, what would hide the rest of the chapter or a
    /// diagram is refused where it starts; closed, it is fine.
    #[test]
    fn sanitize_never_cuts_a_chapter_silently() {
        let hidden = |text: &str| {
            render_markdown(
                text,
                &MarkdownTarget::Page { root: "" },
                RawHtml::Sanitize,
                &figure,
            )
            .unwrap_err()
        };
        let rest = "\n\n## After\n\n```omweso\nref: a\n```\n\nThe end.\n";
        for (open, name, line, column) in [
            ("<!-- a note", "comment `<!--`", 3, 1),
            ("<script>", "`<script>`", 3, 1),
            ("<style>", "`<style>`", 3, 1),
            ("<template>", "`<template>`", 3, 1),
            ("<div><style>", "`<style>`", 3, 1),
            ("Text then <script> inline", "`<script>`", 3, 11),
        ] {
            let text = format!("# T\n\n{open}{rest}");
            let h = hidden(&text);
            assert_eq!((h.line, h.column), (line, column), "{open}: {h:?}");
            assert!(h.message.contains(name), "{open}: {}", h.message);
            assert!(h.message.contains("hides the rest"), "{}", h.message);
            // closed, the same HTML is fine and the rest is there
            let closed = format!("# T\n\n{open}</script></style></template></math> -->{rest}");
            let (html, _) = render_markdown(
                &closed,
                &MarkdownTarget::Page { root: "" },
                RawHtml::Sanitize,
                &figure,
            )
            .unwrap();
            assert!(
                html.contains("The end.") && html.contains("id=\"pos-"),
                "{html}"
            );
        }
        // whatever the HTML, a chapter that renders has its end (after an
        // unclosed <textarea> or <pre> Markdown reads the rest as that
        // HTML block's text: shown, as text)
        for open in [
            "<math><style>",
            "<svg><style>",
            "<math><mtext><table><mglyph><style>",
            "<noscript><p title=\"</noscript>",
            "<textarea>",
            "<title>",
            "<xmp>",
            "<iframe>",
            "<plaintext>",
            "<select><template>",
            "<table><style>",
            "<p>a <!-- b",
        ] {
            let text = format!("# T\n\n{open}{rest}");
            match render_markdown(
                &text,
                &MarkdownTarget::Page { root: "" },
                RawHtml::Sanitize,
                &figure,
            ) {
                Ok((html, _)) => assert!(html.contains("The end."), "{open} cut it: {html}"),
                Err(h) => assert_eq!(h.line, 3, "{open}: {h:?}"),
            }
        }
        // an HTML block left open reads the rest of the chapter as its text:
        // refused where it starts, not shown as text with its diagram undrawn
        for (open, name) in [
            ("<textarea>", "`<textarea>`"),
            ("<pre>", "`<pre>`"),
            ("<PRE class=\"x\">", "`<pre>`"),
            ("<textarea", "`<textarea>`"),
        ] {
            let h = hidden(&format!("# T\n\n{open}{rest}"));
            assert_eq!((h.line, h.column), (3, 1), "{open}: {h:?}");
            assert!(
                h.message.contains(name) && h.message.contains("hides the rest"),
                "{open}: {}",
                h.message
            );
        }
        // closed, such a block is the author's text (an example, a form)
        for closed in [
            "<pre>\n```omweso\nref: a\n```\n</pre>",
            "<textarea>a</textarea>",
        ] {
            let text = format!("# T\n\n{closed}{rest}");
            let (html, _) = render_markdown(
                &text,
                &MarkdownTarget::Page { root: "" },
                RawHtml::Sanitize,
                &figure,
            )
            .unwrap_or_else(|h| panic!("{closed}: {h:?}"));
            assert_eq!(html.matches("id=\"pos-").count(), 1, "{closed}: {html}");
            assert!(html.contains("The end."), "{closed}: {html}");
        }
        // a diagram inside a closed <script> is refused at its fence
        let h = hidden(
            "# T\n\n<div><script>\n\n```omweso\nref: a\n```\n\n<p></script></p>\n\nThe end.\n",
        );
        assert_eq!((h.line, h.column), (5, 1), "{h:?}");
        // commented out as a whole, a block is no diagram: the author's choice
        let text = "# T\n\n<!--\n\n```omweso\nref: a\n```\n\n-->\n\nThe end.\n";
        let (html, _) = render_markdown(
            text,
            &MarkdownTarget::Page { root: "" },
            RawHtml::Sanitize,
            &figure,
        )
        .unwrap();
        assert!(
            html.contains("The end.") && !html.contains("<figure"),
            "{html}"
        );
        assert!(h.message.contains("this diagram"), "{}", h.message);
        // the other policies never refuse
        for raw in [RawHtml::Escape, RawHtml::Allow] {
            let text = format!("# T\n\n<script>{rest}");
            assert!(
                render_markdown(&text, &MarkdownTarget::Page { root: "" }, raw, &figure).is_ok()
            );
        }
    }

    #[test]
    fn sanitize_removes_the_authors_scripts_and_keeps_the_diagrams() {
        let html = page(HOSTILE, RawHtml::Sanitize);
        // the autolink's text is all that is left of it
        let html = html.replacen("<p>x y z i javascript:alert(8)</p>", "<p>x y z i</p>", 1);
        for bad in [
            "<script",
            "onerror",
            "onclick",
            "onload",
            "javascript",
            "JaVa",
            "data:",
            "vbscript",
            "<style",
            "<iframe",
            "alert(",
        ] {
            assert!(!html.contains(bad), "{bad} in {html}");
        }
        // the diagram exactly as drawn, at its line
        assert!(html.contains(figure(20).trim_end()), "{html}");
        // the links' and headings' text stays
        assert!(html.contains(">Hostile</h1>"), "{html}");
        assert!(
            html.contains("<h2 id=\"title\">Title <img src=\"x\"></h2>"),
            "{html}"
        );
        assert!(html.contains("<h2 id=\"attrs\">Attrs</h2>"), "{html}");
        assert!(html.contains("<p>x y z i</p>"), "{html}");
        assert!(html.contains("<a>a</a> <a>b</a>"), "{html}");
    }

    #[test]
    fn allow_passes_the_authors_html_as_written() {
        let html = page(HOSTILE, RawHtml::Allow);
        for raw in [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "Title <img src=x onerror=alert(2)></h2>",
            "onclick=\"alert(3)\"",
            "href=\"javascript:alert(4)\"",
            "href=\"data:text/html,%3Cb%3E5%3C/b%3E\"",
            "src=\"vbscript:alert(7)\"",
            "<a href=\"javascript:alert(9)\">a</a>",
            "<svg onload=alert(11)></svg>",
            "<iframe src=\"https://e.org\"></iframe>",
        ] {
            assert!(html.contains(raw), "{raw} in {html}");
        }
        assert!(html.contains(figure(20).trim_end()), "{html}");
    }

    #[test]
    fn escape_shows_the_authors_html_as_text() {
        let html = page(HOSTILE, RawHtml::Escape);
        assert!(
            !html.contains("<script") && !html.contains("onclick"),
            "{html}"
        );
        assert!(
            !html.contains("href=\"javascript") && !html.contains("<img src=x"),
            "{html}"
        );
        assert!(
            html.contains("<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>"),
            "{html}"
        );
        assert!(
            html.contains("<h2 id=\"title\">Title &lt;img src=x onerror=alert(2)&gt;</h2>"),
            "{html}"
        );
        assert!(
            html.contains("&lt;a href=&quot;javascript:alert(9)&quot;&gt;a&lt;/a&gt;"),
            "{html}"
        );
        assert!(html.contains(figure(20).trim_end()), "{html}");
    }

    #[test]
    fn sanitize_keeps_the_formatting_authors_use() {
        let text = "# Keys {#keys .big title=Shortcuts data-x=1}\n\nPress <kbd>Ctrl</kbd>+<kbd>K</kbd>, H<sub>2</sub>O, x<sup>2</sup>,<br>\n<abbr title=\"Mweso\">M</abbr> and [a chapter](other.md#x).[^n]\n\n<details open>\n<summary>The answer</summary>\n\nIt is **42**:\n\n```omweso\nref: a\n```\n\n</details>\n\n| a | b |\n|:-:|--:|\n| 1 | <span class=\"note\" id=\"n1\">2</span> |\n\n```rust\nlet x = 1;\n```\n\n[^n]: A note.\n";
        let html = page(text, RawHtml::Sanitize);
        for want in [
            "<h1 id=\"keys\" class=\"big\" title=\"Shortcuts\">Keys</h1>",
            "<kbd>Ctrl</kbd>+<kbd>K</kbd>",
            "H<sub>2</sub>O, x<sup>2</sup>,<br>",
            "<abbr title=\"Mweso\">M</abbr>",
            "<a href=\"other.html#x\">a chapter</a>",
            "<details open=\"\">\n<summary>The answer</summary>\n<p>It is <strong>42</strong>:</p>\n",
            figure(11).trim_end(),
            "</details>",
            "<th style=\"text-align:center\">a</th>",
            "<td style=\"text-align:right\"><span class=\"note\" id=\"n1\">2</span></td>",
            "<code class=\"language-rust\">let x = 1;",
            "<sup class=\"footnote-reference\"><a href=\"#n\">1</a></sup>",
            "<div class=\"footnote-definition\" id=\"n\">",
        ] {
            assert!(html.contains(want), "{want} in {html}");
        }
        // the diagram inside the author's <details>, before its end
        assert!(html.find("<figure").unwrap() < html.find("</details>").unwrap());
    }

    #[test]
    fn without_the_authors_html_sanitize_changes_nothing() {
        let text = "---\ntitle: T\n---\n# A\n\nText with *emphasis*, `code`, \"quotes\" & [a link](b.md#c), <https://e.org> and <c@e.org>.[^n]\n\n| x |\n|:-:|\n| y |\n\n```omweso\nref: a\n```\n\n![img](i.svg \"t\")\n\n[^n]: Note.\n";
        let allowed = page(text, RawHtml::Allow);
        assert_eq!(page(text, RawHtml::Sanitize), allowed);
        assert_eq!(page(text, RawHtml::Escape), allowed);
        // the renderer's own serialization (the sanitizer's would be `<img …>`)
        for want in [
            "<img src=\"i.svg\" alt=\"img\" title=\"t\" />",
            "“quotes” &amp; <a href=\"b.html#c\">",
            "<th style=\"text-align: center\">",
            figure(12).trim_end(),
        ] {
            assert!(allowed.contains(want), "{want} in {allowed}");
        }
    }

    #[test]
    fn a_forged_diagram_slot_is_only_text() {
        // the author writes the first nonce's slot 0, with entities
        let text = "<kbd>k</kbd> &#xE000;omweso-figure-0-0&#xE001; <b>&#xE000;omweso-figure-1-0&#xE001;</b>\n\n```omweso\nref: a\n```\n";
        let html = page(text, RawHtml::Sanitize);
        assert_eq!(html.matches("<figure").count(), 1, "{html}");
        assert!(html.contains("\u{E000}omweso-figure-0-0\u{E001}"), "{html}");
        assert!(html.contains("\u{E000}omweso-figure-1-0\u{E001}"), "{html}");
    }

    #[test]
    fn safe_urls() {
        for ok in [
            "https://e.org/a:b",
            "HTTP://e.org",
            "mailto:a@e.org",
            "tel:+256",
            "#x",
            "other.md#y",
            "../a.html",
            "/x",
            "a/b:c",
            "?q=a:b",
            "",
        ] {
            assert!(safe_url(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "java\tscript:alert(1)",
            "\u{1}javascript:x",
            "data:text/html,x",
            "vbscript:x",
            "file:///etc/passwd",
            "c:x",
            "java script:x",
        ] {
            assert!(!safe_url(bad), "{bad:?}");
        }
    }
}
