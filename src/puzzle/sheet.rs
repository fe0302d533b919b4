//! Printable puzzle sheets: a print-ready PDF (krilla + krilla-svg, fonts
//! embedded) and an HTML print page.
//!
//! A sheet is of one rule set unless asked otherwise ([`one_rule_set`]).
//! Its pages: the puzzles, under a heading that names the rule set, says how
//! to write an answer and leaves a line for the solver's name and the date
//! (each puzzle's board drawn from the seat of the side to move, every pit's
//! name printed above it, then the question and room to write); the hints
//! on a page of their own when asked for ([`SheetHints`]; none by default); then
//! the answer key, one table with a row a puzzle, its sentences wrapped to
//! the column by the font's own glyph widths and never cut.
//!
//! Pages are drawn as SVG and converted with usvg; the boards are the
//! diagram crate's, in its print theme and sheet layout ([`Layout::Sheet`]),
//! so that a sheet's board is a site's board. The PDF is set in Source
//! Sans 3, the sans face shipped with the site (`crate::fonts`);
//! characters it lacks come from DejaVu Sans (or Liberation Sans, FreeSans,
//! Noto Sans) when the system has it, and a character no loaded font has is
//! an error, as is a text the font could not set: text is never silently
//! dropped.

use super::{Goal, Puzzle};
use crate::diagram::{
    Annotations, Embed, Frame, Highlight, HighlightStyle, Layout, PitRef, RenderOptions, Theme,
    escape,
};
use crate::engine::quote;
use crate::fonts;
use krilla::Document;
use krilla::geom::Size;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Paper sizes, in PDF points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 595.28 × 841.89 points.
    A4,
    /// US Letter, 612 × 792 points.
    Letter,
}

impl Paper {
    /// The paper size named `s` (`a4`, `letter`; any case).
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

/// Where a sheet prints the puzzles' hints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SheetHints {
    /// Not at all (the default: a sheet is a test).
    #[default]
    Off,
    /// On a page of their own, after the puzzles and before the answers.
    Page,
}

impl SheetHints {
    /// `off` or `page`.
    pub fn parse(s: &str) -> Option<SheetHints> {
        match s {
            "off" => Some(SheetHints::Off),
            "page" => Some(SheetHints::Page),
            _ => None,
        }
    }
}

/// The most puzzles a page holds.
pub const SHEET_MAX_PER_PAGE: usize = 4;

/// How to lay out a sheet.
#[derive(Clone, Debug)]
pub struct SheetOptions {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles per page (1–4; 3 by default, boards at full size up to 3,
    /// at three quarters with 4: more would make the pit names too small
    /// to read).
    pub per_page: usize,
    /// The sheet's heading, on its first page.
    pub title: String,
    /// Where the hints are printed, if at all.
    pub hints: SheetHints,
    /// Where the HTML sheet's fonts (and icon) come from (the PDF embeds
    /// its own).
    pub assets: SheetAssets,
    /// A link shown above the HTML sheet on screen, never printed:
    /// (address, words).
    pub back: Option<(String, String)>,
}

/// Where an HTML sheet's sans face (and, in a site, its icon) comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetAssets {
    /// In the page itself (a file on its own, set in the PDF's type
    /// anywhere).
    Embedded,
    /// The site's own font files and icon, under this address
    /// (`../assets/`: the folder holding `fonts/` and `favicon.svg`), as
    /// the site's pages load them.
    Linked(String),
}

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            paper: Paper::A4,
            per_page: 3,
            title: "Omweso puzzles".into(),
            hints: SheetHints::Off,
            assets: SheetAssets::Embedded,
            back: None,
        }
    }
}

/// System fonts tried, in order, for characters the shipped face lacks
/// (Debian's fonts-dejavu-core first): (regular, bold).
const FALLBACK_FILES: [(&str, &str); 4] = [
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    ("FreeSans.ttf", "FreeSansBold.ttf"),
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
];
const FONT_DIRS: [&str; 2] = ["/usr/share/fonts", "/usr/local/share/fonts"];

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
    /// A font could not be loaded.
    #[error("cannot load font {name}: {reason}")]
    Font {
        /// The font's file name.
        name: String,
        /// Why it could not be loaded.
        reason: String,
    },
    /// The selection holds no puzzle.
    #[error("no puzzles selected for the sheet")]
    Empty,
    /// A selection term (given) that matches no puzzle.
    #[error(
        "selection term {} matches no puzzle (terms are ids, goals, difficulties, variants or themes)",
        quote(.0)
    )]
    NoMatch(String),
    /// No puzzle of the selection is of the rule set asked for.
    #[error(
        "no puzzle of the selection is of the rule set {}; the selection has {available}",
        quote(.name)
    )]
    NoneOfRuleSet {
        /// The rule set asked for.
        name: String,
        /// The rule sets the selection has, in words.
        available: String,
    },
    /// The selection mixes rule sets and none was chosen.
    #[error(
        "the puzzles selected are of {count} rule sets ({available}): choose one with --variant NAME, or --variant all for a sheet that mixes them"
    )]
    MixedRuleSets {
        /// How many rule sets the selection has.
        count: usize,
        /// Those rule sets, in words.
        available: String,
    },
    /// A character of a puzzle's text is in none of the sheet's fonts.
    #[error(
        "puzzle {puzzle}: the character {ch:?} (U+{code:04X}) is in none of the sheet's fonts ({fonts}); install fonts-dejavu-core or change the text"
    )]
    Glyph {
        /// The puzzle's id.
        puzzle: String,
        /// The character.
        ch: char,
        /// Its Unicode code point.
        code: u32,
        /// The fonts tried, in words.
        fonts: String,
    },
    /// A page could not be drawn into the PDF.
    #[error("page {page}: {what}")]
    Page {
        /// The page, counted from 1.
        page: usize,
        /// What went wrong.
        what: String,
    },
    /// The PDF could not be written (the reason).
    #[error("cannot write the PDF: {0}")]
    Write(String),
}

/// The rule sets of some puzzles with their counts: `modern (38), ludii (3)`.
fn rule_set_counts(puzzles: &[Puzzle]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for p in puzzles {
        *counts.entry(p.variant.as_str()).or_default() += 1;
    }
    counts
        .iter()
        .map(|(v, n)| format!("{v} ({n})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The puzzles of one rule set, as a sheet prints them by default: those of
/// `variant` when it is given (`all` keeps every rule set); else the
/// selection's own rule set when it has only one; else the site's default
/// rule set (`site_default`) when the selection has puzzles of it. Otherwise
/// the caller must choose: the error names the rule sets and their counts.
///
/// ```
/// use omweso::puzzle::one_rule_set;
/// let puzzles = omweso::puzzle::verify_dir(
///     std::path::Path::new("puzzles"),
///     &omweso::model::Variants::builtin(),
/// ).0;
/// let modern = one_rule_set(puzzles.clone(), None, Some("modern")).unwrap();
/// assert!(modern.iter().all(|p| p.variant == "modern"));
/// assert!(one_rule_set(puzzles.clone(), None, None).is_err()); // four rule sets: ask
/// assert_eq!(one_rule_set(puzzles.clone(), Some("all"), None).unwrap().len(), puzzles.len());
/// ```
pub fn one_rule_set(
    puzzles: Vec<Puzzle>,
    variant: Option<&str>,
    site_default: Option<&str>,
) -> Result<Vec<Puzzle>, SheetError> {
    if puzzles.is_empty() {
        return Err(SheetError::Empty);
    }
    let keep = |name: &str, puzzles: Vec<Puzzle>| {
        let available = rule_set_counts(&puzzles);
        let kept: Vec<Puzzle> = puzzles.into_iter().filter(|p| p.variant == name).collect();
        if kept.is_empty() {
            Err(SheetError::NoneOfRuleSet {
                name: name.to_string(),
                available,
            })
        } else {
            Ok(kept)
        }
    };
    match variant {
        Some("all") => Ok(puzzles),
        Some(name) => keep(name, puzzles),
        None => {
            let count = puzzles
                .iter()
                .map(|p| p.variant.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            if count == 1 {
                return Ok(puzzles);
            }
            match site_default {
                Some(d) if puzzles.iter().any(|p| p.variant == d) => keep(d, puzzles),
                _ => Err(SheetError::MixedRuleSets {
                    count,
                    available: rule_set_counts(&puzzles),
                }),
            }
        }
    }
}

/// One face's data and whether it is bold.
#[derive(Clone)]
struct FaceData {
    data: Arc<Vec<u8>>,
    bold: bool,
}

/// The fonts a sheet is set in: the shipped Source Sans 3 (regular and
/// bold), and a system fallback for characters it lacks when there is one.
#[derive(Clone)]
pub struct SheetFonts {
    db: Arc<usvg::fontdb::Database>,
    /// The family name asked for.
    pub family: String,
    /// The fallback font files loaded (none when the system has none).
    pub fallback: Vec<PathBuf>,
    faces: Vec<FaceData>,
}

impl SheetFonts {
    /// Source Sans 3 from the site's assets, with DejaVu Sans (or
    /// Liberation Sans, FreeSans, Noto Sans) from the system font folders,
    /// or from `OMWESO_FONT_DIR` when set, as the fallback when found.
    pub fn shipped() -> Result<SheetFonts, SheetError> {
        let mut db = usvg::fontdb::Database::new();
        let mut faces = Vec::new();
        let sans = fonts::sans_sfnt().map_err(|reason| SheetError::Font {
            name: fonts::SANS.into(),
            reason,
        })?;
        for data in sans {
            let face = ttf_parser::Face::parse(&data, 0).map_err(|e| SheetError::Font {
                name: fonts::SANS.into(),
                reason: e.to_string(),
            })?;
            let bold = face.is_bold();
            let data = Arc::new(data);
            db.load_font_source(usvg::fontdb::Source::Binary(data.clone()));
            faces.push(FaceData { data, bold });
        }
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(d) = std::env::var_os("OMWESO_FONT_DIR") {
            dirs.push(PathBuf::from(d));
        }
        dirs.extend(FONT_DIRS.iter().map(PathBuf::from));
        if let Some(home) = std::env::var_os("HOME") {
            dirs.push(PathBuf::from(home).join(".local/share/fonts"));
        }
        let mut fallback = Vec::new();
        if let Some((regular, bold)) = FALLBACK_FILES
            .iter()
            .find_map(|(r, b)| find_file(&dirs, r).map(|r| (r, find_file(&dirs, b))))
        {
            for (path, is_bold) in [(Some(regular), false), (bold, true)] {
                let Some(path) = path else { continue };
                // a fallback that cannot be read is left out, not an error
                let Ok(data) = std::fs::read(&path) else {
                    continue;
                };
                if ttf_parser::Face::parse(&data, 0).is_err() {
                    continue;
                }
                let data = Arc::new(data);
                db.load_font_source(usvg::fontdb::Source::Binary(data.clone()));
                faces.push(FaceData {
                    data,
                    bold: is_bold,
                });
                fallback.push(path);
            }
        }
        Ok(SheetFonts {
            db: Arc::new(db),
            family: fonts::SANS.into(),
            fallback,
            faces,
        })
    }

    /// usvg's options for reading a sheet's pages with these fonts.
    pub fn svg_options(&self) -> usvg::Options<'static> {
        let mut o = usvg::Options {
            font_family: self.family.clone(),
            ..usvg::Options::default()
        };
        o.fontdb = self.db.clone();
        o
    }

    /// The families loaded, for messages.
    fn names(&self) -> String {
        let mut names = vec![self.family.clone()];
        names.extend(
            self.fallback
                .iter()
                .filter_map(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned()),
        );
        names.join(", ")
    }
}

/// Text widths from the fonts' own advances (kerning, which only narrows
/// text, left out: a line measured to fit does fit).
struct Metrics<'a> {
    faces: Vec<(ttf_parser::Face<'a>, bool)>,
}

impl<'a> Metrics<'a> {
    fn new(fonts: &'a SheetFonts) -> Metrics<'a> {
        Metrics {
            faces: fonts
                .faces
                .iter()
                .filter_map(|f| Some((ttf_parser::Face::parse(&f.data, 0).ok()?, f.bold)))
                .collect(),
        }
    }

    fn covers(&self, c: char) -> bool {
        c.is_whitespace() || self.faces.iter().any(|(f, _)| f.glyph_index(c).is_some())
    }

    fn char_width(&self, c: char, size: f32, bold: bool) -> f32 {
        let face = self
            .faces
            .iter()
            .filter(|(f, _)| f.glyph_index(c).is_some())
            .min_by_key(|(_, b)| *b != bold);
        match face {
            Some((f, _)) => {
                let gid = f.glyph_index(c).unwrap_or_default();
                f.glyph_hor_advance(gid).unwrap_or(0) as f32 / f.units_per_em() as f32 * size
            }
            None => size,
        }
    }

    fn width(&self, s: &str, size: f32, bold: bool) -> f32 {
        s.chars().map(|c| self.char_width(c, size, bold)).sum()
    }

    /// `text` in lines no wider than `width`, broken between words (inside
    /// a word only when the word alone is wider than a line); every word
    /// kept.
    fn wrap(&self, text: &str, width: f32, size: f32, bold: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let mut cur = String::new();
        for word in text.split_whitespace() {
            let candidate = if cur.is_empty() {
                word.to_string()
            } else {
                format!("{cur} {word}")
            };
            if self.width(&candidate, size, bold) <= width {
                cur = candidate;
                continue;
            }
            if !cur.is_empty() {
                lines.push(std::mem::take(&mut cur));
            }
            // a word wider than the line is cut between characters
            for c in word.chars() {
                let mut next = cur.clone();
                next.push(c);
                if !cur.is_empty() && self.width(&next, size, bold) > width {
                    lines.push(std::mem::take(&mut cur));
                    cur.push(c);
                } else {
                    cur = next;
                }
            }
        }
        if !cur.is_empty() {
            lines.push(cur);
        }
        lines
    }
}

/// How to write an answer, printed on every puzzle page.
pub const SHEET_INSTRUCTION: &str = "Write a move as the pit you lift from, named as printed above it (S12), then a letter for each choice of direction from the start on, A for anticlockwise or C for clockwise, leaving out the A's at the end: S12, S2C, S7AC; on a side's first move, the three-seed opening (two seeds into the next pit, one beyond) is the pit and T: S5T. The side to move sits at the bottom of every board.";

/// The rule-set line of a sheet's heading.
fn rules_line(puzzles: &[Puzzle]) -> String {
    let first = &puzzles[0];
    if puzzles.iter().all(|p| p.variant == first.variant) {
        format!(
            "Rules: {} · {}",
            first.variant_title,
            crate::diagram::narrate::plural(puzzles.len() as u64, "puzzle")
        )
    } else {
        format!(
            "Rules: {} rule sets, named with each puzzle · {}",
            puzzles
                .iter()
                .map(|p| p.variant.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            crate::diagram::narrate::plural(puzzles.len() as u64, "puzzle")
        )
    }
}

/// What the boards' shaded blocks mean, for a sheet's puzzle pages: the
/// diagrams' key line ([`crate::diagram::narrate::left_hand_pits`]) of the
/// rule set its boards are drawn under, or of each such rule set named
/// (on a mixed sheet); `None` when no board is shaded (no rule set with
/// clockwise sowing).
fn shading_line(puzzles: &[Puzzle]) -> Option<String> {
    let mut lines: Vec<(String, Vec<&str>)> = Vec::new();
    for p in puzzles {
        let Some(line) = crate::diagram::narrate::left_hand_pits(p.doc.variant.rules()) else {
            continue;
        };
        match lines.iter_mut().find(|(l, _)| *l == line) {
            Some((_, names)) => {
                if !names.contains(&p.variant_title.as_str()) {
                    names.push(&p.variant_title)
                }
            }
            None => lines.push((line, vec![&p.variant_title])),
        }
    }
    let every = puzzles
        .iter()
        .all(|p| p.doc.variant.rules().reverse_laps != crate::engine::ReverseLaps::None);
    let said: Vec<String> = lines
        .iter()
        .map(|(line, names)| {
            let line = capitalised(line);
            if lines.len() == 1 && every {
                format!("{line}.")
            } else {
                format!("{} rules: {line}.", names.join(", "))
            }
        })
        .collect();
    (!said.is_empty()).then(|| said.join(" "))
}

/// `shaded: …` → `Shaded: …`.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A puzzle's line under its question: goal and difficulty (and rule set
/// on a mixed sheet).
fn meta_line(p: &Puzzle, mixed: bool) -> String {
    let mut s = format!("{} · {}", p.goal_title, p.difficulty.title());
    if mixed {
        s.push_str(" · ");
        s.push_str(&p.variant_title);
    }
    s
}

/// The answer key's sentences for a puzzle: what the solution does, each
/// reply and its winning answer (win in two), and the explanation. Whole
/// sentences, in full.
pub fn answer_text(p: &Puzzle) -> String {
    // an explanation that opens with the answer says it: each thing once
    let plays = format!(
        "{} plays {}: ",
        crate::diagram::narrate::side(p.doc.position.to_move),
        p.solution_with_side
    );
    // the first sentence capitalised, then each reply and its answer
    let opening = |first: &str| {
        let mut chars = first.chars();
        let mut s: String = match chars.next() {
            Some(c) => c.to_uppercase().chain(chars).collect(),
            None => String::new(),
        };
        for l in &p.line {
            s.push_str(&format!(
                " If {} ({}): {} ({}).",
                l.reply, l.reply_text, l.answer, l.answer_text
            ));
        }
        s
    };
    if let Some(ex) = p
        .explanation
        .as_deref()
        .and_then(|e| e.trim().strip_prefix(&plays))
    {
        return opening(ex);
    }
    let prefix = format!("{}: ", p.solution_with_side);
    let mut s = opening(p.answer.strip_prefix(&prefix).unwrap_or(&p.answer));
    if let Some(ex) = &p.explanation {
        s.push(' ');
        s.push_str(ex.trim());
    }
    s
}

/// Every puzzle's texts (for the glyph check).
fn texts(p: &Puzzle) -> Vec<String> {
    let mut t = vec![
        p.title.clone(),
        p.question.clone(),
        p.goal_title.clone(),
        p.variant_title.clone(),
        p.solution_with_side.clone(),
        answer_text(p),
    ];
    t.extend(p.hint.clone());
    t
}

/// A sheet board's width, in points at full size (its height follows
/// from the diagram's proportions: [`board_height`]).
pub(crate) const BOARD_W: f32 = 300.0;

/// A puzzle's board as a sheet draws it: seen from the seat of the side to
/// move (its side at the bottom), every pit named above it; a "what
/// happens?" puzzle's move marked as the pit lifted, the other puzzles'
/// answers hidden.
fn board_frame(p: &Puzzle, n: usize) -> Frame {
    let seat = p.seat();
    let ann = Annotations {
        seat,
        title: Some(format!(
            "The board of puzzle {n}, {} at the bottom",
            seat.title()
        )),
        highlights: (p.goal == Goal::WhatHappens)
            .then(|| Highlight {
                pits: vec![PitRef::new(p.played.mover, p.played.mv.pit)],
                style: HighlightStyle::Start,
                label: None,
            })
            .into_iter()
            .collect(),
        ..Annotations::default()
    };
    crate::diagram::board_frame(&p.doc.position, &ann, &p.variant, p.doc.variant.rules())
}

/// How a sheet renders a board `width` points wide (no size: the HTML
/// page's stylesheet sizes it): black on white, the sheet layout, the
/// stylesheet once in the page ([`stylesheet`]).
fn board_options(width: Option<f32>) -> RenderOptions {
    RenderOptions {
        theme: Theme::Print,
        embed: Embed::Embedded,
        layout: Layout::Sheet,
        width: width.map(f64::from),
    }
}

/// A sheet board's height in points at full size ([`BOARD_W`] wide).
pub(crate) fn board_height() -> f32 {
    let empty = crate::engine::Position::new(
        crate::engine::Board::from_sides([0; 16], [0; 16]),
        crate::engine::Side::South,
    );
    let (w, h) = crate::diagram::board_frame(
        &empty,
        &Annotations::default(),
        "",
        &crate::engine::Rules::MODERN,
    )
    .size(Layout::Sheet);
    BOARD_W * (h / w) as f32
}

/// The boards' stylesheet, set in the sheet's type (once a page).
fn stylesheet() -> String {
    Theme::Print.stylesheet_for(
        Layout::Sheet,
        Some(&format!("\"{}\", \"DejaVu Sans\", sans-serif", fonts::SANS)),
    )
}

/// A page being drawn: SVG elements in points.
struct Canvas<'m, 'f> {
    body: String,
    m: &'m Metrics<'f>,
}

impl Canvas<'_, '_> {
    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, t: &str) {
        self.body.push_str(&format!(
            r#"<text x="{x}" y="{y}" font-size="{size}"{} fill="black">{}</text>"#,
            if bold { r#" font-weight="bold""# } else { "" },
            escape(t)
        ));
    }

    /// Wrapped text from `y` (the first baseline); the next baseline after.
    fn para(&mut self, x: f32, y: f32, width: f32, size: f32, bold: bool, t: &str) -> f32 {
        let lh = size * 1.28;
        let mut y = y;
        for l in self.m.wrap(t, width, size, bold) {
            self.text(x, y, size, bold, &l);
            y += lh;
        }
        y
    }

    fn rule(&mut self, x1: f32, x2: f32, y: f32, width: f32, colour: &str) {
        self.body.push_str(&format!(
            r#"<line x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" stroke="{colour}" stroke-width="{width}"/>"#
        ));
    }
}

const MARGIN: f32 = 40.0;
const TOP: f32 = 36.0;
const FOOT: f32 = 30.0;

/// The heading of a page: title, rule set, and for puzzle pages the
/// instruction and the name and date line. Returns the y below it.
/// A page's heading: the title, the rules line, and on a puzzle page
/// (`shading` given, perhaps empty) the instruction, what the boards'
/// shading means and the name and date lines.
fn heading(c: &mut Canvas, w: f32, title: &str, rules: &str, shading: Option<&str>) -> f32 {
    let right = w - MARGIN;
    c.text(MARGIN, TOP + 14.0, 16.0, true, title);
    let mut y = c.para(MARGIN, TOP + 30.0, right - MARGIN, 9.5, false, rules);
    if let Some(shading) = shading {
        y = c.para(
            MARGIN,
            y + 1.0,
            right - MARGIN,
            9.0,
            false,
            SHEET_INSTRUCTION,
        );
        if !shading.is_empty() {
            y = c.para(MARGIN, y + 1.0, right - MARGIN, 9.0, false, shading);
        }
        y += 9.0;
        c.text(MARGIN, y, 10.0, false, "Name");
        let name_end = MARGIN + (right - MARGIN) * 0.62;
        c.rule(MARGIN + 32.0, name_end, y + 1.5, 0.6, "black");
        c.text(name_end + 14.0, y, 10.0, false, "Date");
        c.rule(name_end + 42.0, right, y + 1.5, 0.6, "black");
        y += 7.0;
    }
    c.rule(MARGIN, right, y + 4.0, 0.8, "black");
    y + 12.0
}

/// The pages of a sheet, each a complete SVG document: the puzzles, the
/// hints page(s) when asked for, then the answer key.
pub fn sheet_page_svgs(puzzles: &[Puzzle], opts: &SheetOptions, fonts: &SheetFonts) -> Vec<String> {
    let m = Metrics::new(fonts);
    let (w, h) = opts.paper.size();
    let per = opts.per_page.clamp(1, SHEET_MAX_PER_PAGE);
    let right = w - MARGIN;
    let mixed = puzzles.iter().any(|p| p.variant != puzzles[0].variant);
    let rules = rules_line(puzzles);
    let shading = shading_line(puzzles).unwrap_or_default();
    let mut bodies: Vec<String> = Vec::new();

    // the puzzles: `per` a page, each in a slot of an equal share of the
    // page, or taller when its words need it (then fewer fit)
    let mut c = Canvas {
        body: String::new(),
        m: &m,
    };
    let y0 = heading(&mut c, w, &opts.title, &rules, Some(&shading));
    let nominal = (h - FOOT - y0) / per as f32;
    let scale = ((nominal - 8.0) / board_height()).min(1.0);
    let tx = MARGIN + BOARD_W * scale + 16.0;
    let tw = right - tx;
    let (mut y, mut on_page) = (y0, 0);
    for (i, p) in puzzles.iter().enumerate() {
        let n = i + 1;
        let title = m.wrap(&format!("{n}. {}", p.title), tw, 11.5, true);
        let question = m.wrap(&p.question, tw, 9.5, false);
        let meta = m.wrap(&meta_line(p, mixed), tw, 8.5, false);
        // the words, "Your answer:" and at least two lines to write on
        let words_h = 12.0
            + title.len() as f32 * 11.5 * 1.28
            + 2.0
            + question.len() as f32 * 9.5 * 1.28
            + meta.len() as f32 * 8.5 * 1.28
            + 50.0;
        let slot = nominal.max(words_h + 10.0);
        if on_page == per || (on_page > 0 && y + slot > h - FOOT) {
            bodies.push(std::mem::take(&mut c.body));
            heading(&mut c, w, &opts.title, &rules, Some(&shading));
            (y, on_page) = (y0, 0);
        }
        if on_page > 0 {
            c.body.push_str(&format!(
                r##"<line x1="{MARGIN}" y1="{0}" x2="{right}" y2="{0}" stroke="#999999" stroke-width="0.5" stroke-dasharray="2 2"/>"##,
                y - 4.0
            ));
        }
        c.body.push_str(&format!(
            r#"<g class="board" transform="translate({MARGIN} {y})">{}</g>"#,
            board_frame(p, n)
                .svg(&board_options(Some(BOARD_W * scale)))
                .trim_end()
        ));
        let mut ty = y + 12.0;
        for (lines, size, bold, gap) in [
            (&title, 11.5, true, 2.0),
            (&question, 9.5, false, 0.0),
            (&meta, 8.5, false, 0.0),
        ] {
            for l in lines {
                c.text(tx, ty, size, bold, l);
                ty += size * 1.28;
            }
            ty += gap;
        }
        c.text(tx, ty + 10.0, 9.0, false, "Your answer:");
        let mut ly = ty + 30.0;
        while ly < y + slot - 10.0 {
            c.rule(tx, right, ly, 0.5, "black");
            ly += 20.0;
        }
        y += slot;
        on_page += 1;
    }
    bodies.push(c.body);

    // the hints, on pages of their own
    if opts.hints == SheetHints::Page && puzzles.iter().any(|p| p.hint.is_some()) {
        let title = format!("{} — hints", opts.title);
        let mut c = Canvas {
            body: String::new(),
            m: &m,
        };
        let mut y = heading(&mut c, w, &title, &rules, None) + 4.0;
        for (i, p) in puzzles.iter().enumerate() {
            let Some(hint) = &p.hint else { continue };
            let lines = m.wrap(hint, right - MARGIN - 28.0, 10.0, false);
            if y + lines.len() as f32 * 12.8 > h - FOOT && !c.body.is_empty() {
                bodies.push(std::mem::take(&mut c.body));
                y = heading(&mut c, w, &title, &rules, None) + 4.0;
            }
            c.text(MARGIN, y, 10.0, true, &format!("{}.", i + 1));
            for l in lines {
                c.text(MARGIN + 28.0, y, 10.0, false, &l);
                y += 12.8;
            }
            y += 5.0;
        }
        bodies.push(c.body);
    }

    // the answer key: one table
    let title = format!("{} — answers", opts.title);
    let (col_no, col_move) = (MARGIN, MARGIN + 30.0);
    let col_why = MARGIN + 96.0;
    let why_w = right - col_why;
    let (size, lh) = (9.0, 11.6);
    let table_head = |c: &mut Canvas, y: f32| {
        c.text(col_no, y, 9.0, true, "No.");
        c.text(col_move, y, 9.0, true, "Move");
        c.text(col_why, y, 9.0, true, "What it does");
        c.rule(MARGIN, right, y + 4.0, 0.8, "black");
        y + 4.0 + lh
    };
    let mut c = Canvas {
        body: String::new(),
        m: &m,
    };
    let mut y = heading(&mut c, w, &title, &rules, None);
    y = table_head(&mut c, y + 6.0);
    let limit = h - FOOT - 6.0;
    for (i, p) in puzzles.iter().enumerate() {
        let lines = m.wrap(&answer_text(p), why_w, size, false);
        let row_h = lines.len() as f32 * lh;
        let mut new_page = |c: &mut Canvas| {
            bodies.push(std::mem::take(&mut c.body));
            let y = heading(c, w, &title, &rules, None);
            table_head(c, y + 6.0)
        };
        // a row is kept whole on a page, unless it is taller than a page
        if y + row_h > limit && row_h < limit - TOP - 120.0 {
            y = new_page(&mut c);
        }
        c.body
            .push_str(&format!(r#"<g class="key-row" data-n="{}">"#, i + 1));
        c.text(col_no, y, size, false, &format!("{}.", i + 1));
        c.text(col_move, y, size, true, &p.solution_with_side);
        for line in &lines {
            if y > limit {
                c.body.push_str("</g>");
                y = new_page(&mut c);
                c.body
                    .push_str(&format!(r#"<g class="key-row" data-n="{}">"#, i + 1));
            }
            c.text(col_why, y, size, false, line);
            y += lh;
        }
        c.body.push_str("</g>");
        c.rule(MARGIN, right, y - lh + 4.0, 0.3, "#888888");
        y += 4.0;
    }
    bodies.push(c.body);

    let total = bodies.len();
    bodies
        .into_iter()
        .enumerate()
        .map(|(i, body)| {
            format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{family}"><style>{css}</style><rect width="{w}" height="{h}" fill="white"/>{body}<text x="{}" y="{}" font-size="8" text-anchor="middle" fill="black">{} / {total}</text></svg>"#,
                w / 2.0,
                h - 18.0,
                i + 1,
                family = escape(&fonts.family),
                css = stylesheet(),
            )
        })
        .collect()
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

/// Every character of the puzzles' texts is in one of the fonts.
fn check_glyphs(puzzles: &[Puzzle], fonts: &SheetFonts) -> Result<(), SheetError> {
    let m = Metrics::new(fonts);
    for p in puzzles {
        for t in texts(p) {
            if let Some(ch) = t.chars().find(|&c| !m.covers(c)) {
                return Err(SheetError::Glyph {
                    puzzle: p.id.clone(),
                    ch,
                    code: ch as u32,
                    fonts: fonts.names(),
                });
            }
        }
    }
    Ok(())
}

/// Render the sheet as a PDF (fonts embedded).
pub fn sheet_pdf(
    puzzles: &[Puzzle],
    opts: &SheetOptions,
    fonts: &SheetFonts,
) -> Result<Vec<u8>, SheetError> {
    if puzzles.is_empty() {
        return Err(SheetError::Empty);
    }
    check_glyphs(puzzles, fonts)?;
    let page_error = |page: usize, what: String| SheetError::Page {
        page: page + 1,
        what,
    };
    let (w, h) = opts.paper.size();
    let options = fonts.svg_options();
    let mut doc = Document::new();
    doc.set_metadata(
        krilla::metadata::Metadata::new()
            .title(opts.title.clone())
            .language("en".into())
            .creator("omweso sheet".into()),
    );
    for (i, svg) in sheet_page_svgs(puzzles, opts, fonts).iter().enumerate() {
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

/// Standard base64 (for the fonts in the HTML sheet's data: addresses).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                s.push(ABC[(n >> shift & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// `@font-face` rules for the shipped sans faces: carrying the faces
/// themselves, so that the HTML sheet, a file on its own, is set in the
/// PDF's type anywhere; or linking the site's files.
fn sans_css(from: &SheetAssets) -> String {
    fonts::FONT_FILES
        .iter()
        .filter(|f| f.family == fonts::SANS)
        .map(|f| {
            let src = match from {
                SheetAssets::Embedded => format!("data:font/woff;base64,{}", base64(f.bytes)),
                SheetAssets::Linked(base) => {
                    format!("\"{base}{}\"", f.path.trim_start_matches("assets/"))
                }
            };
            format!(
                "@font-face {{ font-family: \"{}\"; font-weight: {}; src: url({src}) format(\"woff\"); }}\n",
                f.family, f.weight,
            )
        })
        .collect()
}

/// The sheet as an HTML print page: the same boards and texts as the PDF
/// (the boards inline SVG, the shipped sans face embedded), each group of
/// puzzles, the hints and the answer key starting a new printed page.
pub fn sheet_html(puzzles: &[Puzzle], opts: &SheetOptions) -> String {
    let per = opts.per_page.clamp(1, SHEET_MAX_PER_PAGE);
    let mixed = puzzles.iter().any(|p| p.variant != puzzles[0].variant);
    let rules = rules_line(puzzles);
    let shading = shading_line(puzzles);
    let mut s = format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>{icon}
<style>
{faces}{boards}
@page {{ size: {paper}; margin: 14mm; }}
body {{ font-family: "{sans}", "DejaVu Sans", sans-serif; color: #000; background: #fff; max-width: 182mm; margin: auto; }}
h1 {{ font-size: 16pt; margin: 0 0 1mm; }}
.sheet-head {{ border-bottom: 1px solid #000; padding-bottom: 2mm; margin-bottom: 2mm; }}
.sheet-head p {{ font-size: 9.5pt; margin: 0 0 1.5mm; }}
.name-date {{ display: flex; gap: 4mm; font-size: 10pt; }}
.name-date span {{ flex: 1; border-bottom: 1px solid #000; }}
.name-date span.date {{ flex: 0.5; }}
.puzzle {{ display: flex; gap: 5mm; break-inside: avoid; border-bottom: 1px dashed #999; padding: 3mm 0; }}
.puzzle:last-child {{ border-bottom: 0; }}
.puzzle svg {{ width: 96mm; height: auto; flex: none; }}
.puzzle h2 {{ font-size: 11.5pt; margin: 0 0 2mm; }}
.puzzle p {{ font-size: 9.5pt; margin: 0 0 2mm; }}
.puzzle .meta {{ font-size: 8.5pt; }}
.write {{ border-bottom: 1px solid #000; height: 7mm; }}
.page {{ break-after: page; }}
.hints ol {{ font-size: 10pt; }}
.hints li {{ margin: 0 0 2mm; break-inside: avoid; }}
.answers {{ break-before: page; }}
.key {{ border-collapse: collapse; width: 100%; font-size: 9pt; }}
.key th, .key td {{ text-align: left; vertical-align: top; padding: 1.2mm 2mm 1.2mm 0; border-bottom: 0.5pt solid #888; }}
.key th {{ border-bottom: 1pt solid #000; }}
.key tr {{ break-inside: avoid; }}
.key td.move {{ font-weight: bold; white-space: nowrap; }}
@media screen {{ .page, .hints {{ border-bottom: 3px double #000; margin-bottom: 8mm; }} }}
.sheet-back {{ font-size: 11pt; margin: 4mm 0; }}
.sheet-back a {{ color: #0645ad; }}
@media print {{ .sheet-back {{ display: none; }} }}
@media (max-width: 182mm) {{ body {{ margin: 0 3mm; }} .puzzle {{ flex-direction: column; }} .puzzle svg {{ width: 100%; max-width: 96mm; }} }}
</style></head><body class="omweso-sheet"><main>
"#,
        title = escape(&opts.title),
        paper = opts.paper.css(),
        sans = fonts::SANS,
        faces = sans_css(&opts.assets),
        icon = match &opts.assets {
            SheetAssets::Embedded => String::new(),
            SheetAssets::Linked(base) => format!(
                "<link rel=\"icon\" href=\"{}favicon.svg\" type=\"image/svg+xml\">",
                escape(base)
            ),
        },
        boards = stylesheet(),
    );
    if let Some((url, words)) = &opts.back {
        s.push_str(&format!(
            "<p class=\"sheet-back\"><a href=\"{}\">{}</a> · <button type=\"button\" onclick=\"print()\">Print this sheet</button></p>\n",
            escape(url),
            escape(words)
        ));
    }
    let head = |title: &str, puzzle_page: bool| {
        let mut h = format!(
            "<header class=\"sheet-head\"><h1>{}</h1><p class=\"rules\">{}</p>",
            escape(title),
            escape(&rules)
        );
        if puzzle_page {
            h.push_str(&format!(
                "<p class=\"instruction\">{}</p>",
                escape(SHEET_INSTRUCTION)
            ));
            if let Some(line) = &shading {
                h.push_str(&format!("<p class=\"shading\">{}</p>", escape(line)));
            }
            h.push_str(
                "<p class=\"name-date\">Name <span></span> Date <span class=\"date\"></span></p>",
            );
        }
        h.push_str("</header>\n");
        h
    };
    for (pi, chunk) in puzzles.chunks(per).enumerate() {
        s.push_str("<section class=\"page\">");
        s.push_str(&head(&opts.title, true));
        for (i, p) in chunk.iter().enumerate() {
            let n = pi * per + i + 1;
            s.push_str(&format!(
                "<div class=\"puzzle\" id=\"puzzle-{n}\">{}<div><h2>{n}. {}</h2><p>{}</p><p class=\"meta\">{}</p><p>Your answer:</p><div class=\"write\"></div><div class=\"write\"></div></div></div>\n",
                board_frame(p, n).svg(&board_options(None)).trim_end(),
                escape(&p.title),
                escape(&p.question),
                escape(&meta_line(p, mixed)),
            ));
        }
        s.push_str("</section>\n");
    }
    if opts.hints == SheetHints::Page && puzzles.iter().any(|p| p.hint.is_some()) {
        s.push_str("<section class=\"hints page\">");
        s.push_str(&head(&format!("{} — hints", opts.title), false));
        s.push_str("<ol>\n");
        for (i, p) in puzzles.iter().enumerate() {
            if let Some(hint) = &p.hint {
                s.push_str(&format!("<li value=\"{}\">{}</li>\n", i + 1, escape(hint)));
            }
        }
        s.push_str("</ol></section>\n");
    }
    s.push_str("<section class=\"answers\">");
    s.push_str(&head(&format!("{} — answers", opts.title), false));
    s.push_str("<table class=\"key\"><thead><tr><th scope=\"col\">No.</th><th scope=\"col\">Move</th><th scope=\"col\">What it does</th></tr></thead><tbody>\n");
    for (i, p) in puzzles.iter().enumerate() {
        s.push_str(&format!(
            "<tr><td>{}.</td><td class=\"move\">{}</td><td>{}</td></tr>\n",
            i + 1,
            escape(&p.solution_with_side),
            escape(&answer_text(p))
        ));
    }
    s.push_str("</tbody></table></section>\n</main></body></html>\n");
    s
}

/// Pick puzzles by a selection: comma-separated alternatives, each a
/// `+`-joined list of terms that must all match a puzzle's id, goal,
/// difficulty, variant or one of its themes; `all` (or empty) takes every
/// puzzle. E.g. `win-now+easy,biggest-capture`. The puzzles come easiest
/// first.
pub fn select_puzzles(
    mut puzzles: Vec<Puzzle>,
    selection: &str,
) -> Result<Vec<Puzzle>, SheetError> {
    // a sheet goes from the easiest to the hardest (stable: the folder's
    // order within a difficulty)
    puzzles.sort_by_key(|p| p.difficulty);
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
pub fn sheet_outputs(out: &Path) -> (Option<PathBuf>, Option<PathBuf>) {
    match out.extension().and_then(|e| e.to_str()) {
        Some("pdf") => (Some(out.to_path_buf()), None),
        Some("html") | Some("htm") => (None, Some(out.to_path_buf())),
        _ => (
            Some(out.join("puzzles.pdf")),
            Some(out.join("puzzles.html")),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_fits_the_width() {
        let fonts = SheetFonts::shipped().unwrap();
        let m = Metrics::new(&fonts);
        let text = "North plays N16C: 9 laps, 3 captures (from S14, S3, S16, S1, S10, S7); it captures 20 seeds. Averyveryveryveryverylongwordthatcannotfitonalineofitsown ends it.";
        for width in [40.0, 80.0, 150.0, 400.0] {
            let lines = m.wrap(text, width, 9.0, false);
            for l in &lines {
                assert!(m.width(l, 9.0, false) <= width + 0.01, "{l:?} at {width}");
            }
            assert_eq!(
                lines.concat().replace(' ', ""),
                text.replace(' ', ""),
                "{width}"
            );
        }
        // wider characters, wider text
        assert!(m.width("WWW", 10.0, false) > m.width("iii", 10.0, false));
        assert!(m.width("Sowing", 10.0, true) > m.width("Sowing", 10.0, false));
    }

    #[test]
    fn base64_as_the_standard_says() {
        // RFC 4648's test vectors
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }
}
