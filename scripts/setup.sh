#!/usr/bin/env bash
# Installs what taflzero needs on Debian (only what is missing), builds it in build/ and
# installs it into $TAFLZERO_PREFIX (default ~/.local).
# Sourced by run.sh and test.sh; safe to run again (the second build is incremental).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PACKAGES=(build-essential cmake ccache pkg-config
  libtorch-dev libgloo-dev libyaml-cpp-dev libspdlog-dev libfmt-dev libeigen3-dev libcli11-dev
  nlohmann-json3-dev libboost-math-dev libgtest-dev libsqlite3-dev sqlite3 libssl-dev zlib1g-dev
  libopenblas0-openmp python3 python3-torch chromium emscripten)
command -v npm > /dev/null || PACKAGES+=(nodejs npm)

missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2> /dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

# onnxruntime (CPU) for checking ONNX exports with an independent runtime, and
# onnxruntime-web for the browser play page (`taflzero export --format web`).
if [ -f scripts/package.json ] && { [ ! -d scripts/node_modules/onnxruntime-node ] ||
  [ ! -d scripts/node_modules/onnxruntime-web ]; }; then
  (cd scripts && npm install --ignore-scripts --no-audit --no-fund --loglevel=error)
fi

# yaml-cpp's sources, compiled with emscripten into the play page's rules module (web/rules/).
# Without them everything else still builds; only `export --format web` is missing.
if command -v emcmake > /dev/null; then
  bash scripts/fetch_yaml_cpp_source.sh build/web-deps/yaml-cpp ||
    echo "setup: yaml-cpp sources not fetched: the browser play page (export --format web) is not built" >&2
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j"$(nproc)"

# The binaries in PREFIX/bin, the presets, shipped models, scripts and page in
# PREFIX/share/taflzero, where the installed taflzero finds them from any folder.
PREFIX="${TAFLZERO_PREFIX:-$HOME/.local}"
cmake --install build --prefix "$PREFIX" > /dev/null
case ":$PATH:" in
  *":$PREFIX/bin:"*) echo "setup: taflzero installed in $PREFIX/bin" ;;
  *) echo "setup: taflzero installed in $PREFIX/bin, which is not on your PATH: export PATH=\"$PREFIX/bin:\$PATH\"" ;;
esac
