//! `tales lsp` as an editor meets it: the process started, JSON-RPC over
//! its standard input and output, on a copy of the spec example.

#![allow(clippy::needless_pass_by_value)] // json!(...) values are built to be sent

use crate::common;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// What the server answered to `initialize`.
    capabilities: Value,
}

impl Client {
    fn start(root: &Path, capabilities: Value) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tales"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = 0;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse().unwrap();
                    }
                }
                let mut body = vec![0; len];
                r.read_exact(&mut body).unwrap();
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let mut c = Client {
            child,
            stdin,
            incoming,
            next_id: 0,
            capabilities: Value::Null,
        };
        let init = c.request(
            "initialize",
            json!({"processId": null, "rootUri": uri(root), "capabilities": capabilities}),
        );
        assert_eq!(init["result"]["serverInfo"]["name"], "tales", "{init}");
        c.capabilities = init["result"]["capabilities"].clone();
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, msg: &Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Send a request and wait for its answer (notifications meanwhile are
    /// dropped: use [`Client::diagnostics`] before asking).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self
                .incoming
                .recv_timeout(Duration::from_secs(20))
                .expect("an answer");
            if m["id"] == id {
                return m;
            }
        }
    }

    /// The next diagnostics published for `file`.
    fn diagnostics(&mut self, file: &Path) -> Vec<Value> {
        let want = uri(file);
        loop {
            let m = self
                .incoming
                .recv_timeout(Duration::from_secs(20))
                .expect("diagnostics");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r["error"].is_null(), "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

fn uri(p: &Path) -> String {
    format!("file://{}", p.display())
}

/// A copy of the spec example, by its real path.
fn book() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("book");
    common::copy_dir(&common::fixture("spec-example"), &root);
    let root = std::fs::canonicalize(root).unwrap();
    (dir, root)
}

fn open(c: &mut Client, file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri(file), "languageId": "tales", "version": 1, "text": text}}),
    );
    text
}

fn edit(c: &mut Client, file: &Path, line: u32, from: u32, to: u32, text: &str) {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri(file), "version": 2},
               "contentChanges": [{"range": {"start": {"line": line, "character": from},
                                             "end": {"line": line, "character": to}},
                                   "text": text}]}),
    );
}

fn at(file: &Path, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri(file)}, "position": {"line": line, "character": character}})
}

#[test]
fn a_finding_appears_as_you_type_and_clears_when_fixed() {
    let (_dir, root) = book();
    let mut c = Client::start(&root, json!({}));
    assert_eq!(c.capabilities["positionEncoding"], "utf-16");
    let people = root.join("tales/people.tales");
    let text = open(&mut c, &people);
    // Line 49 (0-based 48): `... a mirage. [S1 / @101]`; make it `@1010`.
    let line = text.lines().nth(48).unwrap();
    let col = u32::try_from(line.find("@101").unwrap() + 4).unwrap();
    edit(&mut c, &people, 48, col, col, "0");
    let found = c.diagnostics(&people);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "dangling-reference");
    assert_eq!(found[0]["severity"], 1);
    assert_eq!(found[0]["range"]["start"]["line"], 48);
    assert!(
        found[0]["message"].as_str().unwrap().contains("1010"),
        "{found:?}"
    );
    edit(&mut c, &people, 48, col, col + 1, "");
    assert_eq!(c.diagnostics(&people), Vec::<Value>::new());
    c.shutdown();
}

#[test]
fn definition_references_hover_and_symbols_answer_from_the_graph() {
    let (_dir, root) = book();
    let mut c = Client::start(&root, json!({}));
    let people = root.join("tales/people.tales");
    let text = open(&mut c, &people);
    let line = text.lines().nth(48).unwrap();
    let col = u32::try_from(line.find("@101").unwrap() + 1).unwrap();

    let def = c.request("textDocument/definition", at(&people, 48, col));
    let places = root.join("tales/places.tales");
    assert_eq!(def["result"]["uri"], uri(&places), "{def}");
    assert_eq!(def["result"]["range"]["start"]["line"], 14);

    let hover = c.request("textDocument/hover", at(&people, 48, col));
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.starts_with("**-101-**"), "{shown}");

    // Paragraph 101 is reached from two `@101` and nowhere else.
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri(&places)}, "position": {"line": 14, "character": 1},
               "context": {"includeDeclaration": false}}),
    );
    let refs = refs["result"].as_array().unwrap();
    let files: Vec<&str> = refs.iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(refs.len(), 2, "{refs:?}");
    assert!(files.contains(&uri(&people).as_str()));

    // Paragraph 20 is a cell of matrix F, and 19 and 21 its neighbours.
    let perils = root.join("tales/perils.tales");
    let perils_text = std::fs::read_to_string(&perils).unwrap();
    let header = perils_text.lines().position(|l| l == "-20-").unwrap();
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri(&perils)}, "position": {"line": header, "character": 1},
               "context": {"includeDeclaration": false}}),
    );
    let in_matrices = refs["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["uri"].as_str().unwrap().ends_with("matrices.yaml"))
        .count();
    assert!(in_matrices >= 1, "{refs}");

    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri(&people)}}),
    );
    let names: Vec<&str> = symbols["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.first(), Some(&"-40-"), "{names:?}");

    let found = c.request("workspace/symbol", json!({"query": "101"}));
    assert_eq!(found["result"][0]["name"], "-101-", "{found}");
    c.shutdown();
}

#[test]
fn positions_follow_the_negotiated_encoding_and_bad_edits_do_not_stop_the_server() {
    let (_dir, root) = book();
    let mut c = Client::start(
        &root,
        json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}}),
    );
    assert_eq!(c.capabilities["positionEncoding"], "utf-8");
    let people = root.join("tales/people.tales");
    open(&mut c, &people);
    // A line of non-ASCII text, then an edit far past the end of the file,
    // then a half-typed award code: the server answers after each.
    edit(&mut c, &people, 0, 0, 0, "# é ñ 🐪\u{a0}!\n");
    edit(&mut c, &people, 9999, 5, 9999, "[D");
    edit(&mut c, &people, 1, 2, 1, "");
    let hover = c.request("textDocument/hover", at(&people, 0, 3));
    assert!(hover["error"].is_null(), "{hover}");
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri(&people)}}),
    );
    assert!(
        !symbols["result"].as_array().unwrap().is_empty(),
        "{symbols}"
    );
    c.shutdown();
}

/// A letter for a digit (`@1O1`, issue #23): one finding on the reference,
/// and its quick fix writes the number meant in its place.
#[test]
fn a_letter_for_a_digit_is_fixed_in_place() {
    let (_dir, root) = book();
    let mut c = Client::start(&root, json!({}));
    let people = root.join("tales/people.tales");
    let text = open(&mut c, &people);
    let line = text.lines().nth(48).unwrap();
    let col = u32::try_from(line.find("@101").unwrap()).unwrap();
    edit(&mut c, &people, 48, col + 2, col + 3, "O");
    assert_eq!(c.diagnostics(&people).len(), 1);
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&people)},
               "range": {"start": {"line": 48, "character": col + 1}, "end": {"line": 48, "character": col + 1}},
               "context": {"diagnostics": []}}),
    );
    let actions = actions["result"].as_array().unwrap();
    assert_eq!(actions[0]["title"], "Replace `@1O1` with `@101`");
    let fix = &actions[0]["edit"]["changes"][uri(&people)][0];
    assert_eq!(fix["newText"], "@101");
    assert_eq!(fix["range"]["start"]["character"], col);
}

#[test]
fn completion_code_actions_and_semantic_tokens() {
    let (_dir, root) = book();
    let mut c = Client::start(&root, json!({}));
    let people = root.join("tales/people.tales");
    let text = open(&mut c, &people);
    let line = text.lines().nth(48).unwrap();
    let col = u32::try_from(line.find("@101").unwrap() + 4).unwrap();
    edit(&mut c, &people, 48, col, col, "0");
    assert_eq!(c.diagnostics(&people).len(), 1);

    // Completion: paragraph numbers after `@`, glossary names in an award.
    let after_at = c.request("textDocument/completion", at(&people, 48, col - 2));
    let labels: Vec<&str> = after_at["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"101"), "{labels:?}");
    let award_col = u32::try_from(line.find("[S1 / ").unwrap() + 6).unwrap();
    let in_award = c.request("textDocument/completion", at(&people, 48, award_col));
    let labels: Vec<&str> = in_award["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"Storytelling") && labels.contains(&"Treasure"),
        "{labels:?}"
    );

    // Code actions on the dangling reference.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&people)},
               "range": {"start": {"line": 48, "character": col}, "end": {"line": 48, "character": col}},
               "context": {"diagnostics": []}}),
    );
    let actions = actions["result"].as_array().unwrap();
    let titles: Vec<&str> = actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Replace `@1010` with `@101`",
            "Create paragraph 1010",
            "Allow `dangling-reference` in paragraph 48"
        ]
    );
    let fix = &actions[0]["edit"]["changes"][uri(&people)][0];
    assert_eq!(fix["newText"], "@101");
    assert_eq!(actions[0]["isPreferred"], true);
    let stub = &actions[1]["edit"]["changes"];
    let (file, edits) = stub.as_object().unwrap().iter().next().unwrap();
    assert!(
        file.ends_with("places.tales"),
        "{file}: after paragraph 101, the one before 1010"
    );
    assert_eq!(edits[0]["newText"], "\n\n-1010-\n");

    // Semantic tokens: the file's first line is a comment, then a header.
    let tokens = c.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri(&people)}}),
    );
    let data: Vec<u64> = tokens["result"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(data.len() % 5, 0);
    assert_eq!(
        &data[..5],
        &[0, 0, 49, 4, 0],
        "the comment on line 0 (49 characters)"
    );
    assert_eq!(
        &data[5..10],
        &[2, 0, 4, 0, 0],
        "the header `-40-` two lines down"
    );
    c.shutdown();
}

#[test]
fn a_translation_shows_its_source_and_names_in_other_languages() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &common::fixture("spec-example-v2"),
        &dir.path().join("spec-example-v2"),
    );
    common::copy_dir(
        &common::fixture("spec-example-v2-es"),
        &dir.path().join("spec-example-v2-es"),
    );
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let mut c = Client::start(&root, json!({}));
    let court = root.join("spec-example-v2-es/tales/court.tales");
    open(&mut c, &court);
    // The header `-70-` (line 3): its source paragraph beside it.
    let hover = c.request("textDocument/hover", at(&court, 2, 1));
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("La princesa se ríe"), "{shown}");
    assert!(shown.contains("*source:* The princess laughs"), "{shown}");
    // `CORTESÍA` (line 8): the entry, and its English name.
    let hover = c.request("textDocument/hover", at(&court, 7, 2));
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("en: Courtly Graces"), "{shown}");
    c.shutdown();
}

/// The answers to a fixed set of requests on the spec example, with the
/// book's path taken out, against `tests/lsp/spec-example.json`
/// (`TALES_BLESS=1` writes it).
#[test]
fn answers_on_the_spec_example_match_the_golden_file() {
    let (_dir, root) = book();
    let mut c = Client::start(&root, json!({}));
    let people = root.join("tales/people.tales");
    open(&mut c, &people);
    let asks = [
        // On `@101`, on `S1` in the same award code, and on prose.
        ("textDocument/definition", at(&people, 48, 69)),
        ("textDocument/hover", at(&people, 48, 69)),
        ("textDocument/hover", at(&people, 48, 64)),
        ("textDocument/hover", at(&people, 48, 10)),
        ("textDocument/references", {
            let mut p = at(&people, 2, 1);
            p["context"] = json!({"includeDeclaration": true});
            p
        }),
        (
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri(&people)}}),
        ),
        (
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri(&people)}}),
        ),
    ];
    let mut out = Vec::new();
    for (method, params) in asks {
        let answer = c.request(method, params);
        out.push(json!({"method": method, "result": answer["result"]}));
    }
    c.shutdown();
    let text = serde_json::to_string_pretty(&out)
        .unwrap()
        .replace(&format!("file://{}", root.display()), "file://BOOK");
    common::golden(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/spec-example.json"),
        &(text + "\n"),
    );
}

/// `tales lsp` with raw bytes on its standard input (no client): what it
/// writes back (each message parsed) and how it ends, within 20 s.
fn raw_session(input: &[u8], close: bool) -> (Vec<Value>, Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tales"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The server may stop reading (and close the pipe) before the end.
    let _ = stdin.write_all(input).and_then(|()| stdin.flush());
    // Kept open unless asked: the server must not wait for a body it refused.
    let kept = if close {
        drop(stdin);
        None
    } else {
        Some(stdin)
    };
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the server is still running 20 s after the input"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(kept);
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let mut messages = Vec::new();
    let mut rest = &out[..];
    while let Some(at) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
        let head = std::str::from_utf8(&rest[..at]).unwrap();
        let len: usize = head
            .trim()
            .strip_prefix("Content-Length: ")
            .unwrap()
            .parse()
            .unwrap();
        let body = &rest[at + 4..at + 4 + len];
        messages.push(serde_json::from_slice(body).unwrap());
        rest = &rest[at + 4 + len..];
    }
    (messages, status.code(), err)
}

/// A `Content-Length` past 64 MiB is refused before a byte of its body is
/// read or allocated (lsp-server's own reader allocated it: 3.9 GB for
/// 4e9, without bound for 1e11): a JSON-RPC error with `id: null`, the
/// reason shown in the editor, one line on standard error, exit 2.
#[test]
fn a_huge_content_length_is_refused_at_once() {
    for length in ["4000000000", "100000000000", "18446744073709551615"] {
        let header = format!("Content-Length: {length}\r\n\r\n{{\"jsonrpc\":");
        let (messages, code, err) = raw_session(header.as_bytes(), false);
        assert_eq!(code, Some(2), "{length}: {err}");
        assert_eq!(messages.len(), 2, "{length}: {messages:?}");
        assert_eq!(messages[0]["id"], Value::Null);
        assert_eq!(messages[0]["error"]["code"], -32600);
        let reason = messages[0]["error"]["message"].as_str().unwrap();
        assert!(
            reason.contains(&format!("a message of {length} bytes")) && reason.contains("64 MiB"),
            "{reason}"
        );
        assert_eq!(messages[1]["method"], "window/showMessage");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("64 MiB"), "{err}");
    }
}

/// Headers that are no length stop the server the same way; a body that is
/// no JSON (its frame intact) is answered with a parse error, and the
/// server reads on.
#[test]
fn garbage_headers_stop_the_server_and_a_garbled_body_is_answered() {
    for header in [
        "Content-Length: -1\r\n\r\n",
        "Content-Length: x\r\n\r\n",
        "no header\r\n\r\n",
        "\r\n{}",
    ] {
        let (messages, code, err) = raw_session(header.as_bytes(), false);
        assert_eq!(code, Some(2), "{header:?}: {err}");
        assert_eq!(messages[0]["error"]["code"], -32600, "{header:?}");
    }
    let long = format!("X-Long: {}\r\n", "a".repeat(100_000));
    let (_, code, err) = raw_session(long.as_bytes(), false);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("longer than 1024 bytes"), "{err}");
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": null, "capabilities": {}}}).to_string();
    let exit = json!({"jsonrpc": "2.0", "method": "exit"}).to_string();
    let input = format!(
        "Content-Length: 5\r\n\r\nhelloContent-Length: {}\r\n\r\n{init}Content-Length: {}\r\n\r\n{exit}",
        init.len(),
        exit.len()
    );
    let (messages, _, err) = raw_session(input.as_bytes(), true);
    assert_eq!(messages[0]["error"]["code"], -32700, "{messages:?} {err}");
    assert_eq!(messages[1]["id"], 1, "{messages:?}");
    assert_eq!(messages[1]["result"]["serverInfo"]["name"], "tales");
}
