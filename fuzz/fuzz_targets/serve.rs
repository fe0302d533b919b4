//! What a browser (or anything else) sends `omweso serve` on one
//! connection: any bytes, answered as `serve` answers them
//! (`omweso_cli::serve::answer_connection`: the same routes, HTTP parser
//! and file serving, without a socket) for a build folder that has files
//! it must never give out beside it. The answer ends in bounded time, never
//! panics and never holds a byte of a file outside the build; and every
//! request path `site_path` accepts stays inside any folder it is joined to.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso_cli::serve::{answer_connection, site_path};
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What the files outside the build hold.
const SECRET: &str = "OMWESO-FUZZ-SECRET";

/// A build folder (`site/`) with pages, beside a file and a folder whose
/// name starts with the build's (`site-x/`) that hold the secret; made
/// once per process in the temporary folder (a few bytes, left there).
fn build() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let top = std::env::temp_dir().join(format!("omweso-fuzz-serve-{}", std::process::id()));
        let site = top.join("site");
        std::fs::create_dir_all(site.join("rules")).unwrap();
        std::fs::create_dir_all(top.join("site-x")).unwrap();
        std::fs::write(site.join("index.html"), "<html><body>home</body></html>").unwrap();
        std::fs::write(site.join("404.html"), "<body>not here</body>").unwrap();
        std::fs::write(site.join("rules/a b.html"), "<p>rules</p></BODY>").unwrap();
        std::fs::write(site.join("style.css"), "body{}").unwrap();
        std::fs::write(top.join("secret"), SECRET).unwrap();
        std::fs::write(top.join("site-x/secret"), SECRET).unwrap();
        site
    })
}

fuzz_target!(|data: &[u8]| {
    // The path check alone, on the input as a path.
    let text = String::from_utf8_lossy(data);
    if let Ok(rel) = site_path(&text) {
        assert!(
            rel.components().all(|c| matches!(c, Component::Normal(_))),
            "{text:?} gave {rel:?}"
        );
        let root = Path::new("/srv/site");
        assert!(root.join(&rel).starts_with(root), "{text:?} gave {rel:?}");
        assert!(
            !rel.to_string_lossy().contains(['\\', '\0']),
            "{text:?} gave {rel:?}"
        );
    }
    // The bytes as a connection.
    let started = Instant::now();
    let out = answer_connection(build(), data, Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("{e}: {:?}", String::from_utf8_lossy(data)));
    assert!(started.elapsed() < Duration::from_secs(20));
    let said = String::from_utf8_lossy(&out);
    assert!(
        !said.contains(SECRET),
        "a file outside the build was read: {said}"
    );
    assert!(
        out.is_empty() || said.starts_with("HTTP/1."),
        "not an HTTP answer: {said}"
    );
});
