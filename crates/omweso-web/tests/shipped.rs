//! The WebAssembly module every site ships (`src/site/assets/omweso.wasm`)
//! is built from the sources of this checkout, and answers exactly as this
//! crate does natively, through the site's own JavaScript glue, in Node.

use omweso_engine::{Position, Rules, Variant, legal_moves, notation};
use omweso_web::wasm::{SOURCE_HASH, SOURCE_MARK};
use omweso_web::{Command, Request, answer};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command as Process, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn shipped() -> Vec<u8> {
    let path = repo().join("src/site/assets/omweso.wasm");
    std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; build it with crates/omweso-web/build-wasm.sh",
            path.display()
        )
    })
}

#[test]
fn the_shipped_module_is_built_from_these_sources() {
    let wasm = shipped();
    let found = wasm
        .windows(SOURCE_MARK.len())
        .any(|w| w == SOURCE_MARK.as_bytes());
    let built_from = wasm
        .windows(18)
        .position(|w| w == b"omweso-web-source:")
        .map(|i| String::from_utf8_lossy(&wasm[i + 18..i + 34]).into_owned());
    assert!(
        found,
        "src/site/assets/omweso.wasm is stale: built from sources {built_from:?}, \
         these are {SOURCE_HASH}; run crates/omweso-web/build-wasm.sh and commit the module"
    );
}

#[path = "common/random.rs"]
mod random;

#[path = "../tokens.rs"]
mod tokens;

/// The staleness hash reads Rust by its tokens: comments (doc comments
/// too) and layout do not count, code and literals do.
#[test]
fn the_staleness_hash_reads_tokens_not_comments() {
    use tokens::rust_tokens as t;
    let code = "/// Doc.\nfn f<'a>(x: &'a str) -> char {\n    // note\n    let _ = \"http://e.org // not a comment\";\n    let _ = r#\"a \"raw\" // str\"#;\n    let _ = b'\\'';\n    let _ = '\"';\n    /* block /* nested */ comment */\n    '\\n'\n}\n";
    let same = "fn f<'a>(x: &'a str) -> char { let _ = \"http://e.org // not a comment\"; let _ = r#\"a \"raw\" // str\"#; let _ = b'\\''; let _ = '\"'; '\\n' }";
    assert_eq!(t(code), t(same));
    assert_eq!(
        t(code),
        "fn f<'a>(x: &'a str) -> char { let _ = \"http://e.org // not a comment\"; let _ = r#\"a \"raw\" // str\"#; let _ = b'\\''; let _ = '\"'; '\\n' }"
    );
    for changed in [
        code.replace("'\\n'", "'\\t'"),
        code.replace("e.org", "e.com"),
        code.replace("raw", "cooked"),
        code.replace("let _", "let y"),
        code.replace(
            "\"http://e.org // not a comment\"",
            "\"http://e.org  // not a comment\"",
        ),
    ] {
        assert_ne!(t(code), t(&changed), "{changed}");
    }
}

/// Code compiled for tests only (`#[cfg(test)]`: a module of tests, a
/// helper) is never in the module, so the staleness hash leaves it out; a
/// change anywhere else counts, braces and `#[cfg(test)]` inside literals
/// included.
#[test]
fn the_staleness_hash_leaves_out_test_only_code() {
    use tokens::rust_tokens as t;
    let code = "pub fn f() -> &'static str { \"{\" }\n\n#[cfg(test)]\n#[allow(dead_code)]\nfn helper(x: [u8; 2]) -> u8 { x[0] }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn braces() { let _ = \"}\"; let _ = '}'; let _ = r#\"}\"#; assert!(true); }\n}\n\n#[cfg(test)]\nmod more;\n\npub const S: &str = \"#[cfg(test)] mod x { }\";\n";
    assert_eq!(
        t(code),
        "pub fn f() -> &'static str { \"{\" } pub const S: &str = \"#[cfg(test)] mod x { }\";"
    );
    // a test-only edit leaves the hash as it was
    for same in [
        code.replace("assert!(true)", "assert!(false)"),
        code.replace("x[0]", "x[1]"),
        code.replace("mod more;", "mod other;"),
    ] {
        assert_eq!(t(code), t(&same), "{same}");
    }
    // an edit to the shipped code does not
    for changed in [
        code.replace("\"{\" }", "\"}\" }"),
        code.replace("mod x { }", "mod y { }"),
        code.replace("#[cfg(test)]\n#[allow", "#[allow"),
    ] {
        assert_ne!(t(code), t(&changed), "{changed}");
    }
}

/// Random positions, some before the game's first capture.
fn positions(n: usize) -> Vec<Position> {
    let mut all = random::positions(n, 2026);
    for (i, p) in all.iter_mut().enumerate() {
        p.before_first_capture = i % 7 == 0;
    }
    all
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The answers of the shipped module, through `omweso-engine.js`, in Node.
fn answers_in_node(requests: &[String]) -> Vec<String> {
    run_in_node(requests).0
}

/// The answers, and the module's memory in bytes after them.
fn run_in_node(requests: &[String]) -> (Vec<String>, usize) {
    let list = format!(
        "[{}]",
        requests
            .iter()
            .map(|r| json_string(r))
            .collect::<Vec<_>>()
            .join(",")
    );
    let dir = repo();
    let mut child = Process::new("node")
        .arg(dir.join("crates/omweso-web/tests/node/answer.js"))
        .arg(dir.join("src/site/assets/omweso-engine.js"))
        .arg(dir.join("src/site/assets/omweso.wasm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node, which ./test.sh installs, runs the module");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(list.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stderr);
    eprint!("{log}");
    let memory = log
        .lines()
        .find_map(|l| l.strip_prefix("module memory ")?.strip_suffix(" bytes"))
        .and_then(|n| n.parse().ok())
        .expect("the glue says the module's memory");
    // a list of JSON strings, each an answer's text: undo the string escapes
    let text = String::from_utf8(out.stdout).unwrap();
    (parse_string_list(&text), memory)
}

/// `["a","b"]` (JSON strings with the escapes `JSON.stringify` writes).
fn parse_string_list(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.trim().strip_prefix('[').unwrap().chars().peekable();
    loop {
        match chars.next() {
            Some('"') => {}
            Some(',') => continue,
            Some(']') | None => break,
            Some(c) => panic!("unexpected {c:?}"),
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next().unwrap() {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    'b' => s.push('\u{8}'),
                    'f' => s.push('\u{c}'),
                    'u' => {
                        let hex: String = (0..4).map(|_| chars.next().unwrap()).collect();
                        s.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                    }
                    c => s.push(c),
                },
                c => s.push(c),
            }
        }
        out.push(s);
    }
    out
}

#[test]
fn the_shipped_module_answers_as_the_engine_does() {
    let variants = [
        Variant::new("shackell-1935", Rules::SHACKELL_1935),
        Variant::new("modern", Rules::MODERN),
        Variant::new("ludii", Rules::LUDII),
        Variant::new("mcgill-2015", Rules::MCGILL_2015),
        Variant::new("house", {
            let mut r = Rules::MODERN;
            r.never_ending = omweso_engine::NeverEnding::Illegal;
            r
        }),
    ];
    let mut requests = Vec::new();
    for (i, pos) in positions(100).into_iter().enumerate() {
        let variant = variants[i % variants.len()].clone();
        let moves = legal_moves(&variant.rules, &pos);
        let mut req = Request::new(Command::Moves, variant, pos);
        requests.push(req.text());
        if let Some(m) = moves.get(i % moves.len().max(1)) {
            req.command = Command::Play;
            req.mv = Some(notation::format(&m.mv));
            requests.push(req.text());
        }
        req.command = Command::Board;
        req.mv = None;
        requests.push(req.text());
        // the search player: the same move, score and line as natively
        if i % 5 == 0 {
            req.command = Command::Best;
            req.nodes = Some(1_000 + 200 * i as u64);
            req.depth = (i % 10 == 0).then_some(3);
            requests.push(req.text());
        }
        // the set-up policy: the same set-ups from the same seed
        if i % 10 == 1 {
            req.command = Command::Setup;
            req.nodes = None;
            req.depth = None;
            req.seed = Some(i as u64 * 7919);
            requests.push(req.text());
        }
    }
    requests.push("do moves\nvariant nowhere\n".into());
    let native: Vec<String> = requests.iter().map(|r| answer(r)).collect();
    let wasm = answers_in_node(&requests);
    assert_eq!(wasm.len(), native.len());
    let plays = requests.iter().filter(|r| r.starts_with("do play")).count();
    assert!(plays > 80, "{plays} moves played");
    let best: Vec<&String> = native
        .iter()
        .zip(&requests)
        .filter(|(_, r)| r.starts_with("do best"))
        .map(|(a, _)| a)
        .collect();
    assert_eq!(best.len(), 20);
    assert!(
        best.iter()
            .filter(|a| a.contains("\"best\":{\"notation\""))
            .count()
            >= 15,
        "the player found moves: {best:?}"
    );
    let setups = native
        .iter()
        .filter(|a| a.contains("\"styles\":{\"south\":"))
        .count();
    assert_eq!(setups, 10);
    // the same answers, but for the time a search took (each clock's own),
    // as a number and in the search's summary ("…positions, 0.3 s).")
    fn untimed(a: &str) -> String {
        let a = match a.split_once("\"time_ms\":") {
            Some((head, tail)) => {
                let rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
                format!("{head}\"time_ms\":_{rest}")
            }
            None => a.to_string(),
        };
        match a.split_once("\"searched\":\"Looked ") {
            Some((head, tail)) => match tail.split_once(" s).") {
                Some((timed, rest)) => {
                    let upto = timed.rfind(", ").map_or(timed.len(), |i| i + 2);
                    format!("{head}\"searched\":\"Looked {}_ s).{rest}", &timed[..upto])
                }
                None => a,
            },
            None => a,
        }
    }
    for ((r, n), w) in requests.iter().zip(&native).zip(&wasm) {
        assert_eq!(untimed(n), untimed(w), "request:\n{r}");
    }
    assert!(native.last().unwrap().starts_with("{\"error\":"));
}

/// The shipped module keeps a `best` request's time on the clock the page
/// gives it (`env.now_ms`, from omweso-engine.js): it stops about on time,
/// says it was stopped, and reports the time taken.
#[test]
fn the_shipped_module_searches_within_its_time() {
    let req = "do best\nvariant modern\nto_move south\nboard 2 0 3 1 0 2 4 0 1 3 0 2 5 0 1 2 0 4 2 1 3 0 2 6 3 1 0 2 2 4 0 1\ntime_ms 400\n";
    let answers = answers_in_node(&[req.to_string()]);
    let a = &answers[0];
    assert!(a.contains("\"stopped\":true"), "{a}");
    assert!(a.contains("\"evaluation\":\""), "{a}");
    let ms: u64 = a
        .split("\"time_ms\":")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no time in {a}"));
    assert!((400..3_000).contains(&ms), "{ms} ms: {a}");
}

/// A request over the module's limit, through the site's glue: the glue
/// hands the module one byte past the limit and the module refuses it, as
/// natively, its memory not grown by the request's 32 MB.
#[test]
fn the_shipped_module_refuses_a_request_over_its_limit() {
    let small = "do moves\nvariant nowhere\n".to_string();
    let (_, base) = run_in_node(std::slice::from_ref(&small));
    let over = format!("do moves\nvariant modern\n{}", "#".repeat(32 << 20));
    let native = answer(&over);
    assert!(native.contains("at most 1,048,576 bytes"), "{native}");
    let (wasm, memory) = run_in_node(std::slice::from_ref(&over));
    assert_eq!(wasm, vec![native]);
    assert!(
        memory < base + (4 << 20),
        "the module's memory grew from {base} to {memory} bytes"
    );
}
