//! Rendering a scene as a standalone, themeable SVG document.

use super::scene::{LapPath, Mark, Scene, SceneArrow, display_cell, pit_at_display, top_side};
use crate::markup::Markup;
use crate::narrate;
use crate::{Embed, HighlightStyle, Layout, PitRef, RenderOptions};
use omweso_engine::{Direction, Pit, Side};
use svg::node::Text as TextNode;
use svg::node::element::{
    Circle, Description, Group, Line, Path, Rectangle, Style, TSpan, Text, Title,
};

/// Width of every diagram, in user units.
pub(crate) const WIDTH: f64 = 640.0;
const MARGIN: f64 = 20.0;
const CELL: f64 = 72.0;
const PAD: f64 = 12.0;
const GAP: f64 = 18.0;
const PIT_R: f64 = 32.0;
const BOARD_W: f64 = 8.0 * CELL + 2.0 * PAD;
const BOARD_H: f64 = 4.0 * CELL + 2.0 * PAD + GAP;
/// The band above each row of pits where [`Layout::Sheet`] prints the
/// pits' names.
const NAME_BAND: f64 = 24.0;
/// From a pit's centre up to its name's baseline ([`Layout::Sheet`]):
/// clear of the pit's rim and of a ring round it.
const NAME_RISE: f64 = PIT_R + 10.0;
/// From a pit's centre to the lane outside it where its seeds are sown:
/// along the board's edge for the outer rows, along the centre line for
/// the inner rows, so that no path crosses a pit's count.
const LANE: f64 = 38.0;
/// How much further out a lap's second round runs.
const LANE_STEP: f64 = 4.0;
/// The captured seeds' way back to E runs this many steps out: on the
/// centre line beside the inner rows, clear of a lap's lanes.
const CAPTURE_LANE: f64 = 1.75;
/// The radius of a ring around a pit.
const RING: f64 = 35.5;
/// Space above the board for the top side's name, and below it for the
/// bottom side's (room for the phone size of the names).
const SIDE_ABOVE: f64 = 30.0;
const SIDE_BELOW: f64 = 32.0;
/// The line height of the key under the board (a standalone frame).
const KEY_LINE: f64 = 24.0;
const FOOTER_LINE: f64 = 19.0;
/// Characters per footer line (13px text over the board's width).
pub(crate) const FOOTER_CHARS: usize = 84;

/// Fixed formatting of a coordinate: at most one decimal, no `-0`.
/// Integer arithmetic: a float's exact decimal formatting is slow, and a
/// diagram writes hundreds of coordinates.
fn n(x: f64) -> String {
    let tenths = (x * 10.0).round();
    if !tenths.is_finite() || tenths.abs() >= 1e15 {
        return format!("{:.1}", tenths / 10.0);
    }
    let t = tenths as i64;
    let sign = if t < 0 { "-" } else { "" };
    let (whole, tenth) = (t.unsigned_abs() / 10, t.unsigned_abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

#[derive(Clone, Copy)]
struct Pt {
    x: f64,
    y: f64,
}

impl Pt {
    fn sub(self, o: Pt) -> Pt {
        Pt {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
    fn add(self, o: Pt) -> Pt {
        Pt {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
    fn scale(self, k: f64) -> Pt {
        Pt {
            x: self.x * k,
            y: self.y * k,
        }
    }
    fn len(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
    fn unit(self) -> Pt {
        let l = self.len();
        if l == 0.0 {
            Pt { x: 1.0, y: 0.0 }
        } else {
            self.scale(1.0 / l)
        }
    }
    fn perp(self) -> Pt {
        Pt {
            x: -self.y,
            y: self.x,
        }
    }
}

/// Page geometry of one scene.
struct Geo {
    seat: Side,
    board_y: f64,
    /// Pit numbers are drawn (inside the pits, above the counts).
    labels: bool,
    /// Every pit's name is printed on a band above it ([`Layout::Sheet`]):
    /// the band's height, else 0.
    band: f64,
    layout: Layout,
}

impl Geo {
    fn new(scene: &Scene, layout: Layout) -> Geo {
        let header_h = if scene.subheading.is_some() {
            66.0
        } else {
            46.0
        };
        let sheet = layout == Layout::Sheet;
        Geo {
            seat: scene.seat,
            board_y: header_h + SIDE_ABOVE,
            // the names on their bands stand for the numbers in the pits
            labels: scene.labels && !sheet,
            band: if sheet { NAME_BAND } else { 0.0 },
            layout,
        }
    }

    /// The names are printed above the pits ([`Layout::Sheet`]).
    fn names_above(&self) -> bool {
        self.band > 0.0
    }

    fn cell_centre(&self, row: usize, col: usize) -> Pt {
        let x = MARGIN + PAD + CELL / 2.0 + col as f64 * CELL;
        let y = self.board_y
            + PAD
            + self.band
            + CELL / 2.0
            + row as f64 * (CELL + self.band)
            + if row >= 2 { GAP } else { 0.0 };
        Pt { x, y }
    }

    /// The board's height (its name bands included).
    fn board_h(&self) -> f64 {
        BOARD_H + 4.0 * self.band
    }

    fn centre(&self, side: Side, pit: Pit) -> Pt {
        let (r, c) = display_cell(self.seat, side, pit);
        self.cell_centre(r, c)
    }

    fn board_bottom(&self) -> f64 {
        self.board_y + self.board_h()
    }

    /// The centre line between the two halves.
    fn middle(&self) -> f64 {
        self.board_y + PAD + 2.0 * (CELL + self.band) + GAP / 2.0
    }

    /// The point of a pit's lane beside it (`k`: 0 for a lap's first
    /// round, 1 further out).
    fn port(&self, side: Side, pit: Pit, k: f64) -> Pt {
        let (row, col) = display_cell(self.seat, side, pit);
        let c = self.cell_centre(row, col);
        // outer rows: towards the board's edge; inner rows: towards the
        // centre line; beyond the band of names above a row
        let (out, band) = if row == 0 || row == 2 {
            (-1.0, self.band)
        } else {
            (1.0, 0.0)
        };
        Pt {
            x: c.x,
            y: c.y + out * (LANE + band + k * LANE_STEP),
        }
    }

    /// The lane through `seq` (pits of one side, each next to the one
    /// before it in the order of sowing either way, and its round), round
    /// the ends of the side's rows outside the pits.
    fn lane(&self, side: Side, seq: &[(Pit, f64)]) -> Vec<Pt> {
        let mut pts: Vec<Pt> = Vec::with_capacity(seq.len() + 4);
        for (i, &(p, k)) in seq.iter().enumerate() {
            if i > 0 {
                let (q, kq) = seq[i - 1];
                let (rq, cq) = display_cell(self.seat, side, q);
                let (rp, _) = display_cell(self.seat, side, p);
                if rq != rp {
                    // round the end of the rows: out, along, back in
                    let kk = k.max(kq);
                    let h = if cq == 0 { -1.0 } else { 1.0 };
                    let x = self.cell_centre(rq, cq).x + h * (LANE + kk * LANE_STEP);
                    pts.push(Pt {
                        x,
                        y: self.port(side, q, kk).y,
                    });
                    pts.push(Pt {
                        x,
                        y: self.port(side, p, kk).y,
                    });
                }
            }
            pts.push(self.port(side, p, k));
        }
        pts.dedup_by(|a, b| (a.x - b.x).abs() < 0.01 && (a.y - b.y).abs() < 0.01);
        pts
    }
}

/// A text element at (`x`, `y`); a coordinate of 0 (the default) is not
/// written.
fn text(class: &str, x: f64, y: f64, content: &str) -> Text {
    let mut t = Text::new(content).set("class", class);
    let (x, y) = (n(x), n(y));
    if x != "0" {
        t = t.set("x", x);
    }
    if y != "0" {
        t = t.set("y", y);
    }
    t
}

/// A circle centred at `c`; a coordinate of 0 (the default, as in a
/// shared drawing centred on its origin) is not written.
fn circle(class: &str, c: Pt, r: f64) -> Circle {
    let mut e = Circle::new().set("class", class);
    // 0, the default, left out
    let (x, y) = (n(c.x), n(c.y));
    if x != "0" {
        e = e.set("cx", x);
    }
    if y != "0" {
        e = e.set("cy", y);
    }
    e.set("r", n(r))
}

/// Wrap prose to lines of at most `width` characters (longer words stand
/// alone).
pub(crate) fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in s.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// Where the parts of a full frame go below the board: the first line of
/// the key, the first line of the words, and the picture's height.
struct Below {
    key_y: f64,
    footer_y: f64,
    height: f64,
}

fn below(geo: &Geo, key_lines: usize, footer_lines: usize) -> Below {
    let key_y = geo.board_bottom() + SIDE_BELOW + 20.0;
    let footer_y = key_y + key_lines as f64 * KEY_LINE;
    let height = if footer_lines > 0 {
        footer_y + (footer_lines - 1) as f64 * FOOTER_LINE + 16.0
    } else if key_lines > 0 {
        footer_y - KEY_LINE + 16.0
    } else {
        geo.board_bottom() + SIDE_BELOW + 4.0
    };
    Below {
        key_y,
        footer_y,
        height,
    }
}

/// The part of the picture drawn (left, top, width, height): everything,
/// or the board between its side names.
fn shown(geo: &Geo, layout: Layout, height: f64) -> (f64, f64, f64, f64) {
    match layout {
        Layout::Full => (0.0, 0.0, WIDTH, height),
        Layout::Board | Layout::Sheet => {
            let top = geo.board_y - SIDE_ABOVE;
            (
                MARGIN - 4.0,
                top,
                BOARD_W + 8.0,
                geo.board_bottom() + SIDE_BELOW - top,
            )
        }
    }
}

/// The footer's lines of a full frame.
fn footer_lines(scene: &Scene) -> Vec<String> {
    scene
        .footer
        .iter()
        .flat_map(|f| wrap(f, FOOTER_CHARS))
        .collect()
}

/// The size (width, height) of a scene's picture in user units.
pub(crate) fn size(scene: &Scene, layout: Layout) -> (f64, f64) {
    let geo = Geo::new(scene, layout);
    let b = below(&geo, key_lines(scene).len(), footer_lines(scene).len());
    let (_, _, w, h) = shown(&geo, layout, b.height);
    (w, h)
}

pub(crate) fn render(scene: &Scene, title: &str, desc: &str, opts: &RenderOptions) -> String {
    let mut out = Markup::with_capacity(16 * 1024);
    render_into(scene, title, desc, opts, None, &mut out);
    // nothing refers to shared definitions: no slot to fill
    out.to_string_with("")
}

/// What the frames of one figure drawn so far have defined (in their
/// `<defs>`), for the next frames to `<use>`: the pit, the boards (as
/// drawn), the counts (a number, and a small one's seeds as dots), the
/// marks, the dot where a lap starts, and each frame's background, side names and
/// board together.
///
/// Each definition's name stands for one drawing whatever the figure, so
/// that a page can hold each once for all its figures
/// ([`crate::Markup::write_once`]): the pit is `p` (0); a small count `k`
/// is `k{k}` (1 to 7); a board is `b{code}` (8 to 263), its code telling
/// what it depends on (see [`board_code`]); the dot where a lap starts
/// is `o` (265: the dots where seeds fall are one path a frame, and 264,
/// once the dot `d` they used, is no longer given); a large count is
/// `c{k}` (266 + k); the counts of a row of the board, or of half a row,
/// that several frames of the figure show alike are `r{key}`, the key
/// holding the part's place and its counts exactly (see [`part_key`], bit
/// 63 set); a mark is `m…` ([`MarkItem::def_name`], bit 60); a frame's
/// background, side names and board are `f{key}` ([`base_key`], bit 59).
/// (The keys' pictures, [`crate::Swatch::push`], use names with bit 62.)
#[derive(Default)]
pub(crate) struct Shared {
    done: crate::Defined,
    /// The keys of the parts (rows, and halves of the rows that are not
    /// shared whole) shown alike by more than one frame, in order.
    repeated: Vec<u64>,
}

/// The keys of parts ([`part_key`]) among `keys` worth drawing once and
/// referring to, in order: those shown often enough that the references
/// and the definition (about 25 and 40 bytes) cost less than drawing the
/// part each time (about 34 bytes a pit holding seeds).
fn repeated_keys(mut keys: Vec<u64>) -> Vec<u64> {
    keys.sort_unstable();
    let mut repeated = Vec::new();
    for run in keys.chunk_by(|a, b| a == b) {
        let times = run.len() as u64;
        let pits = (0..8).filter(|i| (run[0] >> (6 * i)) & 63 != 0).count() as u64;
        if times > 1 && (times - 1) * 34 * pits > 40 + 25 * times {
            repeated.push(run[0]);
        }
    }
    repeated
}

impl Shared {
    /// For the frames of one figure, drawn from these scenes.
    pub(crate) fn new<'a>(scenes: impl Iterator<Item = &'a Scene>, layout: Layout) -> Shared {
        let scenes: Vec<&Scene> = scenes.collect();
        let rows = repeated_keys(
            scenes
                .iter()
                .flat_map(|scene| (0..4).filter_map(move |row| part_key(scene, layout, row)))
                .collect(),
        );
        // the halves of the rows not drawn by reference
        let halves = repeated_keys(
            scenes
                .iter()
                .flat_map(|scene| {
                    let rows = &rows;
                    (0..4)
                        .filter(move |&row| {
                            part_key(scene, layout, row)
                                .is_none_or(|k| rows.binary_search(&k).is_err())
                        })
                        .flat_map(move |row| {
                            [4 + 2 * row, 5 + 2 * row]
                                .into_iter()
                                .filter_map(move |part| part_key(scene, layout, part))
                        })
                })
                .collect(),
        );
        let mut repeated = rows;
        repeated.extend(halves);
        repeated.sort_unstable();
        Shared {
            done: crate::Defined::default(),
            repeated,
        }
    }

    /// Whether the part `key` is shown by more than one frame.
    fn repeated(&self, key: u64) -> bool {
        self.repeated.binary_search(&key).is_ok()
    }

    /// The parts of a scene's counts drawn by reference, in order: a row
    /// (0 to 3) shown alike by other frames, else either half of it (4 to
    /// 11) that is.
    fn parts(&self, scene: &Scene, layout: Layout) -> Vec<usize> {
        let mut parts = Vec::new();
        for row in 0..4 {
            if part_key(scene, layout, row).is_some_and(|k| self.repeated(k)) {
                parts.push(row);
                continue;
            }
            for part in [4 + 2 * row, 5 + 2 * row] {
                if part_key(scene, layout, part).is_some_and(|k| self.repeated(k)) {
                    parts.push(part);
                }
            }
        }
        parts
    }
}

/// The cells of a part of the board's counts: a display row (0 to 3), or
/// the left or right half of one (4 to 11: row `(part - 4) / 2`).
fn part_cells(part: usize) -> (usize, std::ops::Range<usize>) {
    if part < 4 {
        (part, 0..8)
    } else {
        let (row, half) = ((part - 4) / 2, (part - 4) % 2);
        (row, half * 4..half * 4 + 4)
    }
}

/// The id of a part's shared drawing (after the figure's prefix).
fn part_id(key: u64) -> String {
    format!("r{:x}", key & !(1 << 63))
}

/// The name of the counts of a part of a scene's board ([`part_cells`]),
/// holding exactly what they look like: the part's place (the board's
/// place follows from whether the scene has a subheading), whether the
/// pits are numbered (the counts then sit lower), whether the board is a
/// sheet's ([`Layout::Sheet`]: rows further apart, counts as numerals)
/// and its counts, six bits each. None when the part is empty or a count
/// is over 63.
fn part_key(scene: &Scene, layout: Layout, part: usize) -> Option<u64> {
    let (row, cols) = part_cells(part);
    let mut key = 0u64;
    let mut any = false;
    for (i, col) in cols.enumerate() {
        let (side, pit) = pit_at_display(scene.seat, row, col);
        let k = scene.board.get(side, pit) as u64;
        if k > 63 {
            return None;
        }
        any |= k > 0;
        key |= k << (6 * i);
    }
    any.then_some(
        1 << 63
            | ((layout == Layout::Sheet) as u64) << 54
            | (scene.labels as u64) << 53
            | (scene.subheading.is_some() as u64) << 52
            | (part as u64) << 48
            | key,
    )
}

/// What a board as drawn depends on, as a number below 256: whether the
/// scene has a subheading (the board's place), the seat, the pit labels,
/// whether it is dimmed (under a banner), whether it is a sheet's
/// ([`Layout::Sheet`]), the side to move (whose names are bold) and
/// whether its left-hand pits are shaded.
fn board_code(scene: &Scene, layout: Layout) -> u8 {
    let sheet = layout == Layout::Sheet;
    let mover = match scene.mover {
        Some(Side::South) if sheet => 1,
        Some(Side::North) if sheet => 2,
        _ => 0,
    };
    (scene.left_hand.is_some() as u8) << 7
        | mover << 5
        | (sheet as u8) << 4
        | scene.subheading.is_some() as u8
        | ((scene.seat == Side::North) as u8) << 1
        | (scene.labels as u8) << 2
        | (scene.banner.is_some() as u8) << 3
}

/// The name of the pit's definition.
const PIT_DEF: u64 = 0;
/// The name of a small count's definition.
fn count_def(k: usize) -> u64 {
    1 + k as u64
}
/// The name of a large count's definition (past [`START_DEF`]).
fn big_count_def(k: usize) -> u64 {
    266 + k as u64
}
/// The name of a board's definition (8 to 263).
fn board_def(code: u8) -> u64 {
    8 + code as u64
}

/// A shared definition `<g id="PREFIX{id}">` of `body`, added to `out`
/// under `name` (the definitions added one after the other are written in
/// one `<defs>`: [`Markup::push_def`]).
fn define(out: &mut Markup, name: u64, id: &str, body: &Markup) {
    let mut def = Markup::with_capacity(body.len_with(0) + 64);
    def.push_str("\n<g id=\"");
    def.push_prefix();
    def.push_str(id);
    def.push_str("\">");
    def.append(body);
    def.push_str("</g>");
    out.push_def(name, &def);
}

/// [`define`] for a drawing that its name alone decides (the pit, a board,
/// a count, a mark, a dot: never a part of a frame's counts or its
/// background, which vary with the position): drawn once a thread and
/// kept, its definition then copied into each figure that needs it. The
/// names of such drawings are a few hundred at most (see [`board_def`]
/// and the others), so the memory kept is bounded.
fn define_drawn(out: &mut Markup, name: u64, id: &str, draw: impl FnOnce() -> Markup) {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    thread_local! {
        static DRAWN: RefCell<BTreeMap<u64, Markup>> = const { RefCell::new(BTreeMap::new()) };
    }
    DRAWN.with_borrow_mut(|drawn| {
        let def = drawn.entry(name).or_insert_with(|| {
            let mut def = Markup::default();
            define(&mut def, name, id, &draw());
            def
        });
        out.append(def);
    });
}

/// Counts up to this many are drawn with their seeds as dots.
const SMALL_COUNT: usize = 6;

/// Add a child element (on its own line, as the `svg` crate writes them).
fn add(out: &mut Markup, node: impl std::fmt::Display) {
    use std::fmt::Write;
    // written in place, without a string of its own
    let _ = write!(out, "\n{node}");
}

/// A reference to the shared definition `name` (its id: the figure's
/// prefix and `name`), at `at` if given.
fn use_of(out: &mut Markup, name: &str, at: Option<Pt>) {
    out.push_str("\n<use href=\"#");
    out.push_prefix();
    out.push_str(name);
    out.push_str("\"");
    if let Some(p) = at {
        // (0, the default, is not written)
        for (attr, v) in [(" x=\"", p.x), (" y=\"", p.y)] {
            let v = n(v);
            if v != "0" {
                out.push_str(attr);
                out.push_str(&v);
                out.push_str("\"");
            }
        }
    }
    out.push_str("/>");
}

/// The scene as an SVG document into `out`. With `shared`, the board and
/// the small counts are drawn once for all the frames of a figure: defined
/// in the `<defs>` of the first frame that shows them and `<use>`d.
/// The scene as an SVG document into `out`. With `shared`, the board and
/// the small counts are drawn once for all the frames of a figure: defined
/// in the `<defs>` of the first frame that shows them and `<use>`d.
pub(crate) fn render_into(
    scene: &Scene,
    title: &str,
    desc: &str,
    opts: &RenderOptions,
    shared: Option<&mut Shared>,
    out: &mut Markup,
) {
    let geo = Geo::new(scene, opts.layout);
    let full = opts.layout == Layout::Full;
    let (footer, keys) = if full {
        (footer_lines(scene), key_lines(scene))
    } else {
        (Vec::new(), Vec::new())
    };
    let b = below(&geo, keys.len(), footer.len());
    let (left, top, width, height) = shown(&geo, opts.layout, b.height);

    // the root element, its attributes in the order the `svg` crate writes
    // them (by name)
    out.push_str("<svg class=\"omw-diagram\"");
    if let Some(w) = opts.width {
        out.push_str(&format!(" height=\"{}\"", n(w * height / width)));
    }
    out.push_str(&format!(
        " role=\"img\" viewBox=\"{} {} {} {}\"",
        n(left),
        n(top),
        n(width),
        n(height)
    ));
    if let Some(w) = opts.width {
        out.push_str(&format!(" width=\"{}\"", n(w)));
    }
    out.push_str(" xmlns=\"http://www.w3.org/2000/svg\">");
    add(out, Title::new(title));
    // what the frame shows, in words: optional in a page that says it
    // beside the picture
    let mut words = Markup::default();
    add(&mut words, Description::new().add(TextNode::new(desc)));
    out.push_optional(&words);
    if opts.embed == Embed::Standalone {
        add(
            out,
            Style::new(opts.theme.stylesheet_for(opts.layout, None)),
        );
    }

    // what this frame shares with the others of its figure (and of its
    // page): the pit, the board and the counts it shows
    let code = board_code(scene, opts.layout);
    let is_shared = shared.is_some();
    // the parts of the counts drawn by reference
    let mut sh_parts: Option<Vec<usize>> = None;
    if let Some(sh) = shared {
        let parts = sh.parts(scene, opts.layout);
        if !sh.done.has(PIT_DEF) {
            sh.done.add(PIT_DEF);
            define_drawn(out, PIT_DEF, "p", || {
                let c = Pt { x: 0.0, y: 0.0 };
                let mut body = Markup::default();
                add(&mut body, circle("omw-pit", c, PIT_R));
                add(&mut body, pit_shade(c));
                body.push_str("\n");
                body
            });
        }
        if !sh.done.has(board_def(code)) {
            sh.done.add(board_def(code));
            define_drawn(out, board_def(code), &format!("b{code}"), || {
                board(scene, &geo, true)
            });
        }
        for (_, _, k) in pit_counts(scene, &geo) {
            // (a sheet's counts are numerals only)
            if k <= SMALL_COUNT && !geo.names_above() && !sh.done.has(count_def(k)) {
                sh.done.add(count_def(k));
                define_drawn(out, count_def(k), &format!("k{k}"), || {
                    let mut body = Markup::default();
                    let (t, dots) = small_count(k, Pt { x: 0.0, y: 0.0 });
                    add(&mut body, t);
                    dot_path(&mut body, "omw-seeds", &dots);
                    body.push_str("\n");
                    body
                });
            }
            if k > SMALL_COUNT && !geo.names_above() && !sh.done.has(big_count_def(k)) {
                sh.done.add(big_count_def(k));
                define_drawn(out, big_count_def(k), &format!("c{k}"), || {
                    let mut body = Markup::default();
                    big_count(k, Pt { x: 0.0, y: 0.0 }, &mut body);
                    body.push_str("\n");
                    body
                });
            }
        }
        for &part in &parts {
            let key = part_key(scene, opts.layout, part).expect("a shared part");
            if !sh.done.has(key) {
                sh.done.add(key);
                let mut body = Markup::default();
                part_counts(scene, &geo, part, true, &mut body);
                body.push_str("\n");
                define(out, key, &part_id(key), &body);
            }
        }
        sh_parts = Some(parts);
        for m in mark_items(scene, &geo) {
            if !sh.done.has(m.def_name()) {
                sh.done.add(m.def_name());
                define_drawn(out, m.def_name(), &m.def_id(), || {
                    let mut body = Markup::default();
                    m.shapes(Pt { x: 0.0, y: 0.0 }, &mut body);
                    body.push_str("\n");
                    body
                });
            }
        }
        // the dot where the lap starts (those where seeds fall are one
        // path a frame)
        if scene.path.is_some() && !sh.done.has(START_DEF) {
            sh.done.add(START_DEF);
            define_drawn(out, START_DEF, START_ID, || {
                let mut body = Markup::default();
                add(
                    &mut body,
                    circle("omw-path-start", Pt { x: 0.0, y: 0.0 }, START_R),
                );
                body.push_str("\n");
                body
            });
        }
        if let Some(key) = base_key(scene, opts.layout, code)
            && !sh.done.has(key)
        {
            sh.done.add(key);
            let mut body = Markup::default();
            base(
                scene,
                &geo,
                (left, top, width, height),
                Some(code),
                &mut body,
            );
            body.push_str("\n");
            define(out, key, &format!("f{:x}", key & !(1 << 59)), &body);
        }
    }

    match base_key(scene, opts.layout, code).filter(|_| is_shared) {
        Some(key) => use_of(out, &format!("f{:x}", key & !(1 << 59)), None),
        None => base(
            scene,
            &geo,
            (left, top, width, height),
            is_shared.then_some(code),
            out,
        ),
    }

    // the marks outside the pits, the lanes, then the counts inside them:
    // nothing is drawn over a count or a pit's number
    marks(scene, &geo, is_shared, out);
    if let Some(p) = &scene.path {
        lap_path(p, &geo, is_shared, out);
    }
    for a in &scene.arrows {
        arrow(a, &geo, out);
    }
    counts(scene, &geo, sh_parts.as_deref(), out);
    if let Some(b) = scene.banner.as_ref().filter(|_| full) {
        add(out, banner(b, &geo));
    }
    for (i, (look, line)) in keys.iter().enumerate() {
        let y = b.key_y + i as f64 * KEY_LINE;
        if let Some(look) = look {
            let mut g = Group::new().set("class", "omw-key");
            for shape in swatch_shapes(look, Pt { x: 0.0, y: 0.0 }) {
                g = g.add(shape);
            }
            add(
                out,
                g.set(
                    "transform",
                    format!("translate({} {}) scale(0.3)", n(MARGIN + 11.0), n(y - 4.5)),
                ),
            );
        }
        add(out, text("omw-key-text", MARGIN + 28.0, y, line));
    }
    for (i, line) in footer.iter().enumerate() {
        add(
            out,
            text(
                "omw-footer",
                MARGIN,
                b.footer_y + i as f64 * FOOTER_LINE,
                line,
            ),
        );
    }
    out.push_str("\n</svg>\n");
}

/// What every frame draws under its marks, counts and lanes: the
/// background of the part `shown` (left, top, width, height), the heading
/// of a full frame, the side names and the board (a `<use>` of the
/// shared board `b{code}` when given).
fn base(scene: &Scene, geo: &Geo, shown: (f64, f64, f64, f64), code: Option<u8>, out: &mut Markup) {
    let (left, top, width, height) = shown;
    add(
        out,
        Rectangle::new()
            .set("class", "omw-bg")
            .set("x", n(left))
            .set("y", n(top))
            .set("width", n(width))
            .set("height", n(height)),
    );
    if geo.layout == Layout::Full {
        add(out, text("omw-heading", MARGIN, 30.0, &scene.heading));
        if let Some(sub) = &scene.subheading {
            add(out, text("omw-subheading", MARGIN, 52.0, sub));
        }
    }
    // side names
    let top_side = top_side(scene.seat);
    add(out, side_label(scene, geo, top_side, geo.board_y - 9.0));
    add(
        out,
        side_label(scene, geo, scene.seat, geo.board_bottom() + 23.0),
    );
    match code {
        Some(code) => use_of(out, &format!("b{code}"), None),
        None => {
            out.push_str("\n");
            out.append(&board(scene, geo, false));
        }
    }
}

/// The name of the shared drawing of a frame's [`base`], holding exactly
/// what it draws: the board as drawn (`code`, [`board_code`]), the layout,
/// the side to move and each side's seeds (which the side names say).
/// None for a full frame ([`Layout::Full`]), whose background's height
/// and heading are its own.
fn base_key(scene: &Scene, layout: Layout, code: u8) -> Option<u64> {
    let layout = match layout {
        Layout::Full => return None,
        Layout::Board => 1u64,
        Layout::Sheet => 2,
    };
    let mover = match scene.mover {
        None => 0u64,
        Some(Side::South) => 1,
        Some(Side::North) => 2,
    };
    let south = scene.board.side_total(Side::South) as u64 & 0xffff;
    let north = scene.board.side_total(Side::North) as u64 & 0xffff;
    Some(1 << 59 | layout << 50 | (code as u64) << 40 | mover << 32 | south << 16 | north)
}

/// A side's name, with its seeds (and whether it is to move) unless the
/// board is empty: an empty board illustrates the board itself.
/// On a sheet's board ([`Layout::Sheet`]) the words are larger, to be read
/// at the size of a printed board.
fn side_label(scene: &Scene, geo: &Geo, side: Side, y: f64) -> Text {
    let sheet = geo.layout == Layout::Sheet;
    // the name is the text's own (no `<tspan>` of its own), the rest a
    // `<tspan>` after it
    let t = Text::new(side.title())
        .set(
            "class",
            if sheet {
                "omw-side omw-side-sheet"
            } else {
                "omw-side"
            },
        )
        .set("x", n(MARGIN + 2.0))
        .set("y", n(y));
    match side_info(scene, side) {
        Some(info) => t.add(TSpan::new(format!(" · {info}")).set(
            "class",
            if sheet {
                "omw-side-info omw-side-info-sheet"
            } else {
                "omw-side-info"
            },
        )),
        None => t,
    }
}

/// What a side's name says besides the name: `9 seeds · to move`; None on
/// an empty board.
pub(crate) fn side_info(scene: &Scene, side: Side) -> Option<String> {
    if scene.board.side_total(Side::South) + scene.board.side_total(Side::North) == 0 {
        return None;
    }
    let mut info = narrate::seeds(scene.board.side_total(side) as u64);
    if scene.mover == Some(side) {
        info.push_str(" · to move");
    }
    Some(info)
}

/// The board: its outline, reverse zones, groove and pits (with their
/// numbers if labelled). `shared`: the pits `<use>` the figure's pit.
fn board(scene: &Scene, geo: &Geo, shared: bool) -> Markup {
    let mut g = Group::new().set("class", "omw-board-group");
    g = g.add(
        Rectangle::new()
            .set("class", "omw-board")
            .set("x", n(MARGIN))
            .set("y", n(geo.board_y))
            .set("width", n(BOARD_W))
            .set("height", n(geo.board_h()))
            .set("rx", 14),
    );
    // the reverse zones: each side's four left-hand pits (1, 2, 15, 16),
    // under rules with clockwise sowing (the key then says what they are)
    let zones: &[Side] = if scene.left_hand.is_some() {
        &Side::BOTH
    } else {
        &[]
    };
    for &side in zones {
        let cells: Vec<Pt> = [1u8, 2, 15, 16]
            .iter()
            .map(|&p| geo.centre(side, Pit::new(p).expect("pit")))
            .collect();
        let x0 = cells.iter().map(|p| p.x).fold(f64::MAX, f64::min) - CELL / 2.0 + 2.0;
        let x1 = cells.iter().map(|p| p.x).fold(f64::MIN, f64::max) + CELL / 2.0 - 2.0;
        // (the names above the pits inside)
        let y0 = cells.iter().map(|p| p.y).fold(f64::MAX, f64::min) - CELL / 2.0 - geo.band + 2.0;
        let y1 = cells.iter().map(|p| p.y).fold(f64::MIN, f64::max) + CELL / 2.0 - 2.0;
        g = g.add(
            Rectangle::new()
                .set("class", "omw-reverse-zone")
                .set("x", n(x0))
                .set("y", n(y0))
                .set("width", n(x1 - x0))
                .set("height", n(y1 - y0))
                .set("rx", 12),
        );
    }
    // the centre line between the two sides
    let mid = geo.middle();
    g = g.add(
        Line::new()
            .set("class", "omw-groove")
            .set("x1", n(MARGIN + PAD))
            .set("y1", n(mid))
            .set("x2", n(MARGIN + BOARD_W - PAD))
            .set("y2", n(mid)),
    );
    let mut out = Markup::with_capacity(4096);
    if !shared {
        let mut pits = Group::new();
        if scene.banner.is_some() {
            pits = pits.set("class", "omw-dim");
        }
        for row in 0..4 {
            for col in 0..8 {
                let c = geo.cell_centre(row, col);
                pits = pits.add(circle("omw-pit", c, PIT_R)).add(pit_shade(c));
                if let Some(t) = pit_label(scene, geo, row, col) {
                    pits = pits.add(t);
                }
            }
        }
        out.push_str(&g.add(pits).to_string());
        return out;
    }
    // the group's own children as the `svg` crate writes them, then the pits
    let mut whole = g.to_string();
    whole.truncate(whole.len() - "\n</g>".len());
    out.push_str(&whole);
    out.push_str(if scene.banner.is_some() {
        "\n<g class=\"omw-dim\">"
    } else {
        "\n<g>"
    });
    // each pit's number right after it: the pages' scripts find a pit's
    // centre from the element before its number (omweso-try.js)
    for row in 0..4 {
        for col in 0..8 {
            let c = geo.cell_centre(row, col);
            use_of(&mut out, "p", Some(c));
            if let Some(t) = pit_label(scene, geo, row, col) {
                add(&mut out, t);
            }
        }
    }
    out.push_str("\n</g>\n</g>");
    out
}

/// A carved look: a shaded arc along the upper rim of the pit at `c`.
fn pit_shade(c: Pt) -> Path {
    let a0 = 205f64.to_radians();
    let a1 = 335f64.to_radians();
    let r = PIT_R - 3.0;
    Path::new().set("class", "omw-pit-shade").set(
        "d",
        format!(
            "M{} {}A{} {} 0 0 1 {} {}",
            n(c.x + r * a0.cos()),
            n(c.y + r * a0.sin()),
            n(r),
            n(r),
            n(c.x + r * a1.cos()),
            n(c.y + r * a1.sin())
        ),
    )
}

/// How much lower a pit's count is drawn (a small count with its seeds, a
/// large one) when the pit's number stands above it: far enough that, at
/// the phone's sizes of the theme, the number's box and the count's do not
/// meet, and the number stays within the pit's rim.
fn count_shift(geo: &Geo) -> (f64, f64) {
    if geo.labels { (12.5, 9.5) } else { (0.0, 0.0) }
}

/// The number of the pit in a display cell, if the board is labelled:
/// inside the pit, above its count; on a sheet's board ([`Layout::Sheet`])
/// every pit's name, centred on the band above it, the side to move's in
/// bold.
fn pit_label(scene: &Scene, geo: &Geo, row: usize, col: usize) -> Option<Text> {
    let c = geo.cell_centre(row, col);
    let (side, pit) = pit_at_display(scene.seat, row, col);
    if geo.names_above() {
        let class = if scene.mover == Some(side) {
            "omw-pitname omw-pitname-mover"
        } else {
            "omw-pitname"
        };
        return Some(text(class, c.x, c.y - NAME_RISE, &narrate::pit(side, pit)));
    }
    if !geo.labels {
        return None;
    }
    Some(text("omw-pitno", c.x, c.y - 10.0, &narrate::pit(side, pit)))
}

/// The pits holding seeds: (centre, display cell, count), row by row.
fn pit_counts(scene: &Scene, geo: &Geo) -> Vec<(Pt, (usize, usize), usize)> {
    let mut v = Vec::with_capacity(32);
    for row in 0..4 {
        for col in 0..8 {
            let (side, pit) = pit_at_display(scene.seat, row, col);
            let k = scene.board.get(side, pit) as usize;
            if k > 0 {
                v.push((geo.cell_centre(row, col), (row, col), k));
            }
        }
    }
    v
}

/// A small count (up to [`SMALL_COUNT`]) at `c`: its number and its seeds
/// as dots, one row up to three, else two rows.
fn small_count(k: usize, c: Pt) -> (Text, Vec<Pt>) {
    let t = text("omw-count", c.x, c.y + 3.0, &k.to_string());
    let rows: Vec<usize> = if k <= 3 {
        vec![k]
    } else {
        vec![k.div_ceil(2), k / 2]
    };
    let ys: Vec<f64> = if rows.len() == 1 {
        vec![c.y + 12.0]
    } else {
        vec![c.y + 9.5, c.y + 15.5]
    };
    let mut dots = Vec::with_capacity(k);
    for (cnt, y) in rows.iter().zip(ys) {
        let w = (*cnt as f64 - 1.0) * 7.5;
        for i in 0..*cnt {
            let x = c.x - w / 2.0 + i as f64 * 7.5;
            dots.push(Pt { x, y });
        }
    }
    (t, dots)
}

/// The counts of the pits. With `shared` (the frames of a figure), each
/// `<use>`s its shared definition, and the parts listed in it
/// ([`Shared::parts`]) `<use>` theirs.
fn counts(scene: &Scene, geo: &Geo, shared: Option<&[usize]>, out: &mut Markup) {
    if pit_counts(scene, geo).is_empty() {
        return;
    }
    // in a group only to be dimmed (under a banner)
    let dim = scene.banner.is_some();
    if dim {
        out.push_str("\n<g class=\"omw-dim\">");
    }
    let by_reference = shared.unwrap_or(&[]);
    for row in 0..4 {
        // the row, or each half of it, by reference or pit by pit
        let parts = if by_reference.contains(&row) {
            vec![row]
        } else {
            vec![4 + 2 * row, 5 + 2 * row]
        };
        for part in parts {
            if by_reference.contains(&part) {
                let key = part_key(scene, geo.layout, part).expect("a shared part");
                use_of(out, &part_id(key), None);
            } else {
                part_counts(scene, geo, part, shared.is_some(), out);
            }
        }
    }
    if dim {
        out.push_str("\n</g>");
    }
}

/// The counts of a part of the board ([`part_cells`]); `shared`: each
/// `<use>`s its shared definition.
fn part_counts(scene: &Scene, geo: &Geo, part: usize, shared: bool, out: &mut Markup) {
    let (small, big) = count_shift(geo);
    let (row, cols) = part_cells(part);
    for col in cols {
        let (side, pit) = pit_at_display(scene.seat, row, col);
        let k = scene.board.get(side, pit) as usize;
        if k == 0 {
            continue;
        }
        let c = geo.cell_centre(row, col);
        if geo.names_above() {
            // a sheet's board: every count a numeral, large enough to read
            // on paper (a number needs no escaping)
            use std::fmt::Write;
            let _ = write!(
                out,
                "\n<text class=\"omw-count omw-count-sheet\" x=\"{}\" y=\"{}\">\n{k}\n</text>",
                n(c.x),
                n(c.y + 9.0)
            );
            continue;
        }
        let dy = if k <= SMALL_COUNT { small } else { big };
        let c = Pt {
            x: c.x,
            y: c.y + dy,
        };
        if k <= SMALL_COUNT {
            if shared {
                use_of(out, &format!("k{k}"), Some(c));
            } else {
                let (t, dots) = small_count(k, c);
                add(out, t);
                for d in dots {
                    add(out, circle("omw-seed", d, 2.6));
                }
            }
        } else if shared {
            use_of(out, &format!("c{k}"), Some(c));
        } else {
            big_count(k, c, out);
        }
    }
}

/// A large count (past [`SMALL_COUNT`]) at `c`: its number alone.
fn big_count(k: usize, c: Pt, out: &mut Markup) {
    // written directly (a number needs no escaping), as the `svg` crate
    // writes `text("omw-count omw-count-big", …)`
    use std::fmt::Write;
    out.push_str("\n<text class=\"omw-count omw-count-big\"");
    if n(c.x) != "0" {
        let _ = write!(out, " x=\"{}\"", n(c.x));
    }
    let _ = write!(out, " y=\"{}\">\n{k}\n</text>", n(c.y + 8.0));
}

/// A line through `pts`.
fn polyline(class: &str, pts: &[Pt]) -> Path {
    let mut d = String::with_capacity(pts.len() * 12);
    for (i, q) in pts.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        d.push_str(&n(q.x));
        d.push(' ');
        d.push_str(&n(q.y));
    }
    Path::new().set("class", class).set("d", d)
}

/// `pts` with its last point drawn back by `by` along the last segment
/// (where an arrowhead goes), and the head's tip and direction.
fn for_head(mut pts: Vec<Pt>, by: f64) -> (Vec<Pt>, Pt, Pt) {
    let last = pts.len() - 1;
    let tip = pts[last];
    let mut i = last;
    while i > 0 && pts[i - 1].sub(tip).len() < 0.5 {
        i -= 1;
    }
    let dir = if i == 0 {
        Pt { x: 1.0, y: 0.0 }
    } else {
        tip.sub(pts[i - 1]).unit()
    };
    pts[last] = tip.sub(dir.scale(by));
    (pts, tip, dir)
}

/// A lap's seeds along the lane outside the pits: a dot where the lap
/// starts (E), a small dot at every pit a seed falls into, and the head at
/// the pit of the last seed; a later round runs further out. With
/// `shared`, the dots are `<use>`s of their shared drawings.
fn lap_path(p: &LapPath, geo: &Geo, shared: bool, out: &mut Markup) {
    let cw = p.direction == Direction::Clockwise;
    let mut seq: Vec<(Pit, f64)> = Vec::with_capacity(p.sown.len() + 1);
    seq.push((p.from, 0.0));
    for (i, pit) in p.sown.iter().enumerate() {
        // the 16th seed and after go round again
        let round = ((i + 1) / 16).min(1) as f64;
        seq.push((*pit, round));
    }
    let pts = geo.lane(p.side, &seq);
    let head = 11.0;
    let (line, tip, dir) = for_head(pts, if cw { 1.5 } else { head - 1.0 });
    add(
        out,
        polyline(if cw { "omw-path-cw" } else { "omw-path" }, &line),
    );
    // where each seed falls (the last one under the head): in a figure's
    // frames one path of dots
    let sown: Vec<Pt> = seq[1..seq.len() - 1]
        .iter()
        .map(|&(pit, k)| geo.port(p.side, pit, k))
        .collect();
    if shared {
        dot_path(out, "omw-sown-dots", &sown);
    } else {
        for &at in &sown {
            add(out, circle("omw-sown", at, SOWN_R));
        }
    }
    let start = geo.port(p.side, p.from, 0.0);
    if shared {
        use_of(out, START_ID, Some(start));
    } else {
        add(out, circle("omw-path-start", start, START_R));
    }
    let base = tip.sub(dir.scale(head));
    let side = dir.perp().scale(if cw { 6.5 } else { 6.0 });
    let (a, b) = (base.add(side), base.sub(side));
    if cw {
        // an open chevron for clockwise laps
        add(
            out,
            Path::new().set("class", "omw-head-cw").set(
                "d",
                format!(
                    "M{} {}L{} {}L{} {}",
                    n(a.x),
                    n(a.y),
                    n(tip.x),
                    n(tip.y),
                    n(b.x),
                    n(b.y)
                ),
            ),
        );
    } else {
        add(out, triangle("omw-head", tip, a, b));
    }
}

/// Dots at `pts` as one path (`class` draws each point of it as a round
/// dot: a round cap on a zero-length line, as wide as the dot), nothing
/// if there are none: the shared drawings' seeds and a figure's frames'
/// dots where seeds fall, the same discs as [`circle`]s in fewer bytes.
fn dot_path(out: &mut Markup, class: &str, pts: &[Pt]) {
    if pts.is_empty() {
        return;
    }
    let mut d = String::with_capacity(pts.len() * 12);
    for p in pts {
        d.push('M');
        d.push_str(&n(p.x));
        d.push(' ');
        d.push_str(&n(p.y));
        d.push_str("h0");
    }
    add(out, Path::new().set("class", class).set("d", d));
}

/// The radius of the dot where a seed falls.
const SOWN_R: f64 = 3.0;
/// The radius of the dot where a lap starts.
const START_R: f64 = 5.5;
/// The name and id of the shared dot where a lap starts
/// ([`crate::Defined`]).
const START_DEF: u64 = 265;
const START_ID: &str = "o";

fn triangle(class: &str, tip: Pt, a: Pt, b: Pt) -> Path {
    Path::new().set("class", class).set(
        "d",
        format!(
            "M{} {}L{} {}L{} {}Z",
            n(tip.x),
            n(tip.y),
            n(a.x),
            n(a.y),
            n(b.x),
            n(b.y)
        ),
    )
}

/// How a mark looks: one shape and one colour per meaning, the same
/// whether the move or the author marks the pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    /// The pit lifted, or sown from (E): a solid ring.
    Lift,
    /// A relay: a double ring.
    Relay,
    /// The move ends here: a rounded square.
    End,
    /// The pit that captures: a double ring, its outer ring dashed.
    CaptureAt,
    /// A pit captured from: a dashed ring.
    Captured,
    /// The author's "look here": a dotted ring.
    Mark,
    /// A weakness: a dash-dot ring.
    Danger,
    /// A strong point: a long-dashed ring.
    Good,
    /// The author's arrow.
    Arrow,
    /// A lap's path, anticlockwise: a solid line, a filled head (keys only).
    Path,
    /// A lap's path, clockwise: a dashed line, an open head (keys only).
    PathCw,
    /// Captured seeds carried to E: a red dashed line (keys only).
    CaptureLine,
    /// The shaded block of a side's left-hand pits (keys only).
    LeftHand,
}

impl Look {
    /// The look of a mark the move makes.
    fn of_mark(m: &Mark) -> Look {
        match m {
            Mark::Lift | Mark::SowFrom => Look::Lift,
            Mark::Relay => Look::Relay,
            Mark::End => Look::End,
            Mark::CaptureAt => Look::CaptureAt,
            Mark::Captured(_) => Look::Captured,
        }
    }

    /// The look of an author's highlight.
    pub(crate) fn of_style(s: HighlightStyle) -> Look {
        match s {
            HighlightStyle::Start => Look::Lift,
            HighlightStyle::Relay => Look::Relay,
            HighlightStyle::End => Look::End,
            HighlightStyle::Capture => Look::Captured,
            HighlightStyle::Mark => Look::Mark,
            HighlightStyle::Danger => Look::Danger,
            HighlightStyle::Good => Look::Good,
        }
    }
}

/// The shapes of a look around the pit at `c`, `grow` units further out
/// (a second look on one pit).
fn look_shapes(look: Look, c: Pt, grow: f64) -> Vec<Box<dyn svg::Node>> {
    let ring = |class: &str, r: f64| -> Box<dyn svg::Node> { Box::new(circle(class, c, r + grow)) };
    // a rounded square of half-side `h` centred on the pit
    let square = |class: &str, h: f64, rx: u32| -> Vec<Box<dyn svg::Node>> {
        vec![Box::new(
            Rectangle::new()
                .set("class", class)
                .set("x", n(c.x - h))
                .set("y", n(c.y - h))
                .set("width", n(2.0 * h))
                .set("height", n(2.0 * h))
                .set("rx", rx),
        )]
    };
    match look {
        Look::Lift => vec![ring("omw-ring-lift", RING)],
        Look::Relay => vec![
            ring("omw-ring-relay", PIT_R - 0.2),
            ring("omw-ring-relay", RING + 0.5),
        ],
        Look::End => square("omw-ring-end", RING + grow, 13),
        Look::CaptureAt => vec![
            ring("omw-ring-capture-at", PIT_R - 0.2),
            ring("omw-ring-capture-at-out", RING + 0.5),
        ],
        Look::Captured => vec![ring("omw-ring-captured", RING)],
        Look::Mark => vec![ring("omw-ring-mark", RING)],
        Look::Danger => vec![ring("omw-ring-danger", RING)],
        Look::Good => vec![ring("omw-ring-good", RING)],
        Look::Path => line_with_head(c, "omw-path", "omw-head"),
        Look::PathCw => line_with_head(c, "omw-path-cw", "omw-head-cw"),
        Look::CaptureLine => line_with_head(c, "omw-capture-arrow", "omw-capture-head"),
        Look::Arrow => line_with_head_sized(c, "omw-arrow", "omw-arrow-head", 14.0, 8.0),
        // a pit on its shaded block, as the board draws the left-hand pits
        Look::LeftHand => square("omw-reverse-zone", CELL / 2.0 - 2.0 + grow, 12),
    }
}

/// A line across a key's swatch with a head at its right end, in the
/// classes of a lap's path or of the captured seeds' way back.
fn line_with_head(c: Pt, line: &str, head: &str) -> Vec<Box<dyn svg::Node>> {
    line_with_head_sized(c, line, head, 12.0, 6.0)
}

/// [`line_with_head`] with a head `length` long and `half` wide each side.
fn line_with_head_sized(
    c: Pt,
    line: &str,
    head: &str,
    length: f64,
    half: f64,
) -> Vec<Box<dyn svg::Node>> {
    let a = Pt {
        x: c.x - 34.0,
        y: c.y,
    };
    let tip = Pt {
        x: c.x + 34.0,
        y: c.y,
    };
    let base = Pt {
        x: tip.x - length,
        y: c.y,
    };
    vec![
        Box::new(polyline(line, &[a, base])),
        Box::new(triangle(
            head,
            tip,
            Pt {
                x: base.x,
                y: c.y - half,
            },
            Pt {
                x: base.x,
                y: c.y + half,
            },
        )),
    ]
}

/// A key's picture of a look: a pit so marked (an arrow alone), centred
/// at `c`, in the board's units.
fn swatch_shapes(look: &Look, c: Pt) -> Vec<Box<dyn svg::Node>> {
    let mut v: Vec<Box<dyn svg::Node>> = Vec::new();
    if *look == Look::LeftHand {
        // the block under the pit
        v.extend(look_shapes(*look, c, 0.0));
        v.push(Box::new(circle("omw-pit", c, PIT_R)));
        return v;
    }
    if !matches!(
        look,
        Look::Arrow | Look::Path | Look::PathCw | Look::CaptureLine
    ) {
        v.push(Box::new(circle("omw-pit", c, PIT_R)));
    }
    v.extend(look_shapes(*look, c, 0.0));
    v
}

/// A small picture of a look for a page's key (HTML): an inline SVG of a
/// pit so marked ([`swatch_shapes_svg`]), in the diagrams' colours.
pub(crate) fn swatch(look: Look) -> &'static str {
    drawn_swatch(look, true)
}

/// The shapes of a look's picture for a page's key ([`swatch`] without its
/// `<svg>`), centred at 0, 0, in the board's units.
pub(crate) fn swatch_shapes_svg(look: Look) -> &'static str {
    drawn_swatch(look, false)
}

/// A look's picture, in its `<svg>` if `whole` (the shapes drawn once,
/// the whole form wrapping them): drawn once a process for each look and
/// each form (a site's keys have thousands of lines and a dozen looks).
fn drawn_swatch(look: Look, whole: bool) -> &'static str {
    const LOOKS: usize = Look::LeftHand as usize + 1;
    static DRAWN: [[std::sync::OnceLock<String>; 2]; LOOKS] =
        [const { [const { std::sync::OnceLock::new() }; 2] }; LOOKS];
    DRAWN[look as usize][whole as usize].get_or_init(|| {
        if whole {
            return format!(
                "<svg class=\"omw-swatch\" viewBox=\"-39 -39 78 78\" aria-hidden=\"true\" focusable=\"false\">{}</svg>",
                drawn_swatch(look, false)
            );
        }
        swatch_shapes(&look, Pt { x: 0.0, y: 0.0 })
            .iter()
            .map(|shape| shape.to_string())
            .collect()
    })
}

/// One look drawn round a pit: its centre, the look, how many looks were
/// drawn round the pit before it (each a ring further out) and the cross
/// over a pit emptied by a capture (0: none, 1: at the centre, 2: lower,
/// under the pit's number).
#[derive(Clone, Copy)]
struct MarkItem {
    c: Pt,
    look: Look,
    before: u64,
    cross: u8,
}

impl MarkItem {
    /// The name of its shared drawing: the look, the rings before it and
    /// the cross ([`crate::Defined`]).
    fn def_name(&self) -> u64 {
        1 << 60 | (self.look as u64) << 16 | self.before << 4 | self.cross as u64
    }

    /// The id of its shared drawing (after the figure's prefix).
    fn def_id(&self) -> String {
        format!("m{:x}{}{}", self.look as u8, self.cross, self.before)
    }

    /// Its shapes round the point `c`.
    fn shapes(&self, c: Pt, out: &mut Markup) {
        for shape in look_shapes(self.look, c, self.before as f64 * 4.0) {
            add(out, shape);
        }
        if self.cross > 0 {
            let (k, dy) = if self.cross == 2 {
                (8.0, 6.0)
            } else {
                (10.0, 0.0)
            };
            for s in [-1.0, 1.0] {
                add(
                    out,
                    Line::new()
                        .set("class", "omw-cross")
                        .set("x1", n(c.x - k))
                        .set("y1", n(c.y + dy - k * s))
                        .set("x2", n(c.x + k))
                        .set("y2", n(c.y + dy + k * s)),
                );
            }
        }
    }
}

/// The looks to draw round the pits: the move's marks, then the author's
/// highlights; a look drawn once per pit, a second look around the first.
fn mark_items(scene: &Scene, geo: &Geo) -> Vec<MarkItem> {
    let mut drawn: Vec<(PitRef, Look)> = Vec::new();
    let mut looks: Vec<(PitRef, Look)> = scene
        .marks
        .iter()
        .map(|(r, m)| (*r, Look::of_mark(m)))
        .collect();
    for h in &scene.highlights {
        for r in &h.pits {
            looks.push((*r, Look::of_style(h.style)));
        }
    }
    let mut items = Vec::new();
    for (r, look) in looks {
        if drawn.contains(&(r, look)) {
            continue;
        }
        let before = drawn.iter().filter(|(p, _)| *p == r).count() as u64;
        drawn.push((r, look));
        // a pit emptied by a capture is crossed out (below its number)
        let cross = if look == Look::Captured && scene.board.get(r.side, r.pit) == 0 {
            if geo.labels { 2 } else { 1 }
        } else {
            0
        };
        items.push(MarkItem {
            c: geo.centre(r.side, r.pit),
            look,
            before,
            cross,
        });
    }
    items
}

/// The rings (and squares) of the marks ([`mark_items`]) into `out`; with
/// `shared`, each a `<use>` of its shared drawing.
fn marks(scene: &Scene, geo: &Geo, shared: bool, out: &mut Markup) {
    for m in &mark_items(scene, geo) {
        if shared {
            use_of(out, &m.def_id(), Some(m.c));
        } else {
            m.shapes(m.c, out);
        }
    }
}

/// The pits of `side` from `from` to `to` one by one, the shorter way
/// round (anticlockwise on a tie).
fn along(from: Pit, to: Pit) -> Vec<Pit> {
    let (a, b) = (from.number() as i32, to.number() as i32);
    let acw = (b - a).rem_euclid(16);
    let step = if acw <= 8 { 1 } else { -1 };
    let mut out = vec![from];
    let mut p = a;
    while p != b {
        p = (p - 1 + step).rem_euclid(16) + 1;
        out.push(Pit::new(p as u8).expect("1 to 16"));
    }
    out
}

/// The way from one pit to another along the lanes: round the side's
/// pits, and across the centre line to the other side where they face
/// each other; `k`: the lane's round.
fn route(geo: &Geo, from: PitRef, to: PitRef, k: f64) -> Vec<Pt> {
    let lane = |side: Side, pits: Vec<Pit>| -> Vec<Pt> {
        let seq: Vec<(Pit, f64)> = pits.into_iter().map(|p| (p, k)).collect();
        geo.lane(side, &seq)
    };
    if from.side == to.side {
        return lane(from.side, along(from.pit, to.pit));
    }
    // to the inner pit of `from`'s column, across, then round `to`'s side
    let n = from.pit.number();
    let inner = if n <= 8 { 17 - n } else { n };
    let inner = Pit::new(inner).expect("an inner pit");
    let facing = Pit::new(25 - inner.number()).expect("the facing pit");
    let mut pts = lane(from.side, along(from.pit, inner));
    pts.extend(lane(to.side, along(facing, to.pit)));
    pts
}

/// An arrow along the lanes: the author's (ink), or the captured seeds'
/// way to the pit they are sown from (dashed, in the capture colour,
/// beside the lap's own lane).
fn arrow(a: &SceneArrow, geo: &Geo, out: &mut Markup) {
    let (line_class, head_class, k) = if a.capture {
        ("omw-capture-arrow", "omw-capture-head", CAPTURE_LANE)
    } else {
        ("omw-arrow", "omw-arrow-head", 0.0)
    };
    let mut pts = route(geo, a.from, a.to, k);
    if a.capture {
        // from the captured pit's lane, which faces the centre line
        pts[0] = geo.port(a.from.side, a.from.pit, 0.0);
    }
    if pts.len() < 2 {
        return;
    }
    let head = 12.0;
    let (line, tip, dir) = for_head(pts, head - 1.0);
    add(out, polyline(line_class, &line));
    let base = tip.sub(dir.scale(head));
    let w = dir.perp().scale(6.0);
    add(out, triangle(head_class, tip, base.add(w), base.sub(w)));
}

/// One line of a key: how a mark looks and what the author says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeyItem {
    pub look: Look,
    /// `S8: relay`, `S8 → S9: round the corner`.
    pub text: String,
    /// The pits a line of the move's own marks names before what the
    /// mark means (`S8` of `S8: relay: …`); none for the other lines (the
    /// seeds' path, the shading, the author's words).
    pub marked: Vec<PitRef>,
}

/// The author's labelled highlights and arrows of a scene, each once, in
/// the author's words (what the move's own marks mean is [`move_key`];
/// both are part of [`frame_key`]).
pub(crate) fn key(scene: &Scene) -> Vec<KeyItem> {
    let mut out = Vec::new();
    for h in &scene.highlights {
        if let Some(l) = &h.label {
            let pits: Vec<String> = h.pits.iter().map(|p| p.to_string()).collect();
            out.push(KeyItem {
                look: Look::of_style(h.style),
                text: format!("{}: {l}", pits.join(", ")),
                marked: Vec::new(),
            });
        }
    }
    for a in scene.arrows.iter().filter(|a| !a.capture) {
        if let Some(l) = &a.label {
            out.push(KeyItem {
                look: Look::Arrow,
                text: format!("{} \u{2192} {}: {l}", a.from, a.to),
                marked: Vec::new(),
            });
        }
    }
    out
}

/// What the move's own marks in a scene mean, each kind once with its
/// pits, in drawing order, then its path and the captured seeds' way
/// back: the key a page shows with the frame, so that every mark drawn
/// is said (a pit an author's labelled highlight already names in the
/// same look is left to the author's words).
pub(crate) fn move_key(scene: &Scene) -> Vec<KeyItem> {
    let mut kinds: Vec<(u8, Look, &'static str, Vec<PitRef>)> = Vec::new();
    let said = |r: PitRef, look: Look| {
        scene
            .highlights
            .iter()
            .any(|h| h.label.is_some() && Look::of_style(h.style) == look && h.pits.contains(&r))
    };
    for (r, m) in &scene.marks {
        let look = Look::of_mark(m);
        if said(*r, look) {
            continue;
        }
        let text = match m {
            Mark::Lift => "seeds lifted",
            Mark::SowFrom => "E, where the captured seeds are sown from",
            Mark::Relay => "relay: the last seed fell into an occupied pit, lifted and sown on",
            Mark::End => "the move ends: the last seed fell into an empty pit",
            Mark::CaptureAt => "captures the two pits facing it",
            Mark::Captured(_) => "captured from (crossed out once emptied)",
        };
        match kinds.iter_mut().find(|k| k.0 == m.rank()) {
            Some(k) => {
                if !k.3.contains(r) {
                    k.3.push(*r)
                }
            }
            None => kinds.push((m.rank(), look, text, vec![*r])),
        }
    }
    kinds.sort_by_key(|k| k.0);
    let mut out: Vec<KeyItem> = kinds
        .into_iter()
        .map(|(_, look, text, pits)| KeyItem {
            look,
            text: format!(
                "{}: {text}",
                pits.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            marked: pits,
        })
        .collect();
    if let Some(p) = &scene.path {
        out.push(match p.direction {
            Direction::Anticlockwise => KeyItem {
                look: Look::Path,
                text: "the seeds' path, anticlockwise: a dot where each seed falls".into(),
                marked: Vec::new(),
            },
            Direction::Clockwise => KeyItem {
                look: Look::PathCw,
                text: "the seeds' path, clockwise (dashed): a dot where each seed falls".into(),
                marked: Vec::new(),
            },
        });
    }
    if scene.arrows.iter().any(|a| a.capture) {
        out.push(KeyItem {
            look: Look::CaptureLine,
            text: "captured seeds carried to the pit they are sown from".into(),
            marked: Vec::new(),
        });
    }
    out
}

/// The whole key of a frame, as a page shows it beside the frame and a
/// full frame ([`Layout::Full`]) under its board: what the move's marks
/// mean ([`move_key`]), the author's labels ([`key`]), then the shaded
/// left-hand pits when the board shades them.
pub(crate) fn frame_key(scene: &Scene) -> Vec<KeyItem> {
    let mut out = move_key(scene);
    out.extend(key(scene));
    if let Some(l) = &scene.left_hand {
        out.push(KeyItem {
            look: Look::LeftHand,
            text: l.clone(),
            marked: Vec::new(),
        });
    }
    out
}

/// Characters per line of a full frame's key (13px text beside its
/// swatch).
const KEY_CHARS: usize = 80;

/// The key's lines of a full frame: each item's text wrapped, the item's
/// swatch beside its first line.
fn key_lines(scene: &Scene) -> Vec<(Option<Look>, String)> {
    frame_key(scene)
        .into_iter()
        .flat_map(|k| {
            wrap(&k.text, KEY_CHARS)
                .into_iter()
                .enumerate()
                .map(move |(i, l)| ((i == 0).then_some(k.look), l))
        })
        .collect()
}

fn banner(b: &str, geo: &Geo) -> Group {
    let lines = wrap(b, 40);
    let h = 22.0 * lines.len() as f64 + 22.0;
    let mid = geo.board_y + geo.board_h() / 2.0;
    let mut g = Group::new().set("class", "omw-banner-group").add(
        Rectangle::new()
            .set("class", "omw-banner-box")
            .set("x", n(MARGIN + 40.0))
            .set("y", n(mid - h / 2.0))
            .set("width", n(BOARD_W - 80.0))
            .set("height", n(h))
            .set("rx", 12),
    );
    let y0 = mid - h / 2.0 + 11.0 + 17.0;
    for (i, l) in lines.iter().enumerate() {
        g = g.add(text(
            "omw-banner",
            MARGIN + BOARD_W / 2.0,
            y0 + i as f64 * 22.0,
            l,
        ));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Annotations, Highlight, move_frames};
    use omweso_engine::{Board, Move, Position, Rules, trace};

    /// The distance from `p` to the segment `a`–`b`.
    fn to_segment(p: Pt, a: Pt, b: Pt) -> f64 {
        let ab = b.sub(a);
        let l2 = ab.x * ab.x + ab.y * ab.y;
        let t = if l2 == 0.0 {
            0.0
        } else {
            ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2
        };
        let q = a.add(ab.scale(t.clamp(0.0, 1.0)));
        p.sub(q).len()
    }

    fn scene(labels: bool, seat: Side) -> Scene {
        Scene::new(
            Board::from_sides([1; 16], [1; 16]),
            seat,
            labels,
            &Rules::MODERN,
        )
    }

    /// Every way along the lanes (a lap from any pit, round once or
    /// twice, either way; the captured seeds' way across) keeps outside
    /// every pit's rim, inside the board, and off the centre line's other
    /// side's lanes only where it crosses.
    #[test]
    fn lanes_run_outside_the_pits_and_inside_the_board() {
        for seat in Side::BOTH {
            let geo = Geo::new(&scene(true, seat), Layout::Full);
            let centres: Vec<Pt> = (0..4)
                .flat_map(|r| (0..8).map(move |c| (r, c)))
                .map(|(r, c)| geo.cell_centre(r, c))
                .collect();
            let check = |pts: &[Pt], what: &str| {
                for w in pts.windows(2) {
                    for c in &centres {
                        let d = to_segment(*c, w[0], w[1]);
                        assert!(d > PIT_R + 2.0, "{what}: {d} from a pit");
                    }
                }
                for p in pts {
                    assert!(p.x > MARGIN + 2.0 && p.x < MARGIN + BOARD_W - 2.0, "{what}");
                    assert!(
                        p.y > geo.board_y + 2.0 && p.y < geo.board_bottom() - 2.0,
                        "{what}"
                    );
                }
            };
            for side in Side::BOTH {
                for from in 1..=16u8 {
                    for seeds in [1usize, 3, 9, 15, 16, 17, 31] {
                        for step in [1i32, -1] {
                            let mut seq = vec![(Pit::new(from).unwrap(), 0.0)];
                            for i in 1..=seeds {
                                let n = (from as i32 - 1 + step * i as i32).rem_euclid(16) + 1;
                                let round = (i / 16).min(1) as f64;
                                seq.push((Pit::new(n as u8).unwrap(), round));
                            }
                            let pts = geo.lane(side, &seq);
                            check(&pts, &format!("{seat:?} {side:?} {from} {seeds} {step}"));
                        }
                    }
                    for to in 1..=16u8 {
                        let (a, b) = (
                            PitRef::new(side, Pit::new(from).unwrap()),
                            PitRef::new(side.opponent(), Pit::new(to).unwrap()),
                        );
                        if from >= 9 {
                            let mut pts = route(&geo, a, b, CAPTURE_LANE);
                            pts[0] = geo.port(a.side, a.pit, 0.0);
                            check(&pts, &format!("capture {a} {b}"));
                        }
                        check(&route(&geo, a, PitRef::new(side, b.pit), 0.0), "arrow");
                    }
                }
            }
        }
    }

    /// A lap's path is drawn through the lanes: a dot beside every pit a
    /// seed falls into, not through the pits' counts.
    #[test]
    fn a_lap_marks_every_pit_sown_beside_it() {
        let mut south = [1; 16];
        south[4] = 9;
        let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
        let played = trace(
            &Rules::SHACKELL_1935,
            &pos,
            &Move::forward(Pit::new(5).unwrap()),
            100,
        )
        .unwrap();
        let frames = move_frames(
            &played,
            &Annotations::default(),
            "shackell-1935",
            &Rules::SHACKELL_1935,
        );
        let lap = &played.laps[0];
        let svg = frames[1].svg(&RenderOptions::default());
        // the start, then one small dot a seed but the last (the head)
        assert_eq!(svg.matches("class=\"omw-path-start\"").count(), 1);
        assert_eq!(
            svg.matches("class=\"omw-sown\"").count(),
            lap.sown.len() - 1
        );
        let geo = Geo::new(&frames[1].scene, Layout::Full);
        for p in &lap.sown[..lap.sown.len() - 1] {
            let q = geo.port(Side::South, *p, 0.0);
            assert!(svg.contains(&format!("cx=\"{}\" cy=\"{}\"", n(q.x), n(q.y))));
        }
    }

    /// One shape per meaning: the author's `start` on the pit the move
    /// lifts is the move's own ring, drawn once; `relay` and `end` are the
    /// move's relay and end; the looks differ from each other.
    #[test]
    fn a_mark_looks_the_same_whoever_draws_it() {
        let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        let played = trace(
            &Rules::SHACKELL_1935,
            &pos,
            &Move::forward(Pit::new(5).unwrap()),
            100,
        )
        .unwrap();
        let s5 = PitRef::parse("S5").unwrap();
        let ann = Annotations {
            highlights: vec![Highlight {
                pits: vec![s5],
                style: HighlightStyle::Start,
                label: None,
            }],
            ..Annotations::default()
        };
        let before = &move_frames(&played, &ann, "x", &Rules::SHACKELL_1935)[0];
        let svg = before.svg(&RenderOptions {
            embed: crate::Embed::Embedded,
            ..RenderOptions::default()
        });
        assert_eq!(
            crate::tests::without_key(&svg)
                .matches("omw-ring-lift")
                .count(),
            1,
            "drawn once"
        );
        // the move's marks and the author's styles share their looks
        for (m, style) in [
            (Mark::Lift, HighlightStyle::Start),
            (Mark::SowFrom, HighlightStyle::Start),
            (Mark::Relay, HighlightStyle::Relay),
            (Mark::End, HighlightStyle::End),
            (Mark::Captured(3), HighlightStyle::Capture),
        ] {
            assert_eq!(Look::of_mark(&m), Look::of_style(style), "{m:?}");
        }
        // and every look is drawn differently (shape and class)
        let c = Pt { x: 0.0, y: 0.0 };
        let all = [
            Look::Lift,
            Look::Relay,
            Look::End,
            Look::CaptureAt,
            Look::Captured,
            Look::Mark,
            Look::Danger,
            Look::Good,
            Look::Arrow,
            Look::Path,
            Look::PathCw,
            Look::CaptureLine,
        ];
        let drawn: Vec<String> = all
            .iter()
            .map(|l| {
                look_shapes(*l, c, 0.0)
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<String>()
            })
            .collect();
        for i in 0..drawn.len() {
            for j in 0..i {
                assert_ne!(drawn[i], drawn[j], "{:?} {:?}", all[i], all[j]);
            }
        }
    }

    /// An empty board (an illustration) names its sides and nothing else.
    #[test]
    fn an_empty_board_has_no_seeds_and_nobody_to_move() {
        let mut s = Scene::new(
            Board::from_sides([0; 16], [0; 16]),
            Side::South,
            true,
            &Rules::MODERN,
        );
        s.mover = Some(Side::South);
        assert_eq!(side_info(&s, Side::South), None);
        let t = side_label(&s, &Geo::new(&s, Layout::Full), Side::South, 0.0).to_string();
        assert!(!t.contains("seeds") && !t.contains("to move"), "{t}");
        s.board = Board::from_sides([0; 16], [1; 16]);
        assert_eq!(
            side_info(&s, Side::South).as_deref(),
            Some("0 seeds · to move")
        );
    }

    #[test]
    fn coordinates_format_as_before() {
        // the former formatting, through the float formatter
        fn slow(x: f64) -> String {
            let r = (x * 10.0).round() / 10.0;
            let s = format!("{r:.1}");
            let s = s.strip_suffix(".0").unwrap_or(&s).to_string();
            if s == "-0" { "0".into() } else { s }
        }
        let mut x = -1000.0;
        while x < 1000.0 {
            assert_eq!(n(x), slow(x), "{x}");
            x += 0.0137;
        }
        for x in [
            0.0,
            -0.0,
            -0.04,
            0.05,
            -0.05,
            0.25,
            133.25,
            1e9 + 0.3,
            29.0,
            484.0,
        ] {
            assert_eq!(n(x), slow(x), "{x}");
        }
    }
}
