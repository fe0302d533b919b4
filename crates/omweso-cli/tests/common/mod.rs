//! What the CLI's integration tests share.

use std::path::PathBuf;

/// A new site made by `omweso init` in a temporary folder (kept while the
/// returned guard lives), and its path.
pub fn init_site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let init = std::process::Command::new(env!("CARGO_BIN_EXE_omweso"))
        .arg("init")
        .arg(&site)
        .output()
        .unwrap();
    assert!(
        init.status.success(),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    (dir, site)
}
