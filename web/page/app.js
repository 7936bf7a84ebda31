// The page: files in memory, `tales` in WebAssembly (tales.js), no server.
"use strict";
const $ = (id) => document.getElementById(id);
let session = null;
let books = [];
let root = null;
let current = null;
let timer = null;
// What was opened (path -> text or bytes), the files edited since, and
// whether an edit is not downloaded yet.
let opened = {};
const edits = new Map();
let unsaved = false;
// The findings shown at first; the rest behind "show more" (a pasted file
// of thousands of findings would otherwise lay out thousands of blocks).
const SHOWN = 100;
// What the browser tests read: the last check's time and findings.
window.tales = { ready: false, lastCheckMs: null, firstCheckMs: null };
// Whether an edit waits to be checked (the tests wait for it, not a time).
window.tales.pending = () => timer !== null;

function status(text) { $("status").textContent = text; }

async function boot() {
  const t0 = performance.now();
  const bin = Uint8Array.from(atob(window.TALES_WASM), (c) => c.charCodeAt(0));
  // Compiled at once (a headless browser's virtual time, the tests', does
  // not wait for an asynchronous compile); the asynchronous way if refused.
  try { wasm_bindgen.initSync({ module: bin }); } catch (e) { await wasm_bindgen({ module_or_path: bin }); }
  session = new wasm_bindgen.Session();
  const names = Object.keys(window.TALES_SAMPLES || {});
  names.forEach((name, i) => $("sample").add(new Option(name, String(i))));
  window.tales.loadMs = Math.round(performance.now() - t0);
  window.tales.ready = true;
  if (names.length) openFiles(window.TALES_SAMPLES[names[0]]);
  status(`loaded in ${window.tales.loadMs} ms`);
}

// Open a set of files (path -> text or bytes): the books in it are listed.
function openFiles(map) {
  clearTimeout(timer);
  timer = null;
  opened = map;
  current = null;
  edits.clear();
  unsaved = false;
  session.clear();
  for (const [path, body] of Object.entries(map)) {
    if (typeof body === "string") session.set_file(path, body); else session.set_bytes(path, body);
  }
  books = JSON.parse(session.books()).books;
  const pick = $("book");
  pick.innerHTML = "";
  // A book is shown by its folder's name, as the findings name its files
  // (`sunken-lamp`, not the in-memory root `/sunken-lamp`).
  const shown = (r) => (r === "/" ? "." : r.replace(/^\//, ""));
  for (const b of books) {
    const what = b.translation_of ? ` (translation of ${shown(b.translation_of)})` : "";
    pick.add(new Option(`${shown(b.root)}${what}`, b.root));
  }
  fillPairs();
  const first = books.find((b) => !b.translation_of) || books[0];
  if (!first) {
    // Nothing of the old book stays on screen (nor in a download).
    root = null;
    resetPlay();
    $("file").innerHTML = "";
    $("editor").value = "";
    $("findings").innerHTML = "";
    $("count").textContent = "";
    $("held-back").hidden = true;
    status("no book.yaml in what was opened: open a folder or .zip that holds a book (book.yaml beside its tales/)");
    return;
  }
  pick.value = first.root;
  selectBook(first.root);
  status(`opened ${books.map((b) => b.root).join(", ")}`);
}

function filesOf(r) {
  const all = JSON.parse(session.books()).files;
  const prefix = r === "/" ? "/" : r + "/";
  return all.filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes("/../"))
    .filter((f) => !books.some((b) => b.root !== r && b.root.startsWith(prefix) && f.startsWith(b.root + "/")));
}

function selectBook(r) {
  flush();
  root = r;
  resetPlay();
  const pick = $("file");
  pick.innerHTML = "";
  const list = filesOf(r);
  for (const f of list) pick.add(new Option(f.slice(r === "/" ? 1 : r.length + 1), f));
  const first = list.find((f) => f.endsWith(".tales")) || list[0];
  if (first) { pick.value = first; showFile(first); }
  const t0 = performance.now();
  window.tales.editCheckMs = null;
  check();
  if (window.tales.firstCheckMs === null) window.tales.firstCheckMs = Math.round(performance.now() - t0);
  if (!$("view-play").hidden) fillStarts();
  if (!$("view-render").hidden) render();
}

// A file of the book open, in the editor.
function openFile(path) {
  showView("check");
  $("file").value = path;
  showFile(path);
}

function showFile(path) {
  flush();
  current = path;
  const text = session.text(path);
  const editor = $("editor");
  editor.value = text ?? "";
  // A file that is not text (its finding says why) is not edited here:
  // typing would replace it in the download.
  editor.readOnly = text === undefined || text === null;
  editor.placeholder = editor.readOnly
    ? "this file is not text, so tales does not read it (see its finding): replace it outside the page"
    : "";
}

function check() {
  const t0 = performance.now();
  const report = JSON.parse(session.check(root));
  const ms = Math.round(performance.now() - t0);
  window.tales.lastCheckMs = ms;
  window.tales.report = report;
  showFindings($("findings"), report.diagnostics, [root]);
  showHeldBack(report);
  const s = report.summary;
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  $("count").textContent = `${n(s.errors, "error")}, ${n(s.warnings, "warning")} (checked in ${ms} ms)`;
}

// `roots`: the books a finding's file may be in, first first (a pair's
// findings are the translation's, or its source's). The first `SHOWN`
// are laid out; "show more" adds the next.
function showFindings(list, diagnostics, roots) {
  list.innerHTML = "";
  addFindings(list, diagnostics, 0, roots);
}

function addFindings(list, diagnostics, from, roots) {
  const part = document.createDocumentFragment();
  for (const d of diagnostics.slice(from, from + SHOWN)) part.appendChild(finding(d, roots));
  const rest = diagnostics.length - from - SHOWN;
  if (rest > 0) {
    const li = document.createElement("li");
    li.className = "more";
    const b = document.createElement("button");
    b.textContent = `show ${Math.min(rest, SHOWN)} more (${rest} not shown yet)`;
    b.addEventListener("click", () => { li.remove(); addFindings(list, diagnostics, from + SHOWN, roots); });
    li.appendChild(b);
    part.appendChild(li);
  }
  list.appendChild(part);
}

// One finding as the human report shows it: focusable, Enter (or a click)
// shows it in the editor.
function finding(d, roots) {
  const li = document.createElement("li");
  li.className = `finding ${d.severity}`;
  li.dataset.code = d.code;
  li.dataset.file = d.file;
  li.dataset.line = d.line;
  const pre = document.createElement("pre");
  pre.textContent = d.human;
  pre.title = "show it in the editor";
  pre.tabIndex = 0;
  pre.setAttribute("role", "button");
  pre.addEventListener("click", () => jump(d.file, d.line, roots));
  pre.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); jump(d.file, d.line, roots); }
  });
  li.appendChild(pre);
  return li;
}

// The findings not shown since a file they need could not be read: the
// human report's line, and, opened, those files.
function showHeldBack(report) {
  const box = $("held-back");
  box.hidden = !report.held_back_line;
  if (box.hidden) return;
  $("held-back-line").textContent = report.held_back_line;
  const list = $("held-back-files");
  list.innerHTML = "";
  const h = report.summary.held_back || {};
  for (const file of h.because || []) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = file;
    b.addEventListener("click", () => openFile(root === "/" ? `/${file}` : `${root}/${file}`));
    li.append(b, " could not be read: what needs it is checked once it can be");
    list.appendChild(li);
  }
}

// A finding's file and line, in the editor.
function jump(file, line, roots) {
  const prefix = (r) => (r === "/" ? "/" : r + "/");
  const r = (roots || [root]).find((b) => session.text(prefix(b) + file) !== undefined);
  if (r === undefined) return;
  const path = prefix(r) + file;
  if (r !== root) { $("book").value = r; selectBook(r); }
  showView("check");
  $("file").value = path;
  showFile(path);
  const ed = $("editor");
  const lines = ed.value.split("\n");
  const at = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  ed.focus();
  ed.setSelectionRange(at, at + (lines[line - 1] || "").length);
  // The line's height as the editor draws it (not an assumed 16 px).
  const style = getComputedStyle(ed);
  const height = parseFloat(style.lineHeight) || (ed.scrollHeight - parseFloat(style.paddingTop || "0") * 2) / Math.max(1, lines.length);
  ed.scrollTop = Math.max(0, (line - 5) * height);
}

// The book is checked again once typing pauses: 30 ms, or as long as the
// last check of an edit took (a pasted file of 200,000 characters is not
// checked at every keystroke). The check of a book just opened is not
// counted: it is the slow first run, and would hold back the first edit's.
function edited() {
  clearTimeout(timer);
  timer = setTimeout(flush, Math.max(30, Math.min(window.tales.editCheckMs || 0, 400)));
}

// The editor's pending edit, into the files and checked (at once: before
// a file switch, a play, a download...).
function flush() {
  if (timer === null) return;
  clearTimeout(timer);
  timer = null;
  const text = $("editor").value;
  if (current === null || text === (session.text(current) ?? "")) return;
  session.set_file(current, text);
  edits.set(current, text);
  unsaved = true;
  filesChanged();
  check();
  window.tales.editCheckMs = window.tales.lastCheckMs;
}

// The files changed: what was played, and where it may start, is stale.
function filesChanged() {
  resetPlay();
  if (!$("view-play").hidden) fillStarts();
}

// Play: the encounter from the start chosen, replayed with the choices made.
let choices = [];
function resetPlay() {
  choices = [];
  for (const id of ["play-lines", "play-options"]) $(id).innerHTML = "";
  $("play-end").textContent = "";
}

// The starts of the book as its files are now (the one picked kept).
function fillStarts() {
  flush();
  const starts = JSON.parse(session.starts(root));
  const pick = $("play-start");
  const was = pick.value;
  pick.innerHTML = "";
  pick.add(new Option("a random encounter card", "card"));
  for (const p of starts.paragraphs) pick.add(new Option(`paragraph ${p}`, String(p)));
  for (const r of starts.rows) pick.add(new Option(`matrix row ${r}`, r));
  for (const p of starts.places) pick.add(new Option(`place ${p}`, p));
  if ([...pick.options].some((o) => o.value === was)) pick.value = was;
}

function play() {
  flush();
  const r = JSON.parse(session.play(root, $("play-start").value, Number($("play-seed").value) >>> 0,
    Uint32Array.from(choices)));
  const lines = $("play-lines");
  lines.innerHTML = "";
  for (const l of r.lines) {
    const pre = document.createElement("pre");
    pre.textContent = l.replace(/\n$/, "");
    lines.appendChild(pre);
  }
  const options = $("play-options");
  options.innerHTML = "";
  $("play-end").textContent = "";
  if (r.ask) {
    const q = document.createElement("p");
    q.className = "question";
    q.textContent = QUESTIONS[r.ask.kind] || "choose one:";
    options.appendChild(q);
    r.ask.options.forEach((o, i) => {
      const b = document.createElement("button");
      b.textContent = o;
      b.addEventListener("click", () => { choices.push(i); play(); });
      options.appendChild(b);
    });
  } else {
    $("play-end").textContent = `${r.end}\n${r.state}`;
  }
}

// The questions `tales play` asks, by the kind of decision.
const QUESTIONS = {
  reaction: "how do you react?",
  master: "your Master skill is named nearby:",
  section: "which section do you read?",
  choice: "what do you do?",
  award: "choose one:",
  "other-gender": "the one you meet is:",
  die: "which number does the die show?",
  "chart-entry": "for another player: which line of the table?",
};

function render() { flush(); $("render-frame").srcdoc = session.render(root); }

function fillPairs() {
  const s = $("l10n-source"), t = $("l10n-translation");
  s.innerHTML = ""; t.innerHTML = "";
  for (const b of books) {
    if (b.translation_of) t.add(new Option(b.root, b.root)); else s.add(new Option(b.root, b.root));
  }
  const first = books.find((b) => b.translation_of);
  if (first) { t.value = first.root; s.value = first.translation_of; }
}

// A translation picked brings its own source (book.yaml's translation-of).
function followSource() {
  const b = books.find((x) => x.root === $("l10n-translation").value);
  if (b && b.translation_of) $("l10n-source").value = b.translation_of;
}

function compare() {
  flush();
  const s = $("l10n-source").value, t = $("l10n-translation").value;
  if (!s || !t) return;
  const report = JSON.parse(session.l10n(s, t));
  showFindings($("l10n-findings"), report.diagnostics, [t, s]);
  const k = report.diagnostics.length;
  const held = report.held_back_line ? `; ${report.held_back_line}` : "";
  $("l10n-count").textContent = `${k} finding${k === 1 ? "" : "s"}${held}`;
  $("beside-frame").srcdoc = session.render_beside(s, t);
}

function showView(name) {
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("on", b.dataset.view === name);
  for (const v of ["check", "play", "render", "l10n"]) $(`view-${v}`).hidden = v !== name;
  if (name === "play") fillStarts();
  if (name === "render") render();
  if (name === "l10n") compare();
}

// `tales fmt` on the open file: its canonical text in the editor, or why
// it is left as it is (a file with errors is, byte for byte).
function format() {
  flush();
  if (current === null) return;
  const name = current.slice(root === "/" ? 1 : root.length + 1);
  const out = JSON.parse(session.fmt(root));
  const text = out.formatted[name];
  if (out.left[name] !== undefined) {
    status(`${name}: not formatted: ${out.left[name]}`);
  } else if (text === undefined) {
    status(`${name}: nothing for tales fmt to change`);
  } else {
    $("editor").value = text;
    session.set_file(current, text);
    edits.set(current, text);
    unsaved = true;
    filesChanged();
    check();
    status(`${name}: formatted`);
  }
}

// Everything opened, edits included, as a .zip (files not edited: their
// bytes as they were opened).
function download() {
  flush();
  const enc = new TextEncoder();
  const paths = JSON.parse(session.books()).files;
  const entries = paths.map((p) => {
    const body = edits.has(p) ? edits.get(p) : opened[p] ?? "";
    return [p.replace(/^\//, ""), typeof body === "string" ? enc.encode(body) : body];
  });
  const bytes = zip(entries);
  const name = `${(root || "/book").split("/").filter(Boolean).pop() || "book"}.zip`;
  window.tales.downloaded = { name, bytes };
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  unsaved = false;
  status(`${name}: ${entries.length} file${entries.length === 1 ? "" : "s"} downloaded`);
}

// Whether the edits not downloaded may go (the user is asked).
function mayDrop() {
  flush();
  return !unsaved || window.confirm("Open another book? The edits not downloaded will be lost.");
}

// Files picked or dropped: book files only (YAML, .tales, l10n.lock).
const wanted = (name) => /\.(ya?ml|tales|lock)$/i.test(name) && !/(^|\/)(\.|target\/)/.test(name);

async function openFolder(list) {
  if (!mayDrop()) return;
  const map = {};
  for (const f of list) {
    if (wanted(f.webkitRelativePath)) map["/" + f.webkitRelativePath] = new Uint8Array(await f.arrayBuffer());
  }
  openFiles(map);
}

async function openZip(file) {
  if (!mayDrop()) return;
  try {
    const entries = await unzip(await file.arrayBuffer());
    const map = {};
    for (const [name, bytes] of Object.entries(entries)) if (wanted(name)) map["/" + name] = bytes;
    openFiles(map);
  } catch (e) {
    status(`${file.name}: ${e.message}`);
  }
}

// The menu goes back to "(choose)": the sample last picked can be picked
// again (a <select> says nothing when its value does not change).
$("sample").addEventListener("change", (e) => {
  const names = Object.keys(window.TALES_SAMPLES);
  const pick = e.target.value;
  e.target.value = "";
  if (pick !== "" && mayDrop()) openFiles(window.TALES_SAMPLES[names[Number(pick)]]);
});
$("book").addEventListener("change", (e) => selectBook(e.target.value));
$("file").addEventListener("change", (e) => showFile(e.target.value));
$("editor").addEventListener("input", edited);
$("format").addEventListener("click", format);
$("download").addEventListener("click", download);
window.addEventListener("beforeunload", (e) => { flush(); if (unsaved) e.preventDefault(); });
$("play-go").addEventListener("click", () => { choices = []; play(); });
$("l10n-go").addEventListener("click", compare);
$("l10n-translation").addEventListener("change", followSource);
// The pickers emptied once read: the same folder or .zip can be opened again.
$("folder").addEventListener("change", (e) => { const f = [...e.target.files]; e.target.value = ""; openFolder(f); });
$("zip").addEventListener("change", (e) => { const f = e.target.files[0]; e.target.value = ""; if (f) openZip(f); });
for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => showView(b.dataset.view));
document.addEventListener("dragover", (e) => { e.preventDefault(); $("drop").hidden = false; });
document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) $("drop").hidden = true; });
document.addEventListener("drop", (e) => {
  e.preventDefault();
  $("drop").hidden = true;
  const f = e.dataTransfer.files[0];
  if (f) openZip(f);
});
window.tales.booted = boot().catch((e) => status(`tales could not start: ${e}`));
