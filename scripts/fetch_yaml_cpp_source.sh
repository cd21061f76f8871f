#!/usr/bin/env bash
# Fetches the sources of Debian's yaml-cpp (the version the native build links) into DIR, for
# the WebAssembly rules module (web/rules/), which compiles them with emscripten. Uses a private
# deb-src list, so the machine's apt configuration is left as it is.
# Usage: scripts/fetch_yaml_cpp_source.sh DIR
set -euo pipefail
DEST="${1:?usage: $0 DIR}"
[ -f "$DEST/src/parse.cpp" ] && exit 0
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/lists/partial" "$WORK/cache/archives/partial" "$WORK/src"
echo "deb-src http://deb.debian.org/debian $(. /etc/os-release && echo "$VERSION_CODENAME") main" > "$WORK/sources.list"
APT=(apt-get -qq -o Dir::Etc::SourceList="$WORK/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o Dir::State::Lists="$WORK/lists" -o Dir::Cache="$WORK/cache" -o APT::Sandbox::User=root)
"${APT[@]}" update
(cd "$WORK/src" && "${APT[@]}" source --download-only yaml-cpp > /dev/null)
mkdir -p "$DEST"
tar -xf "$WORK"/src/yaml-cpp_*.orig.tar.* -C "$DEST" --strip-components=1
[ -f "$DEST/src/parse.cpp" ] || { echo "$0: no yaml-cpp sources in the Debian source package" >&2; exit 1; }
