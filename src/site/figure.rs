//! A diagram in a page: every frame of a position or move as inline SVG,
//! captions, the plain-text twins and the step-through controls (the DOM
//! contract in the module documentation of [`super`]).

use crate::diagram::escape;
use crate::diagram::{self, Defined, Embed, Frame, Layout, Markup, PitRef, RenderOptions};
use crate::engine::Played;
use crate::model::PositionDoc;

/// The figure of a position (its move's frames, or its board), drawn from
/// its move as played (None when it has no move).
pub(crate) fn position_figure(
    doc: &PositionDoc,
    played: Option<&Played>,
    medium: Medium,
) -> Figure {
    let frames = crate::export::played_frames(doc, played);
    let title = doc.annotations.title.as_deref();
    let caption = doc.annotations.caption.as_deref();
    // the laps the author wrote a note on: drawn on paper too
    let noted: Vec<usize> = doc.annotations.notes.iter().map(|n| n.lap).collect();
    let mut fig = Figure::with_notes(&frames, title, caption, &noted, medium);
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

/// What a figure is drawn for: a screen page (every board, the step-through
/// controls, the text twin) or paper (a print page: some boards, the
/// frames between said in words; see [`Figure::with_notes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Medium {
    Screen,
    Paper,
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
    /// What it is drawn for.
    medium: Medium,
    /// The frames' list and the key lines they share, with slots for the
    /// id prefix: on paper, some boards drawn and the frames between said
    /// in words ([`Figure::with_notes`]).
    list: Frames,
    /// The plain-text twin (`<details>`; on screen only).
    twin: String,
    /// The caption: the title and the author's words, said once for all
    /// the frames, and the link to the diagrams' key.
    caption: String,
    /// The position before the move, as a request to the page's engine
    /// (`omweso-web`), for "Try a move"; none for figures of other kinds.
    pub position: Option<String>,
}

/// The step-through controls' place: hidden, and empty until the page's
/// script (`setupDiagram` in `assets/omweso.js`) fills it with its buttons
/// (previous, play, next, the frame's number) and shows it; without
/// scripts the frames are a list and no control is shown, so the page
/// need not carry them (about 300 bytes a figure).
const STEPPER: &str = "<div class=\"stepper\" hidden></div>\n";

impl Figure {
    /// The figure's HTML with the element id `anchor` (its shared
    /// drawings' ids start with `_`, the anchor and `-`).
    pub(crate) fn html(&self, anchor: &str) -> String {
        let prefix = format!("_{}-", escape(anchor));
        self.place(anchor, &prefix, &mut Defined::default())
    }

    /// The figure's HTML with the element id `anchor`, the ids of its
    /// shared drawings starting with `prefix` (unique in the page, and no
    /// other id of the page starting with it), for the medium it was drawn
    /// for. The drawings `defined` by the figures placed before
    /// it in the page (with the same prefix) are not drawn again. On paper
    /// (a print page) the frames (some said in words only, see
    /// [`Figure::with_notes`]) are all shown at once, without the
    /// step-through controls, the text twin or the frames' descriptions:
    /// paper shows none of them.
    pub(crate) fn place(&self, anchor: &str, prefix: &str, defined: &mut Defined) -> String {
        let twin = self.medium == Medium::Screen;
        let mut h = String::with_capacity(
            self.list.list.len_with(prefix.len())
                + self.list.key.len_with(prefix.len())
                + self.twin.len()
                + self.caption.len()
                + 512,
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
        let frames = &self.list;
        let mut list = String::with_capacity(frames.list.len_with(prefix.len()));
        frames.list.write_once(prefix, defined, twin, &mut list);
        compact(&list, &mut h);
        if twin {
            h.push_str(STEPPER);
        }
        if !frames.key.is_empty() {
            let mut key = String::with_capacity(frames.key.len_with(prefix.len()));
            frames.key.write_once(prefix, defined, twin, &mut key);
            compact(&key, &mut h);
        }
        if twin {
            h.push_str(&self.twin);
        }
        h.push_str("</figure>\n");
        h
    }

    /// A figure from frames, for a screen page.
    ///
    /// Its title and caption are said once, above the frames, with a link
    /// to the diagrams' key ([`KEY_LINK`], filled in for each page by
    /// [`link_key`]); each frame is its board ([`Layout::Board`]: its
    /// text, pit numbers, counts and side names large enough to read on a
    /// phone) and its words in HTML under it ([`Frame::words_html`]).
    pub(crate) fn new(frames: &[Frame], title: Option<&str>, caption: Option<&str>) -> Figure {
        Figure::with_notes(frames, title, caption, &[], Medium::Screen)
    }

    /// A figure from frames (as [`Figure::new`]) whose author wrote notes
    /// on the laps numbered in `noted`, drawn for `medium`: only what that
    /// medium shows is drawn (a build draws a chapter's figures for its
    /// page, and again for its print part when it renders that part, so
    /// that it never holds the drawings of the whole site).
    ///
    /// On paper a figure of more than
    /// two frames draws its first board (the position, the pit lifted,
    /// the author's marks), its last (the board after the move, what was
    /// captured), the board a long move's last laps start from and the
    /// boards of the laps the author wrote a note on;
    /// the frames between are said in their own words (number, heading,
    /// what happens: the same sentences as under their boards on screen),
    /// each run of them one item of the list beside the board before it.
    /// The chapter's own page has every board.
    ///
    /// The text twin (`<details class="text-twin">`) says the first board
    /// whole ([`Frame::text`]) and then each later frame's number, heading
    /// and what changed on its board ([`Frame::text_after`]: the pits whose
    /// counts changed, with their counts now), not the whole board again:
    /// the frames' words are under their boards.
    pub(crate) fn with_notes(
        frames: &[Frame],
        title: Option<&str>,
        caption: Option<&str>,
        noted: &[usize],
        medium: Medium,
    ) -> Figure {
        let drawn = match medium {
            Medium::Screen => vec![true; frames.len()],
            Medium::Paper => drawn_on_paper(frames, noted),
        };
        let list = frame_list(frames, &drawn);
        let label = title
            .map(str::to_string)
            .or_else(|| frames.first().map(|f| f.title.clone()))
            .unwrap_or_else(|| "Diagram".into());
        let twin = match medium {
            Medium::Screen => text_twin(frames),
            Medium::Paper => String::new(),
        };
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
            medium,
            list,
            twin,
            caption: cap,
            position: None,
        }
    }
}

/// The plain-text twin of a figure's `frames` (`<details class="text-twin">`,
/// see [`Figure::with_notes`]).
fn text_twin(frames: &[Frame]) -> String {
    let n = frames.len();
    let mut twin = String::from("<details class=\"text-twin\"><summary>Text version</summary>\n");
    for (i, f) in frames.iter().enumerate() {
        let heading = if f.heading.is_empty() {
            &f.title
        } else {
            &f.heading
        };
        if i == 0 {
            twin.push_str(&format!(
                "<p><strong>Frame {} of {n}: {}</strong></p>\n<pre>{}</pre>\n",
                i + 1,
                escape(heading),
                escape(f.text().trim_end())
            ));
        } else {
            twin.push_str(&format!(
                "<p><strong>Frame {} of {n}: {}</strong><br>{}</p>\n",
                i + 1,
                escape(heading),
                escape(&f.text_after(&frames[i - 1]))
            ));
        }
    }
    twin.push_str("</details>\n");
    twin
}

/// Which of a figure's `frames` are drawn on paper: the first and the
/// last, the board of a long move's laps not drawn (`NN-more-laps`: the
/// board its last laps, said in words, start from), and the laps
/// numbered in `noted` (a frame named `NN-lap-K`).
fn drawn_on_paper(frames: &[Frame], noted: &[usize]) -> Vec<bool> {
    let n = frames.len();
    frames
        .iter()
        .enumerate()
        .map(|(i, f)| {
            i == 0
                || i + 1 == n
                || f.name.ends_with("-more-laps")
                || lap_number(&f.name).is_some_and(|k| noted.contains(&k))
        })
        .collect()
}

/// The lap a frame named `NN-lap-K` shows (`K`).
fn lap_number(name: &str) -> Option<usize> {
    name.split_once("-lap-")?.1.parse().ok()
}

/// A figure's frames as a page shows them: their list, and the lines of
/// their keys that several of them share, said once for all.
#[derive(Clone, Debug)]
struct Frames {
    /// `<ol class="frames">`.
    list: Markup,
    /// `<ul class="frame-key figure-key">`, or nothing.
    key: Markup,
}

/// The frames' list (`<ol class="frames">`): each frame `drawn` as its
/// board ([`Layout::Board`]) and its words in HTML under it
/// ([`Frame::words_html`]); the others said in their words alone (without
/// the key of the board not drawn), each run of them one item. A line of
/// the keys that two or more frames drawn would say is said once, in the
/// figure's key (after the frames and their controls, shown whichever
/// frame is); under each frame, only its own lines. On boards that name
/// their pits, a mark of the move whose pits every frame drawing it names
/// in its heading or words is said once there without its pits (what it
/// means), unless another line of the figure has a mark of the same look.
fn frame_list(frames: &[Frame], drawn: &[bool]) -> Frames {
    // inline SVG without a <style> each: the site's CSS holds the
    // diagrams' stylesheet once
    let options = RenderOptions {
        embed: Embed::Embedded,
        layout: Layout::Board,
        ..RenderOptions::default()
    };
    let svgs = if drawn.contains(&false) {
        let shown: Vec<Frame> = frames
            .iter()
            .zip(drawn)
            .filter(|(_, d)| **d)
            .map(|(f, _)| f.clone())
            .collect();
        diagram::figure_svgs(&shown, &options)
    } else {
        diagram::figure_svgs(frames, &options)
    };
    // each drawn frame's key lines. What a mark of the move means is said
    // once for the figure, without its pits, when every frame drawn that
    // marks it names those pits on its board and in its heading or words,
    // and no other line of the figure has a mark that looks the same
    // (seeds lifted and E, an author's ring); else each line as it is.
    // How many drawn frames say each line.
    let n = frames.len();
    let lines: Vec<Vec<(diagram::KeyLine, bool)>> = frames
        .iter()
        .zip(drawn)
        .map(|(f, d)| {
            if !*d {
                return Vec::new();
            }
            let named = |p: &PitRef| {
                let name = p.to_string();
                says(&f.heading, &name) || f.words.iter().any(|w| says(w, &name))
            };
            f.key_lines()
                .into_iter()
                .map(|k| {
                    let named = n > 1 && f.scene.labels() && k.pits.iter().all(named);
                    (k, named)
                })
                .collect()
        })
        .collect();
    // a line said is its mark's picture and its words
    type Said<'a> = (diagram::Swatch, &'a str);
    let mut meanings: Vec<Said> = Vec::new();
    let mut unnamed: Vec<Said> = Vec::new();
    for (k, named) in lines.iter().flatten() {
        if let Some(m) = &k.general {
            if *named {
                meanings.push((k.swatch, m));
            } else {
                unnamed.push((k.swatch, m));
            }
        }
    }
    meanings.retain(|m| !unnamed.contains(m));
    // a mark's meaning said alone must be the only one of its look
    let all: Vec<&diagram::KeyLine> = lines.iter().flatten().map(|(k, _)| k).collect();
    meanings.retain(|&(swatch, m)| {
        all.iter()
            .filter(|o| o.swatch == swatch)
            .all(|o| o.general.as_deref() == Some(m))
    });
    meanings.dedup();
    let items: Vec<Vec<Said>> = lines
        .iter()
        .map(|f| {
            f.iter()
                .map(|(k, _)| match &k.general {
                    Some(m) if meanings.contains(&(k.swatch, m.as_str())) => (k.swatch, m.as_str()),
                    _ => (k.swatch, k.text.as_str()),
                })
                .collect()
        })
        .collect();
    let mut said: Vec<(Said, usize)> = Vec::new();
    for &line in items.iter().flatten() {
        match said.iter_mut().find(|(l, _)| *l == line) {
            Some((_, k)) => *k += 1,
            None => said.push((line, 1)),
        }
    }
    let figure_wide = |line: &Said, k: usize| k > 1 || meanings.contains(line);
    let shared = |line: &Said| said.iter().any(|(l, k)| l == line && figure_wide(l, *k));
    // a key (`<ul class=…>`) of `lines`, each picture drawn once a page
    let key_of = |class: &str, lines: &mut dyn Iterator<Item = &Said>| {
        let mut key = Markup::default();
        for (swatch, words) in lines {
            if key.is_empty() {
                key.push_str(&format!("<ul class=\"{class}\">"));
            }
            key.push_str("<li>");
            swatch.push(&mut key);
            key.push_str(&escape(words));
            key.push_str("</li>");
        }
        if !key.is_empty() {
            key.push_str("</ul>");
        }
        key
    };
    // each frame's words: with its own key lines under a board, without a
    // key when said alone
    let words: Vec<Markup> = frames
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let number = (n > 1).then_some((i + 1, n));
            let own = key_of("frame-key", &mut items[i].iter().filter(|l| !shared(l)));
            f.words_with_key(number, &own)
        })
        .collect();
    // the list's size known ahead (it is kept until the site is written)
    let mut list = Markup::with_capacity(
        svgs.iter().map(|s| s.len_with(0)).sum::<usize>()
            + words.iter().map(|w| w.len_with(0)).sum::<usize>()
            + 100 * n
            + 64,
    );
    let mut svgs = svgs.into_iter();
    list.push_str("<ol class=\"frames\">\n");
    let mut in_words = false;
    for (i, (f, words)) in frames.iter().zip(&words).enumerate() {
        if !drawn[i] {
            if !in_words {
                list.push_str("<li class=\"frame frames-said\">\n");
                in_words = true;
            }
            list.append(words);
            list.push_str("\n");
            continue;
        }
        if std::mem::take(&mut in_words) {
            list.push_str("</li>\n");
        }
        let Some(mut svg) = svgs.next() else {
            break;
        };
        list.push_str(&format!(
            "<li class=\"frame\" data-frame=\"{}\">\n",
            escape(&f.name)
        ));
        svg.trim_end();
        // a frame said in words beside its picture needs no
        // description in it (a reader's screen reader would say both)
        if words.is_empty() {
            list.append(&svg);
        } else {
            list.append(&svg.without_optional());
        }
        list.push_str("\n");
        list.append(words);
        list.push_str("\n</li>\n");
    }
    if in_words {
        list.push_str("</li>\n");
    }
    list.push_str("</ol>\n");
    let mut key = key_of(
        "frame-key figure-key",
        &mut said
            .iter()
            .filter(|(l, k)| figure_wide(l, *k))
            .map(|(l, _)| l),
    );
    if !key.is_empty() {
        key.push_str("\n");
    }
    Frames { list, key }
}

/// Whether `text` names the pit `name` (`S1`, not inside `S12` or
/// `XS1`).
fn says(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
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

    /// The pictures of the figures' keys are drawn once a page: one
    /// `<symbol>` a look, which every picture of that look `<use>`s; the
    /// drawings a frame defines are in one `<defs>`.
    #[test]
    fn a_swatch_is_drawn_once_a_page() {
        use crate::diagram::{Annotations, move_frames};
        use crate::engine::Rules;
        let (_, played) = south_5_under_mcgill();
        let frames = move_frames(
            &played,
            &Annotations::default(),
            "mcgill-2015",
            &Rules::MCGILL_2015,
        );
        let figure = Figure::new(&frames, None, None);
        let mut defined = Defined::default();
        let page = [
            figure.place("a", "_", &mut defined),
            figure.place("b", "_", &mut defined),
        ]
        .concat();
        let symbols: Vec<&str> = page
            .match_indices("<symbol id=\"")
            .map(|(at, m)| {
                let id = &page[at + m.len()..];
                &id[..id.find('"').expect("closed")]
            })
            .collect();
        assert!(!symbols.is_empty(), "{page}");
        let unique: std::collections::BTreeSet<&&str> = symbols.iter().collect();
        assert_eq!(unique.len(), symbols.len(), "{page}");
        let uses = page.matches("<use href=\"#_s").count();
        assert!(uses >= 2 * symbols.len(), "{uses} uses of {symbols:?}");
        assert!(!page.contains("</defs><defs>"), "{page}");
        let frame = page.find("<svg class=\"omw-diagram\"").expect("a frame");
        let defs = &page[frame..page[frame..].find("</svg>").expect("closed") + frame];
        assert_eq!(defs.matches("<defs>").count(), 1, "{defs}");
    }

    /// A frame said in words beside its picture has no `<desc>` in it;
    /// a frame without words keeps its description.
    #[test]
    fn a_frame_said_in_words_has_no_description() {
        use crate::diagram::{Annotations, board_frame, move_frames};
        use crate::engine::Rules;
        let (pos, played) = south_5_under_mcgill();
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

    /// South's pit 5 from two seeds in every pit, under McGill's rules: a
    /// move of several laps.
    fn south_5_under_mcgill() -> (crate::engine::Position, crate::engine::Played) {
        use crate::engine::{Board, Move, Pit, Position, Rules, Side, trace};
        let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        let played = trace(
            &Rules::MCGILL_2015,
            &pos,
            &Move::forward(Pit::new(5).expect("a pit")),
            100,
        )
        .expect("legal");
        (pos, played)
    }

    /// A move of several laps, with a note on its second lap.
    fn long_move() -> (Vec<Frame>, usize) {
        use crate::diagram::{Annotations, Note, move_frames};
        use crate::engine::Rules;
        let (_, played) = south_5_under_mcgill();
        let ann = Annotations {
            notes: vec![Note {
                lap: 2,
                text: "The second lap <noted>.".into(),
            }],
            ..Annotations::default()
        };
        let frames = move_frames(&played, &ann, "mcgill-2015", &Rules::MCGILL_2015);
        (frames, 2)
    }

    /// On paper a figure draws its first and last boards and the lap the
    /// author wrote a note on; every other frame is said in its words
    /// (number and heading), in order; no stepper, twin or description.
    #[test]
    fn a_printed_figure_draws_its_ends_and_noted_laps_and_says_the_rest() {
        let (frames, noted) = long_move();
        let n = frames.len();
        assert!(n >= 5, "a move of at least three laps: {n} frames");
        let on = |medium| Figure::with_notes(&frames, Some("T"), None, &[noted], medium);
        let paper = on(Medium::Paper).place("a", "_", &mut Defined::default());
        let screen = on(Medium::Screen).place("a", "_", &mut Defined::default());
        assert_eq!(
            screen.matches("<svg class=\"omw-diagram\"").count(),
            n,
            "every board on screen"
        );
        assert_eq!(
            paper.matches("<svg class=\"omw-diagram\"").count(),
            3,
            "{paper}"
        );
        let drawn: Vec<&str> = paper
            .match_indices("data-frame=\"")
            .map(|(at, _)| {
                let rest = &paper[at + 12..];
                &rest[..rest.find('"').expect("quoted")]
            })
            .collect();
        assert_eq!(
            drawn,
            [
                frames[0].name.as_str(),
                frames[noted].name.as_str(),
                frames[n - 1].name.as_str()
            ]
        );
        // every frame's number and heading, in order
        let mut at = 0;
        for (i, f) in frames.iter().enumerate() {
            let no = format!("<span class=\"frame-no\">{}/{n}</span>", i + 1);
            let found = paper[at..]
                .find(&no)
                .unwrap_or_else(|| panic!("{no} in {paper}"));
            at += found;
            assert!(paper[at..].contains(&escape(&f.heading)), "{}", f.heading);
        }
        assert!(paper.contains("The second lap &lt;noted&gt;."));
        assert_eq!(paper.matches("<li class=\"frame frames-said\">").count(), 2);
        // the frames said in words have no key (their boards are not drawn)
        let said = &paper[paper.find("frames-said").expect("said")..];
        let said = &said[..said.find("</li>").expect("closed")];
        assert!(!said.contains("frame-key"), "{said}");
        assert!(!paper.contains("class=\"stepper\""));
        assert!(!paper.contains("text-twin") && !paper.contains("<desc>"));
        assert!(screen.contains("class=\"stepper\"") && screen.contains("text-twin"));
        // the controls' place, filled by the page's script
        assert!(screen.contains("<div class=\"stepper\" hidden></div>"));
        assert!(!screen.contains("<button"));
        // the board a long move's last laps start from is drawn too
        let mut long = frames.clone();
        long[1].name = "02-more-laps".into();
        let mut want = vec![false; n];
        (want[0], want[1], want[noted], want[n - 1]) = (true, true, true, true);
        assert_eq!(drawn_on_paper(&long, &[noted]), want);
        // two frames or fewer: the same boards on paper
        let short = Figure::with_notes(&frames[..2], None, None, &[], Medium::Paper);
        let paper = short.place("b", "_", &mut Defined::default());
        assert_eq!(paper.matches("<svg class=\"omw-diagram\"").count(), 2);
        assert!(!paper.contains("frames-said"));
    }

    /// Every key line of a figure's frames is said once in the figure: a
    /// line two or more frames say in the figure's key (after the
    /// stepper), every other under its frame; a figure of one frame keeps
    /// its key under it.
    #[test]
    fn a_key_line_is_said_once_a_figure() {
        let (frames, _) = long_move();
        let html = Figure::new(&frames, None, None).html("a");
        // a line as written in the page: its swatch is a <use>
        let text = |li: &str| li[li.rfind("</svg>").expect("a swatch") + 6..].to_string();
        let mut lines: Vec<String> = Vec::new();
        for f in &frames {
            for li in f.key_items() {
                if !lines.contains(&text(&li)) {
                    lines.push(text(&li));
                }
            }
        }
        let shared: Vec<&String> = lines
            .iter()
            .filter(|l| {
                frames
                    .iter()
                    .filter(|f| f.key_items().iter().any(|li| text(li) == **l))
                    .count()
                    > 1
            })
            .collect();
        assert!(
            !shared.is_empty() && shared.len() < lines.len(),
            "{lines:?}"
        );
        for l in &lines {
            assert_eq!(html.matches(l.as_str()).count(), 1, "{l} in {html}");
        }
        let key_at = html
            .find("<ul class=\"frame-key figure-key\">")
            .expect("a figure key");
        assert!(html.find("class=\"stepper\"").expect("a stepper") < key_at);
        for l in &shared {
            assert!(html[key_at..].contains(l.as_str()), "{l}");
        }
        // every swatch of the figure's key is drawn: defined or used
        assert_eq!(
            html[key_at..].matches("<li>").count(),
            html[key_at..].matches("<use href=\"#_a-s").count()
        );
        // one frame: its key under it, no figure key
        let one = Figure::new(&frames[1..2], None, None).html("b");
        assert!(!one.contains("figure-key"));
        assert!(one.contains("<ul class=\"frame-key\">"));
    }

    /// A figure's text twin says its first board whole, then for each
    /// later frame its number, heading and only the pits whose counts
    /// changed (each once, with its count now), no unchanged pit and no
    /// board again: less than half the twin that repeated every board.
    #[test]
    fn a_text_twin_says_the_first_board_and_then_what_changed() {
        let (frames, _) = long_move();
        let n = frames.len();
        let html = Figure::new(&frames, None, None).html("a");
        let twin = &html[html.find("<details class=\"text-twin\">").expect("a twin")..];
        let twin = &twin[..twin.find("</details>").expect("closed")];
        assert_eq!(twin.matches("<pre>").count(), 1, "{twin}");
        assert!(twin.contains(&format!(
            "<pre>{}</pre>",
            escape(frames[0].text().trim_end())
        )));
        let said: Vec<&str> = twin.split("<p><strong>Frame ").skip(1).collect();
        assert_eq!(said.len(), n);
        let mut pits = 0;
        for (i, p) in said.iter().enumerate().skip(1) {
            let heading = escape(&frames[i].heading);
            assert!(
                p.starts_with(&format!("{} of {n}: {heading}</strong><br>", i + 1)),
                "{p}"
            );
            let line = &p[p.find("<br>").expect("heading") + 4..p.find("</p>").expect("p")];
            let words: Vec<&str> = line
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let (before, now) = (frames[i - 1].scene.board(), frames[i].scene.board());
            let mut changed = 0;
            for side in crate::engine::Side::BOTH {
                for pit in crate::engine::Pit::ALL {
                    let name = format!("{}{}", side.letter(), pit.number());
                    let at: Vec<usize> = (0..words.len()).filter(|&k| words[k] == name).collect();
                    if before.get(side, pit) == now.get(side, pit) {
                        assert!(at.is_empty(), "{name} did not change: {line}");
                    } else {
                        changed += 1;
                        assert_eq!(at.len(), 1, "{name} once: {line}");
                        assert_eq!(
                            words.get(at[0] + 1),
                            Some(&now.get(side, pit).to_string().as_str())
                        );
                    }
                }
            }
            if changed == 0 {
                assert_eq!(line, "No pit changed.");
            }
            pits += changed;
        }
        assert!(
            n >= 5 && pits >= 2 * (n - 2),
            "{n} frames, {pits} pits said"
        );
        // the twin that said every board whole
        let whole: usize = frames.iter().map(|f| escape(&f.text()).len()).sum();
        assert!(twin.len() * 2 < whole, "{} of {whole} bytes", twin.len());
    }

    /// On boards that name their pits, what a mark of the move means is
    /// said once for the figure, without its pits, when every frame that
    /// draws it names them in its heading or words and no other line of
    /// the figure has a mark of the same look (seeds lifted and E); every
    /// other line is said as before. On boards without pit names, every
    /// line keeps its pits.
    #[test]
    fn a_mark_is_said_once_a_figure_where_the_board_and_words_name_its_pits() {
        use crate::diagram::{Annotations, move_frames};
        use crate::engine::{Board, Move, Pit, Position, Rules, Side, trace};
        let labelled = Annotations {
            labels: true,
            ..Annotations::default()
        };
        // relays under McGill's rules; captures sown from E under the
        // modern rules (E and seeds lifted look alike: neither is said
        // without its pits)
        let (_, relays) = south_5_under_mcgill();
        // S11's 3 seeds end in S14, which captures from the pits facing it
        let mut south = [0; 16];
        (south[10], south[13]) = (3, 1);
        let pos = Position::new(Board::from_sides(south, [1; 16]), Side::South);
        let captures = trace(
            &Rules::MODERN,
            &pos,
            &Move::forward(Pit::new(11).expect("11")),
            100,
        )
        .expect("legal");
        let figures = [
            move_frames(&relays, &labelled, "mcgill-2015", &Rules::MCGILL_2015),
            move_frames(&captures, &labelled, "modern", &Rules::MODERN),
        ];
        let (mut general, mut kept) = (0, 0);
        for (fi, frames) in figures.iter().enumerate() {
            assert!(frames.len() >= 4, "{} frames", frames.len());
            let html = Figure::new(frames, None, None).html("a");
            let at = html.find("figure-key").expect("a figure key");
            let all: Vec<crate::diagram::KeyLine> =
                frames.iter().flat_map(|f| f.key_lines()).collect();
            let mut said = Vec::new();
            for f in frames {
                let own = &html[html
                    .find(&format!("data-frame=\"{}\"", f.name))
                    .expect("frame")..];
                let own = &own[..own.find("</li>\n").unwrap_or(own.len())];
                for k in f.key_lines() {
                    let Some(meaning) = &k.general else { continue };
                    // the line as the page writes it, after its picture
                    let text = |l: &str| format!("</svg>{}</li>", escape(l));
                    if own.contains(&text(&k.text)) {
                        kept += 1;
                        continue;
                    }
                    general += 1;
                    assert_eq!(html[at..].matches(&text(meaning)).count(), 1, "{meaning}");
                    for p in &k.pits {
                        let name = p.to_string();
                        assert!(
                            says(&f.heading, &name) || f.words.iter().any(|w| says(w, &name)),
                            "{} {name}",
                            f.name
                        );
                    }
                    assert!(
                        all.iter()
                            .filter(|o| o.swatch == k.swatch)
                            .all(|o| o.general.as_ref() == Some(meaning)),
                        "{meaning}: another line looks the same"
                    );
                    said.push(meaning.clone());
                }
            }
            // the modern move sows captured seeds from E: its lifted and E
            // lines keep their pits
            if fi == 1 {
                assert!(!said.iter().any(|m| m == "seeds lifted"), "{said:?}");
                assert!(all.iter().any(|k| k.text.contains(": E, where")));
            }
        }
        assert!(
            general >= 5 && kept >= 2,
            "{general} said once, {kept} kept"
        );
        // without the pits' names on the board: every line as it was
        let (frames, _) = long_move();
        let html = Figure::new(&frames, None, None).html("b");
        for f in &frames {
            for k in f.key_lines().iter().filter(|k| k.general.is_some()) {
                let text = format!("</svg>{}</li>", escape(&k.text));
                assert!(html.contains(&text), "{text}");
            }
        }
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
