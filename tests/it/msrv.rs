//! The minimum Rust version, as far as this machine can check it.
//!
//! Only one toolchain can be installed where this project is built, so
//! `cargo +1.89 check` cannot run here. Instead: every locked dependency
//! must declare a `rust-version` no newer than ours (read from `cargo
//! metadata`), and clippy's `incompatible_msrv` lint (on in CI with `-D
//! warnings`) refuses any use of the standard library newer than it.

use crate::common;
use std::process::Command;

fn version(v: &str) -> (u32, u32) {
    let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

#[test]
fn no_dependency_needs_a_newer_rust_than_ours() {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    if !out.status.success() {
        common::skip(
            "no_dependency_needs_a_newer_rust_than_ours",
            &format!(
                "cargo metadata could not run offline: {}",
                String::from_utf8_lossy(&out.stderr)
            ),
        );
        return;
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ours = env!("CARGO_PKG_RUST_VERSION");
    assert_eq!(ours, "1.89", "README states 1.89; keep them together");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(&format!("{ours} or later")),
        "README states the minimum Rust version"
    );
    let mut newer = Vec::new();
    for p in meta["packages"].as_array().unwrap() {
        if let Some(rv) = p["rust_version"].as_str()
            && version(rv) > version(ours)
        {
            newer.push(format!("{} {} needs {rv}", p["name"], p["version"]));
        }
    }
    assert!(
        newer.is_empty(),
        "dependencies newer than rust-version {ours}: {newer:?}"
    );
}
