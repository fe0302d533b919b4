//! `omweso puzzles …` and `omweso sheet`.

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use omweso::diagram::narrate::plural;
use omweso::engine::quote;
use omweso::puzzle::{self, Difficulty, Goal};
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
        #[arg(long, default_value = super::DEFAULT_VARIANT)]
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
        #[arg(long, default_value_t = omweso::puzzle::GENERATOR_NODES)]
        nodes: u64,
        /// Positions the deep judge searches after each move.
        #[arg(long, default_value_t = omweso::puzzle::DEEP_NODES)]
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
    let paper = puzzle::Paper::parse(&a.paper)
        .ok_or_else(|| format!("unknown paper {}: expected a4 or letter", quote(&a.paper)))?;
    let hints = puzzle::SheetHints::parse(&a.hints)
        .ok_or_else(|| format!("unknown --hints {}: expected off or page", quote(&a.hints)))?;
    if !(1..=puzzle::SHEET_MAX_PER_PAGE).contains(&a.per_page) {
        return Err(format!(
            "--per-page {}: expected 1 to {} (the pit names must stay readable)",
            a.per_page,
            puzzle::SHEET_MAX_PER_PAGE
        ));
    }
    let variants = super::variants_for(&a.dir);
    if let Some(v) = a.variant.as_deref()
        && v != "all"
        && variants.get(v).is_none()
    {
        return Err(format!(
            "unknown --variant {v_q}: expected all or one of {}",
            variants.names().collect::<Vec<_>>().join(", "),
            v_q = quote(v)
        ));
    }
    let (puzzles, errs) = puzzle::verify_dir(&a.dir, &variants);
    if !errs.is_empty() {
        return Err(format!(
            "puzzles that do not verify are never printed:\n{errs}"
        ));
    }
    let chosen = puzzle::select_puzzles(puzzles, &a.puzzles).map_err(|e| e.to_string())?;
    if chosen.is_empty() {
        return Err(format!("the selection {:?} matches no puzzle", a.puzzles));
    }
    let site_default = site_default_variant(&a.dir)?;
    let chosen = puzzle::one_rule_set(chosen, a.variant.as_deref(), site_default.as_deref())
        .map_err(|e| e.to_string())?;
    let opts = puzzle::SheetOptions {
        paper,
        per_page: a.per_page,
        title: a.title,
        hints,
        ..Default::default()
    };
    let (pdf, html) = puzzle::sheet_outputs(&a.out);
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
        let fonts = puzzle::SheetFonts::shipped().map_err(|e| e.to_string())?;
        let bytes = puzzle::sheet_pdf(&chosen, &opts, &fonts).map_err(|e| e.to_string())?;
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
        std::fs::write(&path, puzzle::sheet_html(&chosen, &opts))
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

/// One line for a puzzle file written: its path, rating, title and themes.
fn print_written(path: &Path, g: &puzzle::GeneratedPuzzle) {
    println!(
        "{}  {:<6} {}  [{}]",
        path.display(),
        g.difficulty.name(),
        g.title,
        g.themes.join(", ")
    );
}

fn parse_goal(s: &str) -> Result<Goal, String> {
    Goal::parse(s).ok_or_else(|| {
        format!(
            "unknown goal {s_q}: expected one of {}",
            Goal::ALL.map(Goal::name).join(", "),
            s_q = quote(s)
        )
    })
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::parse(s).ok_or_else(|| {
        format!(
            "unknown difficulty {s_q}: expected easy, medium or hard",
            s_q = quote(s)
        )
    })
}

pub fn run(cmd: PuzzlesCommand) -> Result<ExitCode, String> {
    match cmd {
        PuzzlesCommand::Verify { dir } => {
            let variants = super::variants_for(&dir);
            let (puzzles, errs) = puzzle::verify_dir(&dir, &variants);
            for e in &errs.0 {
                eprintln!("error: {e}");
            }
            let summary = puzzle::Summary::of(&puzzles);
            for (g, n) in &summary.goals {
                println!("{:<18} {n}", g.name());
            }
            // what finding (or following) the answers takes, by rating
            for (spans, what, unit) in [
                (&summary.to_find, "to find: the search visits", "positions"),
                (&summary.to_follow, "to follow: a solver follows", "laps"),
            ] {
                for s in spans {
                    println!(
                        "rated {:<7} {:>4} {what} {}–{} {unit} (median {})",
                        s.difficulty.name(),
                        s.puzzles,
                        s.least,
                        s.most,
                        s.median
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
            let variants = super::variants_for(&out);
            let vdoc = variants
                .resolve_typed(&variant)
                .map_err(|e| e.to_string())?;
            let mut opts = puzzle::GeneratorOptions::new(goal, count, vdoc, seed);
            opts.difficulty = difficulty;
            opts.max_per_pit = max_per_pit;
            opts.max_games = max_games;
            opts.player = match player.as_str() {
                "search" => puzzle::GeneratorPlayer::Search {
                    nodes: nodes.max(1),
                },
                _ => puzzle::GeneratorPlayer::Mix,
            };
            let bar = ProgressBar::new(count as u64);
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} ({elapsed})")
                    .map_err(|e| e.to_string())?
                    .progress_chars("=> "),
            );
            bar.set_message(format!("{goal} puzzles"));
            // each puzzle is listed as soon as it is written: a run
            // stopped early keeps what it found
            let written = puzzle::generate_into(
                &out,
                opts,
                &variants,
                &|n| bar.set_position(n as u64),
                &mut |path, g| bar.suspend(|| print_written(path, g)),
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
            let variants = super::variants_for(&dir);
            let names = if names.is_empty() {
                omweso::engine::Rules::BUILTIN
                    .map(|(name, _)| name.to_string())
                    .to_vec()
            } else {
                names
            };
            let mut docs = Vec::new();
            for n in &names {
                docs.push(variants.resolve_typed(n).map_err(|e| e.to_string())?);
            }
            let plan = puzzle::RegeneratePlan {
                variants: docs,
                seed,
                per_variant,
                max_games,
                nodes: nodes.max(1),
                judge_nodes: judge_nodes.max(1),
            };
            let start = std::time::Instant::now();
            let report = puzzle::regenerate(&dir, &variants, &plan, &|line| {
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
            let variants = super::variants_for(&dir);
            let (puzzles, errs) = puzzle::verify_dir(&dir, &variants);
            if !errs.is_empty() {
                return Err(format!("puzzles that do not verify:\n{errs}"));
            }
            let c = puzzle::calibrate(&puzzles, deep);
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
            let variants = super::variants_for(&dir);
            let (changed, of) =
                puzzle::reword_dir(&dir, &variants, &mut |f| println!("{}", f.display()))?;
            println!("{} reworded of {of}", plural(changed as u64, "puzzle"));
            Ok(ExitCode::SUCCESS)
        }
        PuzzlesCommand::Mine {
            records,
            goals,
            difficulty,
            out,
        } => {
            let variants = super::variants_for(&out);
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
                ProgressStyle::with_template("{spinner} mining [{bar:30}] {pos}/{len} ({elapsed})")
                    .map_err(|e| e.to_string())?
                    .progress_chars("=> "),
            );
            let mut n = 0;
            let written = puzzle::mine_into(
                &out,
                &games,
                &goals,
                difficulty,
                &variants,
                &mut |path, g| {
                    n += 1;
                    bar.suspend(|| print_written(path, g));
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
