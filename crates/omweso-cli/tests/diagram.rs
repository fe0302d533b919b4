//! `omweso diagram`'s standalone frames carry the diagrams' key (issue 24):
//! each SVG written says under its board what the site says beside the
//! same frame — the move's marks, the author's labels and, where the board
//! shades them, the left-hand pits — so that one diagram printed alone
//! keeps its legend.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `omweso diagram FILE --format svg --out DIR` run in the repository: the
/// files it wrote, in order.
fn diagram(file: &Path, out: &Path) -> Vec<PathBuf> {
    let run = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .arg("diagram")
        .arg(file)
        .args(["--format", "svg", "--out"])
        .arg(out)
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(PathBuf::from)
        .collect()
}

/// The text of every element of class `class` in an SVG, in order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let open = format!("<text class=\"{class}\"");
    svg.match_indices(&open)
        .map(|(i, _)| {
            let rest = &svg[i..];
            let start = rest.find('>').unwrap() + 1;
            let end = rest.find("</text>").unwrap();
            rest[start..end].trim().to_string()
        })
        .collect()
}

/// A frame's key as the site says it ([`omweso::diagram::Frame::key_html`]):
/// each line's text, unescaped.
fn site_key(frame: &omweso::diagram::Frame) -> Vec<String> {
    let html = frame.key_html();
    html.split("<li>")
        .skip(1)
        .map(|li| {
            let text = &li[li.find("</svg>").unwrap() + "</svg>".len()..li.find("</li>").unwrap()];
            text.replace("&#39;", "'")
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Every standalone frame of a documented position (the rulebook's capture
/// example, under the modern rules) and of a McGill position: the key's
/// lines under the board, joined, are the site's key for the same frame,
/// each with its swatch; the shading's line is there exactly under the
/// rules that shade.
#[test]
fn standalone_frames_carry_the_sites_key() {
    let work = tempfile::tempdir().unwrap();
    let mcgill = work.path().join("mcgill.yaml");
    std::fs::write(
        &mcgill,
        "id: forward\nvariant: mcgill-2015\nto_move: south\nboard:\n  - [1, 1, 1, 1, 1, 1, 1, 1]\n  - [1, 1, 1, 1, 1, 1, 1, 1]\n  - [2, 2, 2, 2, 2, 2, 2, 2]\n  - [2, 2, 2, 2, 4, 2, 2, 2]\nmove: 5\nlabels: true\n",
    )
    .unwrap();
    let capture = repo().join("content/positions/capture-basic.yaml");
    let mut frames_checked = 0;
    let mut shaded = 0;
    for (file, reverse) in [(capture, true), (mcgill, false)] {
        let out = work.path().join(file.file_stem().unwrap());
        let written = diagram(&file, &out);
        let doc = {
            let src = omweso::model::Source::read(&file).unwrap();
            let (variants, _) = omweso::site::variants_for_file(&file);
            omweso::model::parse_positions(&src, &variants)
                .unwrap()
                .remove(0)
        };
        let frames = omweso::export::position_frames(&doc, None).unwrap();
        assert_eq!(written.len(), frames.len(), "{written:?}");
        for (path, frame) in written.iter().zip(&frames) {
            let svg = std::fs::read_to_string(path).unwrap();
            let at = path.display();
            let expected = site_key(frame);
            assert!(!expected.is_empty(), "{at}: no key to say");
            // the key's lines, wrapped under the board, are the site's key
            let lines = texts(&svg, "omw-key-text");
            assert_eq!(lines.join(" "), expected.join(" "), "{at}");
            // one swatch a line of the key
            assert_eq!(
                svg.matches("<g class=\"omw-key\"").count(),
                expected.len(),
                "{at}"
            );
            let says = lines
                .join(" ")
                .contains("shaded: the left-hand pits (1, 2, 15, 16)");
            assert_eq!(says, reverse, "{at}");
            // the board's two blocks and the key's swatch, or nothing
            let zones = svg.matches("class=\"omw-reverse-zone\"").count();
            assert_eq!(zones, if reverse { 3 } else { 0 }, "{at}");
            frames_checked += 1;
            shaded += says as usize;
        }
    }
    // capture-basic: before, two laps, summary; the McGill move (a long
    // chain of relays): before, its 12 laps, summary
    assert_eq!(frames_checked, 18, "frames checked");
    assert_eq!(shaded, 4, "capture-basic's four frames are shaded");
}
