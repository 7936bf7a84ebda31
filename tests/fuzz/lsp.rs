//! `tales lsp` on the round's book, in process: a document of it opened,
//! edited at random positions (past a line's or the file's end, inside a
//! character of several bytes or code units, with the format's tokens and
//! letters that change length), then every request the server answers,
//! at random positions. A problem: a panic inside the server (which it
//! catches, answers as an internal error, and logs), an answer that never
//! comes (a hang), or a server that stops.

use super::{CASE_SHIFTERS, TOKENS};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;
use tales::engine::Rng;

/// Panics, caught or not, by session: the hook counts each one on a thread
/// named `lsp-fuzz-SESSION-...` (the session's server, and the threads of
/// the rayon pool it serves on: a panic on a worker is resumed on the
/// server's thread without the hook, so counting there alone missed it).
static PANICS: Mutex<BTreeMap<u64, usize>> = Mutex::new(BTreeMap::new());
static SESSIONS: AtomicU64 = AtomicU64::new(0);

fn count_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let name = std::thread::current().name().map(str::to_owned);
            let session = name
                .as_deref()
                .and_then(|n| n.strip_prefix("lsp-fuzz-"))
                .and_then(|n| n.split('-').next()?.parse::<u64>().ok());
            if let Some(s) = session {
                *PANICS
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .entry(s)
                    .or_default() += 1;
            }
            before(info);
        }));
    });
}

/// The requests, each with its parameters at a position.
const REQUESTS: &[&str] = &[
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/codeAction",
    "textDocument/semanticTokens/full",
    "textDocument/documentSymbol",
    "textDocument/codeLens",
    "workspace/symbol",
];

pub(crate) fn session_problem(root: &Path, file: &Path, rng: &mut Rng) -> Option<String> {
    count_panics();
    let session = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let pool = pool(session)?;
    let (server, client) = Connection::memory();
    let serving = std::thread::Builder::new()
        .name(format!("lsp-fuzz-{session}-server"))
        .spawn(move || pool.install(|| tales::lsp::serve(&server).map_err(|e| e.to_string())))
        .ok()?;
    let problem = drive(&client, root, file, rng);
    drop(client);
    let ended = serving.join().ok()?;
    let panics = panics_of(session);
    problem
        .or_else(|| ended.err().map(|e| format!("lsp: the server stopped: {e}")))
        .or_else(|| (panics > 0).then(|| format!("lsp: {panics} panic(s) in the server")))
}

/// The rayon pool a session serves on, its threads named for the session.
fn pool(session: u64) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(move |i| format!("lsp-fuzz-{session}-worker-{i}"))
        .build()
        .ok()
}

fn panics_of(session: u64) -> usize {
    (PANICS.lock().unwrap_or_else(PoisonError::into_inner))
        .remove(&session)
        .unwrap_or(0)
}

#[test]
fn a_panic_on_a_worker_of_the_sessions_pool_is_counted() {
    count_panics();
    let session = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let pool = pool(session).unwrap();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        pool.install(|| rayon::join(|| panic!("a planted panic on a worker"), || ()))
    }));
    assert!(caught.is_err());
    assert_eq!(panics_of(session), 1);
}

fn uri(path: &Path) -> Value {
    json!(lsp_types::Url::from_file_path(path).unwrap().as_str())
}

/// A position anywhere: in the text, past a line's end, past the file's
/// end, or at the end of the numbers.
fn position(rng: &mut Rng, lines: u32) -> Value {
    let line = match rng.below(8) {
        0 => u32::MAX,
        1 => lines + rng.below(3),
        _ => rng.below(lines + 1),
    };
    let character = match rng.below(8) {
        0 => u32::MAX,
        1 => rng.below(100_000),
        _ => rng.below(90),
    };
    json!({"line": line, "character": character})
}

/// One edit: a range replaced with tokens, or the whole text replaced.
fn change(rng: &mut Rng, text: &str, lines: u32) -> Value {
    let pick =
        |rng: &mut Rng, list: &[&str]| list[rng.below(list.len() as u32) as usize].to_owned();
    let mut with = String::new();
    for _ in 0..rng.below(4) {
        let token = if rng.below(3) == 0 {
            pick(rng, CASE_SHIFTERS)
        } else {
            pick(rng, TOKENS)
        };
        with.push_str(&token);
    }
    if rng.below(10) == 0 {
        let cut =
            (rng.below(u32::try_from(text.len() + 1).unwrap_or(u32::MAX)) as usize).min(text.len());
        let cut = (0..=cut)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        return json!({"text": format!("{}{with}", &text[..cut])});
    }
    let (a, b) = (position(rng, lines), position(rng, lines));
    json!({"range": {"start": a, "end": b}, "text": with})
}

fn drive(client: &Connection, root: &Path, file: &Path, rng: &mut Rng) -> Option<String> {
    let utf8 = rng.below(2) == 0;
    let encodings = if utf8 {
        json!(["utf-8"])
    } else {
        json!(["utf-16"])
    };
    let init = json!({
        "processId": null,
        "rootUri": uri(root),
        "capabilities": {"general": {"positionEncodings": encodings}},
    });
    let mut next = 0;
    ask(client, &mut next, "initialize", init)?;
    notify(client, "initialized", json!({}));
    let text = String::from_utf8_lossy(&std::fs::read(file).ok()?).into_owned();
    let lines = u32::try_from(text.lines().count()).unwrap_or(u32::MAX);
    let doc = uri(file);
    notify(
        client,
        "textDocument/didOpen",
        json!({"textDocument": {"uri": doc, "languageId": "tales", "version": 1, "text": text}}),
    );
    for version in 2..2 + rng.below(6) {
        let changes: Vec<Value> = (0..=rng.below(3))
            .map(|_| change(rng, &text, lines))
            .collect();
        notify(
            client,
            "textDocument/didChange",
            json!({"textDocument": {"uri": doc, "version": version}, "contentChanges": changes}),
        );
    }
    for _ in 0..12 {
        let method = REQUESTS[rng.below(REQUESTS.len() as u32) as usize];
        let at = position(rng, lines);
        let params = json!({
            "textDocument": {"uri": doc},
            "position": at,
            "range": {"start": at, "end": position(rng, lines)},
            "context": {"includeDeclaration": true, "diagnostics": []},
            "query": "a",
        });
        if let Some(problem) = answer_problem(method, ask(client, &mut next, method, params)) {
            return Some(problem);
        }
    }
    ask(client, &mut next, "shutdown", Value::Null)?;
    notify(client, "exit", Value::Null);
    None
}

/// An answer that is an internal error, or none.
fn answer_problem(method: &str, answer: Option<Value>) -> Option<String> {
    let Some(answer) = answer else {
        return Some(format!("lsp: no answer to {method} (a hang)"));
    };
    let internal = i64::from(lsp_server::ErrorCode::InternalError as i32);
    (answer["error"]["code"].as_i64() == Some(internal))
        .then(|| format!("lsp: {method}: {}", answer["error"]["message"]))
}

fn notify(client: &Connection, method: &str, params: Value) {
    let n = Notification::new(method.to_owned(), params);
    let _ = client.sender.send(Message::Notification(n));
}

/// Send a request and wait for its answer (what the server publishes
/// meanwhile is dropped); `None` if it never comes.
fn ask(client: &Connection, next: &mut i32, method: &str, params: Value) -> Option<Value> {
    *next += 1;
    let id = RequestId::from(*next);
    let req = Request::new(id.clone(), method.to_owned(), params);
    client.sender.send(Message::Request(req)).ok()?;
    loop {
        match client.receiver.recv_timeout(Duration::from_secs(20)).ok()? {
            Message::Response(r) if r.id == id => return serde_json::to_value(r).ok(),
            _ => {}
        }
    }
}
