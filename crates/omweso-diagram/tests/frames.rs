//! The diagrams of played moves: golden files for every lap kind in every
//! variant (the text twin, title and description of every frame; the full
//! SVG of selected cases), standalone scalable SVG, frame names, elision of
//! long and never-ending moves, the seat, escaping and determinism.
//!
//! Golden files live in `tests/golden/`: `CASE.txt` holds every frame's
//! name, title, description and text twin; `svg/CASE-FRAME.svg` the full
//! SVG of selected cases. Regenerate them with
//! `OMWESO_BLESS=1 cargo test -p omweso-diagram --test frames` and review
//! the diff; `omweso diagram FILE --format png` draws a position's frames
//! as pictures to look at.
//!
//! The positions come from the sample vectors (found with the site's
//! `tests/it/diagram_search.rs`).

use omweso_diagram::{
    self as diagram, Annotations, Arrow, Frame, Highlight, HighlightStyle, Note, PitRef,
    RenderOptions,
};
use omweso_engine::{Board, Grid, Position, Rules, Side, notation, trace};
use std::path::{Path, PathBuf};

const ALL: &[&str] = &["*"];

struct Case {
    name: &'static str,
    rules: Rules,
    variant: &'static str,
    board: Board,
    to_move: Side,
    mv: &'static str,
    before_first_capture: bool,
    ann: Annotations,
    max_laps: usize,
    /// Keep full SVG goldens of this case's frames: `ALL`, some names, or
    /// none.
    svg_golden: &'static [&'static str],
}

fn case(
    name: &'static str,
    rules: Rules,
    variant: &'static str,
    grid: Grid,
    to_move: Side,
    mv: &'static str,
) -> Case {
    Case {
        name,
        rules,
        variant,
        board: Board::from_grid(&grid),
        to_move,
        mv,
        before_first_capture: false,
        ann: Annotations::default(),
        max_laps: 10_000,
        svg_golden: &[],
    }
}

const SHACKELL_0: Grid = [
    [5, 0, 4, 0, 2, 0, 6, 2],
    [0, 0, 0, 3, 0, 2, 0, 0],
    [5, 2, 0, 4, 2, 4, 6, 0],
    [0, 4, 2, 3, 3, 0, 3, 2],
];
const SHACKELL_2: Grid = [
    [5, 4, 2, 0, 3, 2, 2, 1],
    [1, 1, 3, 4, 2, 0, 1, 1],
    [3, 3, 3, 1, 2, 3, 0, 6],
    [2, 0, 1, 0, 1, 2, 2, 3],
];
const SHACKELL_5: Grid = [
    [1, 5, 1, 0, 2, 1, 3, 3],
    [2, 0, 4, 2, 2, 1, 1, 2],
    [4, 2, 1, 3, 1, 2, 1, 2],
    [3, 4, 3, 1, 0, 3, 2, 2],
];
const SHACKELL_21: Grid = [
    [0, 0, 4, 1, 3, 0, 2, 0],
    [2, 0, 4, 6, 3, 0, 0, 3],
    [1, 3, 5, 8, 0, 3, 1, 6],
    [2, 2, 0, 2, 0, 0, 0, 3],
];
const MODERN_0: Grid = [
    [1, 3, 5, 4, 0, 0, 1, 3],
    [1, 3, 7, 2, 2, 0, 4, 0],
    [0, 7, 3, 3, 0, 3, 3, 0],
    [0, 3, 0, 1, 0, 0, 3, 2],
];
const MODERN_33: Grid = [
    [0, 2, 0, 2, 0, 5, 2, 0],
    [0, 2, 0, 0, 6, 4, 5, 0],
    [6, 0, 2, 0, 2, 6, 2, 3],
    [0, 4, 0, 0, 4, 0, 4, 3],
];
const MODERN_41: Grid = [
    [3, 0, 2, 3, 1, 1, 0, 1],
    [3, 2, 0, 1, 3, 0, 3, 2],
    [3, 1, 2, 1, 0, 3, 3, 2],
    [2, 4, 6, 0, 3, 0, 4, 5],
];
const MODERN_43: Grid = [
    [3, 2, 0, 4, 3, 0, 2, 1],
    [2, 3, 2, 2, 4, 1, 2, 4],
    [1, 0, 1, 1, 1, 2, 5, 3],
    [2, 1, 3, 3, 1, 1, 1, 3],
];
const LUDII_2: Grid = [
    [2, 3, 1, 4, 0, 0, 3, 5],
    [2, 0, 2, 4, 1, 1, 6, 2],
    [4, 1, 1, 2, 4, 0, 2, 1],
    [2, 0, 2, 2, 2, 1, 2, 2],
];
const LUDII_7: Grid = [
    [3, 2, 1, 2, 3, 3, 0, 1],
    [1, 4, 2, 4, 5, 1, 2, 0],
    [1, 6, 1, 2, 3, 1, 0, 2],
    [0, 1, 0, 2, 4, 2, 1, 4],
];
const LUDII_18: Grid = [
    [5, 1, 4, 2, 3, 0, 0, 3],
    [1, 0, 0, 0, 3, 3, 4, 1],
    [2, 6, 0, 1, 3, 1, 0, 3],
    [0, 2, 4, 5, 0, 3, 0, 4],
];

fn mcgill_never_ending_board() -> Board {
    omweso_engine::reference::mcgill_first_case().board
}

fn mcgill_long_board() -> Board {
    omweso_engine::reference::mcgill_second_case().board
}

fn pit(s: &str) -> PitRef {
    PitRef::parse(s).expect("pit ref")
}

fn annotated() -> Annotations {
    Annotations {
        id: Some("relay-basic".into()),
        title: Some("A relay".into()),
        caption: Some(
            "The last seed lands in an occupied pit, so the move goes on: the pit is lifted and sown again."
                .into(),
        ),
        seat: Side::South,
        labels: true,
        highlights: vec![
            Highlight {
                pits: vec![pit("S3")],
                style: HighlightStyle::Start,
                label: Some("lift here".into()),
            },
            Highlight {
                pits: vec![pit("N13"), pit("N4")],
                style: HighlightStyle::Danger,
                label: Some("exposed".into()),
            },
            Highlight {
                pits: vec![pit("S13")],
                style: HighlightStyle::Good,
                label: None,
            },
        ],
        arrows: vec![Arrow {
            from: pit("S3"),
            to: pit("S5"),
            label: Some("2 seeds".into()),
        }],
        notes: vec![
            Note {
                lap: 1,
                text: "Two seeds from S3 reach S5, which already holds seeds.".into(),
            },
            Note {
                lap: 2,
                text: "The relay empties S5 and carries its four seeds on to S9.".into(),
            },
        ],
    }
}

fn cases() -> Vec<Case> {
    let s = Side::South;
    let n = Side::North;
    let mut v = vec![
        case(
            "shackell-plain",
            Rules::SHACKELL_1935,
            "shackell-1935",
            SHACKELL_0,
            s,
            "2",
        ),
        {
            let mut c = case(
                "shackell-relay-annotated",
                Rules::SHACKELL_1935,
                "shackell-1935",
                SHACKELL_0,
                s,
                "3",
            );
            c.ann = annotated();
            c.svg_golden = ALL;
            c
        },
        case(
            "shackell-cw-start-capture",
            Rules::SHACKELL_1935,
            "shackell-1935",
            SHACKELL_2,
            s,
            "15C",
        ),
        {
            let mut c = case(
                "shackell-cw-chain-captures",
                Rules::SHACKELL_1935,
                "shackell-1935",
                SHACKELL_5,
                n,
                "1CC",
            );
            c.svg_golden = ALL;
            c
        },
        case(
            "shackell-nkutemye",
            Rules::SHACKELL_1935,
            "shackell-1935",
            SHACKELL_21,
            n,
            "2CC",
        ),
        case("modern-capture", Rules::MODERN, "modern", MODERN_0, s, "7"),
        case(
            "modern-cw-relay",
            Rules::MODERN,
            "modern",
            MODERN_33,
            n,
            "14AC",
        ),
        case(
            "modern-cw-capture-sowing",
            Rules::MODERN,
            "modern",
            MODERN_43,
            n,
            "2CC",
        ),
        {
            let mut c = case(
                "modern-three-seed",
                Rules::MODERN,
                "modern",
                MODERN_0,
                s,
                "2T",
            );
            c.before_first_capture = true;
            c
        },
        case(
            "modern-nkutemye",
            Rules::MODERN,
            "modern",
            MODERN_41,
            n,
            "13",
        ),
        case(
            "ludii-cw-whole-move",
            Rules::LUDII,
            "ludii",
            LUDII_18,
            s,
            "15C",
        ),
        case(
            "ludii-relay-after-capture",
            Rules::LUDII,
            "ludii",
            LUDII_2,
            n,
            "12",
        ),
        case(
            "ludii-chained-captures",
            Rules::LUDII,
            "ludii",
            LUDII_7,
            s,
            "9",
        ),
        {
            let mut c = Case {
                name: "mcgill-never-ending",
                rules: Rules::MCGILL_2015,
                variant: "mcgill-2015",
                board: mcgill_never_ending_board(),
                to_move: n,
                mv: "2",
                before_first_capture: false,
                ann: Annotations::default(),
                max_laps: 1000,
                svg_golden: &["00-before", "01-lap-1", "13-more-laps", "99-summary"],
            };
            c.ann.notes = vec![
                Note {
                    lap: 3,
                    text: "Lap 3 is drawn.".into(),
                },
                Note {
                    lap: 500,
                    text: "Lap 500 is not drawn.".into(),
                },
            ];
            c
        },
        Case {
            name: "mcgill-lap-of-twenty-seeds",
            rules: Rules::MCGILL_2015,
            variant: "mcgill-2015",
            board: Board::from_sides(
                [0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            ),
            to_move: s,
            mv: "5",
            before_first_capture: false,
            ann: Annotations::default(),
            max_laps: 10_000,
            svg_golden: &[],
        },
        Case {
            name: "mcgill-long-move",
            rules: Rules::MCGILL_2015,
            variant: "mcgill-2015",
            board: mcgill_long_board(),
            to_move: s,
            mv: "12",
            before_first_capture: false,
            ann: Annotations::default(),
            max_laps: 10_000,
            svg_golden: &[],
        },
        Case {
            name: "mcgill-long-move-truncated",
            rules: Rules::MCGILL_2015,
            variant: "mcgill-2015",
            board: mcgill_long_board(),
            to_move: s,
            mv: "12",
            before_first_capture: false,
            ann: Annotations::default(),
            max_laps: 30,
            svg_golden: &[],
        },
    ];
    // the same move seen from the other seat, for both movers
    for (name, base) in [
        ("shackell-cw-start-capture-north-seat", 2usize),
        ("shackell-cw-chain-captures-north-seat", 3),
    ] {
        let b = &v[base];
        let mut ann = Annotations {
            seat: Side::North,
            labels: true,
            ..Annotations::default()
        };
        ann.id = None;
        let c = Case {
            name,
            rules: b.rules,
            variant: b.variant,
            board: b.board,
            to_move: b.to_move,
            mv: b.mv,
            before_first_capture: false,
            ann,
            max_laps: 10_000,
            svg_golden: if name.starts_with("shackell-cw-start") {
                ALL
            } else {
                &[]
            },
        };
        v.push(c);
    }
    v
}

fn frames_of(c: &Case) -> Vec<Frame> {
    let mut pos = Position::new(c.board, c.to_move);
    pos.before_first_capture = c.before_first_capture;
    let mv = notation::parse(c.mv).expect("notation").mv;
    let played = trace(&c.rules, &pos, &mv, c.max_laps).expect("legal move");
    diagram::move_frames(&played, &c.ann, c.variant, &c.rules)
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn bless() -> bool {
    std::env::var_os("OMWESO_BLESS").is_some()
}

/// Compare with a golden file, or write it when blessing.
fn check_golden(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if bless() {
        std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
        std::fs::write(path, actual).expect("write golden");
        return;
    }
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => {}
        Ok(_) => failures.push(format!("{} differs", path.display())),
        Err(_) => failures.push(format!("{} is missing", path.display())),
    }
}

/// Every frame's name, title, description and text; after the first,
/// what a figure's text twin says of it instead of its whole board
/// (`twin:`, [`Frame::text_after`]).
fn transcript(frames: &[Frame]) -> String {
    let mut s = String::new();
    for (i, f) in frames.iter().enumerate() {
        s.push_str(&format!(
            "=== {}\ntitle: {}\ndesc: {}\n",
            f.name, f.title, f.desc
        ));
        if i > 0 {
            s.push_str(&format!("twin: {}\n", f.text_after(&frames[i - 1])));
        }
        s.push_str(&format!("\n{}\n", f.text()));
    }
    s
}

/// The pit names (`S5`, `N12`) a line says, as whole words, each with the
/// word after it.
fn pits_said(line: &str) -> Vec<(String, String)> {
    let words: Vec<&str> = line
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words
        .iter()
        .enumerate()
        .filter(|(_, w)| {
            let (side, n) = w.split_at(1);
            (side == "S" || side == "N") && n.parse::<u8>().is_ok_and(|n| (1..=16).contains(&n))
        })
        .map(|(i, w)| (w.to_string(), words.get(i + 1).unwrap_or(&"").to_string()))
        .collect()
}

/// After the first board, a figure's text twin says each pit whose count
/// changed once, with its count now, and no pit that did not change; each
/// side's seeds exactly when they changed.
#[test]
fn a_twin_says_each_changed_pit_once_and_no_other() {
    let (mut frames_checked, mut pits_checked, mut totals_said) = (0, 0, 0);
    for c in cases() {
        let frames = frames_of(&c);
        for pair in frames.windows(2) {
            let (before, now) = (pair[0].scene.board(), pair[1].scene.board());
            let line = pair[1].text_after(&pair[0]);
            let said = pits_said(&line);
            let mut changed = 0;
            for side in Side::BOTH {
                for pit in omweso_engine::Pit::ALL {
                    let name = format!("{}{}", side.letter(), pit.number());
                    let times: Vec<&(String, String)> =
                        said.iter().filter(|(p, _)| *p == name).collect();
                    if before.get(side, pit) == now.get(side, pit) {
                        assert!(
                            times.is_empty(),
                            "{} {}: {name} unchanged: {line}",
                            c.name,
                            pair[1].name
                        );
                    } else {
                        changed += 1;
                        assert_eq!(
                            times.len(),
                            1,
                            "{} {}: {name} once: {line}",
                            c.name,
                            pair[1].name
                        );
                        assert_eq!(times[0].1, now.get(side, pit).to_string(), "{line}");
                    }
                }
            }
            assert_eq!(said.len(), changed, "{line}");
            if changed == 0 {
                assert_eq!(line, "No pit changed.");
            }
            let moved = Side::BOTH
                .iter()
                .any(|&s| before.side_total(s) != now.side_total(s));
            assert_eq!(line.contains(" seeds"), moved, "{line}");
            totals_said += usize::from(moved);
            pits_checked += changed;
            frames_checked += 1;
        }
    }
    assert!(frames_checked >= 100, "{frames_checked} frames");
    assert!(
        pits_checked >= 5 * frames_checked / 2,
        "{pits_checked} pits"
    );
    assert!(totals_said >= 10, "{totals_said} captures");
}

#[test]
fn golden_frames_for_every_case() {
    let mut failures = Vec::new();
    for c in cases() {
        let frames = frames_of(&c);
        check_golden(
            &golden_dir().join(format!("{}.txt", c.name)),
            &transcript(&frames),
            &mut failures,
        );
        for f in &frames {
            if c.svg_golden == ALL || c.svg_golden.contains(&f.name.as_str()) {
                check_golden(
                    &golden_dir()
                        .join("svg")
                        .join(format!("{}-{}.svg", c.name, f.name)),
                    &f.svg(&RenderOptions::default()),
                    &mut failures,
                );
            }
        }
    }
    // a position without a move
    let c = &cases()[1];
    let pos = Position::new(c.board, c.to_move);
    let f = diagram::board_frame(&pos, &c.ann, c.variant, &c.rules);
    check_golden(
        &golden_dir().join("board.txt"),
        &transcript(std::slice::from_ref(&f)),
        &mut failures,
    );
    check_golden(
        &golden_dir().join("svg/board-00-board.svg"),
        &f.svg(&RenderOptions::default()),
        &mut failures,
    );
    assert!(
        failures.is_empty(),
        "golden files differ (OMWESO_BLESS=1 to update):\n{}",
        failures.join("\n")
    );
}

fn find<'a>(name: &str, all: &'a [Case]) -> &'a Case {
    all.iter().find(|c| c.name == name).expect("case")
}

/// The `viewBox` height of an SVG.
fn view_box(svg: &str) -> (f32, f32) {
    let i = svg.find("viewBox=\"").expect("viewBox") + 9;
    let v: Vec<f32> = svg[i..svg[i..].find('"').unwrap() + i]
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    (v[2], v[3])
}

#[test]
fn frames_are_standalone_scalable_svg_with_title_and_desc() {
    for c in cases() {
        for f in frames_of(&c) {
            let svg = f.svg(&RenderOptions::default());
            let doc = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{} {}: not XML: {e}", c.name, f.name));
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert!(root.attribute("viewBox").is_some());
            assert!(root.attribute("width").is_none() && root.attribute("height").is_none());
            let child = |n: &str| {
                root.children()
                    .find(|e| e.tag_name().name() == n)
                    .and_then(|e| e.text())
                    .unwrap_or_default()
                    .to_string()
            };
            assert_eq!(child("title"), f.title);
            assert_eq!(child("desc"), f.desc);
            let style = child("style");
            assert!(style.contains("--omw-bg"));
            assert!(style.contains("@media (prefers-color-scheme: dark)"));
            assert!(style.contains("@media print"));
            assert!(!f.text().is_empty() && f.text().ends_with('\n'));
        }
    }
}

#[test]
fn frame_names_are_ordered_unique_and_bounded() {
    for c in cases() {
        let frames = frames_of(&c);
        let names: Vec<&str> = frames.iter().map(|f| f.name.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, names, "{}", c.name);
        assert_eq!(names[0], "00-before");
        assert_eq!(*names.last().unwrap(), "99-summary");
        assert!(
            frames.len() <= diagram::MAX_LAP_FRAMES + 2,
            "{}: {} frames",
            c.name,
            frames.len()
        );
    }
}

#[test]
fn long_and_never_ending_moves_are_summarised() {
    let all = cases();
    let ne = frames_of(find("mcgill-never-ending", &all));
    let names: Vec<&str> = ne.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names.len(), 1 + diagram::HEAD_LAPS + 2);
    assert_eq!(names[diagram::HEAD_LAPS + 1], "13-more-laps");
    let more = &ne[diagram::HEAD_LAPS + 1];
    assert!(more.desc.contains("1,565,991"), "{}", more.desc);
    assert!(more.text().contains("Lap 500 is not drawn."));
    assert!(ne[3].text().contains("Lap 3 is drawn."));
    let summary = ne.last().unwrap();
    assert!(summary.desc.contains("never ends"), "{}", summary.desc);
    assert!(summary.desc.contains("annulled"), "{}", summary.desc);

    // 255 laps: the first laps, the elision, the last laps
    let long = frames_of(find("mcgill-long-move", &all));
    let names: Vec<&str> = long.iter().map(|f| f.name.as_str()).collect();
    assert!(names.contains(&"13-more-laps"));
    assert!(names.contains(&"19-lap-255"));
    assert!(long[13].desc.contains("237 more laps"), "{}", long[13].desc);

    // a trace cut short: no last laps, the summary still has the result
    let cut = frames_of(find("mcgill-long-move-truncated", &all));
    assert_eq!(cut.len(), 1 + diagram::HEAD_LAPS + 2);
    assert!(cut.last().unwrap().desc.contains("255 laps"));
}

#[test]
fn clockwise_laps_look_different_not_by_colour_alone() {
    let all = cases();
    for name in [
        "shackell-cw-start-capture",
        "modern-cw-relay",
        "modern-cw-capture-sowing",
        "ludii-cw-whole-move",
    ] {
        let c = find(name, &all);
        let mv = notation::parse(c.mv).unwrap().mv;
        let played = trace(&c.rules, &Position::new(c.board, c.to_move), &mv, 1000).unwrap();
        let frames = frames_of(c);
        for (i, lap) in played.laps.iter().enumerate() {
            let f = &frames[i + 1];
            let cw = lap.direction == omweso_engine::Direction::Clockwise;
            // dashed path class, open chevron head, label
            assert_eq!(
                f.svg(&RenderOptions::default())
                    .contains("class=\"omw-path-cw\""),
                cw,
                "{name} {}",
                f.name
            );
            assert_eq!(
                f.svg(&RenderOptions::default())
                    .contains("class=\"omw-head-cw\""),
                cw
            );
            assert_eq!(
                f.svg(&RenderOptions::default())
                    .contains("\u{21bb} clockwise"),
                cw
            );
            assert_eq!(
                f.svg(&RenderOptions::default())
                    .contains("\u{21ba} anticlockwise"),
                !cw
            );
            assert_eq!(
                f.desc.contains("clockwise from") && !f.desc.contains("anticlockwise from"),
                cw
            );
        }
    }
}

#[test]
fn lap_frames_name_the_lap_kinds_and_what_happens() {
    let all = cases();
    let f = frames_of(find("shackell-cw-chain-captures", &all));
    assert!(f[1].title.ends_with(": start"));
    assert!(f[2].title.ends_with(": captured seeds sown"));
    assert!(
        f[1].desc.contains("captures S11 (2) and S6 (3)"),
        "{}",
        f[1].desc
    );
    let f = frames_of(find("shackell-relay-annotated", &all));
    assert!(f[2].title.ends_with(": relay"));
    assert!(f[1].desc.contains("relay"));
    assert!(f[2].desc.contains("the move ends"));
    let f = frames_of(find("modern-three-seed", &all));
    assert!(f[1].title.ends_with(": three-seed opening"));
    let f = frames_of(find("ludii-relay-after-capture", &all));
    assert!(
        f.iter()
            .any(|f| f.desc.contains("relaying the capturing pit")),
        "Ludii's relay after a capture is named"
    );
    for name in ["shackell-nkutemye", "modern-nkutemye"] {
        let s = frames_of(find(name, &all));
        let d = &s.last().unwrap().desc;
        assert!(d.contains("nkutemye"), "{name}: {d}");
    }
}

#[test]
fn flipping_the_seat_turns_the_board_half_a_turn() {
    let all = cases();
    let south = frames_of(find("shackell-cw-start-capture", &all));
    let north = frames_of(find("shackell-cw-start-capture-north-seat", &all));
    let grid = |t: &str| -> Vec<Vec<u32>> {
        t.lines()
            .filter(|l| l.contains('…'))
            .map(|l| {
                l.split_whitespace()
                    .take(8)
                    .map(|c| {
                        c.trim_matches(|ch: char| !ch.is_ascii_digit())
                            .parse()
                            .unwrap()
                    })
                    .collect()
            })
            .collect()
    };
    for (s, n) in south.iter().zip(&north) {
        let (gs, gn) = (grid(&s.text()), grid(&n.text()));
        assert_eq!(gs.len(), 4);
        for r in 0..4 {
            let mut row = gn[3 - r].clone();
            row.reverse();
            assert_eq!(gs[r], row, "{}", s.name);
        }
        assert_eq!(s.desc, n.desc, "the words do not depend on the seat");
    }
    // the bottom side is named last
    let last_side = |t: &str| {
        t.lines()
            .rfind(|l| l.starts_with("South ·") || l.starts_with("North ·"))
            .unwrap()
            .to_string()
    };
    assert!(last_side(&south[0].text()).starts_with("South"));
    assert!(last_side(&north[0].text()).starts_with("North"));
}

#[test]
fn user_text_is_escaped() {
    let evil = "<script>alert(\"x\")</script> & 'quoted' \"double\"";
    let mut c = case(
        "escape",
        Rules::SHACKELL_1935,
        "<b>variant</b>&",
        SHACKELL_0,
        Side::South,
        "3",
    );
    c.ann = annotated();
    c.ann.title = Some(evil.into());
    c.ann.caption = Some(evil.into());
    c.ann.highlights[0].label = Some(evil.into());
    c.ann.arrows[0].label = Some(evil.into());
    c.ann.notes[0].text = evil.into();
    let mut frames = frames_of(&c);
    let pos = Position::new(c.board, c.to_move);
    frames.push(diagram::board_frame(&pos, &c.ann, c.variant, &c.rules));
    for f in &frames {
        assert!(
            !f.svg(&RenderOptions::default()).contains("<script"),
            "{}",
            f.name
        );
        assert!(
            !f.svg(&RenderOptions::default()).contains("<b>"),
            "{}",
            f.name
        );
        let svg = f.svg(&RenderOptions::default());
        let doc = roxmltree::Document::parse(&svg).expect("well-formed");
        // the text survives intact
        let texts: String = doc
            .descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join("\n");
        if f.name == "00-before" || f.name == "00-board" {
            assert!(texts.contains(evil), "{}: {texts}", f.name);
        }
        assert!(doc.descendants().all(|n| n.tag_name().name() != "script"));
    }
    assert!(
        frames[0]
            .svg(&RenderOptions::default())
            .contains("&lt;script&gt;")
    );
    assert!(
        frames[0].text().contains(evil),
        "the text twin is plain text"
    );
}

#[test]
fn a_trace_of_no_laps_still_gives_before_elision_and_summary() {
    let all = cases();
    let mut c = case(
        "no-laps",
        Rules::SHACKELL_1935,
        "shackell-1935",
        SHACKELL_0,
        Side::South,
        "3",
    );
    c.max_laps = 0;
    let frames = frames_of(&c);
    let names: Vec<&str> = frames.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["00-before", "01-more-laps", "99-summary"]);
    assert!(frames[2].desc.contains("2 laps"), "{}", frames[2].desc);
    let mut ne = case(
        "never-ending-no-laps",
        Rules::MCGILL_2015,
        "mcgill-2015",
        SHACKELL_0,
        Side::North,
        "2",
    );
    let base = find("mcgill-never-ending", &all);
    ne.board = base.board;
    ne.max_laps = 0;
    let frames = frames_of(&ne);
    assert_eq!(frames.len(), 3);
    assert!(frames[1].desc.contains("repeats for ever"));
}

/// Words on the board are drawn once, inside the picture, and never on a
/// pit number: pills and arrow labels clear of the `S1`…`N16` labels.
#[test]
fn labels_are_inside_the_picture_once_and_off_the_pit_numbers() {
    type Box4 = (f32, f32, f32, f32);
    let overlap = |a: Box4, b: Box4| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
    for c in cases() {
        for f in frames_of(&c) {
            let (w, h) = view_box(&f.svg(&RenderOptions::default()));
            let svg = f.svg(&RenderOptions::default());
            let doc = roxmltree::Document::parse(&svg).expect("XML");
            let num = |n: &roxmltree::Node, a: &str| -> f32 {
                n.attribute(a).expect(a).parse().expect("number")
            };
            let class = |n: &roxmltree::Node| n.attribute("class").unwrap_or("").to_string();
            let text = |n: &roxmltree::Node| n.text().unwrap_or("").trim().to_string();
            let pitnos: Vec<Box4> = doc
                .descendants()
                .filter(|n| class(n) == "omw-pitno")
                .map(|n| {
                    let (x, y) = (num(&n, "x"), num(&n, "y"));
                    (x, y - 8.0, x + 6.0 * text(&n).chars().count() as f32, y)
                })
                .collect();
            let mut words: Vec<(String, Box4)> = Vec::new();
            for n in doc.descendants() {
                if class(&n).starts_with("omw-pill ") {
                    let (x, y) = (num(&n, "x"), num(&n, "y"));
                    let b = (x, y, x + num(&n, "width"), y + num(&n, "height"));
                    let label = n
                        .parent()
                        .and_then(|g| g.children().find(|t| class(t) == "omw-pill-text"))
                        .map(|t| text(&t))
                        .unwrap_or_default();
                    words.push((label, b));
                } else if class(&n) == "omw-arrow-label" {
                    let (x, y) = (num(&n, "x"), num(&n, "y"));
                    let half = 3.6 * text(&n).chars().count() as f32;
                    words.push((text(&n), (x - half, y - 10.0, x + half, y + 2.0)));
                }
            }
            for (label, b) in &words {
                let at = format!("{} {}: {label:?}", c.name, f.name);
                assert!(
                    b.0 >= 0.0 && b.2 <= w && b.1 >= 0.0 && b.3 <= h,
                    "{at} leaves the picture"
                );
                for p in &pitnos {
                    assert!(!overlap(*b, *p), "{at} covers a pit number");
                }
            }
            // one status word a pit, not also the author's label of it
            let lifts = words.iter().filter(|(l, _)| l.starts_with("lift")).count();
            assert!(
                lifts <= 1,
                "{} {}: 'lift' drawn {lifts} times",
                c.name,
                f.name
            );
        }
    }
}

/// The marks have the shapes the rulebook's key names (How to read the
/// diagrams): a double ring is two circles, the square a rectangle, a
/// capture a double ring, a dashed ring and a line (their colours are
/// checked against the key's words by the site's tests).
#[test]
fn marks_have_the_shapes_the_key_names() {
    let all = cases();
    let frames = frames_of(find("shackell-relay-annotated", &all));
    // the board alone: a full frame's key draws each mark once more
    let svg = |f: &Frame| {
        f.svg(&RenderOptions {
            embed: diagram::Embed::Embedded,
            layout: diagram::Layout::Board,
            ..RenderOptions::default()
        })
    };
    assert_eq!(
        svg(&frames[1])
            .matches("<circle class=\"omw-ring-relay\"")
            .count(),
        2
    );
    assert_eq!(
        svg(&frames[2])
            .matches("<rect class=\"omw-ring-end\"")
            .count(),
        1
    );
    let capture = frames_of(find("shackell-cw-chain-captures", &all));
    let s = svg(&capture[1]);
    assert!(s.contains("<circle class=\"omw-ring-capture-at\""));
    assert!(s.contains("<circle class=\"omw-ring-capture-at-out\""));
    assert!(s.contains("<circle class=\"omw-ring-captured\""));
    assert!(s.contains("class=\"omw-capture-arrow\""));
}

/// Marks keep one meaning (issue 24): a pit captured from stays marked
/// "captured from" (the ring, crossed out once emptied) on every frame
/// after its capture until the move ends, not only on the capture's lap and
/// the next.
#[test]
fn captured_pits_stay_marked_until_the_move_ends() {
    use omweso_engine::LapEnd;
    let mut checked = 0;
    for c in cases() {
        let mut pos = Position::new(c.board, c.to_move);
        pos.before_first_capture = c.before_first_capture;
        let mv = notation::parse(c.mv).expect("notation").mv;
        let played = trace(&c.rules, &pos, &mv, c.max_laps).expect("legal move");
        let frames = frames_of(&c);
        // lap k's frame is `NN-lap-k`
        for (i, lap) in played.laps.iter().enumerate() {
            let Some(f) = frames
                .iter()
                .find(|f| f.name.ends_with(&format!("-lap-{}", i + 1)))
            else {
                continue;
            };
            let mut taken = Vec::new();
            for l in &played.laps[..=i] {
                if let LapEnd::Capture(cap) = l.end {
                    for p in [cap.inner, cap.outer] {
                        if !taken.contains(&p) {
                            taken.push(p);
                        }
                    }
                }
            }
            // the board alone (a full frame's key draws the ring once more)
            let svg = f.svg(&RenderOptions {
                layout: diagram::Layout::Board,
                ..RenderOptions::default()
            });
            let rings = svg.matches("<circle class=\"omw-ring-captured\"").count();
            assert_eq!(
                rings,
                taken.len(),
                "{} {}: {} pits captured from so far, {rings} marked",
                c.name,
                f.name,
                taken.len()
            );
            // the pits emptied by an earlier lap's capture are crossed out
            let earlier = taken
                .iter()
                .filter(|p| lap.board_after.get(c.to_move.opponent(), **p) == 0)
                .count();
            assert!(
                svg.matches("class=\"omw-cross\"").count() >= 2 * earlier,
                "{} {}: the emptied pits are not all crossed out",
                c.name,
                f.name
            );
            if i > 0 && !taken.is_empty() {
                checked += 1;
            }
        }
    }
    assert!(
        checked > 10,
        "only {checked} frames after a capture checked"
    );
}

/// The shaded blocks of the left-hand pits have a key line exactly when
/// they are drawn (issue 24): under rules with clockwise sowing every
/// frame's board shades them and its key — beside it in a page
/// (`words_html`) and under it in a full frame — says what they are in
/// the rules' own terms; under rules without, no frame shades them and no
/// key mentions them. Over every case of every variant, and over each
/// built-in rule set and two made-up ones (reverse sowing taken from
/// McGill's and given to the modern rules).
#[test]
fn the_left_hand_pits_are_shaded_exactly_when_the_key_says_so() {
    use diagram::{Embed, Layout};
    const ZONE: &str = "class=\"omw-reverse-zone\"";
    const LINE: &str = "shaded: the left-hand pits (1, 2, 15, 16)";
    let board_only = RenderOptions {
        embed: Embed::Embedded,
        layout: Layout::Board,
        ..RenderOptions::default()
    };
    let mut checked = 0;
    let mut shaded = 0;
    let mut check = |f: &Frame, rules: &Rules, at: &str| {
        let reverse = rules.reverse_laps != omweso_engine::ReverseLaps::None;
        // the board: both sides' blocks, or none
        let board = f.svg(&board_only);
        assert_eq!(
            board.matches(ZONE).count(),
            if reverse { 2 } else { 0 },
            "{at}"
        );
        // the page's key beside the board
        let html = f.words_html(None);
        assert_eq!(html.contains(LINE), reverse, "{at}: {html}");
        assert_eq!(f.scene.left_hand().is_some(), reverse, "{at}");
        // a full frame: the board's two blocks and the key's swatch, and
        // the key's line under the board
        let full = f.svg(&RenderOptions::default());
        assert_eq!(
            full.matches(ZONE).count(),
            if reverse { 3 } else { 0 },
            "{at}"
        );
        assert_eq!(full.contains(LINE), reverse, "{at}");
        checked += 1;
        shaded += reverse as usize;
    };
    for c in cases() {
        for f in frames_of(&c) {
            check(&f, &c.rules, &format!("{} {}", c.name, f.name));
        }
    }
    let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    let made_up = [
        (
            "mcgill-with-reverse",
            Rules {
                reverse_laps: Rules::MODERN.reverse_laps,
                ..Rules::MCGILL_2015
            },
        ),
        (
            "modern-without-reverse",
            Rules {
                reverse_laps: Rules::MCGILL_2015.reverse_laps,
                ..Rules::MODERN
            },
        ),
    ];
    for (name, rules) in Rules::BUILTIN.iter().chain(&made_up) {
        let f = diagram::board_frame(&pos, &Annotations::default(), name, rules);
        check(&f, rules, name);
    }
    // every case's frames and the six boards; McGill's and one made-up
    // rule set's without the shading
    assert_eq!(checked, 141, "frames checked");
    assert_eq!(shaded, 76, "frames shaded");
    // the line says what the rules allow
    let said = |r: &Rules| diagram::narrate::left_hand_pits(r).expect("reverse sowing");
    assert!(said(&Rules::MODERN).contains("any lap"));
    assert!(said(&Rules::SHACKELL_1935).contains("where a move may start going back"));
    assert!(said(&Rules::SHACKELL_1935).ends_with("only to capture at once"));
    assert!(said(&Rules::LUDII).contains("aimed at an inner pit facing two occupied pits"));
}

/// The shared drawings a name decides (the pit, a board, a count, a mark)
/// are drawn once a thread and copied into later figures: a figure drawn
/// after many others is the same markup as the figure drawn first in a
/// fresh thread, whatever the rule set, seat, pit names, layout and theme.
#[test]
fn a_figure_is_the_same_whatever_was_drawn_before_it() {
    use diagram::{Embed, Layout, Markup, Theme, figure_svgs, move_frames};
    use omweso_engine::{legal_moves, reference::positions_from_play};

    let mut cases = Vec::new();
    for (i, (name, rules)) in Rules::BUILTIN.into_iter().enumerate() {
        for (j, pos) in positions_from_play(&rules, 5 + i as u64, 3)
            .into_iter()
            .step_by(3)
            .enumerate()
        {
            let Some(first) = legal_moves(&rules, &pos).into_iter().next() else {
                continue;
            };
            let Ok(played) = trace(&rules, &pos, &first.mv, 10_000) else {
                continue;
            };
            let ann = Annotations {
                seat: if j % 2 == 0 { Side::South } else { Side::North },
                labels: j % 3 == 0,
                ..Annotations::default()
            };
            let frames = move_frames(&played, &ann, name, &rules);
            let (layout, theme) = [
                (Layout::Board, Theme::Adaptive),
                (Layout::Full, Theme::Adaptive),
                (Layout::Sheet, Theme::Print),
                (Layout::Board, Theme::Print),
            ][j % 4];
            let options = RenderOptions {
                theme,
                embed: Embed::Embedded,
                layout,
                width: None,
            };
            cases.push((frames, options));
        }
    }
    let written = |svgs: Vec<Markup>| {
        svgs.iter()
            .map(|m| {
                let mut s = String::new();
                m.write("f-", &mut s);
                s
            })
            .collect::<Vec<_>>()
    };
    // every figure drawn in one thread, one after the other
    let after_others: Vec<_> = cases
        .iter()
        .map(|(frames, options)| written(figure_svgs(frames, options)))
        .collect();
    // each drawn first, in a thread of its own
    for (k, (frames, options)) in cases.iter().enumerate() {
        let alone = std::thread::scope(|s| {
            s.spawn(|| written(figure_svgs(frames, options)))
                .join()
                .unwrap()
        });
        assert_eq!(alone, after_others[k], "figure {k} ({:?})", options.layout);
    }
    assert!(cases.len() >= 40, "only {} figures", cases.len());
}
