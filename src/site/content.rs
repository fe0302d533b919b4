//! Loading a site: configuration, chapters (front matter, fenced blocks,
//! headings, links), positions, variants, glossary and puzzles, with every
//! problem collected as a located diagnostic. Never panics on bad input.

use super::Layout;
use super::config::Config;
use super::markdown::{self, Heading, Link};
use crate::engine::quote;
use crate::model::{
    Block, Diagnostic, Diagnostics, Field, GameDoc, Kind, PositionDoc, Seg, Source, Variants,
    load_games, name_list, parse_block, parse_positions,
};
use crate::puzzle::{Puzzle, verify_dir};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A chapter's front matter.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    /// The chapter's title, for its page and the table of contents.
    pub title: String,
    /// Chapters are listed by `order`, then by file name.
    #[serde(default)]
    pub order: i64,
    /// A one-line summary, for the page's metadata and the contents page, if given.
    #[serde(default)]
    pub description: Option<String>,
    /// Left out of the build unless `--drafts`.
    #[serde(default)]
    pub draft: bool,
}

/// A fenced `omweso` block of a chapter: the line of its opening fence and
/// what it holds.
#[derive(Clone, Debug)]
pub struct FencedBlock {
    /// 1-based line of the block's opening fence in the chapter.
    pub line: usize,
    /// What the block holds: positions, or a reference to one.
    pub block: Block,
}

/// A Markdown chapter (`content/NAME.md`, page `NAME.html`).
#[derive(Clone, Debug)]
pub struct Chapter {
    /// The chapter's file.
    pub path: PathBuf,
    /// File stem: the page is `STEM.html`.
    pub stem: String,
    /// The chapter's front matter.
    pub front: FrontMatter,
    /// The whole file.
    pub text: String,
    /// The fenced blocks that parsed.
    pub blocks: Vec<FencedBlock>,
    /// The chapter's headings, in order.
    pub headings: Vec<Heading>,
    /// The chapter's links, as written.
    pub links: Vec<Link>,
}

impl Chapter {
    /// The page's file name.
    pub fn url(&self) -> String {
        format!("{}.html", self.stem)
    }
}

/// A glossary term (`content/glossary.yaml`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GlossaryEntry {
    /// The term, as the glossary page lists it.
    pub term: String,
    /// What it means, in Markdown.
    pub meaning: String,
    /// Chapter stems.
    pub see: Vec<String>,
    /// Anchor on the glossary page.
    pub id: String,
    /// Where each `see` item was written (line, column).
    #[serde(skip)]
    pub see_at: Vec<(usize, usize)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    term: String,
    meaning: String,
    #[serde(default)]
    see: Vec<String>,
}

/// Everything a site is made of, loaded and checked.
#[derive(Clone, Debug)]
pub struct Site {
    /// The site's root folder (holding `omweso.yaml`).
    pub root: PathBuf,
    /// The site's `omweso.yaml`.
    pub config: Config,
    /// In reading order (front matter `order`, then file name); drafts only
    /// when loaded with `drafts`.
    pub chapters: Vec<Chapter>,
    /// Position files (`content/positions/*.yaml`), each position once.
    pub positions: Vec<PositionDoc>,
    /// The rule sets: the built-in ones and the site's own variant files.
    pub variants: Variants,
    /// Verified puzzles (`puzzles/*.yaml`), sorted by id.
    pub puzzles: Vec<Puzzle>,
    /// The glossary's terms, in file order.
    pub glossary: Vec<GlossaryEntry>,
    /// Game records (`content/games/*.yaml`), in file order.
    pub games: Vec<GameDoc>,
    /// Whether drafts were loaded (`--drafts`).
    pub drafts: bool,
}

/// Where a position is written in a site: its identity, whatever its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionKey {
    /// `Site::positions[i]`.
    File(usize),
    /// The `index`-th position of the fenced block whose fence is on `line`
    /// of `Site::chapters[chapter]`.
    Inline {
        /// The chapter's index in [`Site::chapters`].
        chapter: usize,
        /// 1-based line of the block's opening fence.
        line: usize,
        /// The position's index in the block, from 0.
        index: usize,
    },
}

impl Site {
    /// Every position: the files', then each chapter's inline blocks.
    pub fn all_positions(&self) -> impl Iterator<Item = &PositionDoc> {
        self.keyed_positions().map(|(_, p)| p)
    }

    /// Every position with its key, in the order of [`Site::all_positions`].
    pub(crate) fn keyed_positions(&self) -> impl Iterator<Item = (PositionKey, &PositionDoc)> {
        let files = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, p)| (PositionKey::File(i), p));
        let inline = self.chapters.iter().enumerate().flat_map(|(chapter, c)| {
            c.blocks.iter().flat_map(move |b| {
                let v = match &b.block {
                    Block::Positions(v) => v.as_slice(),
                    Block::Ref { .. } => &[],
                };
                v.iter().enumerate().map(move |(index, p)| {
                    let key = PositionKey::Inline {
                        chapter,
                        line: b.line,
                        index,
                    };
                    (key, p)
                })
            })
        });
        files.chain(inline)
    }

    /// The position with this id, with its key.
    pub(crate) fn find(&self, id: &str) -> Option<(PositionKey, &PositionDoc)> {
        self.keyed_positions().find(|(_, p)| p.id() == Some(id))
    }

    pub(crate) fn chapter(&self, stem: &str) -> Option<&Chapter> {
        self.chapters.iter().find(|c| c.stem == stem)
    }

    /// Where the site's parts live.
    pub(crate) fn layout(&self) -> Layout {
        Layout::new(&self.root)
    }
}

/// The YAML files of a folder, sorted; none when it does not exist, an
/// error (never silence) when it exists but cannot be read.
fn yaml_files(dir: &Path, errs: &mut Diagnostics) -> Vec<PathBuf> {
    match crate::model::files_in(dir, &["yaml", "yml"]) {
        Ok(files) => files.unwrap_or_default(),
        Err(d) => {
            errs.push(d);
            Vec::new()
        }
    }
}

fn chapter_files(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    crate::model::files_in(dir, &["md"])?.ok_or_else(|| {
        Diagnostic::new(
            dir,
            0,
            0,
            "no content folder: expected a folder of chapters",
        )
    })
}

/// Valid page stems: what a URL can hold without escaping.
fn valid_stem(stem: &str) -> bool {
    !stem.is_empty()
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Stems the site's own pages use; a chapter may not take them.
const RESERVED: [&str; 5] = ["index", "glossary", "compare", "print", "404"];

/// A chapter from its text, as read from `path`: its front matter, its
/// fenced blocks (each parsed), headings and links. Every problem is
/// pushed to `errs`; `None` when the chapter cannot be used at all (a bad
/// file name, no front matter, invalid front matter).
pub fn parse_chapter(
    path: &Path,
    text: String,
    variants: &Variants,
    errs: &mut Diagnostics,
) -> Option<Chapter> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !valid_stem(&stem) {
        errs.push(Diagnostic::new(
            path,
            0,
            0,
            format!(
                "invalid chapter file name {stem_q}: expected letters, digits, '-' and '_'",
                stem_q = quote(&stem)
            ),
        ));
        return None;
    }
    if RESERVED.contains(&stem.as_str()) {
        errs.push(Diagnostic::new(
            path,
            0,
            0,
            format!("a chapter cannot be named {stem}.md: the site has its own {stem}.html page"),
        ));
        return None;
    }
    // Markdown passes control characters through to the page, where
    // browsers show them as boxes or not at all: refuse them where they are.
    if let Some((at, c)) = crate::model::yaml::first_control(&text) {
        errs.push(Diagnostic::new(
            path,
            at.line,
            at.column,
            format!(
                "a control character (U+{:04X}) in the chapter: expected printable text (tabs and line breaks are fine)",
                c as u32
            ),
        )
        .with_kind(Kind::ControlCharacter));
        return None;
    }
    let Some((fm, offset)) = markdown::front_matter(&text) else {
        errs.push(Diagnostic::new(
            path,
            1,
            1,
            "missing front matter: expected the file to start with a `---` line, `title: ...`, and a closing `---` line",
        ));
        return None;
    };
    let fm_src = Source::block(path, fm, offset);
    let front: FrontMatter = match fm_src.yaml().and_then(|root| fm_src.read_as(&root)) {
        Ok(f) => f,
        Err(d) => {
            errs.push(d);
            return None;
        }
    };
    let scan = markdown::scan_markdown(&text);
    let mut blocks = Vec::new();
    for raw in &scan.blocks {
        let src = Source::block(path, raw.text.clone(), raw.line);
        if raw.text.trim().is_empty() {
            errs.push(Diagnostic::new(
                path,
                raw.line,
                raw.column,
                "empty omweso block: expected a position or `ref: ID`",
            ));
            continue;
        }
        match parse_block(&src, variants) {
            Ok(block) => blocks.push(FencedBlock {
                line: raw.line,
                block,
            }),
            Err(e) => errs.extend(e),
        }
    }
    Some(Chapter {
        path: path.to_path_buf(),
        stem,
        front,
        text,
        blocks,
        headings: scan.headings,
        links: scan.links,
    })
}

fn load_glossary(path: &Path, errs: &mut Diagnostics) -> Vec<GlossaryEntry> {
    if !super::layout::present(path) {
        return Vec::new();
    }
    match Source::read(path) {
        Ok(src) => parse_glossary(&src, errs),
        Err(d) => {
            errs.push(d);
            Vec::new()
        }
    }
}

/// The glossary's terms from its text; every problem is pushed to `errs`
/// (a term whose anchor repeats an earlier one's is left out).
pub fn parse_glossary(src: &Source, errs: &mut Diagnostics) -> Vec<GlossaryEntry> {
    let loc = match src.yaml() {
        Ok(root) => root,
        Err(d) => {
            errs.push(d);
            return Vec::new();
        }
    };
    let raw: Vec<RawTerm> = match src.read_as::<Option<Vec<RawTerm>>>(&loc) {
        Ok(v) => v.unwrap_or_default(),
        Err(d) => {
            errs.push(d);
            return Vec::new();
        }
    };
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, t) in raw.into_iter().enumerate() {
        let id = markdown::slug(&t.term);
        if let Some(first) = seen.get(&id) {
            let (l, c) = loc.locate(&[Seg::Index(i), Seg::Key("term")]);
            errs.push(
                src.at(
                    l,
                    c,
                    format!(
                        "duplicate glossary term {} (same anchor #{id} as term {} of the list)",
                        quote(&t.term),
                        first + 1
                    ),
                )
                .with_kind(Kind::DuplicateId),
            );
            continue;
        }
        seen.insert(id.clone(), i);
        let see_at = (0..t.see.len())
            .map(|j| {
                let (l, c) = loc.locate(&[Seg::Index(i), Seg::Key("see"), Seg::Index(j)]);
                (l + src.line_offset, c)
            })
            .collect();
        out.push(GlossaryEntry {
            term: t.term,
            meaning: t.meaning,
            see: t.see,
            id,
            see_at,
        });
    }
    out
}

/// Check the glossary's `see:` chapters exist.
fn check_glossary(site: &Site, all_stems: &BTreeSet<String>, errs: &mut Diagnostics) {
    let path = site.layout().glossary();
    let chapters = name_list(site.chapters.iter().map(|c| c.stem.as_str()));
    for entry in &site.glossary {
        for (stem, &(l, c)) in entry.see.iter().zip(&entry.see_at) {
            let stem = stem.as_str();
            if site.chapter(stem).is_none() {
                let why = if all_stems.contains(stem) {
                    format!(
                        "chapter {stem_q} is a draft (build with --drafts)",
                        stem_q = quote(stem)
                    )
                } else {
                    format!(
                        "unknown chapter {stem_q}: expected one of {chapters}",
                        stem_q = quote(stem)
                    )
                };
                errs.push(Diagnostic::new(&path, l, c, why));
            }
        }
    }
}

/// Pages of the site besides chapters, for checking `.html` links.
fn site_pages(site: &Site) -> BTreeSet<String> {
    let mut pages: BTreeSet<String> = [
        "index.html",
        "glossary.html",
        "compare.html",
        "print.html",
        "404.html",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    pages.insert("puzzles/index.html".into());
    pages.insert("games/index.html".into());
    for g in &site.games {
        pages.insert(format!("games/{}.html", g.id));
    }
    for c in &site.chapters {
        pages.insert(c.url());
    }
    for v in site.variants.iter() {
        pages.insert(format!("variants/{}.html", v.name()));
    }
    for p in site.all_positions() {
        if let Some(id) = p.id() {
            pages.insert(format!("positions/{id}.html"));
        }
    }
    for p in &site.puzzles {
        pages.insert(format!("puzzles/{}.html", p.id));
    }
    pages
}

/// Anchors a chapter page holds: its headings and its diagrams.
fn chapter_anchors(c: &Chapter) -> BTreeSet<String> {
    let mut a: BTreeSet<String> = c.headings.iter().map(|h| h.id.clone()).collect();
    for b in &c.blocks {
        match &b.block {
            Block::Positions(v) => a.extend(
                v.iter()
                    .filter_map(|p| p.id())
                    .map(|id| format!("pos-{id}")),
            ),
            Block::Ref { id, .. } => {
                a.insert(format!("pos-{id}"));
            }
        }
    }
    a
}

fn check_links(site: &Site, all_stems: &BTreeSet<String>, errs: &mut Diagnostics) {
    let pages = site_pages(site);
    let anchors: BTreeMap<&str, BTreeSet<String>> = site
        .chapters
        .iter()
        .map(|c| (c.stem.as_str(), chapter_anchors(c)))
        .collect();
    let glossary: BTreeSet<&str> = site.glossary.iter().map(|g| g.id.as_str()).collect();
    for c in &site.chapters {
        let before = errs.len();
        let mut unreported = None;
        let mut more = 0usize;
        for link in &c.links {
            check_link(site, c, link, &pages, &anchors, &glossary, all_stems, errs);
            if errs.len() - before > REPORTED_LINKS {
                errs.0.pop();
                unreported.get_or_insert((link.line, link.column));
                more += 1;
            }
        }
        if let Some((l, col)) = unreported {
            errs.push(Diagnostic::new(
                &c.path,
                l,
                col,
                format!(
                    "and {more} more broken links from here on (the first {REPORTED_LINKS} are reported)"
                ),
            )
            .with_kind(Kind::BrokenLink));
        }
    }
}

/// The broken links of a chapter reported: past them, only how many more
/// there are (a chapter of a million broken links gives a readable report).
const REPORTED_LINKS: usize = 100;

/// Check one link of chapter `c`: a chapter, an anchor, a page of the site
/// or a static file that exists.
#[allow(clippy::too_many_arguments)]
fn check_link(
    site: &Site,
    c: &Chapter,
    link: &Link,
    pages: &BTreeSet<String>,
    anchors: &BTreeMap<&str, BTreeSet<String>>,
    glossary: &BTreeSet<&str>,
    all_stems: &BTreeSet<String>,
    errs: &mut Diagnostics,
) {
    let at = |m: String| Diagnostic::new(&c.path, link.line, link.column, m);
    let dest = link.dest.as_str();
    if markdown::has_scheme(dest) || dest.is_empty() {
        return;
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (dest, None),
    };
    let path = path.strip_prefix("./").unwrap_or(path);
    if path.is_empty() {
        if let Some(a) = anchor
            && !anchors[c.stem.as_str()].contains(a)
        {
            errs.push(
                at(format!(
                    "broken link {dest_q}: no heading or diagram with id {a_q} in this chapter",
                    dest_q = quote(dest),
                    a_q = quote(a)
                ))
                .with_kind(Kind::BrokenAnchor),
            );
        }
        return;
    }
    if let Some(stem) = path.strip_suffix(".md") {
        match anchors.get(stem) {
            None if all_stems.contains(stem) => errs.push(
                at(format!(
                    "link {dest_q} to a draft chapter (build with --drafts, or remove the link)",
                    dest_q = quote(dest)
                ))
                .with_kind(Kind::BrokenLink),
            ),
            None => errs.push(
                at(format!(
                    "broken link {dest_q}: no chapter content/{stem}.md",
                    dest_q = quote(dest)
                ))
                .with_kind(Kind::BrokenLink),
            ),
            Some(ids) => {
                if let Some(a) = anchor
                    && !ids.contains(a)
                {
                    errs.push(at(format!(
                        "broken link {dest_q}: no heading with id {a_q} in {stem}.md (heading ids are the heading text in lower case, with dashes)", dest_q = quote(dest), a_q = quote(a)
                    )).with_kind(Kind::BrokenAnchor));
                }
            }
        }
        return;
    }
    if path.ends_with(".html") {
        if !pages.contains(path) {
            errs.push(
                at(format!(
                    "broken link {dest_q}: the site has no page {path}",
                    dest_q = quote(dest)
                ))
                .with_kind(Kind::BrokenLink),
            );
        } else if let Some(a) = anchor {
            let ok = match path {
                "glossary.html" => glossary.contains(a),
                p => match anchors.get(p.trim_end_matches(".html")) {
                    Some(ids) => ids.contains(a),
                    None => true,
                },
            };
            if !ok {
                errs.push(
                    at(format!(
                        "broken link {dest_q}: no anchor {a_q} on {path}",
                        dest_q = quote(dest),
                        a_q = quote(a)
                    ))
                    .with_kind(Kind::BrokenAnchor),
                );
            }
        }
        return;
    }
    if path.starts_with('/') {
        return;
    }
    // Anything else must be a static file.
    if !site.layout().statics().join(path).is_file() {
        errs.push(at(format!(
            "broken link {dest_q}: no file static/{path} (links to files go to the site's static/ folder)", dest_q = quote(dest)
        )).with_kind(Kind::BrokenLink));
    }
}

/// Load a site from its root folder: everything, never panicking, with
/// every located problem (YAML, positions, fenced blocks, unknown `ref:`
/// ids, duplicate ids, broken links and anchors, puzzles that fail
/// verification). The site holds whatever did load.
pub fn load(root: &Path, drafts: bool) -> (Site, Diagnostics) {
    load_with(root, drafts, &mut ChapterCache::default())
}

/// Chapters as an earlier load parsed them, by file: a load given the
/// cache reads and parses again only the chapters whose file changed (its
/// size or modification time, or named by [`ChapterCache::forget`]), or
/// all of them when the variants did, and keeps the cache up to date. What
/// `omweso serve` keeps between rebuilds.
#[derive(Default)]
pub(crate) struct ChapterCache {
    /// The variants the chapters were parsed with (written out).
    variants: String,
    /// By file: its size and modification time when read, what parsing
    /// it gave, and its problems.
    by_file: std::collections::HashMap<PathBuf, Parsed>,
}

/// A chapter file as [`ChapterCache`] keeps it.
#[derive(Clone)]
struct Parsed {
    stamp: (u64, std::time::SystemTime),
    chapter: Option<Chapter>,
    problems: Vec<Diagnostic>,
}

impl ChapterCache {
    /// Read these files again at the next load, whatever their stamp.
    pub(crate) fn forget<'p>(&mut self, paths: impl IntoIterator<Item = &'p PathBuf>) {
        for p in paths {
            self.by_file.remove(p);
        }
    }

    /// The chapter of `path`: the cached one if the file's stamp is the
    /// same, else read and parsed (`Some` new entry for the cache).
    fn chapter(&self, path: &Path, variants: &Variants) -> (Parsed, bool) {
        let stamp = std::fs::metadata(path)
            .ok()
            .and_then(|m| Some((m.len(), m.modified().ok()?)));
        if let (Some(stamp), Some(known)) = (stamp, self.by_file.get(path))
            && known.stamp == stamp
        {
            return (known.clone(), false);
        }
        let mut problems = Diagnostics::default();
        let chapter = match crate::model::read_text(path) {
            Ok(text) => parse_chapter(path, text, variants, &mut problems),
            Err(d) => {
                problems.push(d);
                None
            }
        };
        let parsed = Parsed {
            // no stamp (the file could not be read): never taken as known
            stamp: stamp.unwrap_or((u64::MAX, std::time::UNIX_EPOCH)),
            chapter,
            problems: problems.0,
        };
        (parsed, stamp.is_some())
    }
}

/// [`load`], parsing again only the chapters that changed since the load
/// that filled `cache`.
pub(crate) fn load_with(
    root: &Path,
    drafts: bool,
    cache: &mut ChapterCache,
) -> (Site, Diagnostics) {
    let mut errs = Diagnostics::default();
    let config = match Config::read(root) {
        Ok(c) => c,
        Err(e) => {
            errs.extend(e);
            Config::default()
        }
    };
    let layout = Layout::new(root);
    let (variants, variant_errs) = layout.load_variants();
    errs.extend(variant_errs);

    // Position files.
    let mut positions = Vec::new();
    for f in yaml_files(&layout.positions(), &mut errs) {
        match Source::read(&f)
            .map_err(Diagnostics::from)
            .and_then(|s| parse_positions(&s, &variants))
        {
            Ok(v) => positions.extend(v),
            Err(e) => errs.extend(e),
        }
    }

    // Chapters.
    let mut chapters = Vec::new();
    let mut all_stems = BTreeSet::new();
    let written = format!("{variants:?}");
    if cache.variants != written {
        cache.variants = written;
        cache.by_file.clear();
    }
    match chapter_files(&layout.content()) {
        Ok(files) => {
            // files gone are forgotten
            let present: std::collections::HashSet<&PathBuf> = files.iter().collect();
            cache.by_file.retain(|p, _| present.contains(p));
            let parsed: Vec<(Parsed, bool)> = {
                use rayon::prelude::*;
                let cache = &*cache;
                files
                    .par_iter()
                    .map(|f| cache.chapter(f, &variants))
                    .collect()
            };
            for (f, (parsed, new)) in files.iter().zip(parsed) {
                let chapter = if new {
                    errs.extend(Diagnostics(parsed.problems.clone()));
                    let c = parsed.chapter.clone();
                    cache.by_file.insert(f.clone(), parsed);
                    c
                } else {
                    errs.extend(Diagnostics(parsed.problems));
                    parsed.chapter
                };
                if let Some(c) = chapter {
                    all_stems.insert(c.stem.clone());
                    if drafts || !c.front.draft {
                        chapters.push(c);
                    }
                }
            }
        }
        Err(d) => errs.push(d),
    }
    chapters.sort_by(|a, b| (a.front.order, &a.stem).cmp(&(b.front.order, &b.stem)));

    let glossary = load_glossary(&layout.glossary(), &mut errs);

    let (games, game_errs) = load_games(&layout.games(), &variants);
    errs.extend(game_errs);

    let puzzle_dir = layout.puzzles();
    let mut puzzles = Vec::new();
    if puzzle_dir.is_dir() {
        let (p, e) = verify_dir(&puzzle_dir, &variants);
        puzzles = p;
        // each problem with its own kind (wrong solution, unknown goal…)
        errs.extend(e);
        puzzles.sort_by(|a, b| a.id.cmp(&b.id));
        crate::puzzle::pages::unique_titles(&mut puzzles);
    }

    let site = Site {
        root: root.to_path_buf(),
        config,
        chapters,
        positions,
        variants,
        puzzles,
        glossary,
        games,
        drafts,
    };

    // Duplicate position ids.
    let mut ids: BTreeMap<&str, &PositionDoc> = BTreeMap::new();
    for p in site.all_positions() {
        if let Some(id) = p.id() {
            if let Some(first) = ids.get(id) {
                let (l, _) = first.locations.get(Field::Id).unwrap_or((0, 0));
                errs.push(
                    p.at(
                        Field::Id,
                        format!(
                            "duplicate position id {id_q}: also in {}:{l}",
                            first.file.display(),
                            id_q = quote(id)
                        ),
                    )
                    .with_kind(Kind::DuplicateId),
                );
            } else {
                ids.insert(id, p);
            }
        }
    }
    // Unknown references.
    let known = if ids.is_empty() {
        "(no positions have an id)".to_string()
    } else {
        name_list(ids.keys().copied())
    };
    for c in &site.chapters {
        for b in &c.blocks {
            if let Block::Ref { id, line, column } = &b.block
                && !ids.contains_key(id.as_str())
            {
                errs.push(
                    Diagnostic::new(
                        &c.path,
                        *line,
                        *column,
                        format!(
                            "unknown position id {id_q} in `ref:`: expected one of {known}",
                            id_q = quote(id)
                        ),
                    )
                    .with_kind(Kind::UnknownRef),
                );
            }
        }
    }
    // Compare list.
    if !site.config.compare.is_empty() {
        let (config_file, compare_at) = Config::compare_locations(root);
        let at = |i: usize, message: String| {
            let (l, c) = compare_at.get(i).copied().unwrap_or((0, 0));
            Diagnostic::new(&config_file, l, c, message)
        };
        for (i, id) in site.config.compare.iter().enumerate() {
            match ids.get(id.as_str()) {
                None => errs.push(
                    at(
                        i,
                        format!(
                            "unknown position id {id_q} in compare: expected the id of a position", id_q = quote(id)
                        ),
                    )
                    .with_kind(Kind::UnknownRef),
                ),
                Some(p) if p.mv.is_none() => errs.push(at(
                    i,
                    format!(
                        "position {id_q} has no move: the comparison plays a position's move under every variant", id_q = quote(id)
                    ),
                )),
                Some(_) => {}
            }
        }
    }
    drop(ids);
    if let Some(v) = &site.config.default_variant
        && site.variants.get(v).is_none()
    {
        let (file, (l, c)) = Config::key_location(root, "default_variant");
        errs.push(
            Diagnostic::new(
                &file,
                l,
                c,
                format!(
                    "unknown default_variant {v_q}: expected one of {}",
                    site.variants.names().collect::<Vec<_>>().join(", "),
                    v_q = quote(v)
                ),
            )
            .with_kind(Kind::UnknownRef),
        );
    }
    check_glossary(&site, &all_stems, &mut errs);
    check_links(&site, &all_stems, &mut errs);
    errs.0.sort();
    errs.0.dedup();
    (site, errs)
}
