//! A loaded position's frames exported: drawn from its file (its move
//! played, or as the site's trace stage played it), rasterised to PNG and
//! written to files (`omweso diagram`). The frames themselves, as SVG and
//! text, are the [`diagram`](crate::diagram) crate's.

use crate::diagram::{Frame, RenderOptions, Theme, board_frame, move_frames};
use crate::engine::quote;

use crate::engine::{Move, PlayError, Played, trace};
use crate::model::{Diagnostic, PositionDoc};
use resvg::{tiny_skia, usvg};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Output format of [`write_frames`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameFormat {
    /// SVG pictures (`.svg`).
    Svg,
    /// PNG at `DEFAULT_PNG_SCALE`.
    Png,
    /// Plain-text boards (`.txt`), as the text twins read.
    Text,
}

impl FrameFormat {
    /// Every format, in the order the CLI lists them.
    pub const ALL: [FrameFormat; 3] = [FrameFormat::Svg, FrameFormat::Png, FrameFormat::Text];

    /// `svg`, `png`, `text`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FrameFormat::Svg => "svg",
            FrameFormat::Png => "png",
            FrameFormat::Text => "text",
        }
    }

    /// The file extension: `svg`, `png`, `txt`.
    pub fn extension(self) -> &'static str {
        match self {
            FrameFormat::Svg => "svg",
            FrameFormat::Png => "png",
            FrameFormat::Text => "txt",
        }
    }

    /// Parse `svg`, `png`, `text` (or `txt`).
    pub fn parse(s: &str) -> Option<FrameFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "svg" => Some(FrameFormat::Svg),
            "png" => Some(FrameFormat::Png),
            "text" | "txt" => Some(FrameFormat::Text),
            _ => None,
        }
    }
}

impl std::str::FromStr for FrameFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<FrameFormat, String> {
        FrameFormat::parse(s).ok_or_else(|| {
            format!(
                "unknown format {s_q} (expected svg, png or text)",
                s_q = quote(s)
            )
        })
    }
}

impl std::fmt::Display for FrameFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// PNG pixels per SVG user unit used by [`write_frames`]: diagrams are 640
/// units wide, so 1280 pixels.
pub(crate) const DEFAULT_PNG_SCALE: f32 = 2.0;

/// Why a diagram could not be rendered or written.
#[derive(Debug, thiserror::Error)]
pub enum DiagramError {
    /// The SVG could not be parsed for rasterising (the reason).
    #[error("cannot read the SVG for rendering: {0}")]
    Svg(String),
    /// The PNG scale given, which is not positive or makes a side larger than 16,384 pixels.
    #[error("bad PNG scale {0} (expected a positive number giving at most 16384 pixels a side)")]
    Scale(f32),
    /// The PNG encoder failed (the reason).
    #[error("cannot encode PNG: {0}")]
    Png(String),
    /// The file stem given, which is empty or holds a path separator.
    #[error(
        "bad file stem {} (expected a non-empty name without path separators)",
        quote(.0)
    )]
    Stem(String),
    /// The `--out` path given, which exists and is not a folder.
    #[error("{0}: not a folder; --out names the folder the frames are written into")]
    NotAFolder(PathBuf),
    /// A frame file could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file that could not be written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// Laps recorded when a position's move is played for its diagrams: every
/// finite move up to this length is traced completely (so its last laps
/// can be drawn); longer ones are summarised from their first laps.
pub(crate) const TRACE_LAPS: usize = 100_000;

/// The frames of a loaded position: its move's frames when it has a move
/// (`mv` overrides the one written in the file), else its board frame. An
/// illegal move is an error located at the position's `move`.
///
/// Plays the move: for one-off callers (the `diagram` command). A site
/// plays each position once in its trace stage
/// (`crate::site::traces`) and draws from that trace with
/// `played_frames`.
pub fn position_frames(doc: &PositionDoc, mv: Option<&Move>) -> Result<Vec<Frame>, Diagnostic> {
    let Some(mv) = mv.or(doc.mv.as_ref()) else {
        return Ok(played_frames(doc, None));
    };
    let played = trace(&doc.variant.variant.rules, &doc.position, mv, TRACE_LAPS)
        .map_err(|e| illegal_move(doc, mv, &e))?;
    Ok(played_frames(doc, Some(&played)))
}

/// The frames of a loaded position from its move as already played (traced
/// up to [`TRACE_LAPS`] laps): the move's frames, or the board's frame when
/// there is no move. Never plays anything.
pub(crate) fn played_frames(doc: &PositionDoc, played: Option<&Played>) -> Vec<Frame> {
    let variant = doc.variant.name();
    match played {
        Some(p) => move_frames(p, &doc.annotations, variant, doc.variant.rules()),
        None => vec![board_frame(
            &doc.position,
            &doc.annotations,
            variant,
            doc.variant.rules(),
        )],
    }
}

/// The error of a position's illegal move `mv`, located at its `move`.
pub(crate) fn illegal_move(doc: &PositionDoc, mv: &Move, e: &PlayError) -> Diagnostic {
    doc.at(
        crate::model::Field::Move,
        format!(
            "illegal move {} for {} under {}: {}",
            crate::engine::notation::format(mv),
            doc.position.to_move.title(),
            doc.variant.name(),
            crate::diagram::narrate::play_error(e)
        ),
    )
    .with_kind(crate::model::Kind::IllegalMove)
}

/// The file stem for a position's frames: its `id`, else its file's stem
/// (with `-N` for the N-th position of a file holding several, from 1).
pub fn default_stem(doc: &PositionDoc) -> String {
    if let Some(id) = doc.id() {
        return id.to_string();
    }
    let stem: String = doc
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "position".into())
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = if stem.is_empty() {
        "position".into()
    } else {
        stem
    };
    if doc.index > 0 {
        format!("{stem}-{}", doc.index + 1)
    } else {
        stem
    }
}

fn font_db() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_system_fonts();
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// The options a frame is rendered with for PNG: a standalone SVG in the
/// fixed light colours (resvg has no CSS custom properties).
pub(crate) fn png_options() -> RenderOptions {
    RenderOptions {
        theme: Theme::Light,
        ..RenderOptions::default()
    }
}

/// Render a frame to PNG at `scale` pixels per user unit, in the light
/// colours (`png_options`). Text needs system fonts (DejaVu Sans
/// preferred); without any, the board still renders, without numerals.
pub fn to_png(frame: &Frame, scale: f32) -> Result<Vec<u8>, DiagramError> {
    svg_to_png(&frame.svg(&png_options()), scale)
}

/// Render any SVG document to PNG at `scale` pixels per user unit (CSS
/// custom properties are not supported: render frames with a fixed
/// [`Theme`]).
pub(crate) fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, DiagramError> {
    render_png(svg, scale, font_db())
}

fn render_png(
    svg: &str,
    scale: f32,
    fonts: Arc<usvg::fontdb::Database>,
) -> Result<Vec<u8>, DiagramError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(DiagramError::Scale(scale));
    }
    let opt = usvg::Options {
        fontdb: fonts,
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| DiagramError::Svg(e.to_string()))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .filter(|s| s.width() <= 16_384 && s.height() <= 16_384)
        .ok_or(DiagramError::Scale(scale))?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(DiagramError::Scale(scale))?;
    let sx = size.width() as f32 / tree.size().width();
    let sy = size.height() as f32 / tree.size().height();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| DiagramError::Png(e.to_string()))
}

/// The file a frame is written to: `{stem}-{frame.name}.{ext}`.
pub(crate) fn frame_file_name(stem: &str, frame: &Frame, format: FrameFormat) -> String {
    format!("{stem}-{}.{}", frame.name, format.extension())
}

/// Write frames into `dir` (created if missing) as `{stem}-{name}.svg`,
/// `.png` or `.txt`; returns the paths written, in frame order.
pub fn write_frames(
    frames: &[Frame],
    dir: &Path,
    stem: &str,
    format: FrameFormat,
) -> Result<Vec<PathBuf>, DiagramError> {
    if stem.is_empty()
        || stem.contains(['/', '\\'])
        || stem == "."
        || stem == ".."
        || stem.contains('\0')
    {
        return Err(DiagramError::Stem(stem.to_string()));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(DiagramError::NotAFolder(dir.to_path_buf()));
    }
    std::fs::create_dir_all(dir).map_err(|source| DiagramError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut out = Vec::with_capacity(frames.len());
    for f in frames {
        let path = dir.join(frame_file_name(stem, f, format));
        let bytes = match format {
            FrameFormat::Svg => f.svg(&RenderOptions::default()).into_bytes(),
            FrameFormat::Text => f.text().into_bytes(),
            FrameFormat::Png => to_png(f, DEFAULT_PNG_SCALE)?,
        };
        std::fs::write(&path, bytes).map_err(|source| DiagramError::Io {
            path: path.clone(),
            source,
        })?;
        out.push(path);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::Annotations;
    use crate::engine::{Board, Position, Rules, Side};

    /// `--out` naming a file (or a device) says it is not a folder.
    #[test]
    fn frames_go_into_a_folder() {
        let e = write_frames(&[], Path::new("/dev/null"), "x", FrameFormat::Svg).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/null: not a folder; --out names the folder the frames are written into"
        );
    }

    /// Without any font the board still renders (only the text is lost).
    #[test]
    fn png_without_fonts_still_draws_the_board() {
        let pos = Position::new(Board::from_sides([2; 16], [3; 16]), Side::South);
        let f = board_frame(
            &pos,
            &Annotations::default(),
            "shackell-1935",
            &Rules::SHACKELL_1935,
        );
        let empty = Arc::new(usvg::fontdb::Database::new());
        let png = render_png(&f.svg(&png_options()), 1.0, empty).expect("renders");
        let pix = tiny_skia::Pixmap::decode_png(&png).expect("png");
        assert_eq!(pix.width(), 640);
        // the board colour (#c99a62) covers a good part of the picture
        let board = pix
            .pixels()
            .iter()
            .filter(|p| p.red() == 0xc9 && p.green() == 0x9a && p.blue() == 0x62)
            .count();
        assert!(board > pix.pixels().len() / 10, "board pixels: {board}");
    }

    #[test]
    fn bad_scales_are_refused() {
        let pos = Position::new(Board::from_sides([2; 16], [3; 16]), Side::South);
        let f = board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN);
        for s in [0.0, -1.0, f32::NAN, f32::INFINITY, 1000.0] {
            assert!(matches!(to_png(&f, s), Err(DiagramError::Scale(_))), "{s}");
        }
        assert!(matches!(svg_to_png("<svg", 1.0), Err(DiagramError::Svg(_))));
    }

    /// The dark and print palettes render too (written to
    /// `$OMWESO_DIAGRAM_PREVIEW` for a look).
    #[test]
    fn dark_and_print_palettes_render() {
        let mut south = [1; 16];
        south[4] = 9;
        let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
        let played = trace(
            &crate::engine::Rules::SHACKELL_1935,
            &pos,
            &Move::forward(crate::engine::Pit::new(5).expect("pit")),
            100,
        )
        .expect("legal");
        let frames = move_frames(
            &played,
            &Annotations::default(),
            "shackell-1935",
            &Rules::SHACKELL_1935,
        );
        for (name, theme) in [("dark", Theme::Dark), ("print", Theme::Print)] {
            let svg = frames[1].svg(&RenderOptions {
                theme,
                ..RenderOptions::default()
            });
            let png = render_png(&svg, 1.0, font_db()).expect("renders");
            if let Some(dir) = std::env::var_os("OMWESO_DIAGRAM_PREVIEW") {
                std::fs::create_dir_all(&dir).expect("dir");
                std::fs::write(Path::new(&dir).join(format!("palette-{name}.png")), &png)
                    .expect("write");
            }
            let pix = tiny_skia::Pixmap::decode_png(&png).expect("png");
            let bg = pix.pixels()[0];
            let other = pix.pixels().iter().filter(|p| **p != bg).count();
            assert!(other > pix.pixels().len() / 20, "{name}");
        }
    }

    #[test]
    fn png_frames_use_fixed_colours() {
        let pos = Position::new(Board::from_sides([2; 16], [3; 16]), Side::South);
        let f = board_frame(&pos, &Annotations::default(), "modern", &Rules::MODERN);
        assert!(f.svg(&RenderOptions::default()).contains("var(--omw-"));
        let svg = f.svg(&png_options());
        assert!(!svg.contains("var(--omw-"));
        assert!(svg.contains("#c99a62"), "the light board colour");
    }
}
