#!/usr/bin/env bash
# Build the web page into one folder (default: target/web): the library in
# WebAssembly, its JavaScript glue, the page, and the bundled samples.
#   web/build.sh [OUT]
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the
# version Cargo.lock pins (.ci/run installs both when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/web}
# The library without its cli, disk and parallel features, in WebAssembly.
cargo build --locked --release -p tales-web --target wasm32-unknown-unknown
pinned=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$pinned" ]; then
  echo "web/build.sh: wasm-bindgen $pinned is needed (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --version $pinned" >&2
  exit 3
fi
mkdir -p "$out"
rm -rf "$out/pkg"
rm -f "$out"/{index.html,style.css,app.js,unzip.js,zip.js,tales.js,samples.js}
# no-modules: a plain script, so the page works from file:// (an ES module
# or a fetch of the .wasm is refused there); the wasm is inlined in base64.
wasm-bindgen --target no-modules --no-typescript --out-dir "$out/pkg" \
  target/wasm32-unknown-unknown/release/tales_web.wasm
python3 web/bundle.py "$out"
rm -rf "$out/pkg"
cp web/page/index.html web/page/app.js web/page/unzip.js web/page/zip.js web/page/style.css "$out/"
# TALES_WEB_DOCS: the address of the docs book, from the page; the header's
# "Docs" link is shown with it (tools/book/build.sh sets it to the book
# around the page). Without it, as in the release archive, there is no link.
if [ -n "${TALES_WEB_DOCS:-}" ]; then
  TALES_WEB_DOCS="$TALES_WEB_DOCS" python3 - "$out/index.html" <<'PY'
import html, os, sys
path = sys.argv[1]
page = open(path, encoding="utf-8").read()
old = '<a id="docs" class="button" href="../index.html" hidden>'
new = '<a id="docs" class="button" href="%s">' % html.escape(os.environ["TALES_WEB_DOCS"])
assert old in page, "web/page/index.html has no hidden docs link"
open(path, "w", encoding="utf-8").write(page.replace(old, new))
PY
fi
echo "web page: $out/index.html"
