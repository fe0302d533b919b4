//! Rendering a loaded site into pages (path relative to the output folder
//! and HTML) plus the search documents, in parallel.

use super::config::Print;
use super::content::{Chapter, PositionKey, Site};
use super::figure::{self, Figure, Medium};
use super::markdown::{self, Ids, MarkdownTarget};
use super::search::{EntryKind, IndexWriter, SearchDoc, WordList, one_block};
use super::templates::error_text;
use super::traces::{PAGE_LAPS, Traces, first_laps};
use crate::diagram::escape;
use crate::diagram::narrate;
use crate::diagram::{self, Defined};
use crate::engine::notation;
use crate::engine::quote;
use crate::model::{
    Annotations, Block, Diagnostic, Diagnostics, PositionDoc, variant::parameters_of,
};
use crate::puzzle::pages::{index as puzzle_index, theme_title};
use rayon::prelude::*;
use serde::Serialize;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::Path;
use tera::{Context, Tera};

/// What a build reports as it goes; the command line draws a progress bar
/// from it. Calls may come from several threads at once.
pub trait Progress: Sync {
    /// Rendering starts: `pages` pages to go.
    fn pages(&self, _pages: usize) {}
    /// One more page is rendered.
    fn page_done(&self) {}
    /// The build is over (written or failed).
    fn finished(&self) {}
}

/// A build that reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// Where [`Renderer::all`] gives each page as it is rendered: written to
/// disk by a build (the page dropped once written), or dropped by a check.
pub(crate) type PageSink<'s> = dyn Fn(Page) -> Result<(), Diagnostics> + Sync + 's;

/// What became of a page given to a [`PageSink`].
#[derive(Clone, Debug)]
pub(crate) struct Placed {
    /// Path in the output folder, with `/` separators.
    pub path: String,
    /// Diagrams (figures) on the page.
    pub diagrams: usize,
    /// The page's size.
    pub bytes: u64,
}

/// One output page.
#[derive(Clone, Debug)]
pub(crate) struct Page {
    /// Path in the output folder, with `/` separators (`variants/modern.html`).
    pub path: String,
    pub html: String,
    /// Diagrams (figures) on the page.
    pub diagrams: usize,
}

#[derive(Clone, Debug, Serialize)]
struct NavItem {
    stem: String,
    title: String,
    url: String,
    description: String,
}

/// Sites of up to this many chapters list them all in every page's
/// sidebar; larger ones list the chapters around the page's own (so that
/// pages do not grow with the number of chapters) and link to the contents.
pub const SIDEBAR_ALL: usize = 60;

/// Chapters listed before and after the current one in a windowed sidebar.
const SIDEBAR_AROUND: usize = 8;

/// The sidebar's chapter list: `items` numbered from `start`, of `total`.
#[derive(Serialize)]
struct Sidebar<'a> {
    items: &'a [NavItem],
    start: usize,
    total: usize,
    /// Whether some chapters are left out.
    window: bool,
}

#[derive(Clone, Debug, Serialize)]
struct VariantNav {
    name: String,
    title: String,
}

/// Games listed by name in the sidebar, at most (a site with more links
/// its games page there instead).
pub const SIDEBAR_GAMES: usize = 6;

/// The games in the navigation: listed in the sidebar when there are few
/// (`items`); a "Games" entry in the top navigation only when one of them
/// is a game really played (`top`), since a handful of demonstrations is
/// reading matter rather than a section of the site.
#[derive(Clone, Debug, Serialize)]
struct GamesNav {
    items: Vec<LinkItem>,
    total: usize,
    top: bool,
}

/// A printable sheet of the puzzles, as the puzzles index links it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SheetLink {
    /// Relative to the puzzles index.
    pub url: String,
    /// The rule set's title.
    pub title: String,
    pub count: usize,
}

/// The drawings of one continuation of a puzzle's line.
#[derive(Clone, Debug, Serialize)]
struct LineFigures {
    index: usize,
    /// The reply's frames (HTML).
    reply: String,
    /// The board the reader moves on next (HTML), if the game goes on.
    board: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
struct LinkItem {
    url: String,
    title: String,
}

/// A rendered chapter body.
#[derive(Clone, Debug)]
pub(crate) struct Body {
    pub html: String,
    pub plain: String,
    pub diagrams: usize,
}

/// A chapter's figures, drawn once, by the line of their fenced block, with
/// their anchors: placed in each body made of the chapter.
pub(crate) struct ChapterFigures {
    by_line: HashMap<usize, Vec<(String, Figure)>>,
    count: usize,
}

/// The most bytes of chapters one print page holds: a longer rulebook is
/// printed in parts of at most about this size (a chapter larger than it
/// is a part of its own), so that every page stays one a browser opens.
pub(crate) const PRINT_PART_BYTES: usize = 1_500_000;

/// The parts of the print version: runs of consecutive chapters whose
/// bodies (of the given sizes) add up to at most `budget` bytes each; one
/// part when everything fits.
pub(crate) fn print_parts(sizes: &[usize], budget: usize) -> Vec<Range<usize>> {
    let mut parts = Vec::new();
    let (mut start, mut size) = (0, 0);
    for (i, &s) in sizes.iter().enumerate() {
        if i > start && size + s > budget {
            parts.push(start..i);
            (start, size) = (i, 0);
        }
        size += s;
    }
    // the last run: every chapter when they fit, `0..0` for no chapter
    parts.push(start..sizes.len());
    parts
}

/// How the print version lays out the whole rulebook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PrintPlan {
    /// On one page, `print.html`: these chapters (every one).
    Whole(Range<usize>),
    /// In parts, each a page of its own (`print-1.html`…, listed on
    /// `print.html`): these runs of chapters, at least two.
    Parts(Vec<Range<usize>>),
    /// Chapter by chapter, each from its own page: no page of the whole,
    /// `print.html` lists the chapters.
    ByChapter,
}

impl PrintPlan {
    /// The chapters of each page of the whole, in order: the one page, the
    /// parts, or none (by chapter). The pages are numbered from 0 in
    /// [`Renderer::rest`] and [`Renderer::print_part`].
    pub(crate) fn pages(&self) -> &[Range<usize>] {
        match self {
            PrintPlan::Whole(all) => std::slice::from_ref(all),
            PrintPlan::Parts(parts) => parts,
            PrintPlan::ByChapter => &[],
        }
    }
}

/// The print version as `print` asks, for chapters of the given body
/// sizes: whole when they fit in one page; else in [`print_parts`] when
/// asked for (`parts`), by chapter from the chapters' own pages if not
/// (`one-page`).
pub(crate) fn print_plan(sizes: &[usize], print: Print) -> PrintPlan {
    let parts = print_parts(sizes, PRINT_PART_BYTES);
    if let [all] = parts.as_slice() {
        return PrintPlan::Whole(all.clone());
    }
    match print {
        Print::OnePage => PrintPlan::ByChapter,
        Print::Parts => PrintPlan::Parts(parts),
    }
}

/// The anchor of a position's figure: `pos-ID`, or for one without an id,
/// `pos-CHAPTER-LINE` (`-N` for the N-th position of a block, from 2).
pub(crate) fn anchor(doc: &PositionDoc, stem: &str, line: usize, i: usize) -> String {
    match doc.id() {
        Some(id) => format!("pos-{id}"),
        None if i == 0 => format!("pos-{stem}-{line}"),
        None => format!("pos-{stem}-{line}-{}", i + 1),
    }
}

fn title_of(doc: &PositionDoc) -> String {
    doc.annotations
        .title
        .clone()
        .or_else(|| doc.id().map(str::to_string))
        .unwrap_or_else(|| "Position".into())
}

/// A page rendered (or why not), given to `sink`: what became of it.
fn give(sink: &PageSink, page: Result<Page, Diagnostics>) -> Result<Placed, Diagnostics> {
    let page = page?;
    let placed = Placed {
        path: page.path.clone(),
        diagrams: page.diagrams,
        bytes: page.html.len() as u64,
    };
    sink(page)?;
    Ok(placed)
}

/// One chapter as [`Renderer::chapter`] rendered it.
pub(crate) struct DrawnChapter {
    /// The words of its body (for search).
    pub plain: String,
    /// The size of its body (for the print parts).
    pub size: usize,
    /// Its page, as given.
    pub placed: Placed,
}

/// What [`Renderer::all`] rendered.
pub(crate) struct AllPages {
    /// Every page given, in order.
    pub placed: Vec<Placed>,
    /// The search index's file (`assets/search-index.js`).
    pub search_index: Vec<u8>,
    /// The words of each chapter's body, in chapter order.
    pub plains: Vec<String>,
    /// The size of each chapter's body, in chapter order.
    pub sizes: Vec<usize>,
}

/// Renders pages with the site's templates.
pub(crate) struct Renderer<'a> {
    pub site: &'a Site,
    /// Every position's move, played once ([`Traces::for_build`]).
    pub traces: &'a Traces,
    pub tera: &'a Tera,
    pub progress: &'a dyn Progress,
    nav: Vec<NavItem>,
    /// `nav`, `variants_nav` and `site` as template values, made once: a
    /// page's context shares them instead of copying them.
    nav_value: tera::Value,
    variants_value: tera::Value,
    games_value: tera::Value,
    config_value: tera::Value,
    /// The sidebar of every page when it lists every chapter.
    full_sidebar: Option<tera::Value>,
}

impl<'a> Renderer<'a> {
    pub(crate) fn new(
        site: &'a Site,
        traces: &'a Traces,
        tera: &'a Tera,
        progress: &'a dyn Progress,
    ) -> Renderer<'a> {
        let nav = site
            .chapters
            .iter()
            .map(|c| NavItem {
                stem: c.stem.clone(),
                title: c.front.title.clone(),
                url: c.url(),
                description: c.front.description.clone().unwrap_or_default(),
            })
            .collect::<Vec<NavItem>>();
        let variants_nav = site
            .variants
            .iter()
            .map(|v| VariantNav {
                name: v.name().to_string(),
                title: v.title.clone(),
            })
            .collect::<Vec<VariantNav>>();
        let games_nav = GamesNav {
            items: if site.games.len() <= SIDEBAR_GAMES {
                site.games
                    .iter()
                    .map(|g| LinkItem {
                        url: format!("games/{}.html", g.id),
                        title: g.title.clone().unwrap_or_else(|| g.id.clone()),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            total: site.games.len(),
            top: site
                .games
                .iter()
                .any(|g| g.record != crate::model::game::RecordKind::Demonstration),
        };
        let full_sidebar = (nav.len() <= SIDEBAR_ALL).then(|| {
            tera::Value::from_serializable(&Sidebar {
                items: &nav,
                start: 1,
                total: nav.len(),
                window: false,
            })
        });
        Renderer {
            site,
            traces,
            tera,
            progress,
            nav_value: tera::Value::from_serializable(&nav),
            variants_value: tera::Value::from_serializable(&variants_nav),
            games_value: tera::Value::from_serializable(&games_nav),
            config_value: tera::Value::from_serializable(&site.config),
            nav,
            full_sidebar,
        }
    }

    pub(super) fn context(
        &self,
        kind: &str,
        title: &str,
        description: &str,
        root: &str,
        current: &str,
    ) -> Context {
        let mut c = Context::new();
        c.insert_value("site", self.config_value.clone());
        c.insert("kind", kind);
        c.insert("title", title);
        let description = if description.is_empty() {
            self.site.config.description.as_str()
        } else {
            description
        };
        c.insert("description", description);
        c.insert("root", root);
        c.insert("current", current);
        c.insert_value("nav", self.nav_value.clone());
        c.insert_value("variants_nav", self.variants_value.clone());
        c.insert_value("games_nav", self.games_value.clone());
        c.insert_value("sidebar", self.sidebar(current));
        c
    }

    /// The sidebar of the page `current` (a chapter stem, or another page).
    fn sidebar(&self, current: &str) -> tera::Value {
        if let Some(full) = &self.full_sidebar {
            return full.clone();
        }
        let n = self.nav.len();
        let (lo, hi) = match self.nav.iter().position(|c| c.stem == current) {
            Some(i) => (
                i.saturating_sub(SIDEBAR_AROUND),
                (i + SIDEBAR_AROUND + 1).min(n),
            ),
            None => (0, (2 * SIDEBAR_AROUND + 1).min(n)),
        };
        tera::Value::from_serializable(&Sidebar {
            items: &self.nav[lo..hi],
            start: lo + 1,
            total: n,
            window: true,
        })
    }

    pub(super) fn render(
        &self,
        template: &str,
        path: String,
        ctx: &Context,
        diagrams: usize,
    ) -> Result<Page, Diagnostics> {
        let html = self.tera.render(template, ctx).map_err(|e| {
            Diagnostics::from(Diagnostic::new(
                Path::new(&format!("templates/{template}")),
                0,
                0,
                format!("cannot render {path}: {}", error_text(&e)),
            ))
        })?;
        // every figure links to the diagrams' key, from where the page is
        let key = self
            .site
            .chapters
            .iter()
            .find(|c| c.headings.iter().any(|h| h.id == figure::KEY_SECTION));
        let html = figure::link_key(html, &path, key.map(|c| c.url()).as_deref());
        self.progress.page_done();
        Ok(Page {
            path,
            html,
            diagrams,
        })
    }

    /// The figure of the position at `key`, drawn from its trace.
    fn position_figure(
        &self,
        key: PositionKey,
        doc: &PositionDoc,
        medium: Medium,
    ) -> Result<Figure, Diagnostic> {
        let played = self.traces.played(key, doc)?;
        Ok(figure::position_figure(doc, played, medium))
    }

    /// The figures of the `i`-th chapter's fenced blocks, drawn for
    /// `medium`.
    fn chapter_figures(&self, i: usize, medium: Medium) -> Result<ChapterFigures, Diagnostics> {
        let c = &self.site.chapters[i];
        let mut errs = Diagnostics::default();
        // the figures of each block (by its line), with their anchors
        let mut figures: HashMap<usize, Vec<(String, Figure)>> = HashMap::new();
        let mut count = 0;
        for b in &c.blocks {
            let line = b.line;
            let docs: Vec<(PositionKey, &PositionDoc, String)> = match &b.block {
                Block::Positions(v) => v
                    .iter()
                    .enumerate()
                    .map(|(index, d)| {
                        let key = PositionKey::Inline {
                            chapter: i,
                            line,
                            index,
                        };
                        (key, d, anchor(d, &c.stem, line, index))
                    })
                    .collect(),
                Block::Ref { id, .. } => match self.site.find(id) {
                    Some((key, d)) => vec![(key, d, format!("pos-{id}"))],
                    None => Vec::new(),
                },
            };
            let drawn = figures.entry(line).or_default();
            for (key, d, a) in docs {
                match self.position_figure(key, d, medium) {
                    Ok(f) => {
                        count += 1;
                        drawn.push((a, f));
                    }
                    Err(mut e) => {
                        if let Block::Ref { .. } = b.block {
                            e.message = format!(
                                "{} (position referenced from {}:{line})",
                                e.message,
                                c.path.display()
                            );
                        }
                        errs.push(e);
                    }
                }
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(ChapterFigures {
            by_line: figures,
            count,
        })
    }

    /// The `i`-th chapter's body for `target`, with its figures drawn for
    /// it and placed; `defined`: the drawings the page's figures before
    /// this body share (the board, the small counts; their ids start with
    /// `_`), which this body's figures use without drawing them again. A
    /// print page leaves out the figures' text twins, which paper does not
    /// show (the chapter's own page has them), and draws some of their
    /// boards ([`Figure::with_notes`]). The figures are dropped with the
    /// body's markup: a build holds no drawing longer than its page.
    pub(crate) fn chapter_body(
        &self,
        i: usize,
        target: &MarkdownTarget,
        defined: &RefCell<Defined>,
    ) -> Result<Body, Diagnostics> {
        let c = &self.site.chapters[i];
        let medium = match target {
            MarkdownTarget::Page { .. } => Medium::Screen,
            MarkdownTarget::Print { .. } => Medium::Paper,
        };
        let figures = self.chapter_figures(i, medium)?;
        let ids = RefCell::new(Ids::default());
        let diagram = |line: usize| -> String {
            let Some(drawn) = figures.by_line.get(&line) else {
                return String::new();
            };
            drawn
                .iter()
                .map(|(a, f)| {
                    let anchor = target.id(&ids.borrow_mut().unique(a.clone()));
                    f.place(&anchor, "_", &mut defined.borrow_mut())
                })
                .collect()
        };
        let (html, plain) =
            markdown::render_markdown(&c.text, target, self.site.config.raw_html, &diagram)
                .map_err(|h| Diagnostic::new(&c.path, h.line, h.column, h.message))?;
        Ok(Body {
            html,
            plain,
            diagrams: figures.count,
        })
    }

    pub(crate) fn chapter_page(&self, i: usize, body: &Body) -> Result<Page, Diagnostics> {
        let c = &self.site.chapters[i];
        let mut ctx = self.context(
            "chapter",
            &c.front.title,
            c.front.description.as_deref().unwrap_or(""),
            "",
            &c.stem,
        );
        let toc = markdown::toc(&c.headings);
        let entries: usize = toc.iter().map(|e| 1 + e.children.len()).sum();
        ctx.insert("toc", &toc);
        ctx.insert("toc_entries", &entries);
        // The first level-1 heading goes above the table of contents.
        let (heading, rest) = match (body.html.find("<h1"), body.html.find("</h1>")) {
            (Some(a), Some(b)) if a < b && body.html[..a].trim().is_empty() => {
                body.html.split_at(b + "</h1>".len())
            }
            _ => ("", body.html.as_str()),
        };
        let heading = if heading.is_empty() {
            format!("<h1>{}</h1>", escape(&c.front.title))
        } else {
            heading.to_string()
        };
        ctx.insert("heading", &heading);
        ctx.insert("body", rest);
        ctx.insert("draft", &c.front.draft);
        let link = |c: &Chapter| LinkItem {
            url: c.url(),
            title: c.front.title.clone(),
        };
        ctx.insert(
            "prev",
            &i.checked_sub(1).map(|j| link(&self.site.chapters[j])),
        );
        ctx.insert("next", &self.site.chapters.get(i + 1).map(link));
        self.render("chapter.html", c.url(), &ctx, body.diagrams)
    }

    pub(crate) fn index_page(&self) -> Result<Page, Diagnostics> {
        let mut ctx = self.context("index", &self.site.config.title, "", "", "index");
        ctx.insert("puzzle_count", &self.site.puzzles.len());
        ctx.insert(
            "position_count",
            &self
                .site
                .all_positions()
                .filter(|p| p.id().is_some())
                .count(),
        );
        ctx.insert("variant_count", &self.site.variants.iter().count());
        let idx = puzzle_index(&self.site.puzzles);
        ctx.insert("puzzle_goals", &idx.by_goal);
        // A featured diagram for home pages that want one: the first
        // position compared, else the first position file with a move.
        let featured = self
            .site
            .config
            .compare
            .first()
            .and_then(|id| self.site.find(id))
            .or_else(|| {
                self.site
                    .positions
                    .iter()
                    .enumerate()
                    .find(|(_, p)| p.mv.is_some() && p.id().is_some())
                    .map(|(k, p)| (PositionKey::File(k), p))
            });
        let mut n = 0;
        let fig = match featured {
            Some((key, d)) => {
                let h = self
                    .position_figure(key, d, Medium::Screen)?
                    .html("featured");
                n = 1;
                h
            }
            None => String::new(),
        };
        ctx.insert("featured", &fig);
        ctx.insert(
            "featured_id",
            &featured.and_then(|(_, d)| d.id()).unwrap_or(""),
        );
        self.render("index.html", "index.html".into(), &ctx, n)
    }

    /// Chapters that show a position (inline or by `ref:`).
    fn used_in(&self, doc: &PositionDoc) -> Vec<LinkItem> {
        let id = doc.id();
        self.site
            .chapters
            .iter()
            .filter(|c| {
                c.path == doc.file
                    || c.blocks.iter().any(
                        |b| matches!(&b.block, Block::Ref { id: r, .. } if Some(r.as_str()) == id),
                    )
            })
            .map(|c| LinkItem {
                url: c.url(),
                title: c.front.title.clone(),
            })
            .collect()
    }

    pub(crate) fn position_page(
        &self,
        key: PositionKey,
        doc: &PositionDoc,
    ) -> Result<Page, Diagnostics> {
        let id = doc.id().unwrap_or_default();
        let played = self.traces.played(key, doc)?;
        let fig = figure::position_figure(doc, played, Medium::Screen).html(&format!("pos-{id}"));
        let title = title_of(doc);
        let mut ctx = self.context(
            "position",
            &title,
            doc.annotations.caption.as_deref().unwrap_or(""),
            "../",
            id,
        );
        ctx.insert("id", id);
        ctx.insert("figure", &fig);
        ctx.insert("variant", doc.variant.name());
        ctx.insert("variant_title", &doc.variant.title);
        ctx.insert("move", &doc.move_text);
        // the laps in words: the first ones of the trace the figure shows
        let trace = played.map(|p| narrate::trace_text(&first_laps(p, PAGE_LAPS)));
        ctx.insert("trace", &trace);
        ctx.insert("used_in", &self.used_in(doc));
        let source = doc.file.strip_prefix(&self.site.root).unwrap_or(&doc.file);
        let source: Vec<String> = source
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        ctx.insert("source", &source.join("/"));
        ctx.insert(
            "line",
            &doc.locations.get(crate::model::Field::Doc).map(|l| l.0),
        );
        self.render("position.html", format!("positions/{id}.html"), &ctx, 1)
    }

    pub(crate) fn variant_page(&self, name: &str) -> Result<Page, Diagnostics> {
        let Some(v) = self.site.variants.get(name) else {
            return Err(Diagnostic::new(
                Path::new("content/variants"),
                0,
                0,
                format!("unknown variant {name_q}", name_q = quote(name)),
            )
            .with_kind(crate::model::Kind::UnknownVariant)
            .into());
        };
        #[derive(Serialize)]
        struct Param {
            name: String,
            value: String,
        }
        let params = if v.parameters.is_empty() {
            parameters_of(v.rules())
        } else {
            v.parameters.clone()
        };
        let params: Vec<Param> = params
            .into_iter()
            .map(|(name, value)| Param { name, value })
            .collect();
        let mut vctx = BTreeMap::new();
        vctx.insert("name", serde_json::json!(v.name()));
        vctx.insert("title", serde_json::json!(v.title));
        vctx.insert("summary", serde_json::json!(v.summary));
        vctx.insert("sources", serde_json::json!(v.sources));
        vctx.insert("readings", serde_json::json!(v.readings));
        vctx.insert(
            "parameters",
            serde_json::to_value(&params).unwrap_or_default(),
        );
        // the board a game starts from (each player's 32 seeds counted out
        // four to an outer pit, before arranging them)
        let start = crate::engine::Position::start(
            crate::engine::Board::counted_out(),
            crate::engine::Side::South,
        );
        let ann = Annotations {
            title: Some(format!("{}: the board before the set-up", v.title)),
            caption: Some(
                "Each player's 32 seeds counted out four to a pit along their outer row, before they arrange them as they please."
                    .into(),
            ),
            labels: true,
            ..Annotations::default()
        };
        let frame = diagram::board_frame(&start, &ann, v.name(), v.rules());
        let board = figure::figure(
            &[frame],
            "variant-board",
            ann.title.as_deref(),
            ann.caption.as_deref(),
        );
        // Examples: positions with pages, and inline positions in chapters.
        let mut examples = Vec::new();
        for p in &self.site.positions {
            if p.variant.name() == name
                && let Some(id) = p.id()
            {
                examples.push(LinkItem {
                    url: format!("positions/{id}.html"),
                    title: title_of(p),
                });
            }
        }
        for c in &self.site.chapters {
            for b in &c.blocks {
                if let Block::Positions(v) = &b.block {
                    for (i, p) in v.iter().enumerate() {
                        if p.variant.name() == name {
                            let title = match &p.annotations.title {
                                Some(t) => format!("{t} ({})", c.front.title),
                                None => format!("Example in {}, line {}", c.front.title, b.line),
                            };
                            examples.push(LinkItem {
                                url: format!("{}#{}", c.url(), anchor(p, &c.stem, b.line, i)),
                                title,
                            });
                        }
                    }
                }
            }
        }
        let puzzles: Vec<LinkItem> = self
            .site
            .puzzles
            .iter()
            .filter(|p| p.variant == name)
            .map(|p| LinkItem {
                url: p.id.clone(),
                title: p.title.clone(),
            })
            .collect();
        #[derive(Serialize)]
        struct P {
            id: String,
            title: String,
        }
        let puzzles: Vec<P> = puzzles
            .into_iter()
            .map(|l| P {
                id: l.url,
                title: l.title,
            })
            .collect();
        let mut ctx = self.context(
            "variant",
            &v.title,
            v.summary.as_deref().unwrap_or(""),
            "../",
            name,
        );
        ctx.insert("variant", &vctx);
        ctx.insert("examples", &examples);
        ctx.insert("puzzles", &puzzles);
        ctx.insert("board", &board);
        ctx.insert("rules", &crate::model::variant::rules_in_words(v.rules()));
        self.render("variant.html", format!("variants/{name}.html"), &ctx, 1)
    }

    pub(crate) fn glossary_page(&self) -> Result<Page, Diagnostics> {
        #[derive(Serialize)]
        struct G<'b> {
            id: &'b str,
            term: &'b str,
            meaning: &'b str,
            see: Vec<LinkItem>,
        }
        let entries: Vec<G> = self
            .site
            .glossary
            .iter()
            .map(|g| G {
                id: &g.id,
                term: &g.term,
                meaning: &g.meaning,
                see: g
                    .see
                    .iter()
                    .filter_map(|s| self.site.chapter(s))
                    .map(|c| LinkItem {
                        url: c.url(),
                        title: c.front.title.clone(),
                    })
                    .collect(),
            })
            .collect();
        let mut ctx = self.context("glossary", "Glossary", "", "", "glossary");
        ctx.insert("entries", &entries);
        self.render("glossary.html", "glossary.html".into(), &ctx, 0)
    }

    /// The analysis board: the page and the site's variants for its script
    /// (each with its rules written out, unless it is the built-in variant
    /// of that name), the engine itself coming from the shipped WebAssembly.
    pub(crate) fn analysis_page(&self) -> Result<Page, Diagnostics> {
        let variants: Vec<serde_json::Value> = self
            .site
            .variants
            .iter()
            .map(|v| {
                let builtin = omweso_web::builtin(v.name()) == Some(v.variant.rules);
                serde_json::json!({
                    "name": v.name(),
                    "title": v.title,
                    "rules": (!builtin).then(|| omweso_web::rules_text(&v.variant.rules)),
                })
            })
            .collect();
        let data = serde_json::json!({
            "default_variant": self
                .site
                .config
                .default_variant
                .as_deref()
                .unwrap_or(crate::model::variant::DEFAULT_VARIANT),
            "variants": variants,
        });
        // in a <script> element: no `<` may close it
        let data = data.to_string().replace('<', "\\u003c");
        let mut ctx = self.context(
            "analysis",
            "Analysis board",
            "Set up any Omweso position, see every legal move and where it leads, and play on.",
            "",
            "analysis",
        );
        ctx.insert("analysis_data", &data);
        self.render("analysis.html", "analysis.html".into(), &ctx, 0)
    }

    pub(crate) fn compare_page(&self) -> Result<Page, Diagnostics> {
        fn join_and(names: &[String]) -> String {
            match names {
                [] => String::new(),
                [one] => one.clone(),
                [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            }
        }
        #[derive(Serialize)]
        struct Row {
            name: String,
            title: String,
            laps: String,
            captured: String,
            result: String,
            after: Option<String>,
            /// The move cannot be played under this rule set.
            refused: bool,
            /// Why the move ends so here, from where its trace parts from
            /// the example's own.
            reason: super::compare::Reason,
        }
        #[derive(Serialize)]
        struct Cmp {
            id: String,
            title: String,
            mover: String,
            r#move: String,
            before: String,
            rows: Vec<Row>,
            /// Which rule sets agree, in a sentence.
            summary: String,
        }
        let mut out = Vec::new();
        let mut diagrams = 0;
        for id in &self.site.config.compare {
            let Some((key, doc)) = self.site.find(id) else {
                continue;
            };
            let Some(mv) = &doc.mv else { continue };
            let Some(own_trace) = self.traces.of(key) else {
                continue;
            };
            let title = title_of(doc);
            let before = diagram::board_frame(
                &doc.position,
                &doc.annotations,
                doc.variant.name(),
                doc.variant.rules(),
            );
            // named by the template's heading, not by a caption of its own
            let before = figure::figure(&[before], &format!("compare-{id}-before"), None, None);
            diagrams += 1;
            let plain = Annotations {
                seat: doc.annotations.seat,
                labels: true,
                ..Annotations::default()
            };
            // the section of the chapter the example is written in
            let example_chapter = match key {
                PositionKey::Inline { chapter, line, .. } => {
                    self.site.chapters.get(chapter).map(|ch| {
                        let id = ch
                            .headings
                            .iter()
                            .rfind(|h| h.line < line)
                            .map_or("", |h| h.id.as_str());
                        (ch.stem.as_str(), id)
                    })
                }
                // a position file: the chapter that shows it by reference
                PositionKey::File(_) => self.site.chapters.iter().find_map(|ch| {
                    let at = ch.text.find(&format!("ref: {id}\n"))?;
                    let line = ch.text[..at].matches('\n').count() + 1;
                    let h = ch.headings.iter().rfind(|h| h.line < line);
                    Some((ch.stem.as_str(), h.map_or("", |h| h.id.as_str())))
                }),
            };
            let side = doc.position.to_move;
            let written = notation::format_with_side(side, mv);
            let mut rows = Vec::new();
            for v in self.site.variants.iter() {
                let Some(played) = self.traces.compared(key, v.name()) else {
                    continue;
                };
                let reason = super::compare::reason(
                    self.site,
                    example_chapter,
                    &doc.position,
                    mv,
                    &doc.variant,
                    own_trace,
                    v,
                    played,
                );
                let row = match &**played {
                    Ok(o) => {
                        let (laps, captured) = match o.end.finished() {
                            Some(f) => (narrate::thousands(f.laps), f.captured.to_string()),
                            None => ("never ends".into(), "–".into()),
                        };
                        let after = o.after.as_ref().map(|a| {
                            diagrams += 1;
                            let named = Annotations {
                                title: Some(format!("{title}: after {written}, under {}", v.title)),
                                ..plain.clone()
                            };
                            let f = diagram::board_frame(a, &named, v.name(), v.rules());
                            figure::figure(&[f], &format!("compare-{id}-{}", v.name()), None, None)
                        });
                        Row {
                            name: v.name().into(),
                            title: v.title.clone(),
                            laps,
                            captured,
                            result: narrate::move_end(&o.end),
                            after,
                            refused: false,
                            reason,
                        }
                    }
                    Err(_) => Row {
                        name: v.name().into(),
                        title: v.title.clone(),
                        laps: "–".into(),
                        captured: "–".into(),
                        result: format!("{written} cannot be played"),
                        after: None,
                        refused: true,
                        reason,
                    },
                };
                rows.push(row);
            }
            // the comparison in one sentence: which rule sets agree
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for r in &rows {
                let what = if r.refused {
                    "the move cannot be played".to_string()
                } else {
                    format!(
                        "{} {}, {} {} captured",
                        r.laps,
                        if r.laps == "1" { "lap" } else { "laps" },
                        r.captured,
                        if r.captured == "1" { "seed" } else { "seeds" }
                    )
                };
                match groups.iter_mut().find(|(w, _)| *w == what) {
                    Some((_, names)) => names.push(r.title.clone()),
                    None => groups.push((what, vec![r.title.clone()])),
                }
            }
            let summary = match groups.as_slice() {
                [] => String::new(),
                [(what, names)] => format!("All {} rule sets agree: {what}.", names.len()),
                _ => format!(
                    "The rule sets part: {}.",
                    groups
                        .iter()
                        .map(|(what, names)| format!("{what} under {}", join_and(names)))
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
            };
            out.push(Cmp {
                id: id.clone(),
                title,
                mover: doc.position.to_move.title().to_string(),
                r#move: written,
                before,
                rows,
                summary,
            });
        }
        let mut ctx = self.context("compare", "The variants compared", "", "", "compare");
        ctx.insert("comparisons", &out);
        self.render("compare.html", "compare.html".into(), &ctx, diagrams)
    }

    pub(crate) fn puzzles_index_page(&self) -> Result<Page, Diagnostics> {
        let idx = puzzle_index(&self.site.puzzles);
        let titles: BTreeMap<&str, &str> = self
            .site
            .puzzles
            .iter()
            .map(|p| (p.id.as_str(), p.title.as_str()))
            .collect();
        let difficulty: BTreeMap<&str, &str> = self
            .site
            .puzzles
            .iter()
            .map(|p| (p.id.as_str(), p.difficulty.title()))
            .collect();
        let mut ctx = self.context(
            "puzzles",
            "Puzzles",
            "Verified Omweso puzzles by goal, theme and difficulty.",
            "../",
            "puzzles",
        );
        ctx.insert("index", &idx);
        ctx.insert("titles", &titles);
        ctx.insert("difficulty", &difficulty);
        ctx.insert("count", &self.site.puzzles.len());
        // the progress counts the puzzles a reader answers on their page
        let order: Vec<&str> = self
            .puzzle_order()
            .into_iter()
            .filter(|&i| self.site.puzzles[i].answerable())
            .map(|i| self.site.puzzles[i].id.as_str())
            .collect();
        ctx.insert("sheets", &self.sheet_links());
        // for omweso-puzzle.js (solved marks, "next unsolved"); ids are
        // file names, but no `<` may close the <script> element anyway
        let data = serde_json::json!({ "order": order })
            .to_string()
            .replace('<', "\\u003c");
        ctx.insert("puzzles_data", &data);
        self.render("puzzles.html", "puzzles/index.html".into(), &ctx, 0)
    }

    /// Puzzle ids in the index's order (goal, difficulty, id).
    pub(crate) fn puzzle_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.site.puzzles.len()).collect();
        let ps = &self.site.puzzles;
        order.sort_by(|&a, &b| {
            (ps[a].goal, ps[a].difficulty, &ps[a].id).cmp(&(
                ps[b].goal,
                ps[b].difficulty,
                &ps[b].id,
            ))
        });
        order
    }

    /// What a puzzle page's script needs to let the reader play the answer
    /// (omweso-puzzle.js): every legal move with its verdict, the position
    /// for the engine in the page (to step through a wrong move), for a
    /// win in two or three the line after the solution (each reply the
    /// page plays and the reader's turn after it, its moves judged), for
    /// "what happens?" the answers offered, and the puzzles' order (for
    /// "next unsolved"). JSON for a `<script>` element.
    fn puzzle_data(&self, p: &crate::puzzle::Puzzle, order: &[usize]) -> String {
        fn attempts(list: &[crate::puzzle::Attempt]) -> Vec<serde_json::Value> {
            list.iter()
                .map(|a| serde_json::json!({"move": a.notation, "ok": a.ok, "why": a.why, "then": a.then}))
                .collect()
        }
        // from the puzzle's seat (the side to move at the bottom, as its
        // board), with pit names: the wrong move's frames drawn as the
        // board the reader picked on
        let request = |pos: &crate::engine::Position| {
            let mut r = omweso_web::Request::new(
                omweso_web::Command::Moves,
                p.doc.variant.variant.clone(),
                *pos,
            );
            r.seat = p.seat();
            r.labels = true;
            r.text()
        };
        let line: Vec<serde_json::Value> = p
            .continuations
            .iter()
            .map(|c| {
                serde_json::json!({
                    "reply": c.reply_with_side,
                    "why": c.reply_text,
                    "left": c.turn.as_ref().map(|t| t.moves_left),
                    "position": c.turn.as_ref().map(|t| request(&t.position)),
                    "attempts": c.turn.as_ref().map(|t| attempts(&t.attempts)).unwrap_or_default(),
                })
            })
            .collect();
        let choices: Vec<serde_json::Value> = p
            .choices
            .iter()
            .map(|c| serde_json::json!({"text": c.text, "right": c.right}))
            .collect();
        let data = serde_json::json!({
            "id": p.id,
            "side": p.doc.position.to_move.letter().to_string(),
            "side_name": p.doc.position.to_move.title(),
            "opponent_name": p.doc.position.to_move.opponent().title(),
            "solution": p.solution,
            "answer": p.answer,
            "attempts": attempts(&p.attempts),
            "line": line,
            "choices": choices,
            "position": request(&p.doc.position),
            "order": order
                .iter()
                .map(|&i| &self.site.puzzles[i])
                .filter(|q| q.answerable())
                .map(|q| &q.id)
                .collect::<Vec<_>>(),
        });
        // in a <script> element: no `<` may close it
        data.to_string().replace('<', "\\u003c")
    }

    /// The drawings of a line's continuations (win in two or three), by
    /// index: the reply's frames, drawn from its trace, and the board the
    /// reader then moves on (none when the reply ends the game), from the
    /// puzzle's seat with the pit names.
    fn line_figures(&self, p: &crate::puzzle::Puzzle) -> Vec<LineFigures> {
        let plain = Annotations {
            seat: p.seat(),
            labels: true,
            ..Annotations::default()
        };
        p.continuations
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let frames =
                    diagram::move_frames(&c.played, &plain, &p.variant, p.doc.variant.rules());
                LineFigures {
                    index: k,
                    reply: figure::figure(
                        &frames,
                        &format!("puzzle-reply-{k}"),
                        Some(&c.reply_with_side),
                        None,
                    ),
                    board: c.turn.as_ref().map(|t| {
                        let frame = diagram::board_frame(
                            &t.position,
                            &plain,
                            &p.variant,
                            p.doc.variant.rules(),
                        );
                        figure::figure(
                            &[frame],
                            &format!("puzzle-turn-{k}"),
                            Some(&format!(
                                "After {}: {} to move",
                                c.reply_with_side,
                                t.position.to_move.title()
                            )),
                            None,
                        )
                    }),
                }
            })
            .collect()
    }

    /// The printable sheets of the bundled puzzles, one a rule set, as
    /// the puzzles index links them: (rule set, link), by rule set name.
    pub(crate) fn sheets(&self) -> Vec<(String, SheetLink)> {
        let mut by_variant: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
        for p in &self.site.puzzles {
            by_variant
                .entry(&p.variant)
                .or_insert((&p.variant_title, 0))
                .1 += 1;
        }
        by_variant
            .into_iter()
            .map(|(v, (title, count))| {
                (
                    v.to_string(),
                    SheetLink {
                        url: format!("sheet-{v}.html"),
                        title: title.to_string(),
                        count,
                    },
                )
            })
            .collect()
    }

    fn sheet_links(&self) -> Vec<SheetLink> {
        self.sheets().into_iter().map(|(_, l)| l).collect()
    }

    /// The sheet of one rule set's puzzles (`omweso sheet --variant NAME`
    /// as HTML, easiest first), the site's own fonts linked rather than
    /// embedded, with a link back to the puzzles index on screen.
    pub(crate) fn sheet_page(&self, variant: &str) -> Result<Page, Diagnostics> {
        let chosen: Vec<crate::puzzle::Puzzle> = self
            .site
            .puzzles
            .iter()
            .filter(|p| p.variant == variant)
            .cloned()
            .collect();
        let chosen = crate::puzzle::select_puzzles(chosen, "all").map_err(|e| {
            Diagnostics::from(Diagnostic::new(Path::new("puzzles"), 0, 0, e.to_string()))
        })?;
        let title = format!(
            "Omweso puzzles: {}",
            chosen.first().map_or(variant, |p| p.variant_title.as_str())
        );
        let opts = crate::puzzle::SheetOptions {
            title,
            assets: crate::puzzle::SheetAssets::Linked("../assets/".into()),
            back: Some(("index.html".into(), "← Back to the puzzles".into())),
            ..Default::default()
        };
        let html = crate::puzzle::sheet_html(&chosen, &opts);
        self.progress.page_done();
        Ok(Page {
            path: format!("puzzles/sheet-{variant}.html"),
            html,
            diagrams: chosen.len(),
        })
    }

    pub(crate) fn puzzle_page(&self, order: &[usize], k: usize) -> Result<Page, Diagnostics> {
        let p = &self.site.puzzles[order[k]];
        // pit labels on, so that a reader can name the move asked for
        let mut ann = Annotations {
            labels: true,
            seat: p.seat(),
            // the reader's title (made unique among the puzzles)
            title: Some(p.title.clone()),
            ..p.doc.annotations.clone()
        };
        // a "what happens" puzzle shows its move: the start pit ringed
        if p.goal == crate::puzzle::Goal::WhatHappens {
            ann.highlights.push(omweso_diagram::Highlight {
                pits: vec![omweso_diagram::PitRef::new(
                    p.doc.position.to_move,
                    p.played.mv.pit,
                )],
                style: omweso_diagram::HighlightStyle::Start,
                label: Some(p.solution_with_side.clone()),
            });
        }
        let start = diagram::board_frame(&p.doc.position, &ann, &p.variant, p.doc.variant.rules());
        // the page asks the question above the figure: not again under it
        let start = figure::figure(&[start], "puzzle-start", None, None);
        let plain = Annotations {
            seat: p.seat(),
            labels: true,
            ..Annotations::default()
        };
        let frames = diagram::move_frames(&p.played, &plain, &p.variant, p.doc.variant.rules());
        let solution = figure::figure(
            &frames,
            "puzzle-solution",
            Some(&p.solution_with_side),
            None,
        );
        let link = |i: usize| {
            let q = &self.site.puzzles[order[i]];
            LinkItem {
                url: format!("{}.html", q.id),
                title: q.title.clone(),
            }
        };
        let mut ctx = self.context("puzzle", &p.title, &p.question, "../", &p.id);
        ctx.insert("puzzle_data", &self.puzzle_data(p, order));
        ctx.insert("answerable", &p.answerable());
        ctx.insert("line_figures", &self.line_figures(p));
        ctx.insert("puzzle", p);
        ctx.insert("difficulty", p.difficulty.title());
        ctx.insert("effort_words", &crate::puzzle::effort_words(p));
        ctx.insert(
            "themes",
            &p.themes.iter().map(|t| theme_title(t)).collect::<Vec<_>>(),
        );
        ctx.insert("start", &start);
        ctx.insert("solution", &solution);
        ctx.insert("prev", &k.checked_sub(1).map(link));
        ctx.insert("next", &(k + 1 < order.len()).then(|| link(k + 1)));
        self.render("puzzle.html", format!("puzzles/{}.html", p.id), &ctx, 2)
    }

    /// A print page: the chapters `range` (their bodies rendered for it,
    /// [`MarkdownTarget::Print`]) as `part`, its number (from 1) and the
    /// number of parts; `None`: the whole rulebook on one page, `print.html`.
    pub(crate) fn print_page(
        &self,
        range: Range<usize>,
        bodies: &[Body],
        part: Option<(usize, usize)>,
    ) -> Result<Page, Diagnostics> {
        #[derive(Serialize)]
        struct C<'b> {
            stem: &'b str,
            title: &'b str,
            body: &'b str,
        }
        #[derive(Serialize)]
        struct Part {
            number: usize,
            of: usize,
            /// The number of its first chapter in the whole rulebook.
            first: usize,
        }
        let first = range.start + 1;
        let chapters: Vec<C> = self.site.chapters[range]
            .iter()
            .zip(bodies)
            .map(|(c, b)| C {
                stem: &c.stem,
                title: &c.front.title,
                body: &b.html,
            })
            .collect();
        let n = bodies.iter().map(|b| b.diagrams).sum();
        let part = part.map(|(number, of)| Part { number, of, first });
        let (title, path) = match &part {
            None => (self.site.config.title.clone(), "print.html".to_string()),
            Some(Part { number, of, .. }) => (
                format!("{} · part {number} of {of}", self.site.config.title),
                format!("print-{number}.html"),
            ),
        };
        let mut ctx = self.context("print", &title, "", "", "print");
        ctx.insert("chapters", &chapters);
        if let Some(part) = &part {
            ctx.insert("part", part);
        }
        self.render("print.html", path, &ctx, n)
    }

    /// `print.html` of a rulebook not printed on one page: printed in
    /// parts, the parts, each with its first and last chapter; printed
    /// chapter by chapter, the chapters, each linked to its page.
    pub(crate) fn print_index_page(&self, plan: &PrintPlan) -> Result<Page, Diagnostics> {
        #[derive(Serialize)]
        struct P<'b> {
            url: String,
            first: &'b str,
            last: &'b str,
            count: usize,
        }
        let chapters = &self.site.chapters;
        // (a rulebook on one page has no such page: print.html is the page)
        let parts: &[Range<usize>] = match plan {
            PrintPlan::Parts(parts) => parts,
            PrintPlan::Whole(_) | PrintPlan::ByChapter => &[],
        };
        let list: Vec<P> = parts
            .iter()
            .enumerate()
            .map(|(k, r)| P {
                url: format!("print-{}.html", k + 1),
                first: &chapters[r.start].front.title,
                last: &chapters[r.end - 1].front.title,
                count: r.len(),
            })
            .collect();
        #[derive(Serialize)]
        struct C<'b> {
            url: String,
            title: &'b str,
        }
        let by_chapter: Vec<C> = match plan {
            PrintPlan::ByChapter => chapters
                .iter()
                .map(|c| C {
                    url: c.url(),
                    title: &c.front.title,
                })
                .collect(),
            PrintPlan::Whole(_) | PrintPlan::Parts(_) => Vec::new(),
        };
        let mut ctx = self.context("print", &self.site.config.title, "", "", "print");
        ctx.insert("chapters", &Vec::<()>::new());
        ctx.insert("parts", &list);
        ctx.insert("by_chapter", &by_chapter);
        self.render("print.html", "print.html".into(), &ctx, 0)
    }

    pub(crate) fn not_found_page(&self) -> Result<Page, Diagnostics> {
        // Served at any address (a host answers a missing /a/b/c with it):
        // with a base URL its links are absolute; without one they are
        // relative to the site's root, where the page lies: over http(s) a
        // script in its head (the template's `assets` block) writes
        // `<base href="/">`, the host's root, where such hosts serve a site
        // without a base URL, then the stylesheet and scripts; opened from
        // disk it writes no base, and the page is styled and its links
        // work from the folder it is in.
        let (root, base_script) = match &self.site.config.base_url {
            Some(b) => (format!("{}/", b.trim_end_matches('/')), false),
            None => (String::new(), true),
        };
        let mut ctx = self.context("404", "Page not found", "", &root, "404");
        ctx.insert("base_script", &base_script);
        self.render("404.html", "404.html".into(), &ctx, 0)
    }

    /// The `i`-th chapter drawn and its page rendered and given to `sink`:
    /// the words of its body (for search) and the size of its body (for
    /// the print parts).
    pub(crate) fn chapter(&self, i: usize, sink: &PageSink) -> Result<DrawnChapter, Diagnostics> {
        let body = self.chapter_body(i, &MarkdownTarget::Page { root: "" }, &Default::default())?;
        let placed = give(sink, self.chapter_page(i, &body))?;
        Ok(DrawnChapter {
            plain: body.plain,
            size: body.html.len(),
            placed,
        })
    }

    /// Every page, in a fixed order, each given to `sink` as soon as it is
    /// rendered (and not kept); what was given (in that order), the search
    /// documents, and each chapter's words and body size. A chapter's
    /// figures are drawn for its page, and again for paper when its print
    /// part is rendered (paper draws fewer boards and no text twin), so
    /// that no drawing outlives its page: the memory a build needs grows
    /// with the largest page, not with the site.
    pub(crate) fn all(&self, sink: &PageSink) -> Result<AllPages, Diagnostics> {
        // chapter pages first: the words of a chapter's body (for search)
        // and its size (for the print parts) are kept, its page written
        let drawn: Vec<Result<DrawnChapter, Diagnostics>> = (0..self.site.chapters.len())
            .into_par_iter()
            .map(|i| self.chapter(i, sink))
            .collect();
        let mut errs = Diagnostics::default();
        let mut plains = Vec::new();
        let mut sizes = Vec::new();
        let mut placed = Vec::new();
        for d in drawn {
            match d {
                Ok(d) => {
                    plains.push(d.plain);
                    sizes.push(d.size);
                    placed.push(d.placed);
                }
                Err(e) => errs.extend(e),
            }
        }
        if !errs.is_empty() {
            errs.0.sort();
            errs.0.dedup();
            return Err(errs);
        }
        // the print version, in parts of a readable size if it is long
        let plan = print_plan(&sizes, self.site.config.print);
        let all_pages: Vec<usize> = (0..plan.pages().len()).collect();
        placed.extend(self.rest(&plan, &all_pages, sink)?);
        let search_index = self.search_index(&plains);
        Ok(AllPages {
            placed,
            search_index,
            plains,
            sizes,
        })
    }

    /// Every page but the chapters' (in a fixed order), each given to
    /// `sink`; of the pages of the whole in the print version's `plan`
    /// ([`PrintPlan::pages`]), only those numbered in `print` (from 0).
    pub(crate) fn rest(
        &self,
        plan: &PrintPlan,
        print: &[usize],
        sink: &PageSink,
    ) -> Result<Vec<Placed>, Diagnostics> {
        let positions: Vec<(PositionKey, &PositionDoc)> = self
            .site
            .keyed_positions()
            .filter(|(_, p)| p.id().is_some())
            .collect();
        let variant_names: Vec<String> = self.site.variants.names().map(String::from).collect();
        let order = self.puzzle_order();

        enum Job<'b> {
            Index,
            Glossary,
            Compare,
            Analysis,
            /// The page `k` of the whole in the print version.
            Print(usize),
            /// `print.html` listing the parts or the chapters.
            PrintIndex,
            NotFound,
            PuzzleIndex,
            Variant(&'b str),
            Position(PositionKey, &'b PositionDoc),
            Puzzle(usize),
            Sheet(&'b str),
            GamesIndex,
            Game(&'b crate::model::GameDoc, &'b super::traces::GameTrace),
        }
        let mut jobs: Vec<Job> = vec![Job::Index, Job::Glossary, Job::Compare, Job::Analysis];
        jobs.extend(print.iter().map(|&k| Job::Print(k)));
        match plan {
            // print.html is the page of the whole
            PrintPlan::Whole(_) => {}
            PrintPlan::Parts(_) | PrintPlan::ByChapter => jobs.push(Job::PrintIndex),
        }
        jobs.extend([Job::NotFound, Job::PuzzleIndex]);
        jobs.extend(variant_names.iter().map(|n| Job::Variant(n)));
        jobs.extend(positions.iter().map(|&(k, p)| Job::Position(k, p)));
        jobs.extend((0..order.len()).map(Job::Puzzle));
        let sheet_variants: Vec<String> = self.sheets().into_iter().map(|(v, _)| v).collect();
        jobs.extend(sheet_variants.iter().map(|v| Job::Sheet(v)));
        jobs.push(Job::GamesIndex);
        jobs.extend(self.traces.games(self.site).map(|(g, t)| Job::Game(g, t)));
        let results: Vec<Result<Placed, Diagnostics>> = jobs
            .par_iter()
            .map(|j| {
                give(
                    sink,
                    match j {
                        Job::Index => self.index_page(),
                        Job::Glossary => self.glossary_page(),
                        Job::Compare => self.compare_page(),
                        Job::Analysis => self.analysis_page(),
                        Job::Print(k) => self.print_part(plan, *k),
                        Job::PrintIndex => self.print_index_page(plan),
                        Job::NotFound => self.not_found_page(),
                        Job::PuzzleIndex => self.puzzles_index_page(),
                        Job::Variant(n) => self.variant_page(n),
                        Job::Position(k, p) => self.position_page(*k, p),
                        Job::Puzzle(k) => self.puzzle_page(&order, *k),
                        Job::Sheet(v) => self.sheet_page(v),
                        Job::GamesIndex => self.games_index_page(),
                        Job::Game(g, t) => self.game_page(g, t),
                    },
                )
            })
            .collect();
        let mut placed = Vec::new();
        let mut errs = Diagnostics::default();
        for r in results {
            match r {
                Ok(p) => placed.push(p),
                Err(e) => errs.extend(e),
            }
        }
        if !errs.is_empty() {
            errs.0.sort();
            errs.0.dedup();
            return Err(errs);
        }
        Ok(placed)
    }

    /// The page `k` of the whole in the print version `plan`
    /// ([`PrintPlan::pages`]): its chapters' bodies, rendered for it (their
    /// figures drawn for paper), in one page.
    pub(crate) fn print_part(&self, plan: &PrintPlan, k: usize) -> Result<Page, Diagnostics> {
        let r = plan.pages()[k].clone();
        let part = match plan {
            PrintPlan::Whole(_) | PrintPlan::ByChapter => None,
            PrintPlan::Parts(parts) => Some((k + 1, parts.len())),
        };
        let stems: BTreeSet<&str> = self.site.chapters[r.clone()]
            .iter()
            .map(|c| c.stem.as_str())
            .collect();
        // the part's figures share their drawings
        let defined = RefCell::new(Defined::default());
        let bodies: Vec<Body> = r
            .clone()
            .map(|i| {
                let print = MarkdownTarget::Print {
                    stem: &self.site.chapters[i].stem,
                    chapters: &stems,
                };
                self.chapter_body(i, &print, &defined)
            })
            .collect::<Result<_, _>>()?;
        self.print_page(r, &bodies, part)
    }

    /// Number of pages [`Renderer::all`] renders (for progress).
    pub(crate) fn page_count(&self) -> usize {
        // index, glossary, compare, analysis, print, 404, puzzles index
        self.site.chapters.len()
            + 7
            + self.site.variants.names().count()
            + self
                .site
                .all_positions()
                .filter(|p| p.id().is_some())
                .count()
            + self.site.puzzles.len()
            + self.sheets().len()
            + 1
            + self.site.games.len()
    }

    /// The search index's file (`assets/search-index.js`), its records
    /// written as they are made; `plains`: the words of each chapter's body.
    pub(crate) fn search_index(&self, plains: &[String]) -> Vec<u8> {
        // the records are made twice, as they are written (none is kept):
        // once to count their words, once to write them
        let mut words = WordList::default();
        self.search_docs(plains, &mut |d| words.count(&d));
        let size: usize = plains.iter().map(|p| p.len() / 3 + 200).sum();
        let mut index = IndexWriter::new(b"window.OMWESO_SEARCH_INDEX = ", words, size + 64 * 1024);
        self.search_docs(plains, &mut |d| index.push(d));
        index.finish(b";\n")
    }

    /// The search index's records, each given to `docs` as it is made.
    fn search_docs(&self, plains: &[String], docs: &mut dyn FnMut(SearchDoc)) {
        for (c, plain) in self.site.chapters.iter().zip(plains) {
            // each section on its own, so that a heading is found as such
            for h in c.headings.iter().filter(|h| h.level == 2 || h.level == 3) {
                docs(SearchDoc::new(
                    EntryKind::Section,
                    &format!("{} › {}", c.front.title, h.text),
                    &format!("{}#{}", c.url(), h.id),
                    Vec::new(),
                    "",
                ));
            }
            docs(SearchDoc::new(
                EntryKind::Chapter,
                &c.front.title,
                &c.url(),
                c.headings
                    .iter()
                    .filter(|h| h.level > 1)
                    .map(|h| h.text.clone())
                    .collect(),
                plain,
            ));
        }
        for v in self.site.variants.iter() {
            // the summary and each reading a block of its own
            let mut text = one_block(v.summary.as_deref().unwrap_or_default());
            for r in &v.readings {
                text.push('\n');
                text.push_str(&one_block(r));
            }
            docs(SearchDoc::new(
                EntryKind::Variant,
                &v.title,
                &format!("variants/{}.html", v.name()),
                Vec::new(),
                &text,
            ));
        }
        for g in &self.site.glossary {
            docs(SearchDoc::new(
                EntryKind::Term,
                &g.term,
                &format!("glossary.html#{}", g.id),
                Vec::new(),
                &one_block(&g.meaning),
            ));
        }
        for p in self.site.all_positions() {
            if let Some(id) = p.id() {
                docs(SearchDoc::new(
                    EntryKind::Position,
                    &title_of(p),
                    &format!("positions/{id}.html"),
                    Vec::new(),
                    &one_block(p.annotations.caption.as_deref().unwrap_or("")),
                ));
            }
        }
        for p in &self.site.puzzles {
            let mut text = format!(
                "{}\n{}\n{}",
                one_block(&p.goal_title),
                one_block(&p.question),
                one_block(&p.variant_title)
            );
            for t in &p.themes {
                text.push('\n');
                text.push_str(&theme_title(t));
            }
            docs(SearchDoc::new(
                EntryKind::Puzzle,
                &p.title,
                &format!("puzzles/{}.html", p.id),
                Vec::new(),
                &text,
            ));
        }
        for g in &self.site.games {
            // the notes and each move's comment a block of its own
            let mut text = one_block(g.notes.as_deref().unwrap_or_default());
            for m in &g.moves {
                if let Some(c) = &m.comment {
                    text.push('\n');
                    text.push_str(&one_block(c));
                }
            }
            docs(SearchDoc::new(
                EntryKind::Game,
                g.title.as_deref().unwrap_or(&g.id),
                &format!("games/{}.html", g.id),
                Vec::new(),
                &text,
            ));
        }
        docs(SearchDoc::new(
            EntryKind::Page,
            "Games",
            "games/index.html",
            Vec::new(),
            "",
        ));
        docs(SearchDoc::new(
            EntryKind::Page,
            "Glossary",
            "glossary.html",
            Vec::new(),
            "",
        ));
        docs(SearchDoc::new(
            EntryKind::Page,
            "The variants compared",
            "compare.html",
            Vec::new(),
            "",
        ));
        docs(SearchDoc::new(
            EntryKind::Page,
            "Puzzles",
            "puzzles/index.html",
            Vec::new(),
            "",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::{PRINT_PART_BYTES, Print, PrintPlan, print_parts, print_plan};

    #[test]
    fn print_parts_fill_up_to_the_budget_in_order() {
        assert_eq!(print_parts(&[3, 3, 3], 10), vec![0..3]);
        assert_eq!(print_parts(&[4, 4, 4, 4], 10), vec![0..2, 2..4]);
        // a chapter larger than the budget is a part of its own
        assert_eq!(print_parts(&[2, 15, 2], 10), vec![0..1, 1..2, 2..3]);
        assert_eq!(print_parts(&[15], 10), vec![0..1]);
        assert_eq!(print_parts(&[], 10), vec![0..0]);
        let sizes: Vec<usize> = (0..1000).map(|i| 1000 + (i * 7919) % 5000).collect();
        let parts = print_parts(&sizes, 100_000);
        let mut next = 0;
        for p in &parts {
            assert_eq!(p.start, next);
            assert!(sizes[p.clone()].iter().sum::<usize>() <= 100_000);
            next = p.end;
        }
        assert_eq!(next, 1000);
    }

    #[test]
    fn a_long_rulebook_prints_by_chapter_unless_asked_for_parts() {
        let fits = vec![PRINT_PART_BYTES / 4; 4];
        let long = vec![PRINT_PART_BYTES / 4; 5];
        assert_eq!(print_plan(&fits, Print::OnePage), PrintPlan::Whole(0..4));
        assert_eq!(print_plan(&fits, Print::Parts), PrintPlan::Whole(0..4));
        assert_eq!(print_plan(&long, Print::OnePage), PrintPlan::ByChapter);
        assert_eq!(
            print_plan(&long, Print::Parts),
            PrintPlan::Parts(vec![0..4, 4..5])
        );
        assert_eq!(print_plan(&[], Print::OnePage), PrintPlan::Whole(0..0));
        // one chapter larger than a page is still the whole on one page
        let huge = [PRINT_PART_BYTES * 2];
        assert_eq!(print_plan(&huge, Print::OnePage), PrintPlan::Whole(0..1));
        assert_eq!(print_plan(&huge, Print::Parts), PrintPlan::Whole(0..1));
        // the pages of the whole, as the print jobs number them
        assert_eq!(PrintPlan::Whole(0..4).pages(), vec![0..4]);
        assert_eq!(PrintPlan::Parts(vec![0..4, 4..5]).pages(), vec![0..4, 4..5]);
        assert!(PrintPlan::ByChapter.pages().is_empty());
    }
}
