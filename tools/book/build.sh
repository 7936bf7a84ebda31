#!/usr/bin/env bash
# Build the docs as a book, with the web page inside it: `mdbook build`
# writes the site into target/book (book.toml), and web/build.sh the page
# into target/book/app, which the book's pages link to (docs/web.md,
# docs/introduction.md). tests/it/docs_links.rs accepts a link to
# docs/app/index.html because this script builds it there.
#   tools/book/build.sh
# Exit status 3: mdbook is not installed (nothing built). Without the
# wasm32 target or wasm-bindgen-cli the site is built without the page,
# and says so.
set -euo pipefail
cd "$(dirname "$0")/../.."
mdbook=$(command -v mdbook || { [ -x "$HOME/.cargo/bin/mdbook" ] && echo "$HOME/.cargo/bin/mdbook"; } || true)
if [ -z "$mdbook" ]; then
  echo "tools/book/build.sh: mdbook is not installed (cargo install mdbook --locked)" >&2
  exit 3
fi
"$mdbook" build
if TALES_WEB_DOCS=../index.html web/build.sh target/book/app >target/book-web.log 2>&1; then
  echo "the book: target/book/index.html (the web page: target/book/app/index.html)"
else
  cat target/book-web.log >&2
  echo "the book: target/book/index.html, without the web page (web/build.sh failed; see above)" >&2
fi
