//! Each crate's files import one another in layers: no two files (and no
//! longer chain) import each other in a loop, in any crate of the
//! workspace. Test modules and comments are left out: a test may use any
//! part of its crate, and a doc link is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Every `.rs` file under `dir`, by its path relative to `root`.
fn sources(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under src");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text = fs::read_to_string(&path).expect("a source file is UTF-8");
            out.insert(rel, production_code(&text));
        }
    }
}

/// The file without its test module (the crate keeps it last) and comments.
fn production_code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The crate's root file: `lib.rs`, else `main.rs`.
fn root_file(files: &BTreeMap<String, String>) -> &'static str {
    if files.contains_key("lib.rs") {
        "lib.rs"
    } else {
        "main.rs"
    }
}

/// The module path of a file: `search/mod.rs` → `["search"]`.
fn module_of(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

fn file_of(files: &BTreeMap<String, String>, module: &[String]) -> Option<String> {
    if module.is_empty() {
        return None;
    }
    let joined = module.join("/");
    [format!("{joined}.rs"), format!("{joined}/mod.rs")]
        .into_iter()
        .find(|f| files.contains_key(f))
}

/// The names the root file re-exports from each of its modules
/// (`pub use board::{Board, Pit};` → `Board` and `Pit` from `board`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for stmt in lib.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !name.is_empty() {
                out.insert(name.to_string(), module.to_string());
            }
        }
    }
    out
}

/// Each file's imports: the files its `crate::…` and `super::…` paths reach.
fn imports(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let root = root_file(files);
    let reexported = reexports(&files[root]);
    let mut graph = BTreeMap::new();
    for (file, text) in files {
        let me = module_of(file);
        let mut reached = BTreeSet::new();
        for (at, _) in text.match_indices("::") {
            let head_start = text[..at]
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(0, |i| i + 1);
            let path: Vec<String> = text[head_start..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap_or("")
                .split("::")
                .map(str::to_string)
                .collect();
            // only a path's first `::` starts it
            if head_start + path[0].len() != at {
                continue;
            }
            let full: Vec<String> = match path[0].as_str() {
                "crate" => path[1..].to_vec(),
                "super" => me[..me.len().saturating_sub(1)]
                    .iter()
                    .cloned()
                    .chain(path[1..].iter().cloned())
                    .collect(),
                _ => continue,
            };
            let target = (1..=full.len())
                .rev()
                .find_map(|k| file_of(files, &full[..k]))
                .or_else(|| {
                    let module = reexported.get(full.first()?)?;
                    file_of(files, std::slice::from_ref(module))
                });
            if let Some(t) = target.filter(|t| t != file && t != root) {
                reached.insert(t);
            }
        }
        graph.insert(file.clone(), reached);
    }
    graph
}

/// A loop in the graph, if any, as the files along it.
fn a_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        f: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(f) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|p| p == f).expect("on the path");
                return Some(path[from..].to_vec());
            }
            None => {}
        }
        marks.insert(f.to_string(), Mark::Open);
        path.push(f.to_string());
        for next in &graph[f] {
            if let Some(l) = visit(next, graph, marks, path) {
                return Some(l);
            }
        }
        path.pop();
        marks.insert(f.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|f| visit(f, graph, &mut marks, &mut Vec::new()))
}

/// The crates' source folders, and for each a few imports it must find
/// (so that a reader which finds nothing cannot pass).
/// A crate's source folder, how many files it has at least, and imports
/// it has.
type Crate = (&'static str, usize, &'static [(&'static str, &'static str)]);

const CRATES: [Crate; 5] = [
    (
        "crates/omweso-engine/src",
        20,
        &[
            ("generator.rs", "explorer.rs"),
            ("search/mod.rs", "generator.rs"),
        ],
    ),
    ("crates/omweso-diagram/src", 5, &[("svg.rs", "scene.rs")]),
    ("crates/omweso-web/src", 3, &[]),
    (
        "crates/omweso-cli/src",
        5,
        &[("cmd/player.rs", "cmd/mod.rs")],
    ),
    ("src", 30, &[("site/render.rs", "site/traces.rs")]),
];

#[test]
fn no_two_files_of_a_crate_import_each_other_in_a_loop() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut read = 0;
    for (dir, at_least, known) in CRATES {
        let root = workspace.join(dir);
        let mut files = BTreeMap::new();
        sources(&root, &root, &mut files);
        assert!(
            files.len() >= at_least,
            "only {} files in {dir}",
            files.len()
        );
        read += files.len();
        let graph = imports(&files);
        for (from, to) in known {
            assert!(
                graph[*from].contains(*to),
                "{dir}: {from} -> {to}: {graph:?}"
            );
        }
        assert_eq!(
            a_loop(&graph),
            None,
            "{dir}: files importing each other in a loop"
        );
    }
    assert!(read >= 80, "only {read} files read");
}

#[test]
fn a_loop_is_found_when_there_is_one() {
    let files: BTreeMap<String, String> = [
        ("lib.rs", "mod a; mod b; pub use b::{Thing, Other};"),
        ("a.rs", "use super::b::Thing;"),
        ("b.rs", "fn f() { crate::a::g(); }"),
        ("c.rs", "use crate::Other;"),
    ]
    .into_iter()
    .map(|(f, t)| (f.to_string(), production_code(t)))
    .collect();
    let graph = imports(&files);
    assert_eq!(graph["c.rs"], BTreeSet::from(["b.rs".to_string()]));
    assert_eq!(
        a_loop(&graph),
        Some(vec!["a.rs".to_string(), "b.rs".to_string()])
    );
}
