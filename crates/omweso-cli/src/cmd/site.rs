//! `omweso check`, `build`, `serve` and `init`: the site's commands.

use super::Output;
use clap::Args;
use omweso::diagram::narrate::plural;
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
            let kept = if opts.out.exists() {
                format!("the previous output in {} is unchanged", opts.out.display())
            } else {
                format!("nothing was written to {}", opts.out.display())
            };
            Err(format!(
                "build failed with {}; {kept}",
                plural(errs.len() as u64, "error")
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
    // the site rebuilt after each change, re-rendering only what changed
    // when it can, with the engine's answers kept from one rebuild to the
    // next
    let session = std::sync::Mutex::new(site::Session::new(&root, args.drafts));
    let step: serve::StepFn = std::sync::Arc::new(move |req: &serve::BuildRequest| {
        let mut session = session.lock().unwrap_or_else(|e| e.into_inner());
        session
            .rebuild(req.out, req.changed, req.served)
            .map(|r| serve::Built {
                summary: r.summary,
                base: r.base,
                pages: r.pages,
                more: r.more,
            })
    });
    let mut opts = serve::ServeOptions::new(root);
    opts.port = args.port;
    opts.work_dir = args.out;
    serve::serve_with(opts, step)?;
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

/// `omweso check`: report (text or JSON), optionally bless first.
pub fn check(
    root: Option<PathBuf>,
    format: Output,
    bless: bool,
    drafts: bool,
) -> Result<ExitCode, String> {
    use omweso::check;
    use omweso::diagram::narrate::plural;
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
        Output::Text => print!("{}", check::render_text(&report)),
        Output::Json => print!("{}", check::render_json(&report)),
    }
    Ok(if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
