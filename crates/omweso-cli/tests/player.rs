//! The computer player from the outside: `omweso bestmove` (text and JSON),
//! `omweso selfplay` records that load and replay as games, and the search
//! solving the shipped win-now and win-in-two puzzles.

use omweso::engine::search::{Config, Limits, Score, Searcher};
use omweso::engine::{Board, Position, Side, legal_moves, notation};
use omweso::model::{Variants, load_games, replay};
use omweso::puzzle::AnswerKey;
use omweso::puzzle::{Goal, verify_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn omweso(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// The command's JSON output, once it has succeeded.
fn omweso_json(args: &[&str]) -> serde_json::Value {
    let out = omweso(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn bestmove_json_has_its_schema_and_a_legal_move() {
    let v = omweso_json(&[
        "bestmove",
        "examples/start.yaml",
        "--depth",
        "3",
        "--format",
        "json",
    ]);
    for key in [
        "variant",
        "to_move",
        "move",
        "score",
        "depth",
        "nodes",
        "generations",
        "time_ms",
        "nodes_per_second",
        "stopped",
        "pv",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["depth"], 3);
    assert_eq!(v["stopped"], false);
    assert!(["win", "loss", "centiseeds"].contains(&v["score"]["kind"].as_str().unwrap()));
    assert!(v["score"]["value"].is_i64());
    let mv = v["move"].as_str().unwrap();
    assert_eq!(v["pv"][0].as_str().unwrap(), mv);
    // the move is legal in the file's position
    let doc = omweso::model::parse_positions(
        &omweso::model::Source::read(&root().join("examples/start.yaml")).unwrap(),
        &Variants::builtin(),
    )
    .unwrap()
    .remove(0);
    let m = notation::parse_for(doc.position.to_move, mv).unwrap();
    assert!(
        legal_moves(doc.variant.rules(), &doc.position)
            .iter()
            .any(|l| l.mv.same_as(&m))
    );
    // deterministic at a fixed depth
    let again = omweso(&[
        "bestmove",
        "examples/start.yaml",
        "--depth",
        "3",
        "--format",
        "json",
    ]);
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(
        (&v["move"], &v["nodes"], &v["pv"]),
        (&w["move"], &w["nodes"], &w["pv"])
    );
}

#[test]
fn bestmove_text_names_move_score_depth_nodes_and_line() {
    let out = omweso(&["bestmove", "examples/start.yaml", "--nodes", "2000"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for label in ["bestmove S", "score", "depth", "nodes", "pv"] {
        assert!(text.contains(label), "{text}");
    }
}

/// Two self-played games of `variant` (300 nodes a move, seed 4, at most
/// 60 plies) written into `dir`.
fn selfplay_two(variant: &str, dir: &std::path::Path) {
    let out = omweso(&[
        "selfplay",
        "--variant",
        variant,
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        "4",
        "--max-plies",
        "60",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn selfplay_records_load_and_replay_to_their_result() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("games");
    for variant in ["mcgill-2015", "modern"] {
        selfplay_two(variant, &dir);
    }
    let (games, errs) = load_games(&dir, &Variants::builtin());
    assert!(errs.is_empty(), "{errs}");
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g.id.starts_with("selfplay-"));
        assert_eq!(g.event.as_deref(), Some("engine self-play"));
        assert!(
            g.players
                .south
                .as_deref()
                .unwrap()
                .contains("search(nodes=300)")
        );
        let r = replay(g, 0);
        assert!(r.stopped.is_none(), "{}: {:?}", g.id, r.stopped);
        assert_eq!(r.expected_result(), g.result, "{}", g.id);
        assert!(!g.moves.is_empty() && g.moves.len() <= 60);
    }
    // the same seed gives the same games
    let again = tmp.path().join("again");
    selfplay_two("modern", &again);
    for g in 1..=2 {
        let name = format!("selfplay-modern-s4-g{g}.yaml");
        assert_eq!(
            std::fs::read_to_string(dir.join(&name)).unwrap(),
            std::fs::read_to_string(again.join(&name)).unwrap()
        );
    }
}

#[test]
fn the_search_solves_the_win_now_and_win_in_two_puzzles() {
    let variants = Variants::builtin();
    let (puzzles, errs) = verify_dir(&root().join("puzzles"), &variants);
    assert!(errs.is_empty(), "{errs}");
    let mut solved = 0;
    for p in puzzles
        .iter()
        .filter(|p| matches!(p.goal, Goal::WinNow | Goal::WinInTwo))
    {
        let rules = *variants.get(&p.variant).unwrap().rules();
        let pos = Position {
            board: Board::from_grid(&p.board),
            to_move: if p.to_move == "south" {
                Side::South
            } else {
                Side::North
            },
            first_move: p.first_move,
            opponent_first_move: p.opponent_first_move,
            before_first_capture: p.before_first_capture,
        };
        let r =
            Searcher::new(Config::default()).search(&rules, &pos, Limits::depth(3), &mut || false);
        let best = r.best.unwrap();
        let want = if p.goal == Goal::WinNow { 1 } else { 3 };
        assert_eq!(Score::of(r.score), Score::Win(want), "{}", p.id);
        // the solution is unique, so the search's move is it
        let solution = notation::parse_for(pos.to_move, &p.solution).unwrap();
        let sol = legal_moves(&rules, &pos)
            .into_iter()
            .find(|m| m.mv.same_as(&solution))
            .unwrap();
        assert_eq!(AnswerKey::of(&best), AnswerKey::of(&sol), "{}", p.id);
        solved += 1;
    }
    // the set judged by the game keeps few forced wins (issue 23: a win
    // where another move also wins is withdrawn)
    assert!(solved >= 3, "only {solved} puzzles");
}

#[test]
fn setup_prints_the_policys_arrangement_reproducibly() {
    let json = |seed: &str| {
        omweso_json(&[
            "setup",
            "--variant",
            "mcgill-2015",
            "--seed",
            seed,
            "--format",
            "json",
        ])
    };
    let v = json("7");
    assert_eq!(v, json("7"), "the same seed, the same arrangement");
    let pits: Vec<u64> = v["pits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(pits.len(), 16);
    assert_eq!(pits.iter().sum::<u64>(), 32);
    assert_eq!(v["variant"], "mcgill-2015");
    assert_eq!(v["seed"], 7);
    let out = omweso(&["setup", "--variant", "modern", "--seed", "7"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("variant: modern") && text.contains("pits: ["),
        "{text}"
    );
}

/// Under Ludii's rules the policy arranges for the seat: the first mover's
/// table and the second mover's differ; elsewhere the seat changes nothing.
#[test]
fn setup_draws_for_the_seat_asked() {
    let draw = |variant: &str, side: &str| {
        let v = omweso_json(&[
            "setup",
            "--variant",
            variant,
            "--seed",
            "3",
            "--side",
            side,
            "--format",
            "json",
        ]);
        assert_eq!(v["side"], side);
        assert_eq!(v["style"], "chosen");
        v["pits"].to_string()
    };
    assert_eq!(draw("ludii", "south"), "[0,0,0,2,0,0,0,17,0,3,3,1,3,3,0,0]");
    assert_eq!(draw("ludii", "north"), "[2,2,3,4,0,2,0,2,0,2,2,3,2,2,2,4]");
    assert_eq!(draw("modern", "south"), draw("modern", "north"));
    let out = omweso(&["setup", "--variant", "ludii", "--side", "north"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("side: north"), "{text}");
    let out = omweso(&["setup", "--side", "east"]);
    assert!(!out.status.success());
    // the styles have no seat: a seat with them is refused, not ignored
    let out = omweso(&["setup", "--side", "north", "--styles"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
}

#[test]
fn setup_styles_draws_varied_arrangements_where_the_policy_keeps_one() {
    let draw = |seed: u64, styles: bool| {
        let seed = seed.to_string();
        let mut args = vec![
            "setup",
            "--variant",
            "mcgill-2015",
            "--seed",
            &seed,
            "--format",
            "json",
        ];
        if styles {
            args.push("--styles");
        }
        let v = omweso_json(&args);
        (
            v["pits"].to_string(),
            v["style"].as_str().unwrap().to_owned(),
        )
    };
    let policy: std::collections::BTreeSet<_> = (1..=6).map(|s| draw(s, false)).collect();
    let styles: std::collections::BTreeSet<_> = (1..=6).map(|s| draw(s, true)).collect();
    // McGill's policy draws the arrangement chosen against strong play
    assert!(
        policy.iter().all(|(_, style)| style == "chosen"),
        "{policy:?}"
    );
    assert!(
        styles.iter().all(|(_, style)| style != "chosen"),
        "{styles:?}"
    );
    assert!(
        styles.len() >= 4,
        "six seeds, {} arrangements",
        styles.len()
    );
}

#[test]
fn bestmove_panel_answers_a_legal_move_at_its_depth() {
    let v = omweso_json(&[
        "bestmove",
        "examples/start.yaml",
        "--panel",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(v["depth"], 4);
    assert!(v["move"].as_str().unwrap().starts_with('S'));
}

/// The search limits the command takes are those the search and the web
/// module take: a depth from 1 to 64, a node budget and a time of at least
/// 1; anything else is refused, never quietly changed.
#[test]
fn search_limits_out_of_range_are_refused() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for args in [
        ["--depth", "0"],
        ["--depth", "65"],
        ["--nodes", "0"],
        ["--time-ms", "0"],
        ["--panel", "0"],
        ["--panel", "65"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_omweso"))
            .arg("bestmove")
            .arg(repo.join("examples/start.yaml"))
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?} accepted");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("is not in 1..="), "{args:?}: {said}");
    }
}

#[test]
fn setup_balanced_prints_an_arrangement_and_the_first_movers_score() {
    let draw_judged = |seed: &str, nodes: &str| {
        omweso_json(&[
            "setup",
            "--variant",
            "mcgill-2015",
            "--seed",
            seed,
            "--balanced",
            "3",
            "--nodes",
            nodes,
            "--format",
            "json",
        ])
    };
    let draw = |seed: &str| draw_judged(seed, "20000");
    let v = draw("5");
    assert_eq!(v, draw("5"), "the same seed, the same arrangement");
    assert_eq!(v["judges"], serde_json::json!([20000]), "{v}");
    // two judges in turn: a cheap one, then the deeper one (kept only when
    // both call it level, so never drawn before the cheap one's own find)
    let cheap = draw_judged("5", "2000");
    let both = draw_judged("5", "2000,20000");
    assert_eq!(both["judges"], serde_json::json!([2000, 20000]), "{both}");
    assert_eq!(both["balanced"], true, "{both}");
    assert!(
        both["draws"].as_u64() >= cheap["draws"].as_u64(),
        "{cheap} {both}"
    );
    assert_eq!(v["balanced"], true, "{v}");
    assert_eq!(v["first_mover_score"]["kind"], "centiseeds", "{v}");
    let score = v["first_mover_score"]["value"].as_i64().unwrap();
    assert!(score.abs() <= 300, "{v}");
    assert!(v["draws"].as_u64().unwrap() >= 1);
    let pits: Vec<u64> = v["pits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(pits.iter().sum::<u64>(), 32);
    // the score is the one `bestmove` gives with both sides on it
    let row = |r: &[u64]| {
        format!(
            "[{}]",
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    // the grid: North outer (pits 16..9 of North seen from South: North's
    // pit k sits above South's pit 17 - k), North inner, South inner, South outer
    let north_outer: Vec<u64> = (0..8).map(|c| pits[7 - c]).collect();
    let north_inner: Vec<u64> = (0..8).map(|c| pits[8 + c]).collect();
    let south_inner: Vec<u64> = (0..8).map(|c| pits[15 - c]).collect();
    let south_outer: Vec<u64> = (0..8).map(|c| pits[c]).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("start.yaml");
    std::fs::write(
        &file,
        format!(
            "variant: mcgill-2015\nto_move: south\nfirst_move: true\nopponent_first_move: true\nbefore_first_capture: true\nboard:\n  - {}\n  - {}\n  - {}\n  - {}\n",
            row(&north_outer),
            row(&north_inner),
            row(&south_inner),
            row(&south_outer)
        ),
    )
    .unwrap();
    let best = omweso_json(&[
        "bestmove",
        file.to_str().unwrap(),
        "--nodes",
        "20000",
        "--format",
        "json",
    ]);
    assert_eq!(best["score"], v["first_mover_score"], "{best}");
    // a margin past what the rules can score is refused, with the range
    let out = omweso(&["setup", "--balanced", "99"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("0..=32"));
}
