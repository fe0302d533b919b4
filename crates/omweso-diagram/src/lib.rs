//! Step-by-step Omweso diagrams: standalone, themeable SVG frames of
//! positions and moves (sowing, relay, capture) and their plain-text twins.
//! Depends on the rules engine and `svg` only; compiles to WebAssembly.
//!
//! A move becomes a sequence of [`Frame`]s: the position before (the lifted
//! pit marked), one frame per lap (the seeds' path in the lap's direction,
//! the landing pit and what happens there), and a summary. Long moves
//! (more than [`MAX_LAP_FRAMES`] laps, never-ending, or not fully traced)
//! show the first [`HEAD_LAPS`] laps, an elision frame, the last
//! [`TAIL_LAPS`] laps when the trace is complete, and the summary.
//!
//! Frame names sort in order and are stable: `00-before`, `01-lap-1`, …,
//! `NN-more-laps`, `NN-lap-K`, `99-summary` (`00-board` for a position
//! without a move). Output is deterministic: the same input gives
//! byte-identical SVG and text.
//!
//! A [`Frame`] keeps its [`Scene`] and words; [`Frame::svg`] renders it with
//! [`RenderOptions`]: the [`Theme`] (by default CSS custom properties
//! (`--omw-*`) with light defaults, a `prefers-color-scheme: dark` override
//! and a print override; or fixed light, dark or black-and-white colours
//! for renderers without custom properties), standalone or embedded in a
//! page that holds the stylesheet once ([`Embed`]), the full frame or the
//! board alone ([`Layout`]), and an optional width. Clockwise laps differ
//! from anticlockwise ones by dashes, arrowhead and label, not by colour
//! alone.
//!
//! ```
//! use omweso_diagram::{Annotations, Embed, RenderOptions, Theme, move_frames};
//! use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
//!
//! let mut south = [1; 16];
//! south[4] = 4; // pit 5 holds four seeds
//! let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
//! let mv = Move::forward(Pit::new(5).unwrap());
//! let played = trace(&Rules::SHACKELL_1935, &pos, &mv, 100).unwrap();
//! let frames = move_frames(&played, &Annotations::default(), "shackell-1935", &Rules::SHACKELL_1935);
//! assert_eq!(frames.first().unwrap().name, "00-before");
//!
//! // the default: a standalone document, colours as CSS custom properties
//! let svg = frames[0].svg(&RenderOptions::default());
//! assert!(svg.starts_with("<svg") && svg.contains("<style>"));
//! assert!(svg.contains("var(--omw-ink)"));
//!
//! // for a page holding the stylesheet once, and for a rasteriser
//! let embedded = RenderOptions { embed: Embed::Embedded, ..RenderOptions::default() };
//! assert!(!frames[0].svg(&embedded).contains("<style"));
//! let light = RenderOptions { theme: Theme::Light, ..RenderOptions::default() };
//! assert!(!frames[0].svg(&light).contains("var(--omw-"));
//!
//! // the text twin
//! assert!(frames[0].text().contains("South"));
//! ```

#![warn(missing_docs, unreachable_pub)]

mod annotations;
mod frames;
mod markup;
pub mod narrate;
mod scene;
mod svg;
mod text;
mod theme;

pub use annotations::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
pub use frames::{HEAD_LAPS, MAX_LAP_FRAMES, TAIL_LAPS};
pub use markup::{Defined, Markup};
pub use scene::{Scene, pit_at_display};
pub use theme::Theme;

use omweso_engine::{Played, Position, Rules};

/// One picture of a sequence: its words and its [`Scene`], rendered on
/// demand as SVG ([`Frame::svg`]) or as its plain-text twin
/// ([`Frame::text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Stable, sortable name: `00-before`, `03-lap-3`, `13-more-laps`,
    /// `99-summary`, `00-board`.
    pub name: String,
    /// Short title (also the SVG's `<title>`).
    pub title: String,
    /// The frame in words (also the SVG's `<desc>`).
    pub desc: String,
    /// What the frame shows.
    pub scene: Scene,
    /// Lines the text twin adds under the scene's own words.
    pub details: Vec<String>,
    /// The frame's heading in a page that shows the figure's title and
    /// caption once and the board alone ([`Layout::Board`]): `Before the
    /// move`, `Lap 1 of 2 (start): 3 seeds ↺ anticlockwise from S5 to S8`,
    /// `After the move`; empty for a board without a move.
    pub heading: String,
    /// What the frame says in such a page, beside its board: the move's
    /// sentences and the author's notes (not the caption, which the page
    /// says once).
    pub words: Vec<String>,
}

impl Frame {
    /// The frame as an SVG document, rendered with `options`
    /// (`RenderOptions::default()`: standalone, adaptive colours).
    pub fn svg(&self, options: &RenderOptions) -> String {
        svg::render(&self.scene, &self.title, &self.desc, options)
    }

    /// The picture's size (width, height) in user units for `layout`
    /// (the `viewBox`'s size).
    pub fn size(&self, layout: Layout) -> (f64, f64) {
        svg::size(&self.scene, layout)
    }

    /// The plain-text twin: the board as a grid of counts seen from the
    /// seat, and what happens.
    pub fn text(&self) -> String {
        text::render(&self.scene, &self.details)
    }

    /// The plain-text twin of a frame said after `before` (the frame
    /// before it in a figure whose twin says its first board whole): only
    /// what changed on the board, in the narrator's words — the pits whose
    /// counts changed with their counts now, the lap's pits in the order
    /// sown first ([`narrate::seeds_now`]), and each side's seeds when
    /// they changed ([`narrate::sides_now`]). The frame's words are not
    /// repeated: a page says them beside its board.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, move_frames};
    /// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
    ///
    /// let mut south = [1; 16];
    /// south[4] = 4; // S5 holds four seeds
    /// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
    /// let played = trace(&Rules::SHACKELL_1935, &pos, &Move::forward(Pit::new(5).unwrap()), 100).unwrap();
    /// let frames = move_frames(&played, &Annotations::default(), "shackell-1935", &Rules::SHACKELL_1935);
    /// // the first lap: S5's four seeds go into S6 to S9
    /// assert!(frames[1].text_after(&frames[0]).starts_with("Seeds now: S5 0, S6 2, S7 2, S8 2, S9 2"));
    /// ```
    pub fn text_after(&self, before: &Frame) -> String {
        text::render_after(&self.scene, &before.scene)
    }

    /// The frame's words as HTML, for a page that shows its board alone
    /// ([`Layout::Board`]) and the figure's title and caption once: a
    /// paragraph with the frame's number (`2/4`, when given) and heading,
    /// then what happens, and the key ([`Frame::key_html`]). Empty when
    /// the frame has nothing to say. All text is escaped.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, Highlight, HighlightStyle, PitRef, board_frame};
    /// use omweso_engine::{Board, Position, Rules, Side};
    ///
    /// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// let ann = Annotations {
    ///     highlights: vec![Highlight {
    ///         pits: vec![PitRef::parse("S5").unwrap()],
    ///         style: HighlightStyle::Danger,
    ///         label: Some("weak <here>".into()),
    ///     }],
    ///     ..Annotations::default()
    /// };
    /// let html = board_frame(&pos, &ann, "modern", &Rules::MODERN).words_html(None);
    /// assert!(html.contains("S5: weak &lt;here&gt;"));
    /// assert!(html.contains("omw-ring-danger"));
    /// ```
    pub fn words_html(&self, number: Option<(usize, usize)>) -> String {
        let mut key = Markup::default();
        key.push_str(&self.key_html());
        self.words_with_key(number, &key).to_string_with("")
    }

    /// The frame's words, as [`Frame::words_html`] says them, with `key`
    /// in the place of the frame's key: empty for words said without the
    /// board (a printed figure's frames not drawn), or the part of the key
    /// a page does not say elsewhere, its pictures drawn once a page
    /// ([`Swatch::push`]). Empty when the frame has nothing to say.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, Markup, board_frame};
    /// use omweso_engine::{Board, Position, Rules, Side};
    ///
    /// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// let frame = board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN);
    /// assert!(frame.words_html(Some((1, 3))).contains("frame-key"));
    /// let said = frame.words_with_key(Some((1, 3)), &Markup::default()).to_string_with("_");
    /// assert!(said.contains("1/3") && !said.contains("frame-key"));
    /// ```
    pub fn words_with_key(&self, number: Option<(usize, usize)>, key: &Markup) -> Markup {
        let mut h = Markup::default();
        if self.heading.is_empty() && self.words.is_empty() && key.is_empty() && number.is_none() {
            return h;
        }
        h.push_str("<div class=\"frame-words\">");
        let mut first = String::new();
        if let Some((i, n)) = number {
            first.push_str(&format!("<span class=\"frame-no\">{i}/{n}</span> "));
        }
        if !self.heading.is_empty() {
            first.push_str(&format!(
                "<strong class=\"frame-heading\">{}</strong>",
                escape(&self.heading)
            ));
        }
        let mut words = self.words.iter();
        if !first.is_empty() {
            h.push_str(&format!("<p class=\"frame-text\">{first}"));
            // the first sentence goes on the heading's line
            if let Some(w) = words.next() {
                h.push_str(" ");
                h.push_str(&escape(w));
            }
            h.push_str("</p>");
        }
        for w in words {
            h.push_str(&format!("<p class=\"frame-text\">{}</p>", escape(w)));
        }
        h.append(key);
        h.push_str("</div>");
        h
    }

    /// The frame's key as HTML: a list (`<ul class="frame-key">`) of what
    /// its marks mean, each with a small picture of its mark — the move's
    /// marks with their pits, the author's labels, and the shaded
    /// left-hand pits when the board shades them; empty when nothing on
    /// the board needs saying. Part of [`Frame::words_html`]; a page that
    /// writes the words itself (the browser module's) adds it.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, board_frame};
    /// use omweso_engine::{Board, Position, Rules, Side};
    ///
    /// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// let ann = Annotations::default();
    /// let modern = board_frame(&pos, &ann, "modern", &Rules::MODERN).key_html();
    /// assert!(modern.contains("shaded: the left-hand pits"));
    /// // no clockwise sowing under McGill's rules: nothing shaded or said
    /// assert_eq!(board_frame(&pos, &ann, "mcgill-2015", &Rules::MCGILL_2015).key_html(), "");
    /// ```
    pub fn key_html(&self) -> String {
        let items = self.key_items();
        if items.is_empty() {
            return String::new();
        }
        format!("<ul class=\"frame-key\">{}</ul>", items.concat())
    }

    /// The lines of the frame's key ([`Frame::key_html`]), each as HTML
    /// (`<li>`, its mark's picture and its words), in order: for a page
    /// that says the lines several frames share once for them all.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, board_frame};
    /// use omweso_engine::{Board, Position, Rules, Side};
    ///
    /// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// let frame = board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN);
    /// let items = frame.key_items();
    /// assert_eq!(items.len(), 1);
    /// assert!(items[0].starts_with("<li>") && items[0].contains("left-hand pits"));
    /// assert_eq!(frame.key_html(), format!("<ul class=\"frame-key\">{}</ul>", items[0]));
    /// ```
    pub fn key_items(&self) -> Vec<String> {
        self.key_lines().iter().map(KeyLine::html).collect()
    }

    /// The lines of the frame's key ([`Frame::key_items`]), each with the
    /// pits it names for a mark of the move and the line said without
    /// them: for a page whose frames name those pits elsewhere (their
    /// words and the pits' names on the board), which can then say what
    /// the mark means once for all its frames.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, PitRef, move_frames};
    /// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
    ///
    /// let mut south = [1; 16];
    /// south[4] = 4; // S5 holds four seeds
    /// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
    /// let played = trace(&Rules::MCGILL_2015, &pos, &Move::forward(Pit::new(5).unwrap()), 100).unwrap();
    /// let frames = move_frames(&played, &Annotations::default(), "mcgill-2015", &Rules::MCGILL_2015);
    /// let lifted = &frames[1].key_lines()[0];
    /// assert_eq!(lifted.text, "S5: seeds lifted");
    /// assert_eq!(lifted.general.as_deref(), Some("seeds lifted"));
    /// assert_eq!(lifted.pits, [PitRef::parse("S5").unwrap()]);
    /// assert!(lifted.html().ends_with("</svg>S5: seeds lifted</li>"));
    /// assert!(lifted.swatch.svg().starts_with("<svg") && lifted.swatch.svg().ends_with("</svg>"));
    /// ```
    pub fn key_lines(&self) -> Vec<KeyLine> {
        svg::frame_key(&self.scene)
            .into_iter()
            .map(|k| {
                let general = k
                    .text
                    .split_once(": ")
                    .filter(|_| !k.marked.is_empty())
                    .map(|(_, m)| m.to_string());
                KeyLine {
                    swatch: Swatch(k.look),
                    text: k.text,
                    general,
                    pits: k.marked,
                }
            })
            .collect()
    }
}

/// The picture of a key line's mark: a pit so marked (an arrow alone), one
/// for each look of the diagrams (lines of one look have the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swatch(svg::Look);

impl Swatch {
    /// The picture as an inline SVG (HTML), drawn whole: for a page that
    /// shows it once.
    pub fn svg(self) -> &'static str {
        svg::swatch(self.0)
    }

    /// Add the picture to `out`, drawn once a page: its shapes a shared
    /// definition (a `<symbol>`, named for its look: [`Markup::push_def`]),
    /// each picture an `<svg>` that `<use>`s it.
    ///
    /// ```
    /// use omweso_diagram::{Annotations, Defined, Markup, board_frame};
    /// use omweso_engine::{Board, Position, Rules, Side};
    ///
    /// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// let line = &board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN).key_lines()[0];
    /// let mut key = Markup::default();
    /// line.swatch.push(&mut key);
    /// line.swatch.push(&mut key);
    /// let mut page = String::new();
    /// key.write_once("_", &mut Defined::default(), true, &mut page);
    /// assert_eq!(page.matches("<symbol").count(), 1);
    /// assert_eq!(page.matches("<use").count(), 2);
    /// ```
    pub fn push(self, out: &mut Markup) {
        let look = self.0 as u64;
        let id = format!("s{look}");
        let mut def = Markup::default();
        def.push_str("<symbol id=\"");
        def.push_prefix();
        def.push_str(&id);
        def.push_str("\" class=\"omw-swatch-art\" viewBox=\"-39 -39 78 78\">");
        def.push_str(svg::swatch_shapes_svg(self.0));
        def.push_str("</symbol>");
        out.push_str("<svg class=\"omw-swatch\" aria-hidden=\"true\">");
        // (names with bit 62 alone: the figures' are below 400 or have
        // bit 59, 60 or 63)
        out.push_def(1 << 62 | look, &def);
        out.push_str("<use href=\"#");
        out.push_prefix();
        out.push_str(&id);
        out.push_str("\"/></svg>");
    }
}

/// One line of a frame's key ([`Frame::key_lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyLine {
    /// The picture of its mark.
    pub swatch: Swatch,
    /// Its words (`S5: seeds lifted`), not escaped.
    pub text: String,
    /// The pits the line names for a mark of the move (`S5`); none for
    /// the other lines (the seeds' path, the shading, the author's words).
    pub pits: Vec<PitRef>,
    /// The line without its pits (`seeds lifted`), when it names some.
    pub general: Option<String>,
}

impl KeyLine {
    /// The line as HTML: `<li>`, its mark's picture drawn whole and its
    /// words.
    pub fn html(&self) -> String {
        format!("<li>{}{}</li>", self.swatch.svg(), escape(&self.text))
    }
}

/// Escape text for HTML or XML content and attribute values: `&`, `<`,
/// `>`, `"` and `'`. The workspace's one such escape: the frames' words,
/// and the site's pages, figures and sitemap and the printed sheets (the
/// `svg` crate escapes the diagrams' own text).
///
/// ```
/// assert_eq!(
///     omweso_diagram::escape("<a href=\"x\">&'"),
///     "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
/// );
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The frames of one figure, for a page that shows them together: what
/// they have in common is drawn once — the board, and each small count
/// with its seeds — defined in the `<defs>` of the first frame that shows
/// it and `<use>`d by every frame (for the frames in a row of one page,
/// where they look as [`Frame::svg`] draws them).
///
/// The definitions' ids are an id prefix followed by a letter and a number
/// (`b0`, `k3`): the prefix is given when the markup is written
/// ([`Markup::write`]), one per figure in its page, and must be unique in
/// that page (and no other id there may start with it). A frame alone
/// refers to definitions in the frames before it: a standalone document is
/// [`Frame::svg`].
///
/// ```
/// use omweso_diagram::{Annotations, Embed, RenderOptions, figure_svgs, move_frames};
/// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
///
/// let mut south = [1; 16];
/// south[4] = 4;
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let mv = Move::forward(Pit::new(5).unwrap());
/// let played = trace(&Rules::SHACKELL_1935, &pos, &mv, 100).unwrap();
/// let frames = move_frames(&played, &Annotations::default(), "shackell-1935", &Rules::SHACKELL_1935);
/// let options = RenderOptions { embed: Embed::Embedded, ..RenderOptions::default() };
/// let svgs = figure_svgs(&frames, &options);
/// assert_eq!(svgs.len(), frames.len());
/// // each written with the figure's id prefix, unique in its page
/// let (mut first, mut second) = (String::new(), String::new());
/// svgs[0].write("fig1-", &mut first);
/// svgs[1].write("fig1-", &mut second);
/// // the board is defined in the first frame and used by the next
/// let at = first.find("id=\"fig1-b").expect("the board's definition") + 4;
/// let id = &first[at..at + first[at..].find('"').unwrap()];
/// assert!(second.contains(&format!("href=\"#{id}\"")));
/// assert!(!second.contains(&format!("id=\"{id}\"")));
/// ```
pub fn figure_svgs(frames: &[Frame], options: &RenderOptions) -> Vec<Markup> {
    let mut shared = svg::Shared::new(frames.iter().map(|f| &f.scene), options.layout);
    frames
        .iter()
        .map(|f| {
            let mut out = Markup::with_capacity(8 * 1024);
            svg::render_into(
                &f.scene,
                &f.title,
                &f.desc,
                options,
                Some(&mut shared),
                &mut out,
            );
            out
        })
        .collect()
}

/// Whether an SVG carries its own stylesheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Embed {
    /// A complete document with its own `<style>`.
    #[default]
    Standalone,
    /// No `<style>`: for a page that inlines many frames and includes the
    /// theme's stylesheet ([`stylesheet`], [`Theme::stylesheet`]) once.
    Embedded,
}

/// How much of a frame to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Heading, board with its side names, marks and words, footer.
    #[default]
    Full,
    /// The board and its side names only (no heading, banner or footer
    /// lines), e.g. for a page that says the frame's words beside it.
    Board,
    /// The board and its side names as a printed puzzle sheet draws it
    /// (with [`Theme::Print`]): every pit's name (`S12`) centred on a band
    /// above its circle, the side to move's in bold, each count a bold
    /// numeral (no seeds drawn) and the side names larger; no heading,
    /// banner or footer. Its own class rules are in
    /// [`Theme::stylesheet_for`].
    Sheet,
}

/// How [`Frame::svg`] renders. The default is a standalone document with
/// adaptive colours and the full layout, at its natural size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RenderOptions {
    /// The colours and type the picture is drawn in.
    pub theme: Theme,
    /// Whether the SVG carries its own stylesheet or relies on the page's.
    pub embed: Embed,
    /// How much of the frame is drawn (full, board only, or a puzzle sheet's board).
    pub layout: Layout,
    /// A `width` for the root element (user units or CSS pixels), the
    /// `height` following from the picture's proportions; `None` leaves
    /// the size to the `viewBox` (and to the page's CSS).
    pub width: Option<f64>,
}

/// A position without a move: one frame, named `00-board`, under the
/// rule set `variant_name` (said in its words) whose `rules` decide
/// whether the left-hand pits are shaded and what the key says of them
/// ([`narrate::left_hand_pits`]).
///
/// ```
/// use omweso_diagram::{Annotations, RenderOptions, board_frame};
/// use omweso_engine::{Board, Position, Rules, Side};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let frame = board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN);
/// assert_eq!(frame.name, "00-board");
/// assert!(frame.svg(&RenderOptions::default()).starts_with("<svg"));
/// assert!(frame.text().contains("South"));
/// ```
pub fn board_frame(pos: &Position, ann: &Annotations, variant_name: &str, rules: &Rules) -> Frame {
    frames::board_frame(pos, ann, variant_name, rules)
}

/// The frames of a played move (see the module documentation). Notes on lap
/// N appear in lap N's frame (in the elision frame when that lap is not
/// drawn, in the summary when past the end; lap 0 in the first frame).
/// Highlights and arrows are drawn on the position before the move. The
/// move was played under `rules`, the rule set named `variant_name` (as
/// for [`board_frame`]).
///
/// ```
/// use omweso_diagram::{Annotations, move_frames};
/// use omweso_engine::{Board, Move, Pit, Position, Rules, Side, trace};
///
/// let mut south = [1; 16];
/// south[4] = 4; // pit 5 holds four seeds
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let mv = Move::forward(Pit::new(5).unwrap());
/// let rules = Rules::SHACKELL_1935;
/// let played = trace(&rules, &pos, &mv, 100).unwrap();
/// let frames = move_frames(&played, &Annotations::default(), "shackell-1935", &rules);
/// // the board before, one frame a lap, the summary
/// assert_eq!(frames.len(), played.laps.len() + 2);
/// assert_eq!(frames[0].name, "00-before");
/// assert_eq!(frames[1].name, "01-lap-1");
/// assert_eq!(frames.last().unwrap().name, "99-summary");
/// ```
pub fn move_frames(
    played: &Played,
    ann: &Annotations,
    variant_name: &str,
    rules: &Rules,
) -> Vec<Frame> {
    frames::move_frames(played, ann, variant_name, rules)
}

/// The diagrams' adaptive stylesheet (theme variables with light, dark and
/// print values, and the class rules), for a page that inlines frames
/// rendered with [`Embed::Embedded`] and the [`Theme::Adaptive`] theme.
/// Same as `Theme::Adaptive.stylesheet()`.
///
/// ```
/// use omweso_diagram::{Theme, stylesheet};
///
/// let css = stylesheet();
/// assert_eq!(css, Theme::Adaptive.stylesheet());
/// assert!(css.contains("--omw-ink") && css.contains("prefers-color-scheme: dark"));
/// ```
pub fn stylesheet() -> String {
    theme::stylesheet()
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_engine::{Board, Move, Pit, Rules, Side, trace};

    fn frames() -> Vec<Frame> {
        let mut south = [1; 16];
        south[4] = 9;
        let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
        let mv = Move::forward(Pit::new(5).expect("pit"));
        let played = trace(&Rules::SHACKELL_1935, &pos, &mv, 100).expect("legal");
        let ann = Annotations {
            labels: true,
            ..Annotations::default()
        };
        move_frames(&played, &ann, "shackell-1935", &Rules::SHACKELL_1935)
    }

    fn with(theme: Theme, embed: Embed, layout: Layout) -> RenderOptions {
        RenderOptions {
            theme,
            embed,
            layout,
            width: None,
        }
    }

    #[test]
    fn default_is_standalone_and_adaptive() {
        for f in frames() {
            let svg = f.svg(&RenderOptions::default());
            assert_eq!(svg.matches("<style>").count(), 1, "{}", f.name);
            assert!(svg.contains(&stylesheet()));
            assert!(svg.contains("var(--omw-ink)"));
            assert!(svg.contains("@media (prefers-color-scheme: dark)"));
            let root = svg.lines().next().expect("a root element");
            assert!(!root.contains("width="), "no size: {root}");
        }
    }

    #[test]
    fn embedded_has_no_style_and_nothing_else_changes() {
        for f in frames() {
            let standalone = f.svg(&RenderOptions::default());
            for theme in [Theme::Adaptive, Theme::Light, Theme::Print] {
                let embedded = f.svg(&with(theme, Embed::Embedded, Layout::Full));
                assert!(!embedded.contains("<style"), "{}", f.name);
                // the same picture, the stylesheet left to the page
                let (a, b) = (
                    standalone.find("<style>").expect("style"),
                    standalone.find("</style>\n").expect("style end"),
                );
                let rest = format!("{}{}", &standalone[..a], &standalone[b + 9..]);
                assert!(rest == embedded, "{}", f.name);
            }
        }
    }

    #[test]
    fn fixed_themes_write_their_colours() {
        let f = &frames()[1];
        for (theme, board) in [
            (Theme::Light, "#c99a62"),
            (Theme::Dark, "#5a4029"),
            (Theme::Print, "#ffffff"),
        ] {
            let svg = f.svg(&with(theme, Embed::Standalone, Layout::Full));
            assert!(!svg.contains("var(--omw-"), "{theme:?}");
            assert!(!svg.contains("@media"), "{theme:?}");
            assert!(
                svg.contains(&format!(".omw-board {{ fill: {board};")),
                "{theme:?}"
            );
            assert_eq!(theme.stylesheet().matches(".omw-board {").count(), 1);
        }
        assert_eq!(Theme::Adaptive.stylesheet(), stylesheet());
    }

    #[test]
    fn print_theme_is_black_and_white() {
        let css = Theme::Print.stylesheet();
        let mut rest = css.as_str();
        while let Some(i) = rest.find('#') {
            let hex = &rest[i + 1..i + 7];
            let grey = hex[0..2] == hex[2..4] && hex[2..4] == hex[4..6];
            assert!(grey, "a colour in print: #{hex}");
            rest = &rest[i + 7..];
        }
    }

    #[test]
    fn board_layout_shows_the_board_only() {
        for f in frames() {
            let full = f.svg(&RenderOptions::default());
            let board = f.svg(&with(Theme::Print, Embed::Embedded, Layout::Board));
            assert!(full.contains("class=\"omw-heading\""));
            assert!(!board.contains("omw-heading"), "{}", f.name);
            assert!(!board.contains("omw-footer"), "{}", f.name);
            assert!(!board.contains("omw-banner"), "{}", f.name);
            assert!(board.contains("class=\"omw-pit\""));
            assert!(board.contains("class=\"omw-side\""));
            let (w, h) = f.size(Layout::Board);
            // the board and a little room round it
            assert!(board.contains(&format!(" 608 {h}\"")), "{w} {h}");
            assert_eq!(w, 608.0);
            assert!(
                !full.contains(&format!("viewBox=\"0 0 640 {h}\"")),
                "the board is a part"
            );
            assert!(f.size(Layout::Full).1 > h);
            assert!(full.contains(&format!("viewBox=\"0 0 640 {}\"", f.size(Layout::Full).1)));
        }
    }

    #[test]
    fn width_sets_the_size_in_proportion() {
        let f = &frames()[0];
        let (w, h) = f.size(Layout::Full);
        let svg = f.svg(&RenderOptions {
            width: Some(320.0),
            ..RenderOptions::default()
        });
        let half = (h / 2.0 * 10.0).round() / 10.0;
        assert_eq!(w, 640.0);
        let root = svg.lines().next().expect("a root element");
        assert!(
            root.contains("width=\"320\"") && root.contains(&format!("height=\"{half}\"")),
            "{root}"
        );
    }

    /// An SVG text without its key's swatches (each a pit drawn with its
    /// mark): what the board itself draws.
    pub(crate) fn without_key(svg: &str) -> String {
        let mut out = String::with_capacity(svg.len());
        let mut rest = svg;
        while let Some(at) = rest.find("<g class=\"omw-key\"") {
            out.push_str(&rest[..at]);
            let end = rest[at..].find("</g>").expect("closed") + at + "</g>".len();
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }

    /// The values of the attribute `name` in an SVG text.
    fn attr_values(svg: &str, name: &str) -> Vec<String> {
        let pat = format!(" {name}=\"");
        svg.match_indices(&pat)
            .map(|(i, _)| {
                let rest = &svg[i + pat.len()..];
                rest[..rest.find('"').expect("closed")].to_string()
            })
            .collect()
    }

    /// The figures of one page, written with one prefix and one
    /// [`Defined`], hold each shared drawing once, and every reference of
    /// each finds its drawing; a page that says the frames in words
    /// elsewhere can leave their descriptions out.
    #[test]
    fn the_figures_of_a_page_share_their_drawings() {
        let opts = with(Theme::Adaptive, Embed::Embedded, Layout::Full);
        let one = figure_svgs(&frames(), &opts);
        // a second figure: another move, from North's seat
        let mut north = [1; 16];
        north[2] = 7;
        let pos = Position::new(Board::from_sides([2; 16], north), Side::North);
        let played = trace(
            &Rules::SHACKELL_1935,
            &pos,
            &Move::forward(Pit::new(3).expect("pit")),
            100,
        )
        .expect("legal");
        let seat = Annotations {
            seat: Side::North,
            ..Annotations::default()
        };
        let two = figure_svgs(
            &move_frames(&played, &seat, "shackell-1935", &Rules::SHACKELL_1935),
            &opts,
        );
        for described in [true, false] {
            let mut page = String::new();
            let mut defined = Defined::default();
            for m in one.iter().chain(&two) {
                m.write_once("_", &mut defined, described, &mut page);
            }
            let ids = attr_values(&page, "id");
            let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
            assert_eq!(ids.len(), unique.len(), "ids defined once in the page");
            for href in attr_values(&page, "href") {
                let id = href.strip_prefix('#').expect("a local reference");
                assert!(ids.iter().any(|d| d == id), "{id}");
            }
            // the pit and the small counts drawn once for both figures
            // (and in the keys' swatches)
            assert_eq!(without_key(&page).matches("class=\"omw-pit\"").count(), 1);
            assert_eq!(page.matches("id=\"_k1\"").count(), 1);
            // two boards: one from each seat
            assert_eq!(page.matches("class=\"omw-board\"").count(), 2);
            assert_eq!(page.contains("<desc>"), described);
            // every frame keeps its title
            assert_eq!(page.matches("<title>").count(), one.len() + two.len());
        }
    }

    #[test]
    fn figure_frames_draw_the_board_once_and_refer_only_to_their_figure() {
        let frames = frames();
        assert!(frames.len() > 2);
        let opts = with(Theme::Adaptive, Embed::Embedded, Layout::Full);
        let svgs: Vec<String> = figure_svgs(&frames, &opts)
            .iter()
            .map(|m| m.to_string_with("_7"))
            .collect();
        let mut defined: Vec<String> = Vec::new();
        for (i, (f, svg)) in frames.iter().zip(&svgs).enumerate() {
            let so_far = svgs[..=i].concat();
            defined.extend(attr_values(svg, "id"));
            for href in attr_values(svg, "href") {
                let id = href.strip_prefix('#').expect("a local reference");
                assert!(id.starts_with("_7"), "{id}");
                // defined in this frame or one before it
                assert!(defined.iter().any(|d| d == id), "{}: {id}", f.name);
            }
            // the parts of the standalone frame, here or defined before
            let alone = f.svg(&opts);
            assert!(!alone.contains("<use") && !alone.contains(" id=\""));
            for t in attr_values(&alone, "class") {
                // a frame alone draws each dot a circle, the shared
                // drawings their dots as one path
                let t = match t.as_str() {
                    "omw-seed" => "omw-seeds".to_string(),
                    "omw-sown" => "omw-sown-dots".to_string(),
                    _ => t,
                };
                assert!(so_far.contains(&format!("class=\"{t}\"")), "{t}");
            }
            assert_eq!(svg.matches("<title>").count(), 1);
        }
        // the board and its pits are drawn once, in the first frame
        let all = svgs.concat();
        assert_eq!(all.matches("class=\"omw-board\"").count(), 1);
        assert_eq!(without_key(&all).matches("class=\"omw-pit\"").count(), 1);
        assert!(svgs[0].contains("id=\"_7b"));
        // the rows of counts that several frames show alike are drawn once
        // and referred to
        assert!(all.contains("id=\"_7r"));
        assert!(all.matches("href=\"#_7r").count() > all.matches("id=\"_7r").count());
        let ids: Vec<String> = svgs.iter().flat_map(|s| attr_values(s, "id")).collect();
        let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
        assert_eq!(ids.len(), unique.len(), "ids defined once");
        // outside their definitions, the frames draw the marks, the
        // counts, the background and the side names by reference only:
        // each drawn once for the figure; the dots where seeds fall are
        // one path a frame
        // (as a page draws them: the board alone, its words in HTML)
        let board = with(Theme::Adaptive, Embed::Embedded, Layout::Board);
        let svgs: Vec<String> = figure_svgs(&frames, &board)
            .iter()
            .map(|m| m.to_string_with("_7"))
            .collect();
        let all = svgs.concat();
        let mut uses_of_dots = 0;
        for (f, svg) in frames.iter().zip(&svgs) {
            let mut outside = String::new();
            let mut rest = svg.as_str();
            while let Some(at) = rest.find("<defs>") {
                outside.push_str(&rest[..at]);
                let end = rest[at..].find("</defs>").expect("closed") + at + "</defs>".len();
                rest = &rest[end..];
            }
            outside.push_str(rest);
            for class in [
                "omw-ring",
                "omw-sown\"",
                "omw-path-start",
                "omw-count",
                "omw-seed",
                "omw-bg",
                "omw-side",
                "omw-cross",
            ] {
                assert!(!outside.contains(class), "{}: {class} in {outside}", f.name);
            }
            // as many dots, in one path, as the frame alone draws circles
            let dots = outside.matches("h0").count();
            uses_of_dots += dots;
            let alone = f.svg(&board);
            assert_eq!(
                dots,
                alone.matches("class=\"omw-sown\"").count(),
                "{}",
                f.name
            );
            assert!(outside.matches("class=\"omw-sown-dots\"").count() <= 1);
            assert!(outside.contains("<use"), "{}: drawn by reference", f.name);
        }
        assert!(uses_of_dots > 1);
        assert!(!all.contains("class=\"omw-sown\""));
        // a small count's seeds are one path, drawn once for the figure
        assert!(all.contains("<path class=\"omw-seeds\" d=\"M"));
        assert!(!all.contains("class=\"omw-seed\""));
        // the side names said once for the frames that show the same seeds
        assert!(all.matches("class=\"omw-side\"").count() < 2 * frames.len());
        // later frames are a fraction of a standalone frame
        let alone = frames[1].svg(&opts);
        assert!(
            svgs[1].len() * 2 < alone.len(),
            "{} {}",
            svgs[1].len(),
            alone.len()
        );
    }

    /// In a page the frames' words say each thing once, in a reader's
    /// words: the caption is the figure's, the summary counts the laps by
    /// kind without zeros.
    #[test]
    fn frame_words_for_a_page() {
        let mut south = [0; 16];
        south[4] = 3;
        south[7] = 1;
        let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
        let played = trace(
            &Rules::SHACKELL_1935,
            &pos,
            &Move::forward(Pit::new(5).expect("pit")),
            100,
        )
        .expect("legal");
        assert_eq!(played.laps.len(), 2);
        let ann = Annotations {
            title: Some("A relay".into()),
            caption: Some("South lifts pit 5 and relays at pit 8.".into()),
            ..Annotations::default()
        };
        let f = move_frames(&played, &ann, "shackell-1935", &Rules::SHACKELL_1935);
        for frame in &f {
            let all = format!("{} {}", frame.heading, frame.words.join(" "));
            assert!(!all.contains("A relay"), "{}: {all}", frame.name);
            assert!(!all.contains("relays at pit 8"), "{}: {all}", frame.name);
        }
        // the caption names the pit lifted: it says the move, not the frame
        assert_eq!(f[0].heading, "Before the move");
        assert!(f[0].words.is_empty(), "{:?}", f[0].words);
        assert!(f[1].heading.starts_with("Lap 1 of 2 (start): 3 seeds"));
        let summary = f.last().expect("a summary");
        assert_eq!(summary.heading, "After the move");
        assert_eq!(
            summary.words,
            [
                "2 laps: the start and 1 relay.",
                "Nothing is captured.",
                "North to move."
            ]
        );
        // the page's HTML: the number and heading, then the words
        let html = f[1].words_html(Some((2, 4)));
        assert!(html.starts_with("<div class=\"frame-words\"><p class=\"frame-text\"><span class=\"frame-no\">2/4</span> <strong class=\"frame-heading\">Lap 1 of 2"), "{html}");
        // the key names every mark the frame draws, each with its picture:
        // the pit lifted, the relay, the seeds' path
        let key = &html[html.find("<ul class=\"frame-key\">").expect("a key")..];
        for (look, words) in [
            ("omw-ring-lift", "S5: seeds lifted"),
            ("omw-ring-relay", "S8: relay"),
            ("omw-path", "path, anticlockwise"),
        ] {
            assert!(
                key.contains(look) && key.contains(words),
                "{look} {words}: {key}"
            );
        }
        // the board after marks where the move ended, and says so
        let after = summary.words_html(None);
        assert!(
            after.contains("omw-ring-end") && after.contains("the move ends"),
            "{after}"
        );
    }

    /// The text twin says what every rendering of the frame shows: each
    /// side's name and seeds (`South · 23 seeds · to move`), whatever the
    /// theme, embedding or layout the SVG is drawn with; and the twin of a
    /// frame drawn (and so laid out) many ways is still the same text.
    #[test]
    fn text_twin_says_what_every_rendering_shows() {
        let frames = frames();
        let mut checked = 0;
        for f in &frames {
            let text = f.text();
            let sides: Vec<String> = [Side::South, Side::North]
                .into_iter()
                .filter_map(|s| crate::svg::side_info(&f.scene, s))
                .collect();
            assert!(!sides.is_empty(), "{}: a side with its seeds", f.name);
            for info in &sides {
                assert!(
                    text.contains(info.as_str()),
                    "{}: {info} in\n{text}",
                    f.name
                );
            }
            for theme in [Theme::Adaptive, Theme::Light, Theme::Dark, Theme::Print] {
                for embed in [Embed::Standalone, Embed::Embedded] {
                    for layout in [Layout::Full, Layout::Board, Layout::Sheet] {
                        let svg = f.svg(&with(theme, embed, layout));
                        for info in &sides {
                            let drawn = escape(info);
                            assert!(
                                svg.contains(drawn.as_str()),
                                "{} {theme:?} {embed:?} {layout:?}: {info}",
                                f.name
                            );
                        }
                        checked += 1;
                    }
                }
            }
            assert_eq!(f.text(), text, "{}", f.name);
        }
        assert_eq!(checked, frames.len() * 4 * 2 * 3);
        assert!(frames.len() > 2);
    }
}
