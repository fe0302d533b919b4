//! Diagram tests: golden files for every lap kind in every variant, PNG
//! rendering, escaping and determinism.
//!
//! Golden files live in `tests/golden/diagram/`: `CASE.txt` holds every
//! frame's name, title, description and text twin; `svg/CASE-FRAME.svg` the
//! full SVG of selected cases. Regenerate them with
//! `OMWESO_BLESS=1 cargo test --test diagram` and review the diff.
//! `OMWESO_DIAGRAM_PREVIEW=DIR` also writes every frame as PNG into DIR.
//!
//! The positions come from the sample vectors (found with
//! `tests/diagram_search.rs`).

use omweso::diagram::{self, Format, Frame};
use omweso::engine::{Board, Grid, Position, Rules, Side, notation, play};
use omweso::model::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
use std::path::{Path, PathBuf};

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
    /// Keep full SVG goldens of this case.
    svg_golden: bool,
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
        svg_golden: false,
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
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    Board::from_sides(south, north)
}

fn mcgill_long_board() -> Board {
    let south = [1, 2, 10, 2, 3, 0, 4, 0, 4, 11, 4, 15, 0, 1, 2, 1];
    let north = [0, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0];
    Board::from_sides(south, north)
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
            c.svg_golden = true;
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
            c.svg_golden = true;
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
                svg_golden: true,
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
            name: "mcgill-long-move",
            rules: Rules::MCGILL_2015,
            variant: "mcgill-2015",
            board: mcgill_long_board(),
            to_move: s,
            mv: "12",
            before_first_capture: false,
            ann: Annotations::default(),
            max_laps: 10_000,
            svg_golden: false,
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
            svg_golden: false,
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
            svg_golden: name.starts_with("shackell-cw-start"),
        };
        v.push(c);
    }
    v
}

fn frames_of(c: &Case) -> Vec<Frame> {
    let mut pos = Position::new(c.board, c.to_move);
    pos.before_first_capture = c.before_first_capture;
    let mv = notation::parse(c.mv).expect("notation").mv;
    let played = play(&c.rules, &pos, &mv, c.max_laps).expect("legal move");
    diagram::move_frames(&played, &c.ann, c.variant)
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/diagram")
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

fn transcript(frames: &[Frame]) -> String {
    let mut s = String::new();
    for f in frames {
        s.push_str(&format!(
            "=== {}\ntitle: {}\ndesc: {}\n\n{}\n",
            f.name, f.title, f.desc, f.text
        ));
    }
    s
}

fn preview(name: &str, frames: &[Frame]) {
    if let Some(dir) = std::env::var_os("OMWESO_DIAGRAM_PREVIEW") {
        diagram::write_frames(frames, Path::new(&dir), name, Format::Png).expect("preview");
    }
}

#[test]
fn golden_frames_for_every_case() {
    let mut failures = Vec::new();
    for c in cases() {
        let frames = frames_of(&c);
        preview(c.name, &frames);
        check_golden(
            &golden_dir().join(format!("{}.txt", c.name)),
            &transcript(&frames),
            &mut failures,
        );
        if c.svg_golden {
            for f in &frames {
                check_golden(
                    &golden_dir()
                        .join("svg")
                        .join(format!("{}-{}.svg", c.name, f.name)),
                    &f.svg,
                    &mut failures,
                );
            }
        }
    }
    // a position without a move
    let c = &cases()[1];
    let pos = Position::new(c.board, c.to_move);
    let f = diagram::board_frame(&pos, &c.ann, c.variant);
    preview("board", std::slice::from_ref(&f));
    check_golden(
        &golden_dir().join("board.txt"),
        &transcript(std::slice::from_ref(&f)),
        &mut failures,
    );
    check_golden(
        &golden_dir().join("svg/board-00-board.svg"),
        &f.svg,
        &mut failures,
    );
    assert!(
        failures.is_empty(),
        "golden files differ (OMWESO_BLESS=1 to update):\n{}",
        failures.join("\n")
    );
}
