//! The `omweso` command line: parse the arguments, hand each command to
//! its module in `cmd/` (which calls the library and reports).

mod cmd;

use clap::{Parser, Subcommand, ValueEnum};
use cmd::position::load_one;
use cmd::{MAX_NODES, Output, depths};
use std::path::PathBuf;
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
/// How `setup` prints its arrangement: a position file, or JSON.
enum SetupOutput {
    Yaml,
    Json,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
/// The seat `setup` arranges for.
enum SetupSide {
    South,
    North,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal move of a position.
    Moves {
        /// A position file (YAML).
        position: PathBuf,
        /// Which position of a file holding several: its id, or #N for the
        /// N-th (#1 the first).
        #[arg(long)]
        id: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Output,
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
        /// Which position of a file holding several: its id, or #N for the
        /// N-th (#1 the first).
        #[arg(long)]
        id: Option<String>,
        /// Laps to print at most (a never-ending move is still decided exactly).
        #[arg(long, default_value_t = 200)]
        max_laps: usize,
    },
    /// The search player's move for a position: notation, score, depth,
    /// nodes, principal variation.
    Bestmove {
        /// A position file (YAML).
        position: PathBuf,
        /// Which position of a file holding several: its id, or #N for the
        /// N-th (#1 the first).
        #[arg(long)]
        id: Option<String>,
        /// Think for this long (wall clock; the default is 1000 ms when no
        /// other limit is given).
        #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
        time_ms: Option<u64>,
        /// Search to this depth in plies, 1 to 64 (deterministic).
        #[arg(long, value_parser = depths())]
        depth: Option<u32>,
        /// A node budget, 1 to 10^10 (deterministic).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
        nodes: Option<u64>,
        /// Answer as the panel player instead: material-only alpha-beta
        /// at this fixed depth, 1 to 64 (10 is the published programs'
        /// depth).
        #[arg(long, conflicts_with_all = ["time_ms", "depth", "nodes"], value_parser = depths())]
        panel: Option<u32>,
        /// Threads searching together, 1 to 64 (default 1; more than one
        /// is not reproducible, and on two cores reached no deeper in a
        /// fixed time: see docs/STRENGTH.md).
        #[arg(long, conflicts_with = "panel", value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: Option<u32>,
        #[arg(long, value_enum, default_value = "text")]
        format: Output,
    },
    /// Engine self-play: play games from drawn set-ups and write them as
    /// game records (content/games format) into DIR.
    Selfplay(cmd::player::SelfplayArgs),
    /// The set-up policy's arrangement for one side (the 32 seeds before the
    /// first move), as the search player would draw it: pits 1–16 in
    /// Shackell's numbering, counted from the player's own seat.
    Setup {
        /// A variant name or a path to a variant file.
        #[arg(long, default_value = cmd::DEFAULT_VARIANT)]
        variant: String,
        /// Seeds the draw (the same seed gives the same arrangement); by
        /// default a seed from the clock, printed with the arrangement.
        #[arg(long)]
        seed: Option<u64>,
        /// The seat the policy's arrangement is for (default south, the
        /// first mover). Under Ludii's rules the policy has a table for each
        /// seat; elsewhere both seats draw alike. The styles have no seat.
        #[arg(long, value_enum, conflicts_with_all = ["styles", "balanced"])]
        side: Option<SetupSide>,
        /// Draw from the players' styles (checking, outer, inner, mixed,
        /// spread) rather than the policy: varied arrangements, where the
        /// policy keeps only arrangements chosen against strong play.
        #[arg(long)]
        styles: bool,
        /// Draw from the players' styles until the first mover, with both
        /// sides on the arrangement, is within MARGIN seeds of level
        /// (searched with --nodes positions): for matches where both sides
        /// start from one arrangement. Prints the first mover's score.
        #[arg(long, value_name = "MARGIN", conflicts_with = "styles", value_parser = clap::value_parser!(u32).range(0..=32))]
        balanced: Option<u32>,
        /// The node budget of --balanced's search (default 300000, about
        /// 0.3 s on a quiet machine); several, comma-separated (e.g.
        /// 300000,3000000), judge each draw in turn, and it is kept only
        /// when every one calls it level.
        #[arg(long, requires = "balanced", value_delimiter = ',', value_parser = clap::value_parser!(u64).range(1..=cmd::MAX_NODES))]
        nodes: Vec<u64>,
        #[arg(long, value_enum, default_value = "yaml")]
        format: SetupOutput,
    },
    /// Draw a position, or its move frame by frame (SVG, PNG or text).
    Diagram {
        /// A position file (YAML).
        position: PathBuf,
        /// Which position of a file holding several: its id, or #N for the
        /// N-th (#1 the first).
        #[arg(long)]
        id: Option<String>,
        /// The move to draw (default: the file's `move`, else just the board).
        #[arg(long = "move", value_name = "MOVE")]
        mv: Option<String>,
        /// Folder to write the frames into.
        #[arg(long, default_value = ".")]
        out: PathBuf,
        #[arg(long, default_value = "svg")]
        format: omweso::export::FrameFormat,
    },
    /// Verified puzzles: verify a folder, or generate new ones.
    Puzzles {
        #[command(subcommand)]
        command: cmd::puzzles::PuzzlesCommand,
    },
    /// A printable puzzle sheet: PDF (fonts embedded) and/or HTML print page.
    Sheet(cmd::puzzles::SheetArgs),
    /// Check a site: every expectation, game record, variant, position,
    /// fenced block, link, anchor, reference and puzzle.
    Check {
        /// The site root (default: the nearest folder up holding omweso.yaml).
        #[arg(long)]
        root: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: Output,
        /// Rewrite the expectations that differ to what the engine computes.
        #[arg(long)]
        bless: bool,
        /// Include draft chapters.
        #[arg(long)]
        drafts: bool,
    },
    /// Build the site (atomic: a failed build leaves the previous output as it was).
    Build(cmd::site::BuildArgs),
    /// Serve the site on 127.0.0.1, rebuilding and reloading the browser on change.
    Serve(cmd::site::ServeArgs),
    /// Start a new site in DIR (a config, a chapter, a position, a puzzle).
    Init {
        dir: PathBuf,
        /// Write into a folder that is not empty (overwrites the starter files only).
        #[arg(long)]
        force: bool,
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
        } => cmd::position::moves(&load_one(&position, id.as_deref())?, format, every_sequence),
        Command::Play {
            position,
            mv,
            id,
            max_laps,
        } => cmd::position::play(&load_one(&position, id.as_deref())?, &mv, max_laps),
        Command::Diagram {
            position,
            id,
            mv,
            out,
            format,
        } => cmd::position::diagram(
            &load_one(&position, id.as_deref())?,
            mv.as_deref(),
            &out,
            format,
        ),
        Command::Bestmove {
            position,
            id,
            time_ms,
            depth,
            nodes,
            panel,
            threads,
            format,
        } => {
            let doc = load_one(&position, id.as_deref())?;
            let budget = cmd::player::Budget {
                time_ms,
                depth,
                nodes,
                threads,
            };
            cmd::player::bestmove(&doc, budget, panel, format == Output::Json)
        }
        Command::Selfplay(args) => cmd::player::selfplay(args),
        Command::Setup {
            variant,
            seed,
            side,
            styles,
            balanced,
            nodes,
            format,
        } => {
            let draw = match (styles, balanced) {
                (_, Some(margin)) => cmd::player::Draw::Balanced {
                    margin_seeds: margin,
                    judges: if nodes.is_empty() {
                        vec![cmd::player::BALANCED_NODES]
                    } else {
                        nodes
                    },
                },
                (true, None) => cmd::player::Draw::Styles,
                (false, None) => cmd::player::Draw::Policy(match side {
                    Some(SetupSide::South) | None => omweso::engine::Side::South,
                    Some(SetupSide::North) => omweso::engine::Side::North,
                }),
            };
            cmd::player::setup(&variant, seed, draw, format == SetupOutput::Json)
        }
        Command::Puzzles { command } => cmd::puzzles::run(command),
        Command::Sheet(args) => cmd::puzzles::sheet(args),
        Command::Check {
            root,
            format,
            bless,
            drafts,
        } => cmd::site::check(root, format, bless, drafts),
        Command::Build(args) => cmd::site::build(args),
        Command::Serve(args) => cmd::site::serve(args),
        Command::Init { dir, force } => cmd::site::init(&dir, force),
    }
}
