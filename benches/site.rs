//! Site build throughput: a generated site of 1,000 chapter pages with three
//! diagrams each (two moves, one board), built from scratch each iteration.
//!
//! Run: `cargo bench --bench site -- --measurement-time 20`
//! (criterion reports the throughput in pages per second).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use omweso::site::{self, BuildOptions};
use std::fmt::Write;
use std::path::Path;

const PAGES: usize = 1000;

const BLOCK_A: &str = "```omweso
caption: Page PAGE, a capture.
to_move: south
board:
  - [0, 2, 0, 1, 0, 0, 0, 3]
  - [1, 0, 0, 0, 0, 0, 0, 2]
  - [0, 0, 0, 0, 0, 0, 0, 1]
  - [0, 0, 0, 0, 4, 0, 0, 0]
move: 5
```
";

const BLOCK_B: &str = "```omweso
caption: Page PAGE, a relay.
variant: modern
to_move: south
board:
  - [2, 2, 2, 2, 2, 2, 2, 2]
  - [0, 0, 0, 0, 0, 0, 0, 0]
  - [0, 0, 0, 0, 0, 0, 0, 0]
  - [2, 2, 2, 2, 2, 2, 2, 2]
move: 3
```
";

const BLOCK_C: &str = "```omweso
caption: Page PAGE, a board.
to_move: north
board:
  - [4, 4, 4, 4, 4, 4, 4, 4]
  - [0, 0, 0, 0, 0, 0, 0, 0]
  - [0, 0, 0, 0, 0, 0, 0, 0]
  - [4, 4, 4, 4, 4, 4, 4, 4]
```
";

fn generate(root: &Path) {
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(
        root.join("omweso.yaml"),
        "title: Benchmark\ndescription: A generated site.\n",
    )
    .unwrap();
    for i in 0..PAGES {
        let mut s = String::new();
        let _ = write!(
            s,
            "---\ntitle: Chapter {i}\norder: {i}\ndescription: Generated chapter {i}.\n---\n\n# Chapter {i}\n\n"
        );
        for section in 0..3 {
            let _ = write!(
                s,
                "## Section {section}\n\nSowing goes anticlockwise from the pit last left empty; a relay lifts the seeds of the pit the last seed reached. See [the next chapter](page-{:04}.md#section-1).\n\n",
                (i + 1) % PAGES
            );
            let block = [BLOCK_A, BLOCK_B, BLOCK_C][section].replace("PAGE", &i.to_string());
            s.push_str(&block);
            s.push('\n');
        }
        std::fs::write(root.join(format!("content/page-{i:04}.md")), s).unwrap();
    }
}

fn bench(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    generate(&root);
    let out = tmp.path().join("public");
    let opts = BuildOptions {
        root: root.clone(),
        out,
        base_url: None,
        drafts: false,
        force: false,
    };
    let report = site::build(&opts).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("one build: {report}");
    let mut g = c.benchmark_group("site");
    g.sample_size(10);
    g.throughput(Throughput::Elements(report.pages as u64));
    g.bench_function("build_1000_chapters", |b| {
        b.iter(|| site::build(&opts).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
