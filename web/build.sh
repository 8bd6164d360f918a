#!/usr/bin/env bash
# Builds the playground into web/dist from a fresh clone: the WebAssembly modules (jaque's
# library with the calls of web/src, then binaryen's wasm-opt; the index's reader in a second
# module) and the page's script (CodeMirror, bundled by esbuild).
#
#   web/build.sh            # build web/dist
#   web/build.sh --install  # first install what it needs (apt and npm; root or sudo)
#
# The module needs a standard library for wasm32, which rustup cannot download here:
# Debian's rustc-web (1.96) with its sources (rust-web-src) builds one with -Z build-std.
set -euo pipefail
web=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$web")
dist="$web/dist"
target="$root/target/web"

if [ "${1:-}" = "--install" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  packages="rustc-web cargo-web rust-web-src lld binaryen"
  command -v npm >/dev/null || packages="$packages nodejs npm"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086 # the packages are words
  $sudo apt-get install -y -qq $packages
fi

missing=""
for tool in /usr/bin/cargo /usr/bin/rustc wasm-ld wasm-opt node npm; do
  command -v "$tool" >/dev/null || missing="$missing $tool"
done
[ -d /usr/lib/rustlib/src/rust/library ] || missing="$missing rust-web-src"
if [ -n "$missing" ]; then
  echo "error: missing:$missing; run web/build.sh --install (apt: rustc-web cargo-web rust-web-src lld binaryen; node and npm)" >&2
  exit 2
fi

echo "== the modules (Debian's $(/usr/bin/rustc --version))"
mkdir -p "$dist"
# The page's module, and the index's (feature `index`: redb, which more than doubles it),
# which the page loads only when an index is opened (web/README.md).
module() {
  local name=$1
  shift
  # Debian's cargo and rustc, not rustup's (first in PATH): their sysroot has the sources.
  (cd "$web" && RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld" \
    CARGO_TARGET_DIR="$target" /usr/bin/cargo build --release --quiet \
    --target wasm32-unknown-unknown -Z build-std=std,panic_abort "$@")
  # wasm-opt drops the function names (a trap's message needs none) and the zeros inside the
  # data (the attack tables' padding and empty squares), which wasm-ld writes out, and
  # optimises the code again: the page's module stays under the 1 MB web/README.md promises.
  wasm-opt --strip-debug --strip-producers -O3 \
    "$target/wasm32-unknown-unknown/release/jaque_web.wasm" -o "$dist/$name"
}
module jaque.wasm --no-default-features
module jaque-index.wasm --features index

echo "== the page"
(cd "$web" && npm ci --silent --no-audit --no-fund && npm run --silent build)
cp "$web/index.html" "$web/style.css" "$dist/"

size() { echo "$1 $(stat -c %s "$dist/$1") bytes ($(gzip -9 -c "$dist/$1" | wc -c) gzipped)"; }
echo "built $dist: $(size jaque.wasm), $(size jaque-index.wasm), main.js $(stat -c %s "$dist/main.js") bytes"
