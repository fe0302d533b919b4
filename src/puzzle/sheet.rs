//! Printable puzzle sheets: a print-ready PDF (krilla + krilla-svg, fonts
//! embedded) and an HTML print page.
//!
//! Pages are drawn as SVG (black-and-white diagrams, numbered puzzles with
//! room to write, then an answer key on separate pages) and converted with
//! usvg. Text is set in a system font loaded from disk (DejaVu Sans or a
//! close relative); without one the sheet fails with a clear error, and a
//! page whose text the font could not set is an error too: text is never
//! silently dropped.

use super::{Goal, Puzzle};
use crate::diagram::{
    self, Annotations, Embed, Frame, Highlight, HighlightStyle, Layout, PitRef, RenderOptions,
    Theme,
};
use crate::engine::{Board, Pit, Position, Side};
use crate::site::escape;
use krilla::Document;
use krilla::geom::Size;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Paper sizes, in PDF points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    pub fn parse(s: &str) -> Option<Paper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }

    /// (width, height) in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// How to lay out a sheet.
#[derive(Clone, Debug)]
pub struct SheetOptions {
    pub paper: Paper,
    /// Puzzles per page (1–6).
    pub per_page: usize,
    pub title: String,
}

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            paper: Paper::A4,
            per_page: 4,
            title: "Omweso puzzles".into(),
        }
    }
}

/// Font files tried, in order (Debian's fonts-dejavu-core first).
const FONT_FILES: [&str; 4] = [
    "DejaVuSans.ttf",
    "LiberationSans-Regular.ttf",
    "FreeSans.ttf",
    "NotoSans-Regular.ttf",
];
const BOLD_FILES: [&str; 4] = [
    "DejaVuSans-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "FreeSansBold.ttf",
    "NotoSans-Bold.ttf",
];
const FONT_DIRS: [&str; 3] = [
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "/usr/share/fonts/truetype",
];

fn find_file(dirs: &[PathBuf], name: &str) -> Option<PathBuf> {
    for d in dirs {
        for e in walkdir::WalkDir::new(d).into_iter().filter_map(|e| e.ok()) {
            if e.file_type().is_file() && e.file_name() == name {
                return Some(e.into_path());
            }
        }
    }
    None
}

/// Why a sheet could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    #[error(
        "no font found for the PDF sheet: looked for {} in {dirs} (install fonts-dejavu-core, or set OMWESO_FONT_DIR)",
        FONT_FILES.join(", ")
    )]
    NoFont { dirs: String },
    #[error("cannot load font {}: {reason}", path.display())]
    Font { path: PathBuf, reason: String },
    #[error("no puzzles selected for the sheet")]
    Empty,
    #[error(
        "selection term {0:?} matches no puzzle (terms are ids, goals, difficulties, variants or themes)"
    )]
    NoMatch(String),
    #[error("page {page}: {what}")]
    Page { page: usize, what: String },
    #[error("cannot write the PDF: {0}")]
    Write(String),
}

/// The fonts a sheet is set in.
#[derive(Clone)]
pub struct Fonts {
    db: Arc<usvg::fontdb::Database>,
    /// The family name to ask for.
    pub family: String,
    pub files: Vec<PathBuf>,
}

impl Fonts {
    /// Load DejaVu Sans (or Liberation Sans, FreeSans, Noto Sans) from the
    /// system font folders, or from `OMWESO_FONT_DIR` when set.
    pub fn system() -> Result<Fonts, SheetError> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(d) = std::env::var_os("OMWESO_FONT_DIR") {
            dirs.push(PathBuf::from(d));
        }
        dirs.extend(FONT_DIRS.iter().map(PathBuf::from));
        if let Some(home) = std::env::var_os("HOME") {
            dirs.push(PathBuf::from(home).join(".local/share/fonts"));
        }
        for (regular, bold) in FONT_FILES.iter().zip(BOLD_FILES) {
            if let Some(r) = find_file(&dirs, regular) {
                let mut files = vec![r];
                files.extend(find_file(&dirs, bold));
                return Fonts::from_files(&files);
            }
        }
        Err(SheetError::NoFont {
            dirs: dirs
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }

    /// Fonts from given files (the first one's family is used).
    pub fn from_files(files: &[PathBuf]) -> Result<Fonts, SheetError> {
        let mut db = usvg::fontdb::Database::new();
        for f in files {
            db.load_font_file(f).map_err(|e| SheetError::Font {
                path: f.clone(),
                reason: e.to_string(),
            })?;
        }
        let family = db
            .faces()
            .next()
            .and_then(|f| f.families.first().map(|(n, _)| n.clone()))
            .ok_or_else(|| SheetError::Font {
                path: files.first().cloned().unwrap_or_default(),
                reason: "no usable font face".into(),
            })?;
        Ok(Fonts {
            db: Arc::new(db),
            family,
            files: files.to_vec(),
        })
    }

    fn options(&self) -> usvg::Options<'static> {
        let mut o = usvg::Options {
            font_family: self.family.clone(),
            ..usvg::Options::default()
        };
        o.fontdb = self.db.clone();
        o
    }
}

/// Width of a board diagram on a PDF page, in points (at most: it shrinks
/// when many puzzles share a page).
pub const BOARD_W: f32 = 300.0;

/// A puzzle's board as a diagram frame seen from `seat`, pit names shown,
/// `ring` highlighted as the move's start.
fn board_frame(pos: &Position, variant: &str, seat: Side, ring: Option<(Side, Pit)>) -> Frame {
    let ann = Annotations {
        labels: true,
        seat,
        highlights: ring
            .map(|(side, pit)| Highlight {
                pits: vec![PitRef::new(side, pit)],
                style: HighlightStyle::Start,
                label: None,
            })
            .into_iter()
            .collect(),
        ..Annotations::default()
    };
    diagram::board_frame(pos, &ann, variant)
}

/// How a sheet draws its boards: black and white, the board alone.
fn board_options(width: Option<f64>) -> RenderOptions {
    RenderOptions {
        theme: Theme::Print,
        embed: Embed::Standalone,
        layout: Layout::Board,
        width,
    }
}

/// A puzzle's start position.
fn start_position(p: &Puzzle) -> Position {
    p.doc.position
}

/// The position after a puzzle's solution (before it, when the move never
/// ends), the opponent to move.
fn answer_position(p: &Puzzle) -> Position {
    let board = p
        .played
        .end
        .finished()
        .map(|f| f.board)
        .unwrap_or(p.doc.position.board);
    Position::new(board, p.played.mover.opponent())
}

/// Wrap text to lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

fn text_lines(x: f32, y: f32, size: f32, lh: f32, lines: &[String], bold: bool) -> String {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                r#"<text x="{x}" y="{}" font-size="{size}"{} fill="black">{}</text>"#,
                y + i as f32 * lh,
                if bold { r#" font-weight="bold""# } else { "" },
                escape(l)
            )
        })
        .collect()
}

/// The mover's start pit of a puzzle's solution (ringed in the key).
fn start_mark(p: &Puzzle) -> (Side, Pit) {
    (p.played.mover, p.played.mv.pit)
}

/// The ring on a puzzle's own board: a "what happens" puzzle shows its
/// move, the others hide their answer.
fn question_mark(p: &Puzzle) -> Option<(Side, Pit)> {
    (p.goal == Goal::WhatHappens).then(|| start_mark(p))
}

/// The pages of a sheet, each a complete SVG document (puzzle pages, then
/// the answer key on pages of its own).
pub fn page_svgs(puzzles: &[Puzzle], opts: &SheetOptions) -> Vec<String> {
    let (w, h) = opts.paper.size();
    let per = opts.per_page.clamp(1, 6);
    let margin = 36.0;
    let head = 44.0;
    let foot = 24.0;
    let slot = (h - 2.0 * margin - head - foot) / per as f32;
    // every board frame has the same proportions
    let (dw, dh) = diagram::board_frame(
        &Position::new(Board::from_sides([0; 16], [0; 16]), Side::South),
        &Annotations::default(),
        "",
    )
    .size(Layout::Board);
    let bw = BOARD_W.min((slot - 8.0) * (dw / dh) as f32);
    let text_x = margin + bw + 14.0;
    let chars = (((w - margin - text_x) / 5.6) as usize).max(20);
    let mut pages = Vec::new();
    let chunks: Vec<&[Puzzle]> = puzzles.chunks(per).collect();
    let total = chunks.len() * 2;
    let page = |body: String, heading: &str, n: usize| {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><rect width="{w}" height="{h}" fill="white"/><text x="{margin}" y="{}" font-size="16" font-weight="bold" fill="black">{}</text><line x1="{margin}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="0.8"/>{body}<text x="{}" y="{}" font-size="8" text-anchor="middle" fill="black">{n} / {total}</text></svg>"#,
            margin + 16.0,
            escape(heading),
            margin + 26.0,
            w - margin,
            margin + 26.0,
            w / 2.0,
            h - margin + 8.0
        )
    };
    let mut number = 0usize;
    for (pi, chunk) in chunks.iter().enumerate() {
        let mut body = String::new();
        for (i, p) in chunk.iter().enumerate() {
            number = pi * per + i + 1;
            let y = margin + head + i as f32 * slot;
            let board = board_frame(&start_position(p), &p.variant, p.seat(), question_mark(p));
            body.push_str(&format!(
                r#"<g transform="translate({margin} {})">{}</g>"#,
                y + 2.0,
                board.svg(&board_options(Some(bw as f64))).trim_end()
            ));
            let mut ty = y + 14.0;
            let tl = wrap(&format!("{number}. {}", p.title), chars * 8 / 11);
            body.push_str(&text_lines(text_x, ty, 11.0, 13.0, &tl, true));
            ty += 2.0 + 13.0 * tl.len() as f32;
            let mut q = wrap(&p.question, chars);
            q.push(format!(
                "{} · {} · {}",
                p.goal_title,
                p.difficulty.title(),
                p.variant_title
            ));
            body.push_str(&text_lines(text_x, ty, 8.5, 11.0, &q, false));
            ty += q.len() as f32 * 11.0 + 4.0;
            if let Some(hint) = &p.hint {
                let hl = wrap(&format!("Hint: {hint}"), chars + 6);
                let hl: Vec<String> = hl.into_iter().take(2).collect();
                body.push_str(&format!(
                    r#"<g font-style="italic">{}</g>"#,
                    text_lines(text_x, ty, 7.5, 9.5, &hl, false)
                ));
                ty += hl.len() as f32 * 9.5 + 4.0;
            }
            // room to write
            let mut ly = ty + 14.0;
            body.push_str(&text_lines(
                text_x,
                ty + 8.0,
                8.0,
                10.0,
                &["Your answer:".to_string()],
                false,
            ));
            while ly < y + slot - 8.0 {
                body.push_str(&format!(
                    r#"<line x1="{text_x}" y1="{ly}" x2="{}" y2="{ly}" stroke="black" stroke-width="0.4"/>"#,
                    w - margin
                ));
                ly += 18.0;
            }
            if i + 1 < chunk.len() {
                body.push_str(&format!(
                    r##"<line x1="{margin}" y1="{}" x2="{}" y2="{}" stroke="#999999" stroke-width="0.5" stroke-dasharray="2 2"/>"##,
                    y + slot - 2.0,
                    w - margin,
                    y + slot - 2.0
                ));
            }
        }
        pages.push(page(body, &opts.title, pages.len() + 1));
    }
    let _ = number;
    // the answer key: the position after the solution, start pit ringed
    for (pi, chunk) in chunks.iter().enumerate() {
        let mut body = String::new();
        for (i, p) in chunk.iter().enumerate() {
            let number = pi * per + i + 1;
            let y = margin + head + i as f32 * slot;
            let board = board_frame(
                &answer_position(p),
                &p.variant,
                p.seat(),
                Some(start_mark(p)),
            );
            body.push_str(&format!(
                r#"<g transform="translate({margin} {})">{}</g>"#,
                y + 2.0,
                board.svg(&board_options(Some(bw as f64))).trim_end()
            ));
            let mut ty = y + 14.0;
            body.push_str(&text_lines(
                text_x,
                ty,
                11.0,
                13.0,
                &[format!("{number}. {}", p.solution_with_side)],
                true,
            ));
            ty += 15.0;
            let mut lines = wrap(&p.answer, chars);
            if p.played.end.finished().is_some() {
                lines.push("Diagram: the board after the move; the start pit is ringed.".into());
            } else {
                lines.push(
                    "Diagram: the move never ends; the board before it, start pit ringed.".into(),
                );
            }
            if p.goal == Goal::WinInTwo {
                for l in p.line.iter().take(3) {
                    lines.extend(wrap(&format!("If {}: {}.", l.reply, l.answer), chars));
                }
                if p.line.len() > 3 {
                    lines.push(format!(
                        "… and {} more replies, each answered.",
                        p.line.len() - 3
                    ));
                }
            }
            if let Some(ex) = &p.explanation {
                lines.extend(wrap(ex, chars));
            }
            let room = ((y + slot - 6.0 - ty) / 10.5).max(1.0) as usize;
            if lines.len() > room {
                lines.truncate(room);
                if let Some(l) = lines.last_mut() {
                    l.push_str(" …");
                }
            }
            body.push_str(&text_lines(text_x, ty, 8.0, 10.5, &lines, false));
        }
        pages.push(page(
            body,
            &format!("{} — answers", opts.title),
            pages.len() + 1,
        ));
    }
    pages
}

fn count_text(group: &usvg::Group) -> usize {
    group
        .children()
        .iter()
        .map(|n| match n {
            usvg::Node::Text(_) => 1,
            usvg::Node::Group(g) => count_text(g),
            _ => 0,
        })
        .sum()
}

/// Render the sheet as a PDF (fonts embedded).
pub fn pdf(puzzles: &[Puzzle], opts: &SheetOptions, fonts: &Fonts) -> Result<Vec<u8>, SheetError> {
    if puzzles.is_empty() {
        return Err(SheetError::Empty);
    }
    let page_error = |page: usize, what: String| SheetError::Page {
        page: page + 1,
        what,
    };
    let (w, h) = opts.paper.size();
    let options = fonts.options();
    let mut doc = Document::new();
    for (i, svg) in page_svgs(puzzles, opts).iter().enumerate() {
        let tree = usvg::Tree::from_str(svg, &options)
            .map_err(|e| page_error(i, format!("cannot read the page's SVG: {e}")))?;
        let wanted = svg.matches("<text ").count();
        let set = count_text(tree.root());
        if set != wanted {
            return Err(page_error(
                i,
                format!(
                    "the font {} could set only {set} of {wanted} texts; refusing to drop text",
                    fonts.family
                ),
            ));
        }
        let mut page = doc.start_page_with(
            PageSettings::from_wh(w, h)
                .ok_or_else(|| page_error(i, "invalid paper size".into()))?,
        );
        let mut surface = page.surface();
        surface
            .draw_svg(
                &tree,
                Size::from_wh(w, h).ok_or_else(|| page_error(i, "invalid paper size".into()))?,
                SvgSettings::default(),
            )
            .ok_or_else(|| page_error(i, "cannot draw the page".into()))?;
        surface.finish();
        page.finish();
    }
    doc.finish()
        .map_err(|e| SheetError::Write(format!("{e:?}")))
}

/// The sheet as an HTML print page (inline SVG diagrams; each group of
/// puzzles and the answer key start a new printed page).
pub fn html(puzzles: &[Puzzle], opts: &SheetOptions) -> String {
    let per = opts.per_page.clamp(1, 6);
    let mut s = format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
@page {{ size: {paper}; margin: 14mm; }}
body {{ font-family: "DejaVu Sans", sans-serif; color: #000; background: #fff; max-width: 190mm; margin: auto; }}
h1 {{ font-size: 16pt; border-bottom: 1px solid #000; }}
.puzzle {{ display: flex; gap: 6mm; break-inside: avoid; border-bottom: 1px dashed #999; padding: 3mm 0; }}
.puzzle svg {{ width: 80mm; height: auto; flex: none; }}
.puzzle h2 {{ font-size: 11pt; margin: 0 0 2mm; }}
.puzzle p {{ font-size: 9pt; margin: 0 0 2mm; }}
.hint {{ font-style: italic; }}
.write {{ border-bottom: 1px solid #000; height: 7mm; }}
.page {{ break-after: page; }}
.answers {{ break-before: page; }}
@media screen {{ .page {{ border-bottom: 3px double #000; margin-bottom: 8mm; }} }}
</style></head><body>
"#,
        title = escape(&opts.title),
        paper = opts.paper.css()
    );
    for (pi, chunk) in puzzles.chunks(per).enumerate() {
        s.push_str(&format!(
            "<section class=\"page\"><h1>{}</h1>\n",
            escape(&opts.title)
        ));
        for (i, p) in chunk.iter().enumerate() {
            let n = pi * per + i + 1;
            s.push_str(&format!(
                "<div class=\"puzzle\" id=\"puzzle-{n}\">{}<div><h2>{n}. {}</h2><p>{}</p><p>{} · {} · {}</p>{}<p>Your answer:</p><div class=\"write\"></div><div class=\"write\"></div></div></div>\n",
                board_frame(&start_position(p), &p.variant, p.seat(), question_mark(p))
                    .svg(&board_options(None))
                    .trim_end(),
                escape(&p.title),
                escape(&p.question),
                escape(&p.goal_title),
                p.difficulty.title(),
                escape(&p.variant_title),
                p.hint
                    .as_ref()
                    .map(|h| format!("<p class=\"hint\">Hint: {}</p>", escape(h)))
                    .unwrap_or_default()
            ));
        }
        s.push_str("</section>\n");
    }
    s.push_str(&format!(
        "<section class=\"answers\"><h1>{} — answers</h1>\n",
        escape(&opts.title)
    ));
    for (i, p) in puzzles.iter().enumerate() {
        let mut extra = String::new();
        for l in &p.line {
            extra.push_str(&format!(
                "<p>If {} ({}): {} ({}).</p>",
                escape(&l.reply),
                escape(&l.reply_text),
                escape(&l.answer),
                escape(&l.answer_text)
            ));
        }
        s.push_str(&format!(
            "<div class=\"puzzle\">{}<div><h2>{}. {}</h2><p>{}</p>{extra}{}</div></div>\n",
            board_frame(
                &answer_position(p),
                &p.variant,
                p.seat(),
                Some(start_mark(p))
            )
            .svg(&board_options(None))
            .trim_end(),
            i + 1,
            escape(&p.solution_with_side),
            escape(&p.answer),
            p.explanation
                .as_ref()
                .map(|e| format!("<p>{}</p>", escape(e)))
                .unwrap_or_default()
        ));
    }
    s.push_str("</section>\n</body></html>\n");
    s
}

/// Pick puzzles by a selection: comma-separated alternatives, each a
/// `+`-joined list of terms that must all match a puzzle's id, goal,
/// difficulty, variant or one of its themes; `all` (or empty) takes every
/// puzzle. E.g. `win-now+easy,biggest-capture`.
pub fn select(puzzles: Vec<Puzzle>, selection: &str) -> Result<Vec<Puzzle>, SheetError> {
    let sel = selection.trim();
    if sel.is_empty() || sel == "all" {
        return Ok(puzzles);
    }
    let alts: Vec<Vec<&str>> = sel
        .split(',')
        .map(|a| {
            a.split('+')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect()
        })
        .collect();
    let matches = |p: &Puzzle, t: &str| {
        p.id == t
            || p.goal.name() == t
            || p.difficulty.name() == t
            || p.variant == t
            || p.themes.iter().any(|x| x == t)
    };
    for alt in &alts {
        for t in alt {
            if !puzzles.iter().any(|p| matches(p, t)) {
                return Err(SheetError::NoMatch(t.to_string()));
            }
        }
    }
    Ok(puzzles
        .into_iter()
        .filter(|p| alts.iter().any(|alt| alt.iter().all(|t| matches(p, t))))
        .collect())
}

/// Where a sheet goes: a PDF file, an HTML file, or a folder (both).
pub fn outputs(out: &Path) -> (Option<PathBuf>, Option<PathBuf>) {
    match out.extension().and_then(|e| e.to_str()) {
        Some("pdf") => (Some(out.to_path_buf()), None),
        Some("html") | Some("htm") => (None, Some(out.to_path_buf())),
        _ => (
            Some(out.join("puzzles.pdf")),
            Some(out.join("puzzles.html")),
        ),
    }
}
