//! Rendering a scene as a standalone, themeable SVG document.

use super::scene::{
    LapPath, Mark, Scene, SceneArrow, SceneHighlight, display_cell, pit_at_display, top_side,
};
use crate::markup::Markup;
use crate::narrate;
use crate::{Embed, Layout, PitRef, RenderOptions};
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
const GAP: f64 = 12.0;
const PIT_R: f64 = 29.0;
const BOARD_W: f64 = 8.0 * CELL + 2.0 * PAD;
const BOARD_H: f64 = 4.0 * CELL + 2.0 * PAD + GAP;
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
}

impl Geo {
    fn new(scene: &Scene) -> Geo {
        let header_h = if scene.subheading.is_some() {
            66.0
        } else {
            46.0
        };
        Geo {
            seat: scene.seat,
            board_y: header_h + 28.0,
        }
    }

    fn cell_centre(&self, row: usize, col: usize) -> Pt {
        let x = MARGIN + PAD + CELL / 2.0 + col as f64 * CELL;
        let y =
            self.board_y + PAD + CELL / 2.0 + row as f64 * CELL + if row >= 2 { GAP } else { 0.0 };
        Pt { x, y }
    }

    fn centre(&self, side: Side, pit: Pit) -> Pt {
        let (r, c) = display_cell(self.seat, side, pit);
        self.cell_centre(r, c)
    }

    fn board_bottom(&self) -> f64 {
        self.board_y + BOARD_H
    }
}

fn text(class: &str, x: f64, y: f64, content: &str) -> Text {
    Text::new(content)
        .set("class", class)
        .set("x", n(x))
        .set("y", n(y))
}

fn circle(class: &str, c: Pt, r: f64) -> Circle {
    Circle::new()
        .set("class", class)
        .set("cx", n(c.x))
        .set("cy", n(c.y))
        .set("r", n(r))
}

/// A rounded label ("pill") centred at `c`.
fn pill(class: &str, c: Pt, label: &str) -> Group {
    let chars = label.chars().count() as f64;
    let w = (chars * 6.4 + 10.0).max(18.0);
    let h = 15.0;
    Group::new()
        .add(
            Rectangle::new()
                .set("class", format!("omw-pill {class}"))
                .set("x", n(c.x - w / 2.0))
                .set("y", n(c.y - h / 2.0))
                .set("width", n(w))
                .set("height", n(h))
                .set("rx", n(h / 2.0)),
        )
        .add(text("omw-pill-text", c.x, c.y + 3.6, label))
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

/// The part of the picture drawn (top, height): everything, or the board
/// between its side names.
fn shown(geo: &Geo, layout: Layout, height: f64) -> (f64, f64) {
    match layout {
        Layout::Full => (0.0, height),
        Layout::Board => {
            let top = geo.board_y - 28.0;
            (top, geo.board_bottom() + 32.0 - top)
        }
    }
}

/// The size (width, height) of a scene's picture in user units.
pub(crate) fn size(scene: &Scene, layout: Layout) -> (f64, f64) {
    let geo = Geo::new(scene);
    let lines = scene
        .footer
        .iter()
        .map(|f| wrap(f, FOOTER_CHARS).len())
        .sum::<usize>();
    let height = if lines == 0 {
        geo.board_bottom() + 36.0
    } else {
        geo.board_bottom() + 50.0 + (lines - 1) as f64 * FOOTER_LINE + 16.0
    };
    (WIDTH, shown(&geo, layout, height).1)
}

/// The SVG document of a scene, with its `<title>` and `<desc>`, rendered
/// with `opts`.
pub(crate) fn render(scene: &Scene, title: &str, desc: &str, opts: &RenderOptions) -> String {
    let mut out = Markup::with_capacity(16 * 1024);
    render_into(scene, title, desc, opts, None, &mut out);
    // nothing refers to shared definitions: no slot to fill
    out.to_string_with("")
}

/// What the frames of one figure drawn so far have defined (in their
/// `<defs>`), for the next frames to `<use>`: the pit, the boards (as
/// drawn) and the small counts (a number and its seeds as dots, by count).
///
/// Each definition's name stands for one drawing whatever the figure, so
/// that a page can hold each once for all its figures
/// ([`crate::Markup::write_once`]): the pit is `p` (0); a count `k` is
/// `k{k}` (1 to 7); a board is `b{code}` (8 to 23), its code telling what
/// it depends on (see [`board_code`]); the counts of a row of the board
/// that several frames of the figure show alike are `r{key}`, the key
/// holding the row's place and its counts exactly (see [`row_key`]).
#[derive(Default)]
pub(crate) struct Shared {
    done: crate::Defined,
    /// The keys of the rows shown alike by more than one frame, in order.
    repeated: Vec<u64>,
}

impl Shared {
    /// For the frames of one figure, drawn from these scenes.
    pub(crate) fn new<'a>(scenes: impl Iterator<Item = &'a Scene>) -> Shared {
        let mut keys: Vec<u64> = scenes
            .flat_map(|scene| (0..4).filter_map(|row| row_key(scene, row)))
            .collect();
        keys.sort_unstable();
        let mut repeated: Vec<u64> = keys
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        repeated.dedup();
        Shared {
            done: crate::Defined::default(),
            repeated,
        }
    }

    /// Whether the row `key` is shown by more than one frame.
    fn repeated(&self, key: u64) -> bool {
        self.repeated.binary_search(&key).is_ok()
    }
}

/// The name of the counts of display row `row` of a scene, holding
/// exactly what they look like: the row's place (the board's place
/// follows from whether the scene has a subheading) and its eight counts,
/// six bits each. None when the row is empty or a count is over 63.
fn row_key(scene: &Scene, row: usize) -> Option<u64> {
    let mut key = 0u64;
    let mut any = false;
    for col in 0..8 {
        let (side, pit) = pit_at_display(scene.seat, row, col);
        let k = scene.board.get(side, pit) as u64;
        if k > 63 {
            return None;
        }
        any |= k > 0;
        key |= k << (6 * col);
    }
    any.then_some(1 << 63 | (scene.subheading.is_some() as u64) << 50 | (row as u64) << 48 | key)
}

/// What a board as drawn depends on, as a number below 16: whether the
/// scene has a subheading (the board's place), the seat, the pit labels
/// and whether it is dimmed (under a banner).
fn board_code(scene: &Scene) -> u8 {
    scene.subheading.is_some() as u8
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
/// The name of a board's definition.
fn board_def(code: u8) -> u64 {
    8 + code as u64
}

/// A shared definition `<g id="PREFIX{id}">` of `body`, as its own
/// `<defs>` element, added to `out` under `name`.
fn define(out: &mut Markup, name: u64, id: &str, body: &Markup) {
    let mut def = Markup::with_capacity(body.len_with(0) + 64);
    def.push_str("\n<defs><g id=\"");
    def.push_prefix();
    def.push_str(id);
    def.push_str("\">");
    def.append(body);
    def.push_str("</g></defs>");
    out.push_def(name, &def);
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
    match at {
        Some(p) => {
            out.push_str("\" x=\"");
            out.push_str(&n(p.x));
            out.push_str("\" y=\"");
            out.push_str(&n(p.y));
            out.push_str("\"/>");
        }
        None => out.push_str("\"/>"),
    }
}

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
    let geo = Geo::new(scene);
    let full = opts.layout == Layout::Full;
    let footer: Vec<String> = if full {
        scene
            .footer
            .iter()
            .flat_map(|f| wrap(f, FOOTER_CHARS))
            .collect()
    } else {
        Vec::new()
    };
    let footer_y = geo.board_bottom() + 50.0;
    let height = if footer.is_empty() {
        geo.board_bottom() + 36.0
    } else {
        footer_y + (footer.len() - 1) as f64 * FOOTER_LINE + 16.0
    };
    let (top, shown) = shown(&geo, opts.layout, height);

    // the root element, its attributes in the order the `svg` crate writes
    // them (by name)
    out.push_str("<svg class=\"omw-diagram\"");
    if let Some(w) = opts.width {
        out.push_str(&format!(" height=\"{}\"", n(w * shown / WIDTH)));
    }
    out.push_str(&format!(
        " role=\"img\" viewBox=\"0 {} {} {}\"",
        n(top),
        n(WIDTH),
        n(shown)
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
        add(out, Style::new(opts.theme.stylesheet()));
    }

    // what this frame shares with the others of its figure (and of its
    // page): the pit, the board and the counts it shows
    let code = board_code(scene);
    let is_shared = shared.is_some();
    // the rows of counts drawn by reference
    let mut sh_rows: Option<[bool; 4]> = None;
    if let Some(sh) = shared {
        let mut rows = [false; 4];
        for (row, r) in rows.iter_mut().enumerate() {
            *r = row_key(scene, row).is_some_and(|k| sh.repeated(k));
        }
        sh_rows = Some(rows);
        if !sh.done.has(PIT_DEF) {
            sh.done.add(PIT_DEF);
            let c = Pt { x: 0.0, y: 0.0 };
            let mut body = Markup::default();
            add(&mut body, circle("omw-pit", c, PIT_R));
            add(&mut body, pit_shade(c));
            body.push_str("\n");
            define(out, PIT_DEF, "p", &body);
        }
        if !sh.done.has(board_def(code)) {
            sh.done.add(board_def(code));
            define(
                out,
                board_def(code),
                &format!("b{code}"),
                &board(scene, &geo, true),
            );
        }
        for (_, _, k) in pit_counts(scene, &geo) {
            if k <= SMALL_COUNT && !sh.done.has(count_def(k)) {
                sh.done.add(count_def(k));
                let mut body = Markup::default();
                let (t, dots) = small_count(k, Pt { x: 0.0, y: 0.0 });
                add(&mut body, t);
                for d in dots {
                    add(&mut body, d);
                }
                body.push_str("\n");
                define(out, count_def(k), &format!("k{k}"), &body);
            }
        }
        for row in 0..4 {
            if let Some(key) = row_key(scene, row).filter(|&k| sh.repeated(k))
                && !sh.done.has(key)
            {
                sh.done.add(key);
                let mut body = Markup::default();
                row_counts(scene, &geo, row, true, &mut body);
                body.push_str("\n");
                define(out, key, &format!("r{:x}", key & !(1 << 63)), &body);
            }
        }
    }

    add(
        out,
        Rectangle::new()
            .set("class", "omw-bg")
            .set("x", 0)
            .set("y", n(top))
            .set("width", n(WIDTH))
            .set("height", n(shown)),
    );

    if full {
        add(out, text("omw-heading", MARGIN, 30.0, &scene.heading));
        if let Some(sub) = &scene.subheading {
            add(out, text("omw-subheading", MARGIN, 52.0, sub));
        }
    }

    // side names
    let top = top_side(scene.seat);
    add(out, side_label(scene, top, geo.board_y - 10.0));
    add(
        out,
        side_label(scene, scene.seat, geo.board_bottom() + 22.0),
    );

    if is_shared {
        use_of(out, &format!("b{code}"), None);
    } else {
        out.push_str("\n");
        out.append(&board(scene, &geo, false));
    }

    for h in &scene.highlights {
        add(out, highlight(h, &geo));
    }
    if let Some(p) = &scene.path {
        add(out, lap_path(p, &geo));
    }
    add(out, marks(scene, &geo));
    counts(scene, &geo, sh_rows.as_ref(), out);
    for a in &scene.arrows {
        add(out, arrow(a, &geo));
    }
    // every word on the board is placed once, inside the picture and clear
    // of the pit numbers and of each other
    let mut taken = pit_number_boxes(scene, &geo);
    add(out, pills(scene, &geo, &mut taken));
    add(out, arrow_labels(scene, &geo, height, &mut taken));
    if let Some(b) = scene.banner.as_ref().filter(|_| full) {
        add(out, banner(b, &geo));
    }
    for (i, line) in footer.iter().enumerate() {
        add(
            out,
            text(
                "omw-footer",
                MARGIN,
                footer_y + i as f64 * FOOTER_LINE,
                line,
            ),
        );
    }
    out.push_str("\n</svg>\n");
}

fn side_label(scene: &Scene, side: Side, y: f64) -> Text {
    let seeds = scene.board.side_total(side);
    let mut info = format!("  {}", narrate::seeds(seeds as u64));
    if scene.mover == Some(side) {
        info.push_str(" · to move");
    }
    Text::new("")
        .set("class", "omw-side")
        .set("x", n(MARGIN + 2.0))
        .set("y", n(y))
        .add(TSpan::new(side.title()))
        .add(TSpan::new(info).set("class", "omw-side-info"))
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
            .set("height", n(BOARD_H))
            .set("rx", 14),
    );
    // the reverse zones: each side's four left-hand pits (1, 2, 15, 16)
    for side in Side::BOTH {
        let cells: Vec<Pt> = [1u8, 2, 15, 16]
            .iter()
            .map(|&p| geo.centre(side, Pit::new(p).expect("pit")))
            .collect();
        let x0 = cells.iter().map(|p| p.x).fold(f64::MAX, f64::min) - CELL / 2.0 + 3.0;
        let x1 = cells.iter().map(|p| p.x).fold(f64::MIN, f64::max) + CELL / 2.0 - 3.0;
        let y0 = cells.iter().map(|p| p.y).fold(f64::MAX, f64::min) - CELL / 2.0 + 3.0;
        let y1 = cells.iter().map(|p| p.y).fold(f64::MIN, f64::max) + CELL / 2.0 - 3.0;
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
    let mid = geo.board_y + PAD + 2.0 * CELL + GAP / 2.0;
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
    let a0 = 200f64.to_radians();
    let a1 = 340f64.to_radians();
    let r = PIT_R - 3.5;
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

/// The number of the pit in a display cell, if the board is labelled.
fn pit_label(scene: &Scene, geo: &Geo, row: usize, col: usize) -> Option<Text> {
    if !scene.labels {
        return None;
    }
    let c = geo.cell_centre(row, col);
    let (side, pit) = pit_at_display(scene.seat, row, col);
    Some(text(
        "omw-pitno",
        c.x - CELL / 2.0 + 3.0,
        c.y - CELL / 2.0 + 11.0,
        &narrate::pit(side, pit),
    ))
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
fn small_count(k: usize, c: Pt) -> (Text, Vec<Circle>) {
    let t = text("omw-count", c.x, c.y + 3.0, &k.to_string()).set("font-size", "19px");
    let rows: Vec<usize> = if k <= 3 {
        vec![k]
    } else {
        vec![k.div_ceil(2), k / 2]
    };
    let ys: Vec<f64> = if rows.len() == 1 {
        vec![c.y + 13.5]
    } else {
        vec![c.y + 11.0, c.y + 18.5]
    };
    let mut dots = Vec::with_capacity(k);
    for (cnt, y) in rows.iter().zip(ys) {
        let w = (*cnt as f64 - 1.0) * 7.5;
        for i in 0..*cnt {
            let x = c.x - w / 2.0 + i as f64 * 7.5;
            dots.push(circle("omw-seed", Pt { x, y }, 2.7));
        }
    }
    (t, dots)
}

/// The counts of the pits. With `shared` (the frames of a figure), the
/// small ones `<use>` their shared definitions, and the rows marked in it
/// `<use>` theirs.
fn counts(scene: &Scene, geo: &Geo, shared: Option<&[bool; 4]>, out: &mut Markup) {
    let class = if scene.banner.is_some() {
        "omw-counts omw-dim"
    } else {
        "omw-counts"
    };
    if pit_counts(scene, geo).is_empty() {
        out.push_str(&format!("\n<g class=\"{class}\"/>"));
        return;
    }
    out.push_str(&format!("\n<g class=\"{class}\">"));
    for row in 0..4 {
        match shared {
            Some(rows) if rows[row] => {
                let key = row_key(scene, row).expect("a shared row");
                use_of(out, &format!("r{:x}", key & !(1 << 63)), None);
            }
            _ => row_counts(scene, geo, row, shared.is_some(), out),
        }
    }
    out.push_str("\n</g>");
}

/// The counts of display row `row`; `shared`: the small ones `<use>`
/// their shared definitions.
fn row_counts(scene: &Scene, geo: &Geo, row: usize, shared: bool, out: &mut Markup) {
    for col in 0..8 {
        let (side, pit) = pit_at_display(scene.seat, row, col);
        let k = scene.board.get(side, pit) as usize;
        if k == 0 {
            continue;
        }
        let c = geo.cell_centre(row, col);
        if k <= SMALL_COUNT {
            if shared {
                use_of(out, &format!("k{k}"), Some(c));
            } else {
                let (t, dots) = small_count(k, c);
                add(out, t);
                for d in dots {
                    add(out, d);
                }
            }
        } else {
            // written directly (a number needs no escaping), as the `svg`
            // crate writes `text("omw-count", …).set("font-size", "23px")`
            use std::fmt::Write;
            let _ = write!(
                out,
                "\n<text class=\"omw-count\" font-size=\"23px\" x=\"{}\" y=\"{}\">\n{k}\n</text>",
                n(c.x),
                n(c.y + 8.0)
            );
        }
    }
}

fn path_points(p: &LapPath, geo: &Geo) -> Vec<Pt> {
    let mut pts = Vec::with_capacity(p.sown.len() + 1);
    for (i, pit) in std::iter::once(&p.from).chain(p.sown.iter()).enumerate() {
        let round = (i / 16) as f64;
        let c = geo.centre(p.side, *pit);
        let (row, col) = display_cell(geo.seat, p.side, *pit);
        // later rounds of a long lap run inside the earlier ones
        let dy = match row {
            0 | 2 => 9.0,
            _ => -9.0,
        } * round;
        let dx = if col < 4 { 9.0 } else { -9.0 } * round;
        pts.push(Pt {
            x: c.x + dx,
            y: c.y + dy,
        });
    }
    pts
}

fn lap_path(p: &LapPath, geo: &Geo) -> Group {
    let cw = p.direction == Direction::Clockwise;
    let mut pts = path_points(p, geo);
    let mut g = Group::new().set(
        "class",
        if cw {
            "omw-lap omw-lap-cw"
        } else {
            "omw-lap omw-lap-acw"
        },
    );
    let last = pts.len() - 1;
    let dir = pts[last].sub(pts[last - 1]).unit();
    let tip = pts[last].sub(dir.scale(21.0));
    let head_len = 13.0;
    pts[last] = tip.sub(dir.scale(if cw { 2.0 } else { head_len - 1.0 }));
    let mut d = format!("M{} {}", n(pts[0].x), n(pts[0].y));
    for q in &pts[1..] {
        d.push_str(&format!("L{} {}", n(q.x), n(q.y)));
    }
    g = g.add(
        Path::new()
            .set("class", if cw { "omw-path-cw" } else { "omw-path" })
            .set("d", d),
    );
    g = g.add(circle(
        if cw {
            "omw-path-start-cw"
        } else {
            "omw-path-start"
        },
        pts[0],
        5.5,
    ));
    let base = tip.sub(dir.scale(head_len));
    let side = dir.perp().scale(if cw { 9.0 } else { 8.0 });
    let (a, b) = (base.add(side), base.sub(side));
    if cw {
        // an open chevron for clockwise laps
        g = g.add(Path::new().set("class", "omw-head-cw").set(
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
        ));
    } else {
        g = g.add(triangle("omw-head", tip, a, b));
    }
    g
}

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

fn marks(scene: &Scene, geo: &Geo) -> Group {
    let mut g = Group::new().set("class", "omw-marks");
    let cw = scene.marks.iter().any(|(_, m)| *m == Mark::Clockwise);
    // captured pits of one column are grouped by a frame
    let captured: Vec<PitRef> = scene
        .marks
        .iter()
        .filter(|(_, m)| matches!(m, Mark::Captured(_)))
        .map(|(r, _)| *r)
        .collect();
    let mut done: Vec<usize> = Vec::new();
    for r in &captured {
        let (_, col) = display_cell(geo.seat, r.side, r.pit);
        if done.contains(&col) {
            continue;
        }
        done.push(col);
        let ys: Vec<f64> = captured
            .iter()
            .filter(|q| display_cell(geo.seat, q.side, q.pit).1 == col)
            .map(|q| geo.centre(q.side, q.pit).y)
            .collect();
        let x = geo.centre(r.side, r.pit).x;
        let y0 = ys.iter().copied().fold(f64::MAX, f64::min) - CELL / 2.0 + 1.0;
        let y1 = ys.iter().copied().fold(f64::MIN, f64::max) + CELL / 2.0 - 1.0;
        g = g.add(
            Rectangle::new()
                .set("class", "omw-capture-group")
                .set("x", n(x - CELL / 2.0 + 1.0))
                .set("y", n(y0))
                .set("width", n(CELL - 2.0))
                .set("height", n(y1 - y0))
                .set("rx", 16),
        );
    }
    for (r, m) in &scene.marks {
        let c = geo.centre(r.side, r.pit);
        match m {
            Mark::Lift | Mark::SowFrom => {
                let class = if cw {
                    "omw-ring-lift-cw"
                } else {
                    "omw-ring-lift"
                };
                g = g.add(circle(class, c, 33.0))
            }
            Mark::Relay => g = g.add(circle("omw-ring-relay", c, 33.0)),
            Mark::End => {
                g = g
                    .add(circle("omw-ring-end", c, 32.0))
                    .add(circle("omw-ring-end", c, 35.5))
            }
            Mark::CaptureAt => g = g.add(circle("omw-ring-capture-at", c, 33.0)),
            Mark::Captured(_) => {
                g = g.add(circle("omw-ring-captured", c, 32.0));
                if scene.board.get(r.side, r.pit) == 0 {
                    let k = 12.0;
                    for s in [-1.0, 1.0] {
                        g = g.add(
                            Line::new()
                                .set("class", "omw-cross")
                                .set("x1", n(c.x - k))
                                .set("y1", n(c.y - k * s))
                                .set("x2", n(c.x + k))
                                .set("y2", n(c.y + k * s)),
                        );
                    }
                }
            }
            Mark::Drops(_) | Mark::Clockwise => {}
        }
    }
    g
}

/// The status pill of a mark; `cw`: the lap is sown clockwise.
fn pill_text(m: &Mark, cw: bool) -> Option<(String, &'static str)> {
    Some(match m {
        Mark::Lift if cw => ("\u{21bb} lift".into(), "omw-pill-cw"),
        Mark::SowFrom if cw => ("\u{21bb} sow from E".into(), "omw-pill-cw"),
        Mark::Lift => ("lift".into(), "omw-pill-lift"),
        Mark::SowFrom => ("sow from E".into(), "omw-pill-lift"),
        Mark::Relay => ("relay".into(), "omw-pill-relay"),
        Mark::End => ("end".into(), "omw-pill-end"),
        Mark::CaptureAt => ("captures".into(), "omw-pill-capture"),
        Mark::Captured(k) => (format!("\u{2212}{k}"), "omw-pill-capture"),
        Mark::Drops(_) | Mark::Clockwise => return None,
    })
}

/// Pits whose status pill goes above the pit rather than below, so as not
/// to hide the lap's path: a landing reached from below, a start left
/// downwards.
fn pills_on_top(scene: &Scene, geo: &Geo) -> Vec<PitRef> {
    let mut top = Vec::new();
    if let Some(p) = &scene.path {
        let pts = path_points(p, geo);
        if pts.len() >= 2 {
            let last = pts.len() - 1;
            if pts[last].y < pts[last - 1].y - 1.0 {
                top.push(PitRef::new(p.side, *p.sown.last().expect("sown")));
            }
            if pts[1].y > pts[0].y + 1.0 {
                top.push(PitRef::new(p.side, p.from));
            }
        }
    }
    top
}

/// An axis-aligned box that a word takes up.
#[derive(Clone, Copy)]
struct Boxed {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Boxed {
    fn around(c: Pt, w: f64, h: f64) -> Boxed {
        Boxed {
            x0: c.x - w / 2.0,
            y0: c.y - h / 2.0,
            x1: c.x + w / 2.0,
            y1: c.y + h / 2.0,
        }
    }

    fn overlap(&self, o: &Boxed) -> f64 {
        let w = self.x1.min(o.x1) - self.x0.max(o.x0);
        let h = self.y1.min(o.y1) - self.y0.max(o.y0);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }
}

/// Where the pit numbers are (nothing when the board has no labels).
fn pit_number_boxes(scene: &Scene, geo: &Geo) -> Vec<Boxed> {
    let mut out = Vec::new();
    if !scene.labels {
        return out;
    }
    for row in 0..4 {
        for col in 0..8 {
            let (side, pit) = pit_at_display(scene.seat, row, col);
            let chars = narrate::pit(side, pit).chars().count() as f64;
            let c = geo.cell_centre(row, col);
            out.push(Boxed {
                x0: c.x - CELL / 2.0 + 2.0,
                y0: c.y - CELL / 2.0 + 1.0,
                x1: c.x - CELL / 2.0 + 4.0 + chars * 6.3,
                y1: c.y - CELL / 2.0 + 13.0,
            });
        }
    }
    out
}

/// The first best of `cands` (centres of a `w`×`h` box, moved inside
/// `bounds`): no overlap with `taken` if possible, then as little with
/// `soft` as possible, then near `home`.
fn place(
    w: f64,
    h: f64,
    cands: &[Pt],
    bounds: (f64, f64, f64, f64),
    taken: &[Boxed],
    soft: &[(Boxed, f64)],
    home: Pt,
) -> Pt {
    let clamp = |p: Pt| Pt {
        x: p.x.clamp(
            bounds.0 + w / 2.0,
            (bounds.2 - w / 2.0).max(bounds.0 + w / 2.0),
        ),
        y: p.y.clamp(
            bounds.1 + h / 2.0,
            (bounds.3 - h / 2.0).max(bounds.1 + h / 2.0),
        ),
    };
    let mut best = (f64::MAX, clamp(home));
    for (i, p) in cands.iter().enumerate() {
        let p = clamp(*p);
        let b = Boxed::around(p, w, h);
        let hard: f64 = taken.iter().map(|t| b.overlap(t)).sum();
        let light: f64 = soft.iter().map(|(t, k)| b.overlap(t) * k).sum();
        let cost = hard * 100.0 + light + p.sub(home).len() * 2.0 + i as f64 * 0.01;
        if cost < best.0 {
            best = (cost, p);
        }
    }
    best.1
}

/// The pills of one pit: its status (from the marks) and the author's
/// labels, a label said once even if both give it.
fn pit_pills(scene: &Scene, r: PitRef, cw: bool) -> Vec<(String, String)> {
    let authored: Vec<(String, String)> = scene
        .highlights
        .iter()
        .filter(|h| h.pits.first() == Some(&r))
        .filter_map(|h| {
            h.label
                .as_ref()
                .map(|l| (l.clone(), format!("omw-pill-hl-{}", h.style.name())))
        })
        .collect();
    let said = |t: &str| {
        let t = t.to_lowercase();
        authored.iter().any(|(a, _)| {
            let a = a.to_lowercase();
            a == t || a.starts_with(&format!("{t} ")) || a.starts_with(&format!("{t},"))
        })
    };
    let status: Vec<(String, &str)> = scene
        .marks_of(r)
        .iter()
        .filter_map(|m| pill_text(m, cw))
        .filter(|(t, _)| !said(t))
        .collect();
    let mut out = Vec::new();
    if let Some((_, class)) = status.first() {
        let label: Vec<&str> = status.iter().map(|(t, _)| t.as_str()).collect();
        out.push((label.join(" · "), class.to_string()));
    }
    out.extend(authored);
    out
}

fn pills(scene: &Scene, geo: &Geo, taken: &mut Vec<Boxed>) -> Group {
    let mut g = Group::new().set("class", "omw-pills");
    let on_top = pills_on_top(scene, geo);
    let cw = scene.marks.iter().any(|(_, m)| *m == Mark::Clockwise);
    let mut pits: Vec<PitRef> = Vec::new();
    for r in scene.marks.iter().map(|(r, _)| *r).chain(
        scene
            .highlights
            .iter()
            .filter_map(|h| h.pits.first().copied()),
    ) {
        if !pits.contains(&r) {
            pits.push(r);
        }
    }
    let (x0, x1) = (MARGIN + 2.0, MARGIN + BOARD_W - 2.0);
    let mut above_used: Vec<PitRef> = Vec::new();
    for r in &pits {
        let c = geo.centre(r.side, r.pit);
        let top = on_top.contains(r);
        for (i, (label, class)) in pit_pills(scene, *r, cw).iter().enumerate() {
            let w = (label.chars().count() as f64 * 6.4 + 10.0).max(18.0);
            let h = 15.0;
            // the status goes where the path is not; a second pill opposite
            let first_top = top != (i % 2 == 1);
            let mut cands = Vec::new();
            for up in [first_top, !first_top] {
                let y = if up { c.y - 31.0 } else { c.y + 30.5 };
                for dx in [0.0, 6.0, 12.0, 18.0, -12.0, 24.0, -24.0, 36.0, -36.0] {
                    cands.push(Pt { x: c.x + dx, y });
                }
            }
            let home = cands[0];
            let p = place(w, h, &cands, (x0, 0.0, x1, f64::MAX), taken, &[], home);
            taken.push(Boxed::around(p, w, h));
            if p.y < c.y {
                above_used.push(*r);
            }
            g = g.add(pill(class, p, label));
        }
        // the drop count in a corner clear of the pit's pills
        let corner = if above_used.contains(r) { 25.0 } else { -25.0 };
        for m in scene.marks_of(*r) {
            if let Mark::Drops(k) = m {
                let p = Pt {
                    x: c.x + 25.0,
                    y: c.y + corner,
                };
                taken.push(Boxed::around(p, 24.0, 15.0));
                g = g.add(pill("omw-pill-drop", p, &format!("+{k}")));
            }
        }
    }
    g
}

fn highlight(h: &SceneHighlight, geo: &Geo) -> Group {
    let style = h.style.name();
    let mut g = Group::new().set("class", format!("omw-highlight omw-highlight-{style}"));
    for r in &h.pits {
        g = g.add(circle(
            &format!("omw-hl omw-hl-{style}"),
            geo.centre(r.side, r.pit),
            35.0,
        ));
    }
    g
}

fn arrow(a: &SceneArrow, geo: &Geo) -> Group {
    let p0 = geo.centre(a.from.side, a.from.pit);
    let p1 = geo.centre(a.to.side, a.to.pit);
    let (line_class, head_class) = if a.capture {
        ("omw-capture-arrow", "omw-capture-head")
    } else {
        ("omw-arrow", "omw-arrow-head")
    };
    let mut g = Group::new().set(
        "class",
        if a.capture {
            "omw-arrow-group omw-arrow-capture"
        } else {
            "omw-arrow-group"
        },
    );
    let d = p1.sub(p0);
    let len = d.len();
    let bend = if len < CELL * 1.5 { 0.35 } else { 0.22 };
    let ctrl = p0.add(d.scale(0.5)).add(d.perp().unit().scale(len * bend));
    // start and end on the pits' rims
    let s = p0.add(ctrl.sub(p0).unit().scale(PIT_R + 3.0));
    let tip = p1.add(ctrl.sub(p1).unit().scale(PIT_R + 2.0));
    let dir = tip.sub(ctrl).unit();
    let head = 13.0;
    let e = tip.sub(dir.scale(head - 1.0));
    g = g.add(Path::new().set("class", line_class).set(
        "d",
        format!(
            "M{} {}Q{} {} {} {}",
            n(s.x),
            n(s.y),
            n(ctrl.x),
            n(ctrl.y),
            n(e.x),
            n(e.y)
        ),
    ));
    let base = tip.sub(dir.scale(head));
    let w = dir.perp().scale(7.5);
    g.add(triangle(head_class, tip, base.add(w), base.sub(w)))
}

/// The curve of an arrow: start, control point, end (before the head) and
/// the head's tip.
fn arrow_curve(a: &SceneArrow, geo: &Geo) -> (Pt, Pt, Pt, Pt) {
    let p0 = geo.centre(a.from.side, a.from.pit);
    let p1 = geo.centre(a.to.side, a.to.pit);
    let d = p1.sub(p0);
    let len = d.len();
    let bend = if len < CELL * 1.5 { 0.35 } else { 0.22 };
    let ctrl = p0.add(d.scale(0.5)).add(d.perp().unit().scale(len * bend));
    let s = p0.add(ctrl.sub(p0).unit().scale(PIT_R + 3.0));
    let tip = p1.add(ctrl.sub(p1).unit().scale(PIT_R + 2.0));
    let e = tip.sub(tip.sub(ctrl).unit().scale(12.0));
    (s, ctrl, e, tip)
}

/// The arrows' labels, each placed near its curve's midpoint where it
/// hides the least: inside the picture, off the pit numbers and pills.
fn arrow_labels(scene: &Scene, geo: &Geo, height: f64, taken: &mut Vec<Boxed>) -> Group {
    let mut g = Group::new().set("class", "omw-arrow-labels");
    // the pits' middles, lightly, more so where seeds are counted
    let pits: Vec<(Boxed, f64)> = (0..4)
        .flat_map(|row| (0..8).map(move |col| (row, col)))
        .map(|(row, col)| {
            let (side, pit) = pit_at_display(scene.seat, row, col);
            let k = if scene.board.get(side, pit) == 0 {
                1.0
            } else {
                4.0
            };
            (Boxed::around(geo.cell_centre(row, col), 40.0, 40.0), k)
        })
        .collect();
    for a in &scene.arrows {
        let Some(label) = &a.label else { continue };
        let (s, ctrl, e, tip) = arrow_curve(a, geo);
        let mid = s.scale(0.25).add(ctrl.scale(0.5)).add(e.scale(0.25));
        let along = e.sub(s).unit();
        let out = ctrl.sub(mid).unit();
        let w = label.chars().count() as f64 * 7.6 + 6.0;
        let h = 16.0;
        let mut cands = Vec::new();
        for k in [0.0, 10.0, 20.0, 30.0, 40.0, -10.0, -20.0, -30.0] {
            for j in [0.0, 12.0, -12.0, 24.0, -24.0] {
                cands.push(mid.add(out.scale(k)).add(along.scale(j)));
            }
        }
        // and the arrow itself, more so
        let mut soft = pits.clone();
        for i in 0..=10 {
            let t = i as f64 / 10.0;
            let q = s
                .scale((1.0 - t) * (1.0 - t))
                .add(ctrl.scale(2.0 * t * (1.0 - t)))
                .add(e.scale(t * t));
            soft.push((Boxed::around(q, 8.0, 8.0), 6.0));
        }
        for i in 0..=3 {
            let q = e.add(tip.sub(e).scale(i as f64 / 3.0));
            soft.push((Boxed::around(q, 14.0, 14.0), 6.0));
        }
        let bounds = (4.0, 4.0, WIDTH - 4.0, height - 4.0);
        let c = place(w, h, &cands, bounds, taken, &soft, mid);
        taken.push(Boxed::around(c, w, h));
        g = g.add(text("omw-arrow-label", c.x, c.y + 4.0, label));
    }
    g
}

fn banner(b: &str, geo: &Geo) -> Group {
    let lines = wrap(b, 40);
    let h = 22.0 * lines.len() as f64 + 22.0;
    let mid = geo.board_y + BOARD_H / 2.0;
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
