//! A position's frames exported (`omweso::export`): PNG and file output,
//! frames of a position file, every content position drawn, and the
//! rulebook's key against the diagrams' colours. The diagrams themselves (golden files,
//! SVG, text twins) are tested in their crate, `crates/omweso-diagram`.

use omweso::diagram::{self, Frame, RenderOptions};
use omweso::engine::notation;
use omweso::export::{self, FrameFormat};
use omweso::model::{Source, Variants, parse_positions};
use std::path::{Path, PathBuf};

/// A Shackell capture chain going clockwise (North's 1CC): many frames.
const CHAIN_CAPTURES: &str = "variant: shackell-1935
to_move: north
board:
  - [1, 5, 1, 0, 2, 1, 3, 3]
  - [2, 0, 4, 2, 2, 1, 1, 2]
  - [4, 2, 1, 3, 1, 2, 1, 2]
  - [3, 4, 3, 1, 0, 3, 2, 2]
move: 1CC
";

/// A one-lap move (South's 2 under Shackell's rules).
const PLAIN: &str = "variant: shackell-1935
to_move: south
board:
  - [5, 0, 4, 0, 2, 0, 6, 2]
  - [0, 0, 0, 3, 0, 2, 0, 0]
  - [5, 2, 0, 4, 2, 4, 6, 0]
  - [0, 4, 2, 3, 3, 0, 3, 2]
move: 2
";

/// The frames of the move of a position written as a position file, as
/// `omweso diagram` draws them.
fn frames_of_yaml(yaml: &str) -> Vec<Frame> {
    let docs =
        parse_positions(&Source::new("case.yaml", yaml), &Variants::builtin()).expect("valid");
    export::position_frames(&docs[0], None).expect("legal")
}

/// The size of an SVG's picture, as the renderer reads it.
fn view_box(svg: &str) -> (f32, f32) {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("SVG");
    (tree.size().width(), tree.size().height())
}

/// User text drawn into a PNG: escaped in the SVG, rendered without error.
#[test]
fn user_text_renders_as_png() {
    let evil = "<script>alert(1)</script> & 'q'";
    let yaml = format!("title: {evil:?}\n{PLAIN}");
    for f in frames_of_yaml(&yaml) {
        assert!(!f.svg(&RenderOptions::default()).contains("<script"));
        export::to_png(&f, 0.5).expect("renders");
    }
}

#[test]
fn output_is_deterministic() {
    for yaml in [CHAIN_CAPTURES, PLAIN] {
        let a = frames_of_yaml(yaml);
        let b = frames_of_yaml(yaml);
        assert_eq!(a, b);
        let pa = export::to_png(&a[1], 1.0).unwrap();
        let pb = export::to_png(&b[1], 1.0).unwrap();
        assert_eq!(pa, pb);
    }
}

#[test]
fn png_has_the_expected_size_and_is_not_blank() {
    let frames = frames_of_yaml(CHAIN_CAPTURES);
    for (f, scale) in [(&frames[0], 1.0f32), (&frames[1], 2.0), (&frames[4], 1.5)] {
        let png = export::to_png(f, scale).expect("png");
        assert_eq!(&png[1..4], b"PNG");
        let pix = resvg::tiny_skia::Pixmap::decode_png(&png).expect("decodes");
        let (w, h) = view_box(&f.svg(&RenderOptions::default()));
        assert_eq!(pix.width(), (w * scale).round() as u32, "{}", f.name);
        assert_eq!(pix.height(), (h * scale).round() as u32, "{}", f.name);
        let px = pix.pixels();
        let bg = px[0];
        let other = px.iter().filter(|p| **p != bg).count();
        assert!(
            other > px.len() / 3,
            "{}: only {other} non-background pixels",
            f.name
        );
        // dark ink: numerals and headings, when fonts are installed
        let ink = px
            .iter()
            .filter(|p| (p.red() as u32 + p.green() as u32 + p.blue() as u32) < 200)
            .count();
        assert!(
            ink > 500,
            "{}: text did not render ({ink} dark pixels); install fonts-dejavu-core",
            f.name
        );
    }
}

#[test]
fn frames_are_written_with_predictable_names() {
    let frames = frames_of_yaml(PLAIN);
    let dir = tempfile::tempdir().unwrap();
    for format in FrameFormat::ALL {
        let paths = export::write_frames(&frames, dir.path(), "plain", format).unwrap();
        let names: Vec<String> = paths
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        let ext = format.extension();
        assert_eq!(
            names,
            vec![
                format!("plain-00-before.{ext}"),
                format!("plain-01-lap-1.{ext}"),
                format!("plain-99-summary.{ext}"),
            ]
        );
        for p in &paths {
            assert!(std::fs::metadata(p).unwrap().len() > 100);
        }
    }
    let svg = std::fs::read_to_string(dir.path().join("plain-01-lap-1.svg")).unwrap();
    assert_eq!(svg, frames[1].svg(&RenderOptions::default()));
    for bad in ["", "a/b", "..", "a\\b"] {
        assert!(export::write_frames(&frames, dir.path(), bad, FrameFormat::Svg).is_err());
    }
    assert_eq!(FrameFormat::parse("PNG"), Some(FrameFormat::Png));
    assert_eq!("txt".parse::<FrameFormat>(), Ok(FrameFormat::Text));
    assert!("gif".parse::<FrameFormat>().is_err());
}

#[test]
fn frames_of_a_position_file() {
    let yaml = r#"
id: relay-basic
title: A relay
caption: The last seed lands in an occupied pit, so the move goes on.
variant: shackell-1935
to_move: south
board:
  - [5, 0, 4, 0, 2, 0, 6, 2]
  - [0, 0, 0, 3, 0, 2, 0, 0]
  - [5, 2, 0, 4, 2, 4, 6, 0]
  - [0, 4, 2, 3, 3, 0, 3, 2]
move: 3
seat: north
labels: true
highlight:
  - pits: [S3]
    style: start
    label: lift here
notes:
  - lap: 2
    text: The relay carries the seeds on.
"#;
    let variants = Variants::builtin();
    let docs = parse_positions(&Source::new("relay.yaml", yaml), &variants).expect("valid");
    let doc = &docs[0];
    assert_eq!(export::default_stem(doc), "relay-basic");
    let frames = export::position_frames(doc, None).expect("legal");
    let names: Vec<&str> = frames.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["00-before", "01-lap-1", "02-lap-2", "99-summary"]);
    assert!(frames[0].title.starts_with("A relay"));
    assert!(frames[2].text().contains("The relay carries the seeds on."));
    // the seat is North: South's rows are drawn at the top
    assert!(
        frames[0]
            .text()
            .lines()
            .nth(3)
            .unwrap()
            .starts_with("South")
    );
    // another move from the command line
    let other = notation::parse("2").unwrap().mv;
    let frames = export::position_frames(doc, Some(&other)).expect("legal");
    assert!(frames[0].desc.starts_with("South plays 2 (shackell-1935)"));
    // an illegal move is a located error
    let bad = notation::parse("1").unwrap().mv;
    let err = export::position_frames(doc, Some(&bad)).unwrap_err();
    assert!(err.to_string().contains("illegal move 1"), "{err}");
    // no move: the board
    let mut still = doc.clone();
    still.mv = None;
    let frames = export::position_frames(&still, None).unwrap();
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].name, "00-board");
}

/// Every position of the bundled content draws (a smoke test; `omweso
/// check` verifies the moves themselves).
#[test]
fn content_positions_draw() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/positions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("content/positions")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let variants = Variants::builtin();
    let mut drawn = 0;
    for file in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
    {
        let text = std::fs::read_to_string(file).unwrap();
        let docs = parse_positions(&Source::new(file.clone(), text), &variants)
            .unwrap_or_else(|e| panic!("{e}"));
        for doc in &docs {
            drawn += 1;
            match export::position_frames(doc, None) {
                Ok(frames) => {
                    for f in &frames {
                        resvg::usvg::roxmltree::Document::parse(&f.svg(&RenderOptions::default()))
                            .expect("XML");
                    }
                }
                Err(e) => assert!(e.to_string().contains("illegal move"), "{e}"),
            }
        }
    }
    assert!(drawn >= 3, "only {drawn} content positions drawn");
}

/// The rulebook's key (How to read the diagrams) names each mark by its
/// colour: each mark's class in the light theme has the hue the key names
/// (the shapes it names are the diagram crate's test,
/// `marks_have_the_shapes_the_key_names`).
#[test]
fn the_rulebook_key_matches_the_marks() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("content/rules-at-a-glance.md"),
    )
    .unwrap();
    let key = &text[text.find("{#reading-diagrams}").expect("the key")..];
    let key = key.replace("\n  ", " ").replace('\n', " ");
    let css = diagram::Theme::Light.stylesheet();
    // the hue (degrees) of the stroke of a class
    let hue = |class: &str| -> f64 {
        let rule = &css[css
            .find(&format!(".{class} {{"))
            .unwrap_or_else(|| panic!("{class}"))..];
        let rule = &rule[..rule.find('}').unwrap()];
        let i = rule.find("stroke: #").expect("a stroke colour") + 9;
        let c = |k: usize| u8::from_str_radix(&rule[i + k..i + k + 2], 16).unwrap() as f64;
        let (r, g, b) = (c(0), c(2), c(4));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let d = max - min;
        assert!(d > 40.0, "{class}: a colour, not a grey");
        if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        }
    };
    let named = |name: &str| -> (f64, f64) {
        match name {
            "red" => (-15.0, 12.0),
            "orange" => (18.0, 45.0),
            "green" => (90.0, 160.0),
            "teal" => (170.0, 200.0),
            "blue" => (200.0, 235.0),
            "purple" => (255.0, 300.0),
            _ => panic!("{name}"),
        }
    };
    for (words, class) in [
        ("blue ring", "omw-ring-lift"),
        ("blue double ring", "omw-ring-relay"),
        ("green rounded square", "omw-ring-end"),
        ("red double ring", "omw-ring-capture-at"),
        ("red dashed ring", "omw-ring-captured"),
        ("purple dotted ring", "omw-ring-mark"),
        ("orange dash-dot ring", "omw-ring-danger"),
        ("teal long-dashed ring", "omw-ring-good"),
        ("red dashed line", "omw-capture-arrow"),
    ] {
        assert!(
            key.contains(&format!("**{words}**")),
            "the key names the {words}"
        );
        let (lo, hi) = named(words.split(' ').next().unwrap());
        let mut h = hue(class);
        if h > 300.0 {
            h -= 360.0;
        }
        assert!(h >= lo && h <= hi, "{class}: hue {h} is not {words}");
    }
}
