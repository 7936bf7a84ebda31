// The page: files in memory, `tales` in WebAssembly (tales.js), no server.
"use strict";
const $ = (id) => document.getElementById(id);
let session = null;
let books = [];
let root = null;
let current = null;
let timer = null;
// What the browser tests read: the last check's time and findings.
window.tales = { ready: false, lastCheckMs: null, firstCheckMs: null };

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
  if (names.length) {
    $("sample").value = "0";
    openFiles(window.TALES_SAMPLES[names[0]]);
  }
  status(`loaded in ${window.tales.loadMs} ms`);
}

// Open a set of files (path -> text or bytes): the books in it are listed.
function openFiles(map) {
  session.clear();
  for (const [path, body] of Object.entries(map)) {
    if (typeof body === "string") session.set_file(path, body); else session.set_bytes(path, body);
  }
  books = JSON.parse(session.books()).books;
  const pick = $("book");
  pick.innerHTML = "";
  for (const b of books) {
    const what = b.translation_of ? ` (translation of ${b.translation_of})` : "";
    pick.add(new Option(`${b.root}${what}`, b.root));
  }
  fillPairs();
  const first = books.find((b) => !b.translation_of) || books[0];
  if (!first) { status("no book.yaml in what was opened"); return; }
  pick.value = first.root;
  selectBook(first.root);
}

function filesOf(r) {
  const all = JSON.parse(session.books()).files;
  const prefix = r === "/" ? "/" : r + "/";
  return all.filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes("/../"))
    .filter((f) => !books.some((b) => b.root !== r && b.root.startsWith(prefix) && f.startsWith(b.root + "/")));
}

function selectBook(r) {
  root = r;
  const pick = $("file");
  pick.innerHTML = "";
  const list = filesOf(r);
  for (const f of list) pick.add(new Option(f.slice(r === "/" ? 1 : r.length + 1), f));
  const first = list.find((f) => f.endsWith(".tales")) || list[0];
  if (first) { pick.value = first; showFile(first); }
  const t0 = performance.now();
  check();
  if (window.tales.firstCheckMs === null) window.tales.firstCheckMs = Math.round(performance.now() - t0);
  fillStarts();
  if (!$("view-render").hidden) render();
}

function showFile(path) {
  current = path;
  $("editor").value = session.text(path) ?? "";
}

function check() {
  const t0 = performance.now();
  const report = JSON.parse(session.check(root));
  const ms = Math.round(performance.now() - t0);
  window.tales.lastCheckMs = ms;
  window.tales.report = report;
  showFindings($("findings"), report.diagnostics, [root]);
  const s = report.summary;
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  $("count").textContent = `${n(s.errors, "error")}, ${n(s.warnings, "warning")} (checked in ${ms} ms)`;
}

// `roots`: the books a finding's file may be in, first first (a pair's
// findings are the translation's, or its source's).
function showFindings(list, diagnostics, roots) {
  list.innerHTML = "";
  for (const d of diagnostics) {
    const li = document.createElement("li");
    li.className = `finding ${d.severity}`;
    li.dataset.code = d.code;
    li.dataset.file = d.file;
    li.dataset.line = d.line;
    const pre = document.createElement("pre");
    pre.textContent = d.human;
    pre.title = "show it in the editor";
    pre.addEventListener("click", () => jump(d.file, d.line, roots));
    li.appendChild(pre);
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

function edited() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    session.set_file(current, $("editor").value);
    check();
  }, 30);
}

// Play: the encounter from the start chosen, replayed with the choices made.
let choices = [];
function fillStarts() {
  const starts = JSON.parse(session.starts(root));
  const pick = $("play-start");
  pick.innerHTML = "";
  pick.add(new Option("a random encounter card", "card"));
  for (const p of starts.paragraphs) pick.add(new Option(`paragraph ${p}`, String(p)));
  for (const r of starts.rows) pick.add(new Option(`matrix row ${r}`, r));
  for (const p of starts.places) pick.add(new Option(`place ${p}`, p));
}

function play() {
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

function render() { $("render-frame").srcdoc = session.render(root); }

function fillPairs() {
  const s = $("l10n-source"), t = $("l10n-translation");
  s.innerHTML = ""; t.innerHTML = "";
  for (const b of books) {
    if (b.translation_of) t.add(new Option(b.root, b.root)); else s.add(new Option(b.root, b.root));
  }
  const first = books.find((b) => b.translation_of);
  if (first) { t.value = first.root; s.value = first.translation_of; }
}

function compare() {
  const s = $("l10n-source").value, t = $("l10n-translation").value;
  if (!s || !t) return;
  const report = JSON.parse(session.l10n(s, t));
  showFindings($("l10n-findings"), report.diagnostics, [t, s]);
  const k = report.diagnostics.length;
  $("l10n-count").textContent = `${k} finding${k === 1 ? "" : "s"}`;
  $("beside-frame").srcdoc = session.render_beside(s, t);
}

function showView(name) {
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("on", b.dataset.view === name);
  for (const v of ["check", "play", "render", "l10n"]) $(`view-${v}`).hidden = v !== name;
  if (name === "render") render();
  if (name === "l10n") compare();
}

// Files picked or dropped: book files only (YAML, .tales, l10n.lock).
const wanted = (name) => /\.(ya?ml|tales|lock)$/i.test(name) && !/(^|\/)(\.|target\/)/.test(name);

async function openFolder(list) {
  const map = {};
  for (const f of list) {
    if (wanted(f.webkitRelativePath)) map["/" + f.webkitRelativePath] = new Uint8Array(await f.arrayBuffer());
  }
  openFiles(map);
}

async function openZip(file) {
  try {
    const entries = await unzip(await file.arrayBuffer());
    const map = {};
    for (const [name, bytes] of Object.entries(entries)) if (wanted(name)) map["/" + name] = bytes;
    openFiles(map);
  } catch (e) {
    status(`${file.name}: ${e.message}`);
  }
}

$("sample").addEventListener("change", (e) => {
  const names = Object.keys(window.TALES_SAMPLES);
  if (e.target.value !== "") openFiles(window.TALES_SAMPLES[names[Number(e.target.value)]]);
});
$("book").addEventListener("change", (e) => selectBook(e.target.value));
$("file").addEventListener("change", (e) => showFile(e.target.value));
$("editor").addEventListener("input", edited);
$("play-go").addEventListener("click", () => { choices = []; play(); });
$("l10n-go").addEventListener("click", compare);
$("folder").addEventListener("change", (e) => openFolder(e.target.files));
$("zip").addEventListener("change", (e) => e.target.files[0] && openZip(e.target.files[0]));
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
