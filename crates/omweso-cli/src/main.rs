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

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum SetupFormat {
    Yaml,
    Json,
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
        /// at this fixed depth (10 is the published programs' depth).
        #[arg(long, conflicts_with_all = ["time_ms", "depth", "nodes"])]
        panel: Option<u32>,
        /// Threads searching together, 1 to 64 (default 1; more than one
        /// is not reproducible, and its gain is not yet measured: see
        /// docs/STRENGTH.md).
        #[arg(long, conflicts_with = "panel", value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: Option<u32>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Engine self-play: play games from drawn set-ups and write them as
    /// game records (content/games format) into DIR.
    Selfplay(selfplay_cli::SelfplayArgs),
    /// The set-up policy's arrangement for one side (the 32 seeds before the
    /// first move), as the search player would draw it: pits 1–16 in
    /// Shackell's numbering, counted from the player's own seat.
    Setup {
        /// A variant name or a path to a variant file.
        #[arg(long, default_value = "shackell-1935")]
        variant: String,
        /// Seeds the draw (the same seed gives the same arrangement); by
        /// default a seed from the clock, printed with the arrangement.
        #[arg(long)]
        seed: Option<u64>,
        /// Draw from the players' styles (checking, outer, inner, mixed,
        /// spread) rather than the policy: varied arrangements, where the
        /// policy keeps only arrangements chosen against strong play.
        #[arg(long)]
        styles: bool,
        #[arg(long, value_enum, default_value = "yaml")]
        format: SetupFormat,
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
        format: omweso::diagram::Format,
    },
    /// Verified puzzles: verify a folder, or generate new ones.
    Puzzles {
        #[command(subcommand)]
        command: puzzles_cli::PuzzlesCommand,
    },
    /// A printable puzzle sheet: PDF (fonts embedded) and/or HTML print page.
    Sheet(puzzles_cli::SheetArgs),
    /// Check a site: every expectation, game record, variant, position,
    /// fenced block, link, anchor, reference and puzzle.
    Check {
        /// The site root (default: the nearest folder up holding omweso.yaml).
        #[arg(long)]
        root: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Rewrite the expectations that differ to what the engine computes.
        #[arg(long)]
        bless: bool,
        /// Include draft chapters.
        #[arg(long)]
        drafts: bool,
    },
    /// Build the site (atomic: a failed build leaves the previous output as it was).
    Build(site_cli::BuildArgs),
    /// Serve the site on 127.0.0.1, rebuilding and reloading the browser on change.
    Serve(site_cli::ServeArgs),
    /// Start a new site in DIR (a config, a chapter, a position, a puzzle).
    Init {
        dir: PathBuf,
        /// Write into a folder that is not empty (overwrites the starter files only).
        #[arg(long)]
        force: bool,
    },
}

/// The search depths a command accepts: what the search and the web
/// module accept (1 to the search's deepest iteration).
/// The largest node budget (or time a move, in ms) a command takes.
const MAX_NODES: u64 = 10_000_000_000;

fn depths() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(omweso::engine::search::MAX_DEPTH))
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
        Command::Puzzles { command } => puzzles_cli::run(command),
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
            let limits = selfplay_cli::Budget {
                time_ms,
                depth,
                nodes,
                threads,
            };
            selfplay_cli::bestmove(&doc, limits, panel, format == Format::Json)
        }
        Command::Selfplay(args) => selfplay_cli::selfplay(args),
        Command::Setup {
            variant,
            seed,
            styles,
            format,
        } => selfplay_cli::setup(&variant, seed, styles, format == SetupFormat::Json),
        Command::Diagram {
            position,
            id,
            mv,
            out,
            format,
        } => {
            use omweso::diagram;
            let doc = load_one(&position, id.as_deref())?;
            let mv = match mv {
                Some(text) => Some(
                    notation::parse_for(doc.position.to_move, &text).map_err(|e| e.to_string())?,
                ),
                None => None,
            };
            let frames = diagram::position_frames(&doc, mv.as_ref()).map_err(|e| e.to_string())?;
            let written =
                diagram::write_frames(&frames, &out, &diagram::default_stem(&doc), format)
                    .map_err(|e| e.to_string())?;
            for p in written {
                println!("{}", p.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Sheet(args) => puzzles_cli::sheet(args),
        Command::Check {
            root,
            format,
            bless,
            drafts,
        } => check_cli(root, format, bless, drafts),
        Command::Build(args) => site_cli::build(args),
        Command::Serve(args) => site_cli::serve(args),
        Command::Init { dir, force } => site_cli::init(&dir, force),
        Command::Moves {
            position,
            id,
            format,
            every_sequence,
        } => {
            let doc = load_one(&position, id.as_deref())?;
            let rules = &doc.variant.variant.rules;
            let moves = if every_sequence {
                engine::every_sequence(rules, &doc.position)
            } else {
                omweso::moves::legal_moves_parallel(rules, &doc.position)
            };
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
                        println!("{}", omweso::narrate::no_legal_move(mover));
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
            let m = notation::parse_for(doc.position.to_move, &mv).map_err(|e| e.to_string())?;
            let played = engine::trace(&doc.variant.variant.rules, &doc.position, &m, max_laps)
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

/// `omweso check`: report (text or JSON), optionally bless first.
fn check_cli(
    root: Option<PathBuf>,
    format: Format,
    bless: bool,
    drafts: bool,
) -> Result<ExitCode, String> {
    use omweso::check;
    use omweso::narrate::plural;
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let root =
        omweso::site::find_root(root.as_deref().unwrap_or(&cwd)).map_err(|e| e.to_string())?;
    let mut report = check::check_site(&root, drafts);
    if bless {
        let fixes = report.fixes();
        let outcome = check::apply_fixes(&fixes);
        for d in &outcome.failed.0 {
            eprintln!("{d}");
        }
        if !fixes.is_empty() {
            let n = outcome.files.len();
            eprintln!(
                "blessed {} in {}",
                plural(outcome.claims() as u64, "claim"),
                plural(n as u64, "file")
            );
            for (file, k) in &outcome.files {
                eprintln!(
                    "  {} ({k})",
                    file.strip_prefix(&cwd).unwrap_or(file).display()
                );
            }
            report = check::check_site(&root, drafts);
        }
    }
    check::relative_to(&mut report, &cwd);
    match format {
        Format::Text => print!("{}", check::render_text(&report)),
        Format::Json => print!("{}", check::render_json(&report)),
    }
    Ok(if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Load a position file and pick one position.
fn load_one(path: &Path, id: Option<&str>) -> Result<PositionDoc, String> {
    let docs = load_positions(path).map_err(|e| e.to_string())?;
    pick(docs, id, path)
}

fn load_positions(path: &Path) -> Result<Vec<PositionDoc>, Diagnostics> {
    let src = Source::read(path)?;
    let variants = warn_variants(omweso::site::variants_for_file(path));
    model::parse_positions(&src, &variants)
}

/// The variants, after printing the problems of the site's own variant
/// files as warnings (a position may not need the broken one).
fn warn_variants((variants, errs): (Variants, Diagnostics)) -> Variants {
    for d in &errs.0 {
        eprintln!("warning: {d}");
    }
    variants
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
                    "{}: no position with id {id:?} (it has: {all}; #N picks the N-th)",
                    path.display()
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

/// The `bestmove` and `selfplay` subcommands.
mod selfplay_cli {
    use omweso::engine::notation;
    use omweso::engine::search::{self, Config, Limits, Score, Searcher};
    use omweso::model::PositionDoc;
    use omweso::selfplay::{self, Agent, Player, RecordInfo};
    use std::path::PathBuf;
    use std::process::ExitCode;
    use std::time::{Duration, Instant};

    /// What bounds `bestmove`'s search, as given on the command line.
    pub struct Budget {
        pub time_ms: Option<u64>,
        pub depth: Option<u32>,
        pub nodes: Option<u64>,
        pub threads: Option<u32>,
    }

    pub fn bestmove(
        doc: &PositionDoc,
        budget: Budget,
        panel: Option<u32>,
        json: bool,
    ) -> Result<ExitCode, String> {
        let rules = &doc.variant.variant.rules;
        let pos = &doc.position;
        let Budget {
            time_ms,
            depth,
            nodes,
            threads,
        } = budget;
        let time_ms = time_ms.or((depth.is_none() && nodes.is_none()).then_some(1000));
        let threads = threads.unwrap_or(1);
        let limits = Limits {
            depth: depth
                .unwrap_or(search::MAX_DEPTH)
                .clamp(1, search::MAX_DEPTH),
            nodes,
        };
        let start = Instant::now();
        let r = match panel {
            Some(depth) => search::panel::Panel::new(depth).search(rules, pos),
            None => {
                let mut player = Searcher::new(Config {
                    threads,
                    ..Config::default()
                });
                let deadline = time_ms.map(|ms| start + Duration::from_millis(ms));
                player.search(rules, pos, limits, &mut || {
                    deadline.is_some_and(|d| Instant::now() >= d)
                })
            }
        };
        let elapsed = start.elapsed();
        let mover = pos.to_move;
        let pv = notation::format_line(mover, &r.pv);
        let nps = r.nodes as f64 / elapsed.as_secs_f64().max(1e-6);
        let score = Score::of(r.score);
        if json {
            let (kind, value) = match score {
                Score::Win(p) => ("win", p as i64),
                Score::Loss(p) => ("loss", p as i64),
                Score::Centiseeds(c) => ("centiseeds", c as i64),
            };
            let out = serde_json::json!({
                "variant": doc.variant.name(),
                "to_move": mover.name(),
                "move": r.best.as_ref().map(|m| notation::format_with_side(mover, &m.mv)),
                "score": {"kind": kind, "value": value},
                "depth": r.depth,
                "nodes": r.nodes,
                "generations": r.generations,
                "time_ms": elapsed.as_millis() as u64,
                "nodes_per_second": nps.round() as u64,
                "stopped": r.stopped,
                "pv": pv,
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
            );
        } else {
            match &r.best {
                None => println!("{}", omweso::narrate::no_legal_move(mover)),
                Some(m) => {
                    println!("bestmove {}", notation::format_with_side(mover, &m.mv));
                    println!("score    {score}");
                    println!("depth    {}", r.depth);
                    println!(
                        "nodes    {} ({} generations, {} ms, {:.0} nodes/s)",
                        r.nodes,
                        r.generations,
                        elapsed.as_millis(),
                        nps
                    );
                    println!("pv       {}", pv.join(" "));
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    /// `omweso setup`: the policy's arrangement ([`search::setup::arrange_styled`]),
    /// or with `styles` one drawn by the players' styles
    /// ([`search::setup::arrange_by_styles`]).
    pub fn setup(
        variant: &str,
        seed: Option<u64>,
        styles: bool,
        json: bool,
    ) -> Result<ExitCode, String> {
        let here = std::path::Path::new(".");
        let variants = super::puzzles_cli::variants_for(here);
        let vdoc = variants.resolve(variant, here).map_err(|e| e.to_string())?;
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let mut rng = search::Rng::new(seed);
        let rules = &vdoc.variant.rules;
        let (pits, style) = if styles {
            search::setup::arrange_by_styles(rules, &mut rng)
        } else {
            search::setup::arrange_styled(rules, &mut rng)
        };
        let list: Vec<String> = pits.iter().map(|n| n.to_string()).collect();
        if json {
            let out = serde_json::json!({
                "variant": vdoc.name(),
                "seed": seed,
                "style": style.name(),
                "pits": pits,
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
            );
        } else {
            let what = if styles {
                "an arrangement by the players' styles"
            } else {
                "the set-up policy's arrangement"
            };
            println!("# {what}: pits 1-16, counted from the player's seat");
            println!("variant: {}", vdoc.name());
            println!("seed: {seed}");
            println!("style: {}", style.name());
            println!("pits: [{}]", list.join(", "));
        }
        Ok(ExitCode::SUCCESS)
    }

    #[derive(clap::Args)]
    pub struct SelfplayArgs {
        /// A variant name or a path to a variant file.
        #[arg(long, default_value = "shackell-1935")]
        variant: String,
        #[arg(long, default_value_t = 1)]
        games: u64,
        /// Time a move (wall clock: not reproducible; prefer --nodes).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=super::MAX_NODES))]
        time_ms: Option<u64>,
        /// A node budget a move, 1 to 10^10 (reproducible).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=super::MAX_NODES))]
        nodes: Option<u64>,
        /// A fixed depth a move, 1 to 64 (reproducible).
        #[arg(long, value_parser = super::depths())]
        depth: Option<u32>,
        /// Seeds the set-ups (game g uses its own stream).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many plies (its result is then `none`).
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// The folder to write the records into (created if missing). A
        /// record is never written over an existing file (nor through a
        /// link): the command refuses before it plays.
        #[arg(long)]
        out: PathBuf,
    }

    pub fn selfplay(a: SelfplayArgs) -> Result<ExitCode, String> {
        let variants = super::puzzles_cli::variants_for(&a.out);
        let vdoc = variants
            .resolve_typed(&a.variant)
            .map_err(|e| e.to_string())?;
        let rules = vdoc.variant.rules;
        let time_ms = a
            .time_ms
            .or((a.depth.is_none() && a.nodes.is_none()).then_some(1000));
        let agent = Agent::Search {
            depth: a.depth,
            nodes: a.nodes,
            time_ms,
        };
        std::fs::create_dir_all(&a.out)
            .map_err(|e| format!("cannot create {}: {e}", a.out.display()))?;
        let id = |g: u64| format!("selfplay-{}-s{}-g{}", vdoc.name(), a.seed, g + 1);
        let path = |g: u64| a.out.join(format!("{}.yaml", id(g)));
        // refused before any game is played: a record never replaces a file
        // (an annotated record, or whatever a link points to)
        let taken: Vec<String> = (0..a.games)
            .map(path)
            .filter(|p| p.exists() || p.is_symlink())
            .map(|p| p.display().to_string())
            .collect();
        if let Some(first) = taken.first() {
            let more = match taken.len() - 1 {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            return Err(format!(
                "{first}{more} already exist: self-play never writes over a file; choose \
                 another --out or --seed, or move them away"
            ));
        }
        let mut limit = String::new();
        if let Some(d) = a.depth {
            limit.push_str(&format!(" --depth {d}"));
        }
        if let Some(n) = a.nodes {
            limit.push_str(&format!(" --nodes {n}"));
        }
        if let Some(t) = time_ms {
            limit.push_str(&format!(" --time-ms {t}"));
        }
        for g in 0..a.games {
            let (south, north) = selfplay::setups(&rules, a.seed, g);
            let config = Config::default();
            let mut s = Player::new(agent, config, a.seed ^ (g << 8));
            let mut n = Player::new(agent, config, a.seed ^ (g << 8) ^ 1);
            let game = selfplay::play_game(
                &rules,
                selfplay::start_position(south, north),
                &mut s,
                &mut n,
                a.max_plies,
            );
            let info = RecordInfo {
                id: id(g),
                variant: vdoc.name().to_string(),
                south: format!("omweso {}", agent.name()),
                north: format!("omweso {}", agent.name()),
                made_by: format!(
                    "generated: omweso selfplay --variant {}{limit} --seed {} --max-plies {} (game {} of {})",
                    vdoc.name(),
                    a.seed,
                    a.max_plies,
                    g + 1,
                    a.games
                ),
                max_plies: a.max_plies,
            };
            let path = path(g);
            // create_new: never over a file or through a link made meanwhile
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .and_then(|mut f| {
                    std::io::Write::write_all(
                        &mut f,
                        selfplay::record_yaml(&game, &info).as_bytes(),
                    )
                })
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let result = match game.end {
                selfplay::End::Result(r) => r.name(),
                selfplay::End::NoMove(s) => format!("{}-wins", s.opponent().name()),
                selfplay::End::MoveLimit => "move limit".into(),
            };
            println!("{}  {} plies  {result}", path.display(), game.plies.len());
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// The `puzzles` and `sheet` subcommands.
mod puzzles_cli {
    use clap::Subcommand;
    use indicatif::{ProgressBar, ProgressStyle};
    use omweso::model::Variants;
    use omweso::narrate::plural;
    use omweso::puzzle::{self, Difficulty, Goal, generate};
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    #[derive(Subcommand)]
    pub enum PuzzlesCommand {
        /// Verify every puzzle of a folder: each solution achieves its goal
        /// and no other move does.
        Verify {
            /// The folder of puzzle files.
            #[arg(default_value = "puzzles")]
            dir: PathBuf,
        },
        /// Search realistic positions for puzzles with a unique solution and
        /// write them as puzzle files.
        Generate {
            /// win-now, cut-off-the-head, biggest-capture, only-safe-move,
            /// only-saving-move, win-in-two, win-in-three (search player
            /// only) or what-happens.
            #[arg(long, value_parser = parse_goal)]
            goal: Goal,
            #[arg(long, default_value_t = 10)]
            count: usize,
            /// A variant name or a path to a variant file.
            #[arg(long, default_value = "shackell-1935")]
            variant: String,
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Keep only puzzles the engine rates so: easy, medium or hard.
            #[arg(long, value_parser = parse_difficulty)]
            difficulty: Option<Difficulty>,
            /// Most seeds in one pit at set-up (default: the variant's limit, else 10).
            #[arg(long)]
            max_per_pit: Option<u16>,
            /// Give up after this many games.
            #[arg(long, default_value_t = 20_000)]
            max_games: u64,
            /// Who plays the games puzzles are found in: `search` (the search
            /// player on both sides, from set-ups arranged as players do) or
            /// `mix` (random set-ups, biggest capture or random moves).
            #[arg(long, default_value = "mix", value_parser = ["mix", "search"])]
            player: String,
            /// Positions the search player looks at per move (`--player search`).
            #[arg(long, default_value_t = 2_000)]
            nodes: u64,
            /// The folder to write to (puzzles already there are not produced again).
            #[arg(long, default_value = "puzzles")]
            out: PathBuf,
        },
        /// Re-judge every puzzle of a folder by the engine's deep search
        /// (withdrawing those whose answer is not clearly the best move, and
        /// boards met twice), then find new puzzles in the search player's
        /// games, after a move that swung the evaluation, until each rule
        /// set has --per-variant judged puzzles. Deterministic: node
        /// budgets and seeds, no clock.
        Regenerate {
            /// The folder of puzzle files (rewritten in place).
            #[arg(default_value = "puzzles")]
            dir: PathBuf,
            /// Rule sets to find new puzzles in (repeatable; default: the
            /// four built-in ones).
            #[arg(long = "variant")]
            variants: Vec<String>,
            /// Judged puzzles wanted per rule set, those kept included.
            #[arg(long, default_value_t = 75)]
            per_variant: usize,
            #[arg(long, default_value_t = 41)]
            seed: u64,
            /// Games played at most per rule set.
            #[arg(long, default_value_t = 2_000)]
            max_games: u64,
            /// Positions the players search per move.
            #[arg(long, default_value_t = omweso::puzzle::best::GENERATOR_NODES)]
            nodes: u64,
            /// Positions the deep judge searches after each move.
            #[arg(long, default_value_t = omweso::puzzle::best::DEEP_NODES)]
            judge_nodes: u64,
        },
        /// Measure how the ratings hold up: per difficulty, the share a
        /// depth-2 search solves; the share of puzzles whose answer
        /// captures nothing that the biggest capture solves; with --deep,
        /// the share whose answer is clearly best at the deep budget.
        Calibrate {
            /// The folder of puzzle files.
            #[arg(default_value = "puzzles")]
            dir: PathBuf,
            /// Judge every answer again at this many positions a move.
            #[arg(long)]
            deep: Option<u64>,
        },
        /// Write the words of the generated and mined puzzles of a folder
        /// again with the current generator (hint, explanation, themes,
        /// difficulty), keeping their positions, solutions, titles and
        /// provenance; puzzles an author wrote are left as they are.
        Reword {
            /// The folder of puzzle files.
            #[arg(default_value = "puzzles")]
            dir: PathBuf,
        },
        /// Mine game records (the content/games format) for puzzles: every
        /// position before a move is asked, for each goal, whether exactly
        /// one move achieves it; each puzzle records the game and ply it
        /// arose at.
        Mine {
            /// Game record files.
            #[arg(required = true)]
            records: Vec<PathBuf>,
            /// The goals to look for (repeatable; default: every goal).
            #[arg(long = "goal", value_parser = parse_goal)]
            goals: Vec<Goal>,
            /// Keep only puzzles the engine rates so: easy, medium or hard.
            #[arg(long, value_parser = parse_difficulty)]
            difficulty: Option<Difficulty>,
            /// The folder to write to (puzzles already there are not produced again).
            #[arg(long, default_value = "puzzles")]
            out: PathBuf,
        },
    }

    #[derive(clap::Args)]
    pub struct SheetArgs {
        /// Which puzzles: comma-separated alternatives of `+`-joined terms
        /// (ids, goals, difficulties, variants, themes), or `all`.
        #[arg(long, default_value = "all")]
        puzzles: String,
        /// The rule set of the sheet's puzzles, or `all` for a sheet that
        /// mixes them. Default: the selection's own when it has one, else
        /// the site's `default_variant` (omweso.yaml).
        #[arg(long)]
        variant: Option<String>,
        /// The folder of puzzle files.
        #[arg(long, default_value = "puzzles")]
        dir: PathBuf,
        /// Puzzles per page (1-4; boards are at full size up to 3).
        #[arg(long, default_value_t = 3)]
        per_page: usize,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// The hints: `off`, or `page` (on a page of their own, before the answers).
        #[arg(long, default_value = "off")]
        hints: String,
        /// A .pdf or .html file, or a folder (puzzles.pdf and puzzles.html).
        #[arg(long, default_value = "puzzles.pdf")]
        out: PathBuf,
        /// The sheet's heading.
        #[arg(long, default_value = "Omweso puzzles")]
        title: String,
    }

    pub fn sheet(a: SheetArgs) -> Result<ExitCode, String> {
        use omweso::puzzle::sheet;
        let paper = sheet::Paper::parse(&a.paper)
            .ok_or_else(|| format!("unknown paper {:?}: expected a4 or letter", a.paper))?;
        let hints = sheet::Hints::parse(&a.hints)
            .ok_or_else(|| format!("unknown --hints {:?}: expected off or page", a.hints))?;
        if !(1..=sheet::MAX_PER_PAGE).contains(&a.per_page) {
            return Err(format!(
                "--per-page {}: expected 1 to {} (the pit names must stay readable)",
                a.per_page,
                sheet::MAX_PER_PAGE
            ));
        }
        let variants = variants_for(&a.dir);
        if let Some(v) = a.variant.as_deref()
            && v != "all"
            && variants.get(v).is_none()
        {
            return Err(format!(
                "unknown --variant {v:?}: expected all or one of {}",
                variants.names().collect::<Vec<_>>().join(", ")
            ));
        }
        let (puzzles, errs) = puzzle::verify_dir(&a.dir, &variants);
        if !errs.is_empty() {
            return Err(format!(
                "puzzles that do not verify are never printed:\n{errs}"
            ));
        }
        let chosen = sheet::select(puzzles, &a.puzzles).map_err(|e| e.to_string())?;
        if chosen.is_empty() {
            return Err(format!("the selection {:?} matches no puzzle", a.puzzles));
        }
        let site_default = site_default_variant(&a.dir)?;
        let chosen = sheet::one_rule_set(chosen, a.variant.as_deref(), site_default.as_deref())
            .map_err(|e| e.to_string())?;
        let opts = sheet::SheetOptions {
            paper,
            per_page: a.per_page,
            title: a.title,
            hints,
        };
        let (pdf, html) = sheet::outputs(&a.out);
        if let Some(dir) = a.out.extension().is_none().then_some(&a.out) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let rule_sets = chosen
            .iter()
            .map(|p| p.variant.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
            .join(", ");
        if let Some(path) = pdf {
            let fonts = sheet::Fonts::shipped().map_err(|e| e.to_string())?;
            let bytes = sheet::pdf(&chosen, &opts, &fonts).map_err(|e| e.to_string())?;
            std::fs::write(&path, bytes)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!(
                "{} ({}, {rule_sets}, font {})",
                path.display(),
                plural(chosen.len() as u64, "puzzle"),
                fonts.family
            );
        }
        if let Some(path) = html {
            std::fs::write(&path, sheet::html(&chosen, &opts))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!(
                "{} ({}, {rule_sets})",
                path.display(),
                plural(chosen.len() as u64, "puzzle")
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    /// The `default_variant` of the site holding `dir`, if there is a site
    /// (a puzzle folder outside any site has none).
    fn site_default_variant(dir: &Path) -> Result<Option<String>, String> {
        let Ok(layout) = omweso::site::Layout::find(dir) else {
            return Ok(None);
        };
        omweso::site::Config::read(layout.root())
            .map(|c| c.default_variant)
            .map_err(|e| e.to_string())
    }

    fn parse_goal(s: &str) -> Result<Goal, String> {
        Goal::parse(s).ok_or_else(|| {
            format!(
                "unknown goal {s:?}: expected one of {}",
                Goal::ALL.map(Goal::name).join(", ")
            )
        })
    }

    fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
        Difficulty::parse(s)
            .ok_or_else(|| format!("unknown difficulty {s:?}: expected easy, medium or hard"))
    }

    /// The built-in variants plus those of the site holding `dir`.
    pub fn variants_for(dir: &Path) -> Variants {
        super::warn_variants(omweso::site::variants_for_dir(dir))
    }

    pub fn run(cmd: PuzzlesCommand) -> Result<ExitCode, String> {
        match cmd {
            PuzzlesCommand::Verify { dir } => {
                let variants = variants_for(&dir);
                let (puzzles, errs) = puzzle::verify_dir(&dir, &variants);
                for e in &errs.0 {
                    eprintln!("error: {e}");
                }
                for g in Goal::ALL {
                    let n = puzzles.iter().filter(|p| p.goal == g).count();
                    if n > 0 {
                        println!("{:<18} {n}", g.name());
                    }
                }
                // what finding the answers takes, by the engine's rating
                for d in Difficulty::ALL {
                    let mut efforts: Vec<u64> = puzzles
                        .iter()
                        .filter(|p| p.rated_difficulty == d)
                        .map(|p| p.effort)
                        .collect();
                    efforts.sort_unstable();
                    if let (Some(lo), Some(hi)) = (efforts.first(), efforts.last()) {
                        println!(
                            "rated {:<7} {:>4}, a solver follows {lo}–{hi} laps (median {})",
                            d.name(),
                            efforts.len(),
                            efforts[efforts.len() / 2]
                        );
                    }
                }
                println!(
                    "{} verified, {}",
                    plural(puzzles.len() as u64, "puzzle"),
                    plural(errs.len() as u64, "error")
                );
                Ok(if errs.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                })
            }
            PuzzlesCommand::Generate {
                goal,
                count,
                variant,
                seed,
                difficulty,
                max_per_pit,
                max_games,
                player,
                nodes,
                out,
            } => {
                let variants = variants_for(&out);
                let vdoc = variants
                    .resolve_typed(&variant)
                    .map_err(|e| e.to_string())?;
                let mut opts = generate::Options::new(goal, count, vdoc, seed);
                opts.difficulty = difficulty;
                opts.max_per_pit = max_per_pit;
                opts.max_games = max_games;
                opts.player = match player.as_str() {
                    "search" => generate::Player::Search {
                        nodes: nodes.max(1),
                    },
                    _ => generate::Player::Mix,
                };
                let bar = ProgressBar::new(count as u64);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} {msg} [{bar:30}] {pos}/{len} ({elapsed})",
                    )
                    .map_err(|e| e.to_string())?
                    .progress_chars("=> "),
                );
                bar.set_message(format!("{goal} puzzles"));
                // each puzzle is listed as soon as it is written: a run
                // stopped early keeps what it found
                let written = generate::generate_into(
                    &out,
                    opts,
                    &variants,
                    &|n| bar.set_position(n as u64),
                    &mut |path, g| {
                        bar.suspend(|| {
                            println!(
                                "{}  {:<6} {}  [{}]",
                                path.display(),
                                g.difficulty.name(),
                                g.title,
                                g.themes.join(", ")
                            )
                        })
                    },
                );
                bar.finish_and_clear();
                written.map_err(|e| e.to_string())?;
                Ok(ExitCode::SUCCESS)
            }
            PuzzlesCommand::Regenerate {
                dir,
                variants: names,
                per_variant,
                seed,
                max_games,
                nodes,
                judge_nodes,
            } => {
                let variants = variants_for(&dir);
                let names = if names.is_empty() {
                    ["shackell-1935", "modern", "ludii", "mcgill-2015"]
                        .map(String::from)
                        .to_vec()
                } else {
                    names
                };
                let mut docs = Vec::new();
                for n in &names {
                    docs.push(variants.resolve_typed(n).map_err(|e| e.to_string())?);
                }
                let plan = puzzle::fromplay::Plan {
                    variants: docs,
                    seed,
                    per_variant,
                    max_games,
                    nodes: nodes.max(1),
                    judge_nodes: judge_nodes.max(1),
                };
                let start = std::time::Instant::now();
                let report = puzzle::fromplay::regenerate(&dir, &variants, &plan, &|line| {
                    eprintln!("[{:>6.0} s] {line}", start.elapsed().as_secs_f64())
                })?;
                let mut withdrawn: std::collections::BTreeMap<String, usize> = Default::default();
                for (_, g, _) in &report.withdrawn {
                    *withdrawn.entry(g.name().to_string()).or_default() += 1;
                }
                println!(
                    "kept {}, rewritten {}, withdrawn {} ({})",
                    report.kept.len(),
                    report.rewritten.len(),
                    report.withdrawn.len(),
                    withdrawn
                        .iter()
                        .map(|(g, n)| format!("{g} {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for (v, files, games, candidates) in &report.found {
                    println!(
                        "{v}: {} new from {} ({} judged)",
                        files.len(),
                        plural(*games, "game"),
                        plural(*candidates, "candidate")
                    );
                }
                Ok(ExitCode::SUCCESS)
            }
            PuzzlesCommand::Calibrate { dir, deep } => {
                let variants = variants_for(&dir);
                let (puzzles, errs) = puzzle::verify_dir(&dir, &variants);
                if !errs.is_empty() {
                    return Err(format!("puzzles that do not verify:\n{errs}"));
                }
                let c = puzzle::best::calibrate(&puzzles, deep);
                let pct = |n: usize, of: usize| {
                    if of == 0 {
                        "—".to_string()
                    } else {
                        format!("{:.0} %", 100.0 * n as f64 / of as f64)
                    }
                };
                println!("| rating | puzzles | solved by a depth-2 search |");
                println!("|---|---:|---:|");
                for d in Difficulty::ALL {
                    let (n, solved) = c.rows[d as usize];
                    println!("| {} | {n} | {solved} ({}) |", d.name(), pct(solved, n));
                }
                let (n, b) = c.non_capture;
                println!(
                    "\nthe biggest capture solves {b} of the {n} puzzles whose answer captures nothing ({})",
                    pct(b, n)
                );
                if let (Some((n, ok)), Some(budget)) = (c.deep, deep) {
                    println!(
                        "clearly best at {budget} positions a move: {ok} of {n} ({})",
                        pct(ok, n)
                    );
                }
                Ok(ExitCode::SUCCESS)
            }
            PuzzlesCommand::Reword { dir } => {
                let variants = variants_for(&dir);
                let (puzzles, errs) = puzzle::verify_dir(&dir, &variants);
                if !errs.is_empty() {
                    return Err(format!(
                        "puzzles that do not verify are not reworded:\n{errs}"
                    ));
                }
                let mut changed = 0;
                for p in &puzzles {
                    let Some(g) = generate::reword(p) else {
                        continue;
                    };
                    let old = std::fs::read_to_string(&p.file)
                        .map_err(|e| format!("cannot read {}: {e}", p.file.display()))?;
                    if old != g.yaml {
                        omweso::check::bless::write_atomic(&p.file, &g.yaml)
                            .map_err(|e| format!("cannot write {}: {e}", p.file.display()))?;
                        puzzle::verify_file(&p.file, &variants).map_err(|e| e.to_string())?;
                        println!("{}", p.file.display());
                        changed += 1;
                    }
                }
                println!(
                    "{} reworded of {}",
                    plural(changed as u64, "puzzle"),
                    puzzles.len()
                );
                Ok(ExitCode::SUCCESS)
            }
            PuzzlesCommand::Mine {
                records,
                goals,
                difficulty,
                out,
            } => {
                let variants = variants_for(&out);
                let goals = if goals.is_empty() {
                    Goal::ALL.to_vec()
                } else {
                    goals
                };
                let mut games = Vec::with_capacity(records.len());
                let mut errors = omweso::model::Diagnostics::default();
                for path in &records {
                    match omweso::model::Source::read(path)
                        .map_err(omweso::model::Diagnostics::from)
                        .and_then(|src| omweso::model::parse_game(&src, &variants))
                    {
                        Ok(g) => games.push((path, g)),
                        Err(e) => errors.extend(e),
                    }
                }
                if !errors.is_empty() {
                    return Err(errors.to_string());
                }
                let bar = ProgressBar::new(records.len() as u64);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} mining [{bar:30}] {pos}/{len} ({elapsed})",
                    )
                    .map_err(|e| e.to_string())?
                    .progress_chars("=> "),
                );
                let mut n = 0;
                let written = generate::mine_into(
                    &out,
                    &games,
                    &goals,
                    difficulty,
                    &variants,
                    &mut |path, g| {
                        n += 1;
                        bar.suspend(|| {
                            println!(
                                "{}  {:<6} {}  [{}]",
                                path.display(),
                                g.difficulty.name(),
                                g.title,
                                g.themes.join(", ")
                            )
                        });
                    },
                    &|done| bar.set_position(done as u64),
                );
                bar.finish_and_clear();
                written.map_err(|e| e.to_string())?;
                println!(
                    "{} from {}",
                    plural(n as u64, "puzzle"),
                    plural(records.len() as u64, "game record")
                );
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

mod site_cli {
    use clap::Args;
    use omweso::narrate::plural;
    use omweso::site;
    use omweso_cli::serve;
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    #[derive(Args)]
    pub struct BuildArgs {
        /// The site root (default: the nearest folder holding omweso.yaml, from here up).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Output folder (default: public/ in the site root).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Absolute URL the site is published at (writes sitemap.xml).
        #[arg(long)]
        base_url: Option<String>,
        /// Include chapters marked draft: true.
        #[arg(long)]
        drafts: bool,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// Replace an existing, non-empty output folder that omweso did not
        /// write. Refused even so: the site, its folders and any folder
        /// inside it, a home folder, the filesystem's root, a folder holding
        /// .git or the current folder.
        #[arg(long)]
        force: bool,
    }

    pub fn build(args: BuildArgs) -> Result<ExitCode, String> {
        let root = match args.root {
            Some(r) => site::Layout::at(&r).map_err(|e| e.to_string())?,
            None => site::Layout::find(Path::new(".")).map_err(|e| e.to_string())?,
        }
        .root()
        .to_path_buf();
        let out = args
            .out
            .unwrap_or_else(|| site::Layout::new(&root).default_output());
        let opts = site::BuildOptions {
            root,
            out,
            base_url: args.base_url,
            drafts: args.drafts,
            force: args.force,
        };
        match site::build_with(&opts, &omweso_cli::progress::PageBar::new(args.quiet)) {
            Ok(report) => {
                println!("{report}");
                Ok(ExitCode::SUCCESS)
            }
            Err(errs) => {
                for d in &errs.0 {
                    eprintln!("{d}");
                }
                Err(format!(
                    "build failed with {}; the previous output in {} is unchanged",
                    plural(errs.len() as u64, "error"),
                    opts.out.display()
                ))
            }
        }
    }

    #[derive(Args)]
    pub struct ServeArgs {
        /// The site root (default: the nearest folder holding omweso.yaml, from here up).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Port on 127.0.0.1 (a free one is chosen if it is taken; 0: any free port).
        #[arg(long, default_value_t = serve::DEFAULT_PORT)]
        port: u16,
        /// Include chapters marked draft: true.
        #[arg(long)]
        drafts: bool,
        /// Private folder for the builds (default: .omweso-serve/ in the site
        /// root): a new or empty folder, or one an earlier serve made.
        #[arg(long)]
        out: Option<PathBuf>,
    }

    /// `omweso serve`: the site builder as the serve loop's build step.
    pub fn serve(args: ServeArgs) -> Result<ExitCode, String> {
        let root = match args.root {
            Some(r) => site::Layout::at(&r).map_err(|e| e.to_string())?,
            None => site::Layout::find(Path::new(".")).map_err(|e| e.to_string())?,
        }
        .root()
        .to_path_buf();
        let drafts = args.drafts;
        let build_root = root.clone();
        // the engine's answers, kept from one rebuild to the next
        let decisions = site::Decisions::default();
        let build: serve::BuildFn = std::sync::Arc::new(move |out: &Path| {
            let opts = site::BuildOptions {
                root: build_root.clone(),
                out: out.to_path_buf(),
                base_url: None,
                drafts,
                force: false,
            };
            site::build_asking(&opts, &site::Silent, &decisions).map(|r| r.to_string())
        });
        let mut opts = serve::ServeOptions::new(root);
        opts.port = args.port;
        opts.work_dir = args.out;
        serve::serve(opts, build)?;
        Ok(ExitCode::SUCCESS)
    }

    pub fn init(dir: &Path, force: bool) -> Result<ExitCode, String> {
        let files = site::init(dir, force).map_err(|e| e.to_string())?;
        for f in &files {
            println!("{}", f.display());
        }
        println!(
            "created a site in {}: run `omweso build --root {}` to build it",
            dir.display(),
            dir.display()
        );
        Ok(ExitCode::SUCCESS)
    }
}
