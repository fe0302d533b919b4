//! `omweso moves`, `play` and `diagram`: one position of a file, its moves,
//! a move's trace and its frames.

use super::Output;
use omweso::diagram::narrate::{move_line, notation_error, play_error, trace_text};
use omweso::engine::quote;
use omweso::engine::{self, notation};
use omweso::model::{self, Diagnostics, PositionDoc, Source};
use std::path::Path;
use std::process::ExitCode;

/// `omweso moves`: every legal move (each end position once, or every
/// choice sequence).
pub fn moves(doc: &PositionDoc, format: Output, every_sequence: bool) -> Result<ExitCode, String> {
    let rules = &doc.variant.variant.rules;
    let moves = if every_sequence {
        engine::every_sequence(rules, &doc.position)
    } else {
        omweso::legal_moves_parallel(rules, &doc.position)
    };
    let mover = doc.position.to_move;
    match format {
        Output::Json => println!(
            "{}",
            omweso_web::moves_json(doc.variant.name(), mover, &moves)
        ),
        Output::Text => {
            if moves.is_empty() {
                println!("{}", omweso::diagram::narrate::no_legal_move(mover));
            }
            for m in &moves {
                println!("{}", move_line(m, mover));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `omweso play`: the move's lap-by-lap trace as comments, then the
/// position after it as YAML.
pub fn play(doc: &PositionDoc, mv: &str, max_laps: usize) -> Result<ExitCode, String> {
    let m = notation::parse_for(doc.position.to_move, mv).map_err(|e| notation_error(&e))?;
    let played = engine::trace(&doc.variant.variant.rules, &doc.position, &m, max_laps)
        .map_err(|e| format!("illegal move {}: {}", quote(mv), play_error(&e)))?;
    for line in trace_text(&played).lines() {
        println!("# {line}");
    }
    if let Some(after) = &played.after {
        print!("{}", model::position_yaml(after, doc.variant.name()));
    }
    Ok(ExitCode::SUCCESS)
}

/// `omweso diagram`: the board, or a move frame by frame, into `out`.
pub fn diagram(
    doc: &PositionDoc,
    mv: Option<&str>,
    out: &Path,
    format: omweso::export::FrameFormat,
) -> Result<ExitCode, String> {
    use omweso::export;
    let mv = match mv {
        Some(text) => {
            Some(notation::parse_for(doc.position.to_move, text).map_err(|e| notation_error(&e))?)
        }
        None => None,
    };
    let frames = export::position_frames(doc, mv.as_ref()).map_err(|e| e.to_string())?;
    let written = export::write_frames(&frames, out, &export::default_stem(doc), format)
        .map_err(|e| e.to_string())?;
    for p in written {
        println!("{}", p.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Load a position file and pick one position.
pub fn load_one(path: &Path, id: Option<&str>) -> Result<PositionDoc, String> {
    let docs = load_positions(path).map_err(|e| e.to_string())?;
    pick(docs, id, path)
}

fn load_positions(path: &Path) -> Result<Vec<PositionDoc>, Diagnostics> {
    let src = Source::read(path)?;
    let variants = super::warn_variants(omweso::site::variants_for_file(path));
    model::parse_positions(&src, &variants)
}

/// The position of a file that `--id` names: by its id, or `#N` for the
/// N-th of the file (1 = the first), which also picks one without an id.
fn pick(docs: Vec<PositionDoc>, id: Option<&str>, path: &Path) -> Result<PositionDoc, String> {
    let ids = || {
        docs.iter()
            .enumerate()
            .map(|(i, d)| match d.id() {
                Some(id) => id.to_string(),
                None => format!("#{} (no id)", i + 1),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    match id {
        Some(id) => {
            let all = ids();
            let nth = id
                .strip_prefix('#')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| n >= 1);
            let n = docs.len();
            let found = match nth {
                Some(k) => docs.into_iter().nth(k - 1),
                None => docs.into_iter().find(|d| d.id() == Some(id)),
            };
            found.ok_or_else(|| match nth {
                Some(k) => format!(
                    "{}: no position #{k}: it holds {n} (#1 to #{n})",
                    path.display()
                ),
                None => format!(
                    "{}: no position with id {id_q} (it has: {all}; #N picks the N-th)",
                    path.display(),
                    id_q = quote(id)
                ),
            })
        }
        None if docs.len() == 1 => Ok(docs.into_iter().next().expect("one position")),
        None => Err(format!(
            "{} holds {} positions: choose one with --id (one of: {})",
            path.display(),
            docs.len(),
            ids()
        )),
    }
}
