//! A diagram in a page: every frame of a position or move as inline SVG,
//! captions, the plain-text twins and the step-through controls (the DOM
//! contract in the module documentation of [`super`]).

use crate::diagram::escape;
use crate::diagram::{self, Defined, Embed, Frame, Layout, Markup, RenderOptions};
use crate::engine::Played;
use crate::model::PositionDoc;

/// The figure of a position (its move's frames, or its board), drawn from
/// its move as played (None when it has no move).
pub(crate) fn position_figure(doc: &PositionDoc, played: Option<&Played>) -> Figure {
    let frames = crate::frames::played_frames(doc, played);
    let title = doc.annotations.title.as_deref();
    let caption = doc.annotations.caption.as_deref();
    let mut fig = Figure::new(&frames, title, caption);
    // what a reader's "Try a move" asks the engine in the page; an empty
    // board illustrates the board, with no move to try
    let board = &doc.position.board;
    if board.side_total(crate::engine::Side::South) + board.side_total(crate::engine::Side::North)
        == 0
    {
        return fig;
    }
    // with the figure's seat and pit names: every board the reader then
    // sees (the board to pick on, the move's frames) is turned as the
    // figure is, its pits named
    let mut request = omweso_web::Request::new(
        omweso_web::Command::Moves,
        doc.variant.variant.clone(),
        doc.position,
    );
    request.seat = doc.annotations.seat;
    request.labels = true;
    fig.position = Some(request.text());
    fig
}

/// A figure from frames, with the element id `anchor` (e.g.
/// `pos-capture-basic`).
pub(crate) fn figure(
    frames: &[Frame],
    anchor: &str,
    title: Option<&str>,
    caption: Option<&str>,
) -> String {
    Figure::new(frames, title, caption).html(anchor)
}

/// A figure drawn once, to be placed in pages under any element id.
///
/// Its frames share what they have in common (the board, the seeds of a
/// pit), drawn once in the figure and referred to by ids that start with a
/// prefix given where the figure is placed: unique in its page. The
/// figures of one page can share them too ([`Figure::place`]).
#[derive(Clone, Debug)]
pub(crate) struct Figure {
    label: String,
    frames: usize,
    /// The frames' list, with slots for the id prefix.
    list: Markup,
    /// The step-through controls.
    stepper: &'static str,
    /// The plain-text twin (`<details>`).
    twin: String,
    /// The caption: the title and the author's words, said once for all
    /// the frames, and the link to the diagrams' key.
    caption: String,
    /// The position before the move, as a request to the page's engine
    /// (`omweso-web`), for "Try a move"; none for figures of other kinds.
    pub position: Option<String>,
}

const STEPPER: &str = "<div class=\"stepper\" hidden>\
<button type=\"button\" class=\"prev\"><span aria-hidden=\"true\">&#8592; </span>Previous</button>\
<button type=\"button\" class=\"play\" aria-pressed=\"false\">Play</button>\
<button type=\"button\" class=\"next\">Next<span aria-hidden=\"true\"> &#8594;</span></button>\
<span class=\"frame-status\" aria-live=\"polite\"></span></div>\n";

impl Figure {
    /// The figure's HTML with the element id `anchor` (its shared
    /// drawings' ids start with `_`, the anchor and `-`).
    pub(crate) fn html(&self, anchor: &str) -> String {
        let prefix = format!("_{}-", escape(anchor));
        self.place(anchor, &prefix, &mut Defined::default(), true)
    }

    /// The figure's HTML with the element id `anchor`, the ids of its
    /// shared drawings starting with `prefix` (unique in the page, and no
    /// other id of the page starting with it), with its text twin or not.
    /// The drawings `defined` by the figures placed before it in the page
    /// (with the same prefix) are not drawn again. Without the twin (a
    /// print page), the frames' descriptions are left out too: paper
    /// shows neither.
    pub(crate) fn place(
        &self,
        anchor: &str,
        prefix: &str,
        defined: &mut Defined,
        twin: bool,
    ) -> String {
        let mut h = String::with_capacity(
            self.list.len_with(prefix.len()) + self.twin.len() + self.caption.len() + 512,
        );
        let position = self
            .position
            .as_ref()
            .map(|p| format!(" data-position=\"{}\"", escape(p)))
            .unwrap_or_default();
        h.push_str(&format!(
            "<figure class=\"omweso-diagram\" id=\"{}\" tabindex=\"0\" aria-label=\"{}\" data-frames=\"{}\"{position}>\n",
            escape(anchor),
            escape(&self.label),
            self.frames
        ));
        h.push_str(&self.caption);
        let mut list = String::with_capacity(self.list.len_with(prefix.len()));
        self.list.write_once(prefix, defined, twin, &mut list);
        compact(&list, &mut h);
        h.push_str(self.stepper);
        if twin {
            h.push_str(&self.twin);
        }
        h.push_str("</figure>\n");
        h
    }

    /// A figure from frames.
    ///
    /// Its title and caption are said once, above the frames, with a link
    /// to the diagrams' key ([`KEY_LINK`], filled in for each page by
    /// [`link_key`]); each frame is its board ([`Layout::Board`]: its
    /// text, pit numbers, counts and side names large enough to read on a
    /// phone) and its words in HTML under it ([`Frame::words_html`]).
    pub(crate) fn new(frames: &[Frame], title: Option<&str>, caption: Option<&str>) -> Figure {
        // inline SVG without a <style> each: the site's CSS holds the
        // diagrams' stylesheet once
        let options = RenderOptions {
            embed: Embed::Embedded,
            layout: Layout::Board,
            ..RenderOptions::default()
        };
        let svgs = diagram::figure_svgs(frames, &options);
        let label = title
            .map(str::to_string)
            .or_else(|| frames.first().map(|f| f.title.clone()))
            .unwrap_or_else(|| "Diagram".into());
        let mut list =
            Markup::with_capacity(svgs.iter().map(|s| s.len_with(0)).sum::<usize>() + 1024);
        list.push_str("<ol class=\"frames\">\n");
        let n = frames.len();
        for (i, (f, mut svg)) in frames.iter().zip(svgs).enumerate() {
            list.push_str(&format!(
                "<li class=\"frame\" data-frame=\"{}\">\n",
                escape(&f.name)
            ));
            svg.trim_end();
            let words = f.words_html((n > 1).then_some((i + 1, n)));
            // a frame said in words beside its picture needs no
            // description in it (a reader's screen reader would say both)
            if words.is_empty() {
                list.append(&svg);
            } else {
                list.append(&svg.without_optional());
            }
            list.push_str("\n");
            push_words(&mut list, &words);
            list.push_str("\n</li>\n");
        }
        list.push_str("</ol>\n");
        let mut twin =
            String::from("<details class=\"text-twin\"><summary>Text version</summary>\n");
        for (i, f) in frames.iter().enumerate() {
            let heading = if f.heading.is_empty() {
                &f.title
            } else {
                &f.heading
            };
            twin.push_str(&format!(
                "<p><strong>Frame {} of {n}: {}</strong></p>\n<pre>{}</pre>\n",
                i + 1,
                escape(heading),
                escape(f.text().trim_end())
            ));
        }
        twin.push_str("</details>\n");
        let mut cap = String::from("<figcaption>");
        if let Some(t) = title {
            cap.push_str(&format!("<strong>{}</strong> ", escape(t)));
        }
        if let Some(c) = caption {
            cap.push_str(&escape(c));
            cap.push(' ');
        }
        cap.push_str(KEY_LINK);
        cap.push_str("</figcaption>\n");
        Figure {
            label,
            frames: frames.len(),
            list,
            stepper: STEPPER,
            twin,
            caption: cap,
            position: None,
        }
    }
}

/// The frames' markup `list` into `out` without the line breaks the `svg`
/// crate writes around elements and inside text elements (`<text …>\nN8\n</text>`),
/// which neither SVG nor HTML shows: a break beside a tag goes, one
/// between words becomes a space. The SVGs lose their `xmlns` too, which
/// inline SVG in HTML does without.
fn compact(list: &str, out: &mut String) {
    let list = list.replace(" xmlns=\"http://www.w3.org/2000/svg\"", "");
    let mut last = b'>';
    for run in list.split('\n').filter(|run| !run.is_empty()) {
        let first = run.as_bytes()[0];
        if last != b'>' && first != b'<' {
            out.push(' ');
        }
        out.push_str(run);
        last = *run.as_bytes().last().unwrap_or(&b'>');
    }
    out.push('\n');
}

/// How the diagram crate opens a key's swatch ([`Frame::words_html`]): an
/// inline SVG of a pit so marked, its shapes inside.
const SWATCH_OPEN: &str =
    "<svg class=\"omw-swatch\" viewBox=\"-39 -39 78 78\" aria-hidden=\"true\" focusable=\"false\">";

/// A frame's words (HTML, [`Frame::words_html`]) into `list`, each swatch
/// of its key drawn once a page: the first that shows a look defines it
/// (a `<symbol>` named `s` and a hash of its shapes, after the id prefix)
/// and every swatch `<use>`s it, so the dozens of swatches of a page's
/// frames cost a reference each.
fn push_words(list: &mut Markup, html: &str) {
    let mut rest = html;
    while let Some(at) = rest.find(SWATCH_OPEN) {
        let shapes_at = at + SWATCH_OPEN.len();
        let Some(len) = rest[shapes_at..].find("</svg>") else {
            break;
        };
        let shapes = &rest[shapes_at..shapes_at + len];
        list.push_str(&rest[..at]);
        let id = format!("s{:x}", fnv(shapes) & 0xff_ffff_ffff);
        let mut def = Markup::default();
        def.push_str("<defs><symbol id=\"");
        def.push_prefix();
        def.push_str(&id);
        def.push_str("\" class=\"omw-swatch-art\" viewBox=\"-39 -39 78 78\">");
        def.push_str(shapes);
        def.push_str("</symbol></defs>");
        list.push_str("<svg class=\"omw-swatch\" aria-hidden=\"true\">");
        // (names with bit 62 alone: the diagram crate's are below 136 or
        // have bit 63)
        list.push_def(1 << 62 | (fnv(shapes) & 0xff_ffff_ffff), &def);
        list.push_str("<use href=\"#");
        list.push_prefix();
        list.push_str(&id);
        list.push_str("\"/></svg>");
        rest = &rest[shapes_at + len + "</svg>".len()..];
    }
    list.push_str(rest);
}

/// The 64-bit FNV-1a hash of `s`: a swatch's name, the same in every build.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Where a figure links to the diagrams' key: [`link_key`] makes it a link
/// relative to each page (or leaves it out when the site has no key).
pub(crate) const KEY_LINK: &str = "<!--omw-key-->";

/// The id of the section that explains how to read the diagrams.
pub(crate) const KEY_SECTION: &str = "reading-diagrams";

/// A page's HTML with its figures' key links made: to `key` (the page
/// holding the [`KEY_SECTION`], from the site's root) from a page at
/// `path` (`puzzles/x.html`); without a key, nothing.
pub(crate) fn link_key(html: String, path: &str, key: Option<&str>) -> String {
    if !html.contains(KEY_LINK) {
        return html;
    }
    let link = match key {
        Some(k) => format!(
            "<a class=\"diagram-key\" href=\"{}{}#{KEY_SECTION}\">How to read the diagrams</a>",
            "../".repeat(path.matches('/').count()),
            escape(k)
        ),
        None => String::new(),
    };
    html.replace(KEY_LINK, &link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_go_but_words_stay_apart() {
        let mut out = String::new();
        compact(
            "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<text>\nN8\n</text>\n\n<desc>a\n\nb</desc>\n</svg>\n",
            &mut out,
        );
        assert_eq!(out, "<svg><text>N8</text><desc>a b</desc></svg>\n");
    }

    #[test]
    fn a_swatch_is_drawn_once_a_page() {
        let words = format!("<li>{SWATCH_OPEN}<circle/></svg>S1</li>");
        let mut list = Markup::default();
        push_words(&mut list, &words);
        push_words(&mut list, &words);
        let mut page = String::new();
        list.write_once("_", &mut Defined::default(), true, &mut page);
        assert_eq!(page.matches("<circle/>").count(), 1, "{page}");
        assert_eq!(page.matches("<use href=\"#_s").count(), 2, "{page}");
        assert!(page.contains("<symbol id=\"_s"), "{page}");
    }

    /// A frame said in words beside its picture has no `<desc>` in it;
    /// a frame without words keeps its description.
    #[test]
    fn a_frame_said_in_words_has_no_description() {
        use crate::diagram::{Annotations, board_frame, move_frames};
        use crate::engine::{Board, Move, Pit, Position, Rules, Side, trace};
        let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        let played = trace(
            &Rules::MCGILL_2015,
            &pos,
            &Move::forward(Pit::new(5).expect("a pit")),
            100,
        )
        .expect("legal");
        let frames = move_frames(
            &played,
            &Annotations::default(),
            "mcgill-2015",
            &Rules::MCGILL_2015,
        );
        assert!(frames.iter().all(|f| !f.words_html(None).is_empty()));
        let html = Figure::new(&frames, None, None).html("a");
        assert_eq!(
            html.matches("<svg class=\"omw-diagram\"").count(),
            frames.len()
        );
        assert!(!html.contains("<desc>"), "{html}");
        // nothing said beside the board (no move, no key under these rules)
        let board = board_frame(
            &pos,
            &Annotations::default(),
            "mcgill-2015",
            &Rules::MCGILL_2015,
        );
        assert!(board.words_html(None).is_empty());
        let html = Figure::new(&[board], None, None).html("b");
        assert_eq!(html.matches("<desc>").count(), 1, "{html}");
    }

    #[test]
    fn key_links_are_relative_to_the_page() {
        let html = format!("<p>{KEY_LINK}</p>");
        assert_eq!(
            link_key(html.clone(), "puzzles/a.html", Some("rules.html")),
            "<p><a class=\"diagram-key\" href=\"../rules.html#reading-diagrams\">How to read the diagrams</a></p>"
        );
        assert!(
            link_key(html.clone(), "a.html", Some("rules.html")).contains("href=\"rules.html#")
        );
        assert_eq!(link_key(html, "a.html", None), "<p></p>");
    }
}
