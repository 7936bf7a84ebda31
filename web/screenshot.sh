#!/usr/bin/env bash
# docs/img/web.png: the built page (web/build.sh) with a status misspelt in
# the sample book, one finding beside it, in headless Chromium.
#   web/screenshot.sh [PAGE_DIR]      (default: target/web)
set -euo pipefail
cd "$(dirname "$0")/.."
page=${1:-target/web}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$page"/* "$tmp/"
cat > "$tmp/shot.js" <<'JS'
(async () => {
  await window.tales.booted;
  const pick = document.getElementById("file");
  pick.value = "/sunken-lamp/tales/beasts.tales";
  pick.dispatchEvent(new Event("change"));
  const ed = document.getElementById("editor");
  ed.value = ed.value.replace("[Wounded]", "[Wonded]");
  ed.dispatchEvent(new Event("input"));
})();
JS
sed -i 's#</body>#<script src="shot.js"></script>\n</body>#' "$tmp/index.html"
"${TALES_CHROMIUM:-chromium}" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$tmp/profile" --window-size=1100,560 --virtual-time-budget=5000 \
  --screenshot="$PWD/docs/img/web.png" "file://$tmp/index.html" 2>/dev/null
echo "docs/img/web.png"
