#!/usr/bin/env bash
# Build and package one release target, as .github/workflows/release.yml does
# on each runner:
#
#   tools/release/build.sh TARGET [OUT_DIR]   # a Rust target triple, or `web`
#   tools/release/build.sh --name TARGET      # print ARCHIVE BINARY, build nothing
#
# writes OUT_DIR (default dist/) /tales-VERSION-TARGET.tar.gz (.zip for
# Windows targets and for `web`, named tales-web-VERSION.zip) and beside it
# ARCHIVE.sha256, one `sha256sum` line. An archive holds one folder of its
# own name with the binary (tales, or tales.exe; stripped of its symbol
# table where `strip` is at hand), README.md and what it links to (docs/,
# lints/, ARCHITECTURE.md, CONTRIBUTING.md), any LICENSE* files and the
# sample books (content/sunken-lamp and its translations), so
# the README's first five minutes run in the unpacked folder; the web
# archive holds the page web/build.sh builds.
# These names are the ones `[package.metadata.binstall]` in Cargo.toml names.
#
# The host's target builds into target/release (so .ci/run's release build
# is reused); any other into target/TARGET/release, which needs the target
# installed (`rustup target add TARGET`) and its linker.
set -euo pipefail
usage="usage: tools/release/build.sh TARGET [OUT_DIR] | --name TARGET"
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)

names() { # names TARGET: sets name (the archive's folder), archive, exe
  case "$1" in
    web) name="tales-web-$version"; archive="$name.zip"; exe= ;;
    *windows*) name="tales-$version-$1"; archive="$name.zip"; exe=tales.exe ;;
    *) name="tales-$version-$1"; archive="$name.tar.gz"; exe=tales ;;
  esac
}

if [ "${1:-}" = --name ]; then
  names "${2:?$usage}"
  echo "$archive${exe:+ $name/$exe}"
  exit 0
fi
target=${1:?$usage}
names "$target"
out=${2:-$root/dist}
mkdir -p "$out"
out=$(cd "$out" && pwd)
host=$(rustc -vV | sed -n 's/^host: //p')

checksum() { # the archive's SHA-256, in sha256sum's format, beside it
  local file=$1 sum
  if command -v sha256sum >/dev/null; then
    sum=$(sha256sum "$out/$file" | cut -d' ' -f1)
  else
    sum=$(shasum -a 256 "$out/$file" | cut -d' ' -f1)
  fi
  printf '%s  %s\n' "$sum" "$file" > "$out/$file.sha256"
}

zip_folder() { # zip_folder DIR NAME: DIR/NAME into $out/NAME.zip
  rm -f "$out/$2.zip"
  if command -v zip >/dev/null; then
    (cd "$1" && zip -qr "$out/$2.zip" "$2")
  else
    (cd "$1" && 7z a -tzip -bso0 "$out/$2.zip" "$2")
  fi
}

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

if [ "$target" = web ]; then
  mkdir -p "$staging/$name"
  web/build.sh "$staging/$name"
  if [ -z "$(ls -A "$staging/$name")" ] && [ -d web/dist ]; then
    cp -R web/dist/. "$staging/$name/"
  fi
  [ -f "$staging/$name/index.html" ] || { echo "web/build.sh built no index.html" >&2; exit 1; }
  zip_folder "$staging" "$name"
  checksum "$archive"
  echo "$out/$archive"
  exit 0
fi

if [ "$target" = "$host" ]; then
  cargo build --release --locked --bin tales
  built=target/release
else
  cargo build --release --locked --bin tales --target "$target"
  built=target/$target/release
fi
mkdir -p "$staging/$name"
cp "$built/$exe" "$staging/$name/"
case "$target" in
  *windows*) ;; # its symbols go to a .pdb beside the .exe, not in it
  *) if command -v strip >/dev/null; then strip "$staging/$name/$exe"; fi ;;
esac
cp README.md "$staging/$name/"
# What the README links to, so its links work in the unpacked folder: the
# docs (markdown, as the docs book is built from them), the lints' pages,
# the architecture and contributing notes.
cp -R docs lints "$staging/$name/"
cp ARCHITECTURE.md CONTRIBUTING.md "$staging/$name/"
mkdir -p "$staging/$name/content"
cp -R content/sunken-lamp content/sunken-lamp-es content/sunken-lamp-fr "$staging/$name/content/"
for licence in LICENSE*; do
  [ -e "$licence" ] && cp "$licence" "$staging/$name/"
done
case "$archive" in
  *.zip) zip_folder "$staging" "$name" ;;
  *) tar -C "$staging" -czf "$out/$archive" "$name" ;;
esac
checksum "$archive"
echo "$out/$archive"
