//! The message loop: documents in, findings and answers out.

use super::book::OpenBook;
use super::convert;
use super::navigate;
use super::position::{Encoding, LineIndex};
use super::symbols::{Occurrences, Symbol};
use crate::lints::levels::CliLevels;
use crate::load::Overlays;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lt;
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A book of the workspace and what the server knows of it.
struct Entry {
    open: OpenBook,
    occ: Occurrences,
    /// Files that have findings on the client's screen.
    published: HashSet<PathBuf>,
}

struct Server {
    enc: Encoding,
    /// Open documents' text, by path.
    docs: HashMap<PathBuf, String>,
    books: Vec<Entry>,
    cli: CliLevels,
}

/// Serve on standard input and output until the client says `exit`. The
/// frames are read by [`super::framing`] (bounded), the messages handed to
/// the loop over an in-memory connection. A broken frame stops the server
/// with its reason.
pub fn run() -> Result<(), String> {
    use std::sync::Mutex;
    let (conn, client) = Connection::memory();
    let stdout = Arc::new(Mutex::new(std::io::stdout()));
    let broken = Arc::new(Mutex::new(None));
    let out = Arc::clone(&stdout);
    let writer = std::thread::spawn(move || {
        for m in &client.receiver {
            super::framing::write(&out, &m)?;
        }
        Ok::<(), std::io::Error>(())
    });
    let (out, why) = (Arc::clone(&stdout), Arc::clone(&broken));
    let to_server = client.sender;
    // Not joined: it may wait on standard input after the server is done.
    std::thread::spawn(move || read_frames(&|m| to_server.send(m).is_ok(), &out, &why));
    let served = serve(&conn).map_err(|e| e.to_string());
    drop(conn);
    // Everything the server said is written before the process ends.
    let written = writer
        .join()
        .map_err(|_| "the writer thread panicked".to_owned())
        .and_then(|w| w.map_err(|e| e.to_string()));
    let why = broken
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    if let Some(reason) = why {
        return Err(reason);
    }
    served?;
    written
}

/// Hand the frames of standard input to the server until the input ends,
/// `exit` comes or a frame breaks (its reason kept in `broken`).
fn read_frames(
    to_server: &dyn Fn(Message) -> bool,
    out: &std::sync::Mutex<std::io::Stdout>,
    broken: &std::sync::Mutex<Option<String>>,
) {
    use super::framing::{self, Frame};
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    loop {
        match framing::read(&mut stdin) {
            Frame::Message(m) => {
                let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                if !to_server(m) || exit {
                    return;
                }
            }
            Frame::Garbled(reason) => {
                let _ = framing::write_value(out, &framing::error(-32700, &reason));
            }
            Frame::End => return,
            Frame::Broken(reason) => {
                let _ = framing::write_value(out, &framing::error(-32600, &reason));
                let _ = framing::write_value(out, &framing::show(&reason));
                *broken
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(reason);
                return;
            }
        }
    }
}

/// Serve on a connection (the tests use an in-memory one).
pub fn serve(conn: &Connection) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let (id, params) = conn.initialize_start()?;
    let init: lt::InitializeParams = serde_json::from_value(params)?;
    let utf8 = init
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .is_some_and(|e| e.contains(&lt::PositionEncodingKind::UTF8));
    let caps = lt::ServerCapabilities {
        position_encoding: Some(if utf8 {
            lt::PositionEncodingKind::UTF8
        } else {
            lt::PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(lt::TextDocumentSyncCapability::Options(
            lt::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lt::TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        definition_provider: Some(lt::OneOf::Left(true)),
        references_provider: Some(lt::OneOf::Left(true)),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        workspace_symbol_provider: Some(lt::OneOf::Left(true)),
        code_lens_provider: Some(lt::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        completion_provider: Some(lt::CompletionOptions {
            trigger_characters: Some(["@", "[", "/", "{"].map(String::from).to_vec()),
            ..Default::default()
        }),
        code_action_provider: Some(lt::CodeActionProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lt::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lt::SemanticTokensOptions {
                    legend: lt::SemanticTokensLegend {
                        token_types: super::tokens::TYPES
                            .iter()
                            .map(|t| lt::SemanticTokenType::new(t))
                            .collect(),
                        token_modifiers: Vec::new(),
                    },
                    full: Some(lt::SemanticTokensFullOptions::Bool(true)),
                    ..Default::default()
                },
            ),
        ),
        ..Default::default()
    };
    let info = serde_json::json!({
        "capabilities": caps,
        "serverInfo": {"name": "tales", "version": env!("CARGO_PKG_VERSION")},
    });
    conn.initialize_finish(id, info)?;
    let mut server = Server {
        enc: if utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        },
        docs: HashMap::new(),
        books: Vec::new(),
        cli: CliLevels::default(),
    };
    for root in workspace_roots(&init) {
        for book in crate::load::find_books(&root).unwrap_or_default() {
            server.open_book(conn, &book);
        }
    }
    main_loop(conn, &mut server)
}

#[allow(deprecated)] // `root_uri`, for clients without workspace folders
fn workspace_roots(init: &lt::InitializeParams) -> Vec<PathBuf> {
    let folders = init.workspace_folders.iter().flatten().map(|f| &f.uri);
    folders
        .chain(init.root_uri.iter())
        .filter_map(|u| u.to_file_path().ok())
        .collect()
}

fn main_loop(
    conn: &Connection,
    s: &mut Server,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut queue: VecDeque<Message> = VecDeque::new();
    loop {
        let msg = match queue.pop_front() {
            Some(m) => m,
            None => match conn.receiver.recv() {
                Ok(m) => m,
                Err(_) => return Ok(()),
            },
        };
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req)? {
                    return Ok(());
                }
                let resp = answer(s, &req);
                conn.sender.send(Message::Response(resp))?;
            }
            Message::Notification(n) if n.method == "exit" => return Ok(()),
            Message::Notification(n) => {
                let mut touched = HashSet::new();
                touched.extend(guarded(|| s.apply(&n)).flatten());
                // Edits already waiting are applied before the check: the
                // check of text already replaced is never made.
                while let Ok(next) = conn.receiver.try_recv() {
                    match next {
                        Message::Notification(n) if is_edit(&n.method) => {
                            touched.extend(guarded(|| s.apply(&n)).flatten());
                        }
                        other => {
                            queue.push_back(other);
                            break;
                        }
                    }
                }
                for path in touched {
                    if guarded(|| s.recheck(conn, &path)).is_none() {
                        eprintln!("tales lsp: checking {} failed; see above", path.display());
                    }
                }
            }
            Message::Response(_) => {}
        }
    }
}

fn is_edit(method: &str) -> bool {
    matches!(
        method,
        "textDocument/didOpen" | "textDocument/didChange" | "textDocument/didClose"
    )
}

/// Run `f`, and if it panics, log it and go on.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Some(v),
        Err(e) => {
            eprintln!("tales lsp: internal error: {}", panic_text(&e));
            None
        }
    }
}

fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

/// A request's answer; a panic while answering is an error answer.
fn answer(s: &mut Server, req: &Request) -> Response {
    let id = req.id.clone();
    match std::panic::catch_unwind(AssertUnwindSafe(|| s.request(req))) {
        Ok(Ok(value)) => Response::new_ok(id, value),
        Ok(Err(message)) => Response::new_err(id, ErrorCode::InvalidParams as i32, message),
        Err(e) => {
            let text = panic_text(&e);
            eprintln!("tales lsp: internal error in {}: {text}", req.method);
            Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("internal error in tales lsp: {text}"),
            )
        }
    }
}

fn path_of(uri: &lt::Url) -> Option<PathBuf> {
    uri.to_file_path().ok()
}

impl Server {
    /// Apply an open, change or close; the path it touched.
    fn apply(&mut self, n: &Notification) -> Option<PathBuf> {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let p: lt::DidOpenTextDocumentParams =
                    serde_json::from_value(n.params.clone()).ok()?;
                let path = path_of(&p.text_document.uri)?;
                self.docs.insert(path.clone(), p.text_document.text);
                Some(path)
            }
            "textDocument/didChange" => {
                let p: lt::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params.clone()).ok()?;
                let path = path_of(&p.text_document.uri)?;
                let text = self.docs.get_mut(&path)?;
                for change in p.content_changes {
                    apply_change(text, change, self.enc);
                }
                Some(path)
            }
            "textDocument/didClose" => {
                let p: lt::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params.clone()).ok()?;
                let path = path_of(&p.text_document.uri)?;
                self.docs.remove(&path);
                Some(path)
            }
            _ => None,
        }
    }

    fn overlays(&self, root: &Path) -> Overlays {
        self.docs
            .iter()
            .filter(|(p, _)| p.starts_with(root))
            .map(|(p, t)| (p.clone(), Arc::from(t.as_str())))
            .collect()
    }

    /// Read a book the server does not hold yet, and publish its findings.
    fn open_book(&mut self, conn: &Connection, root: &Path) {
        if self.books.iter().any(|b| b.open.root == root) {
            return;
        }
        let open = OpenBook::load(root, &self.overlays(root), &self.cli);
        let occ = Occurrences::of(&open.book);
        self.books.push(Entry {
            open,
            occ,
            published: HashSet::new(),
        });
        let i = self.books.len() - 1;
        self.publish(conn, i);
    }

    /// A document of a book changed: read it again (or the whole book) and
    /// publish the book's findings.
    fn recheck(&mut self, conn: &Connection, path: &Path) {
        let Some(i) = self.book_of(path) else {
            if let Ok(root) = crate::load::find_book_root(path) {
                self.open_book(conn, &root);
            }
            return;
        };
        let text: Option<Arc<str>> = match self.docs.get(path) {
            Some(t) => Some(Arc::from(t.as_str())),
            None => std::fs::read_to_string(path).ok().map(Arc::from),
        };
        let edited = text.is_some_and(|t| self.books[i].open.edit(path, t, &self.cli));
        if !edited {
            let root = self.books[i].open.root.clone();
            self.books[i].open = OpenBook::load(&root, &self.overlays(&root), &self.cli);
        }
        self.books[i].occ = Occurrences::of(&self.books[i].open.book);
        self.publish(conn, i);
    }

    fn book_of(&self, path: &Path) -> Option<usize> {
        self.books
            .iter()
            .enumerate()
            .filter(|(_, b)| path.starts_with(&b.open.root))
            .max_by_key(|(_, b)| b.open.root.as_os_str().len())
            .map(|(i, _)| i)
    }

    /// Send each file of book `i` its findings, and an empty list to a file
    /// whose findings are gone.
    fn publish(&mut self, conn: &Connection, i: usize) {
        let entry = &mut self.books[i];
        let book = &entry.open.book;
        let mut by_file: HashMap<crate::span::FileId, Vec<&crate::diagnostic::Diagnostic>> =
            HashMap::new();
        for d in &entry.open.findings {
            by_file.entry(d.primary.span.file).or_default().push(d);
        }
        let mut now = HashSet::new();
        for (file, ds) in by_file {
            if file.0 as usize >= book.sources.len() {
                continue;
            }
            let source = book.sources.get(file);
            let ix = LineIndex::new(&source.text);
            let diags = ds
                .iter()
                .map(|d| convert::diagnostic(book, d, &ix, self.enc))
                .collect();
            send_diagnostics(conn, &source.path, diags);
            now.insert(source.path.clone());
        }
        for gone in entry.published.difference(&now) {
            send_diagnostics(conn, gone, Vec::new());
        }
        entry.published = now;
    }

    fn request(&mut self, req: &Request) -> Result<Value, String> {
        let params = req.params.clone();
        let bad = |e: serde_json::Error| e.to_string();
        let value = match req.method.as_str() {
            "textDocument/definition" => {
                let p: lt::GotoDefinitionParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.definition(&p.text_document_position_params))
            }
            "textDocument/references" => {
                let p: lt::ReferenceParams = serde_json::from_value(params).map_err(bad)?;
                let decl = p.context.include_declaration;
                serde_json::to_value(self.references(&p.text_document_position, decl))
            }
            "textDocument/hover" => {
                let p: lt::HoverParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.hover(&p.text_document_position_params))
            }
            "textDocument/documentSymbol" => {
                let p: lt::DocumentSymbolParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.document_symbols(&p.text_document.uri))
            }
            "textDocument/codeLens" => {
                let p: lt::CodeLensParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.code_lenses(&p.text_document.uri))
            }
            "textDocument/completion" => {
                let p: lt::CompletionParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.completion(&p.text_document_position))
            }
            "textDocument/codeAction" => {
                let p: lt::CodeActionParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.code_actions(&p.text_document.uri, p.range))
            }
            "textDocument/semanticTokens/full" => {
                let p: lt::SemanticTokensParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.semantic_tokens(&p.text_document.uri))
            }
            "workspace/symbol" => {
                let p: lt::WorkspaceSymbolParams = serde_json::from_value(params).map_err(bad)?;
                serde_json::to_value(self.workspace_symbols(&p.query))
            }
            other => return Err(format!("tales lsp does not answer {other}")),
        };
        value.map_err(|e| e.to_string())
    }

    /// The book, file and byte offset of a position.
    fn locate(
        &self,
        at: &lt::TextDocumentPositionParams,
    ) -> Option<(&Entry, crate::span::FileId, usize)> {
        let path = path_of(&at.text_document.uri)?;
        let entry = &self.books[self.book_of(&path)?];
        let file = entry.open.book.sources.by_path(&path)?;
        let text: &str = &entry.open.book.sources.get(file).text;
        let offset = LineIndex::new(text).offset(text, at.position, self.enc);
        Some((entry, file, offset))
    }

    fn definition(&self, at: &lt::TextDocumentPositionParams) -> Option<lt::Location> {
        let (entry, file, offset) = self.locate(at)?;
        let book = &entry.open.book;
        let symbol = &entry.occ.at(file, offset)?.symbol;
        convert::location(book, navigate::definition(book, symbol)?, self.enc)
    }

    fn references(
        &self,
        at: &lt::TextDocumentPositionParams,
        decl: bool,
    ) -> Option<Vec<lt::Location>> {
        let (entry, file, offset) = self.locate(at)?;
        let book = &entry.open.book;
        let symbol = &entry.occ.at(file, offset)?.symbol;
        let spans = navigate::references(&entry.occ, symbol, decl);
        Some(
            spans
                .into_iter()
                .filter_map(|s| convert::location(book, s, self.enc))
                .collect(),
        )
    }

    fn hover(&self, at: &lt::TextDocumentPositionParams) -> Option<lt::Hover> {
        let (entry, file, offset) = self.locate(at)?;
        let book = &entry.open.book;
        let (mut text, span) = match entry.occ.at(file, offset) {
            Some(o) => (navigate::hover(book, o)?, Some(o.span)),
            None => (navigate::award_in_words(book, file, offset)?, None),
        };
        if let Some(o) = entry.occ.at(file, offset) {
            text.push_str(&self.elsewhere(entry, &o.symbol));
        }
        Some(lt::Hover {
            contents: lt::HoverContents::Markup(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: text,
            }),
            range: span.map(|s| convert::range(book, s, self.enc)),
        })
    }

    /// What the other books of the workspace say of a symbol: a glossary
    /// entry's name in each of their languages, and for a paragraph of a
    /// translation, the source paragraph.
    fn elsewhere(&self, entry: &Entry, symbol: &Symbol) -> String {
        let book = &entry.open.book;
        let mut out = String::new();
        match symbol {
            Symbol::Entry(id) => {
                for other in self.books.iter().filter(|b| !std::ptr::eq(*b, entry)) {
                    let ob = &other.open.book;
                    if let Some(e) = ob.glossary.by_id(id) {
                        let _ = write!(out, "\n\n{}: {}", ob.manifest.locale.id, e.name.value);
                    }
                }
            }
            Symbol::Paragraph(n) => {
                let source = crate::load::translation_source(book)
                    .and_then(|root| self.books.iter().find(|b| b.open.root == root));
                if let Some(src) = source
                    && let Some(p) = src.open.book.paragraph(*n)
                {
                    let line = navigate::headline(&src.open.book, p);
                    let _ = write!(out, "\n\n*source:* {line}");
                }
            }
            _ => {}
        }
        out
    }

    fn entry_and_file(&self, uri: &lt::Url) -> Option<(&Entry, crate::span::FileId)> {
        let path = path_of(uri)?;
        let entry = &self.books[self.book_of(&path)?];
        Some((entry, entry.open.book.sources.by_path(&path)?))
    }

    #[allow(deprecated)] // `DocumentSymbol::deprecated` must be written
    fn document_symbols(&self, uri: &lt::Url) -> Option<Vec<lt::DocumentSymbol>> {
        let (entry, file) = self.entry_and_file(uri)?;
        let book = &entry.open.book;
        let symbols = navigate::outline(book, file)
            .into_iter()
            .map(|p| lt::DocumentSymbol {
                name: format!("-{}-", p.number),
                detail: Some(navigate::headline(book, p)),
                kind: if p.is_chart() {
                    lt::SymbolKind::NAMESPACE
                } else {
                    lt::SymbolKind::OBJECT
                },
                tags: None,
                deprecated: None,
                range: convert::range(book, p.span, self.enc),
                selection_range: convert::range(book, p.header, self.enc),
                children: Some(self.sections(book, p)),
            })
            .collect();
        Some(symbols)
    }

    /// A paragraph's own sections, as children in the outline.
    #[allow(deprecated)] // `DocumentSymbol::deprecated` must be written
    fn sections(
        &self,
        book: &crate::ir::Book,
        p: &crate::ir::Paragraph,
    ) -> Vec<lt::DocumentSymbol> {
        p.sections()
            .iter()
            .map(|a| {
                let end = a.node.span.map_or(a.label.span, |s| a.label.span.to(s));
                lt::DocumentSymbol {
                    name: a.label.value.clone(),
                    detail: None,
                    kind: lt::SymbolKind::FIELD,
                    tags: None,
                    deprecated: None,
                    range: convert::range(book, end, self.enc),
                    selection_range: convert::range(book, a.label.span, self.enc),
                    children: None,
                }
            })
            .collect()
    }

    fn code_lenses(&self, uri: &lt::Url) -> Option<Vec<lt::CodeLens>> {
        let (entry, file) = self.entry_and_file(uri)?;
        let book = &entry.open.book;
        let lenses = navigate::outline(book, file)
            .into_iter()
            .map(|p| {
                let n = navigate::ways_in(&entry.occ, p.number);
                lt::CodeLens {
                    range: convert::range(book, p.header, self.enc),
                    command: Some(lt::Command {
                        title: crate::text::count(n, "way in"),
                        command: String::new(),
                        arguments: None,
                    }),
                    data: None,
                }
            })
            .collect();
        Some(lenses)
    }

    fn completion(&self, at: &lt::TextDocumentPositionParams) -> Option<Vec<lt::CompletionItem>> {
        let (entry, file, offset) = self.locate(at)?;
        let book = &entry.open.book;
        let text: &str = &book.sources.get(file).text;
        let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let items = super::complete::complete(book, &text[line_start..offset]);
        Some(
            items
                .into_iter()
                .map(|i| lt::CompletionItem {
                    label: i.label,
                    detail: Some(i.detail),
                    ..Default::default()
                })
                .collect(),
        )
    }

    fn code_actions(
        &self,
        uri: &lt::Url,
        range: lt::Range,
    ) -> Option<Vec<lt::CodeActionOrCommand>> {
        let (entry, file) = self.entry_and_file(uri)?;
        let book = &entry.open.book;
        let text: &str = &book.sources.get(file).text;
        let ix = LineIndex::new(text);
        let (start, end) = (
            ix.offset(text, range.start, self.enc),
            ix.offset(text, range.end, self.enc),
        );
        let fixes = super::actions::fixes(book, &entry.occ, &entry.open.findings, file, start, end);
        let actions = fixes
            .into_iter()
            .filter_map(|f| {
                let target = convert::uri(&book.sources.get(f.span.file).path)?;
                let edit = lt::TextEdit::new(convert::range(book, f.span, self.enc), f.text);
                let changes = HashMap::from([(target, vec![edit])]);
                Some(lt::CodeActionOrCommand::CodeAction(lt::CodeAction {
                    title: f.title,
                    kind: Some(lt::CodeActionKind::QUICKFIX),
                    edit: Some(lt::WorkspaceEdit::new(changes)),
                    is_preferred: Some(f.preferred),
                    ..Default::default()
                }))
            })
            .collect();
        Some(actions)
    }

    fn semantic_tokens(&self, uri: &lt::Url) -> Option<lt::SemanticTokens> {
        let (entry, file) = self.entry_and_file(uri)?;
        let book = &entry.open.book;
        let text: &str = &book.sources.get(file).text;
        let ix = LineIndex::new(text);
        let mut data = Vec::new();
        let (mut line, mut col) = (0, 0);
        for (s, e, kind) in super::tokens::of_file(book, file) {
            let at = ix.position(text, s, self.enc);
            let length = match self.enc {
                Encoding::Utf8 => e - s,
                Encoding::Utf16 => text[s..e].encode_utf16().count(),
            };
            let delta_start = if at.line == line {
                at.character - col
            } else {
                at.character
            };
            data.push(lt::SemanticToken {
                delta_line: at.line - line,
                delta_start,
                length: u32::try_from(length).unwrap_or(u32::MAX),
                token_type: kind,
                token_modifiers_bitset: 0,
            });
            (line, col) = (at.line, at.character);
        }
        Some(lt::SemanticTokens {
            result_id: None,
            data,
        })
    }

    #[allow(deprecated)] // `SymbolInformation::deprecated` must be written
    fn workspace_symbols(&self, query: &str) -> Vec<lt::SymbolInformation> {
        let mut out = Vec::new();
        for entry in &self.books {
            let book = &entry.open.book;
            for (name, span) in navigate::search(book, query) {
                if let Some(location) = convert::location(book, span, self.enc) {
                    out.push(lt::SymbolInformation {
                        name,
                        kind: lt::SymbolKind::OBJECT,
                        tags: None,
                        deprecated: None,
                        location,
                        container_name: Some(book.root.display().to_string()),
                    });
                }
            }
        }
        out
    }
}

/// One content change of `didChange` applied to a document's text.
fn apply_change(text: &mut String, change: lt::TextDocumentContentChangeEvent, enc: Encoding) {
    let Some(range) = change.range else {
        *text = change.text;
        return;
    };
    let ix = LineIndex::new(text);
    let start = ix.offset(text, range.start, enc);
    let end = ix.offset(text, range.end, enc).max(start);
    text.replace_range(start..end, &change.text);
}

fn send_diagnostics(conn: &Connection, path: &Path, diagnostics: Vec<lt::Diagnostic>) {
    let Some(uri) = convert::uri(path) else {
        return;
    };
    let params = lt::PublishDiagnosticsParams {
        uri,
        diagnostics,
        version: None,
    };
    let n = Notification::new("textDocument/publishDiagnostics".to_owned(), params);
    let _ = conn.sender.send(Message::Notification(n));
}
