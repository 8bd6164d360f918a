#!/usr/bin/env bash
# Builds the playground into web/dist from a fresh clone: the WebAssembly module (jaque's
# library with the calls of web/src, then binaryen's wasm-opt) and the page's script
# (CodeMirror, bundled by esbuild).
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

echo "== the module (Debian's $(/usr/bin/rustc --version))"
# Debian's cargo and rustc, not rustup's (first in PATH): their sysroot has the sources.
(cd "$web" && RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld" \
  CARGO_TARGET_DIR="$target" /usr/bin/cargo build --release --quiet \
  --target wasm32-unknown-unknown -Z build-std=std,panic_abort)
mkdir -p "$dist"
# wasm-opt drops the function names (a trap's message needs none) and the zeros inside the
# data (the attack tables' padding and empty squares), which wasm-ld writes out, and
# optimises the code again: the module stays under the 1 MB web/README.md promises.
wasm-opt --strip-debug --strip-producers -O3 \
  "$target/wasm32-unknown-unknown/release/jaque_web.wasm" -o "$dist/jaque.wasm"

echo "== the page"
(cd "$web" && npm ci --silent --no-audit --no-fund && npm run --silent build)
cp "$web/index.html" "$web/style.css" "$dist/"

wasm=$(stat -c %s "$dist/jaque.wasm")
gz=$(gzip -9 -c "$dist/jaque.wasm" | wc -c)
echo "built $dist: jaque.wasm $wasm bytes ($gz gzipped), main.js $(stat -c %s "$dist/main.js") bytes"
