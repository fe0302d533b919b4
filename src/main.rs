//! The `omweso` command line: parse, call the library, report.

use clap::{Parser, Subcommand, ValueEnum};
use omweso::describe;
use omweso::engine::{self, notation};
use omweso::model::{self, Diagnostics, PositionDoc, Source, Variants};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "omweso",
    version,
    about = "Omweso rulebooks: an exact rules engine, diagrams, checked examples and verified puzzles"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal move of a position.
    Moves {
        /// A position file (YAML).
        position: PathBuf,
        /// Which position of a file holding several.
        #[arg(long)]
        id: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// List every choice sequence, even those reaching the same end
        /// position (by default each end position is listed once).
        #[arg(long)]
        every_sequence: bool,
    },
    /// Play a move: its lap-by-lap trace, then the resulting position as YAML.
    Play {
        /// A position file (YAML).
        position: PathBuf,
        /// The move in notation (e.g. 12, 2C, 7AC, 5T).
        #[arg(value_name = "MOVE")]
        mv: String,
        #[arg(long)]
        id: Option<String>,
        /// Laps to print at most (a never-ending move is still decided exactly).
        #[arg(long, default_value_t = 200)]
        max_laps: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Moves {
            position,
            id,
            format,
            every_sequence,
        } => {
            let doc = load_one(&position, id.as_deref())?;
            let rules = &doc.variant.variant.rules;
            let mut moves = engine::legal_moves(rules, &doc.position);
            if !every_sequence {
                moves = engine::dedupe(moves);
            }
            let mover = doc.position.to_move;
            match format {
                Format::Json => {
                    let out = serde_json::json!({
                        "variant": doc.variant.name(),
                        "to_move": mover.name(),
                        "moves": moves.iter().map(describe::move_json).collect::<Vec<_>>(),
                    });
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
                    );
                }
                Format::Text => {
                    if moves.is_empty() {
                        println!(
                            "{} has no legal move: {} wins (no-move).",
                            mover.title(),
                            mover.opponent().title()
                        );
                    }
                    for m in &moves {
                        println!("{}", describe::move_line(m, mover));
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Play {
            position,
            mv,
            id,
            max_laps,
        } => {
            let doc = load_one(&position, id.as_deref())?;
            let n = notation::parse(&mv).map_err(|e| e.to_string())?;
            if let Some(side) = n.side
                && side != doc.position.to_move
            {
                return Err(format!(
                    "{mv} is {}'s move, but {} is to move",
                    side.title(),
                    doc.position.to_move.title()
                ));
            }
            let played = engine::play(&doc.variant.variant.rules, &doc.position, &n.mv, max_laps)
                .map_err(|e| format!("illegal move {mv}: {e}"))?;
            for line in describe::trace_text(&played).lines() {
                println!("# {line}");
            }
            if let Some(after) = &played.after {
                print!("{}", model::position_yaml(after, doc.variant.name()));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Load a position file and pick one position.
fn load_one(path: &Path, id: Option<&str>) -> Result<PositionDoc, String> {
    let docs = load_positions(path).map_err(|e| e.to_string())?;
    pick(docs, id, path)
}

fn load_positions(path: &Path) -> Result<Vec<PositionDoc>, Diagnostics> {
    let src = Source::read(path)?;
    let mut variants = Variants::builtin();
    // a site's own variants, when the file sits in one
    if let Some(dir) = path.parent().and_then(|d| d.parent()) {
        let _ = variants.load_dir(&dir.join("variants"));
    }
    model::parse_positions(&src, &variants)
}

fn pick(docs: Vec<PositionDoc>, id: Option<&str>, path: &Path) -> Result<PositionDoc, String> {
    let ids = || {
        docs.iter()
            .map(|d| d.id().unwrap_or("(no id)").to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match id {
        Some(id) => {
            let all = ids();
            docs.into_iter()
                .find(|d| d.id() == Some(id))
                .ok_or_else(|| {
                    format!(
                        "{}: no position with id {id:?} (it has: {all})",
                        path.display()
                    )
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
