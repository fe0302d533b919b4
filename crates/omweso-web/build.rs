//! Hashes the sources the WebAssembly module is made from (this crate, the
//! engine and the diagram renderer: their `src/` and manifests), so that a
//! test can tell when the module shipped with the site is stale. Rust
//! sources are read by their tokens (`tokens.rs`: comments and layout left
//! out), so editing a comment never calls for a rebuilt module.

use std::path::{Path, PathBuf};

#[path = "tokens.rs"]
mod tokens;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let crates = here.parent().unwrap();
    println!("cargo:rerun-if-changed=tokens.rs");
    let mut all = Vec::new();
    for c in ["omweso-engine", "omweso-diagram", "omweso-web"] {
        let root = crates.join(c);
        println!("cargo:rerun-if-changed={}", root.join("src").display());
        println!(
            "cargo:rerun-if-changed={}",
            root.join("Cargo.toml").display()
        );
        files(&root.join("src"), &mut all);
        all.push(root.join("Cargo.toml"));
    }
    let mut named: Vec<(String, PathBuf)> = all
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(crates).unwrap_or(&p);
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            (name, p)
        })
        .collect();
    named.sort();
    // FNV-1a, 64 bits: the same on every machine and toolchain.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for (name, path) in named {
        let text = std::fs::read(&path).unwrap_or_default();
        // line breaks as committed, whatever a checkout made of them
        let text: Vec<u8> = text.into_iter().filter(|&b| b != b'\r').collect();
        // Rust sources by their tokens: a comment does not make the module
        // stale, a change to the code does
        let text = match (path.extension(), String::from_utf8(text)) {
            (Some(e), Ok(s)) if e == "rs" => tokens::rust_tokens(&s).into_bytes(),
            (_, Ok(s)) => s.into_bytes(),
            (_, Err(e)) => e.into_bytes(),
        };
        feed(name.as_bytes());
        feed(&[0]);
        feed(&(text.len() as u64).to_le_bytes());
        feed(&text);
    }
    println!("cargo:rustc-env=OMWESO_WEB_SOURCE_HASH={h:016x}");
}
