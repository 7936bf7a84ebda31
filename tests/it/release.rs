//! The release (`.github/workflows/release.yml`), as far as this machine
//! can test it without a GitHub runner: the workflow parses, names targets
//! rustup knows for Linux, macOS and Windows and builds each (and the web
//! page) with `tools/release/build.sh`; the archive names that script gives
//! are the ones `[package.metadata.binstall]` in Cargo.toml expands to; and
//! the script packages the host's binary here (with `TALES_RELEASE_BUILD=1`,
//! as `.ci/run` sets once its release build exists).

use crate::common;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn workflow() -> Value {
    let text = std::fs::read_to_string(repo().join(".github/workflows/release.yml")).unwrap();
    serde_saphyr::from_str(&text).unwrap()
}

/// The targets of the workflow's build matrix.
fn targets(workflow: &Value) -> Vec<String> {
    workflow["jobs"]["binaries"]["strategy"]["matrix"]["include"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["target"].as_str().unwrap().to_owned())
        .collect()
}

/// Every `run:` of a job, joined.
fn runs(job: &Value) -> String {
    job["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["run"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `tools/release/build.sh --name TARGET` prints: the archive and the
/// binary's path inside it.
fn script_names(target: &str) -> (String, String) {
    let out = Command::new("bash")
        .args(["tools/release/build.sh", "--name", target])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    let (archive, binary) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
    (archive.to_owned(), binary.to_owned())
}

#[test]
fn the_workflow_builds_every_platform_and_the_web_page_with_the_script() {
    let wf = workflow();
    assert!(
        wf["on"]["push"]["tags"][0]
            .as_str()
            .unwrap()
            .starts_with('v'),
        "it runs on a version tag"
    );
    let targets = targets(&wf);
    for os in ["linux", "apple-darwin", "windows"] {
        for arch in ["x86_64", "aarch64"] {
            assert!(
                targets
                    .iter()
                    .any(|t| t.starts_with(arch) && t.contains(os)),
                "a {arch} {os} build in {targets:?}"
            );
        }
    }
    let jobs = &wf["jobs"];
    assert!(runs(&jobs["binaries"]).contains("tools/release/build.sh ${{ matrix.target }} dist"));
    assert!(runs(&jobs["web"]).contains("tools/release/build.sh web dist"));
    let publish = runs(&jobs["publish"]);
    assert!(publish.contains("SHA256SUMS") && publish.contains("sha256sum -c"));
    assert!(publish.contains("gh release create"));
    let needs: Vec<&str> = jobs["publish"]["needs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(needs, ["binaries", "web"]);
}

#[test]
fn every_target_the_workflow_names_is_one_rustup_knows() {
    let Ok(out) = Command::new("rustup").args(["target", "list"]).output() else {
        common::skip(
            "every_target_the_workflow_names_is_one_rustup_knows",
            "rustup is not installed, so the targets are not checked",
        );
        return;
    };
    let known = String::from_utf8(out.stdout).unwrap();
    let known: Vec<&str> = known
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(known.len() > 50, "rustup lists its targets: {known:?}");
    for target in targets(&workflow())
        .iter()
        .map(String::as_str)
        .chain(["wasm32-unknown-unknown"])
    {
        assert!(known.contains(&target), "rustup knows no target {target}");
    }
}

/// `{ name }`, `{ version }`, `{ target }`, `{ bin }` and `{ binary-ext }`
/// of a binstall template, as cargo-binstall fills them in.
fn expand(template: &str, target: &str) -> String {
    let ext = if target.contains("windows") {
        ".exe"
    } else {
        ""
    };
    template
        .replace("{ name }", "tales")
        .replace("{ bin }", "tales")
        .replace("{ version }", env!("CARGO_PKG_VERSION"))
        .replace("{ target }", target)
        .replace("{ binary-ext }", ext)
}

#[test]
fn the_binstall_templates_name_what_the_script_packages() {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let tales = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "tales")
        .unwrap();
    let binstall = &tales["metadata"]["binstall"];
    for target in targets(&workflow()) {
        let over = &binstall["overrides"][&target];
        let field = |key: &str| over[key].as_str().or(binstall[key].as_str()).unwrap();
        let url = expand(field("pkg-url"), &target);
        let (archive, binary) = script_names(&target);
        assert_eq!(
            url.rsplit('/').next().unwrap(),
            archive,
            "pkg-url of {target}"
        );
        assert!(
            url.contains(&format!(
                "/releases/download/v{}/",
                env!("CARGO_PKG_VERSION")
            )),
            "{url}"
        );
        assert_eq!(
            expand(field("bin-dir"), &target),
            binary,
            "bin-dir of {target}"
        );
        let format = if Path::new(&archive).extension().is_some_and(|e| e == "zip") {
            "zip"
        } else {
            "tgz"
        };
        assert_eq!(field("pkg-fmt"), format, "pkg-fmt of {target}");
    }
}

#[test]
fn the_script_packages_the_host_binary() {
    if std::env::var_os("TALES_RELEASE_BUILD").is_none() {
        common::skip(
            "the_script_packages_the_host_binary",
            "tools/release/build.sh needs a release build; \
             .ci/run runs this test with TALES_RELEASE_BUILD=1 after its own",
        );
        return;
    }
    let host = String::from_utf8(Command::new("rustc").arg("-vV").output().unwrap().stdout)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .unwrap();
    let dist = tempfile::tempdir().unwrap();
    let out = Command::new("bash")
        .arg("tools/release/build.sh")
        .arg(&host)
        .arg(dist.path())
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (archive, binary) = script_names(&host);
    let path = dist.path().join(&archive);
    assert!(path.is_file(), "{} written", path.display());
    // The checksum file verifies, in sha256sum's own format.
    let check = Command::new("sha256sum")
        .args(["-c", &format!("{archive}.sha256")])
        .current_dir(dist.path())
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    // The archive holds the binary where bin-dir says, and it runs.
    let unpacked = tempfile::tempdir().unwrap();
    let tar = Command::new("tar")
        .arg("-xzf")
        .arg(&path)
        .arg("-C")
        .arg(unpacked.path())
        .status()
        .unwrap();
    assert!(tar.success());
    let version = Command::new(unpacked.path().join(&binary))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(version.stdout).unwrap().trim(),
        format!("tales {}", env!("CARGO_PKG_VERSION"))
    );
    let folder = binary.split('/').next().unwrap();
    assert!(unpacked.path().join(folder).join("README.md").is_file());
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(
            unpacked.path().join(folder).join(licence).is_file(),
            "{licence}"
        );
    }
    // Every page the README links to is in the folder too.
    let readme = std::fs::read_to_string(unpacked.path().join(folder).join("README.md")).unwrap();
    for link in readme_links(&readme) {
        assert!(
            unpacked.path().join(folder).join(&link).exists(),
            "the README links {link}, which the archive lacks"
        );
    }
    // The README's first five minutes run in the unpacked folder: the
    // sample book is there, and checks clean.
    let check = Command::new(unpacked.path().join(&binary))
        .args(["check", "content/sunken-lamp"])
        .current_dir(unpacked.path().join(folder))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(check.stdout).unwrap().trim(),
        "ok: 0 errors, 0 warnings (111 paragraphs, 17 files)"
    );
    // Stripped: no symbol table in a download (9 MB on Linux).
    let size = std::fs::metadata(unpacked.path().join(&binary))
        .unwrap()
        .len();
    let built = std::fs::metadata(
        repo()
            .join("target/release")
            .join(binary.rsplit('/').next().unwrap()),
    )
    .map_or(u64::MAX, |m| m.len());
    assert!(size < built, "{size} bytes packaged, {built} built");
}

/// The README's links into the project (no scheme, no bare anchor), as
/// paths without their `#anchor`.
fn readme_links(readme: &str) -> Vec<String> {
    let mut links: Vec<String> = readme
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|l| l.split('#').next().unwrap_or("").to_owned())
        .filter(|l| !l.is_empty() && !l.contains("://") && !l.starts_with("mailto:"))
        .collect();
    links.sort();
    links.dedup();
    links
}

#[test]
fn the_readme_s_links_are_read_as_paths() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let links = readme_links(&readme);
    assert!(links.iter().any(|l| l == "docs/install.md"), "{links:?}");
    assert!(links.iter().all(|l| repo().join(l).exists()), "{links:?}");
}
