#!/usr/bin/env bash
# Renders an HTML report in headless chromium: a screenshot, and optionally the page as the
# browser holds it after the inline scripts ran (to check that the board viewer drew).
# Usage: scripts/screenshot_report.sh REPORT.html OUT.png [OUT_DOM.html] [WIDTHxHEIGHT]
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REPORT.html OUT.png [OUT_DOM.html] [WIDTHxHEIGHT]" >&2
  exit 2
fi
REPORT="$(realpath "$1")"
PNG="$(realpath -m "$2")"
DOM="${3:-}"
SIZE="${4:-1200x2000}"
command -v chromium > /dev/null || { echo "$0: chromium is not installed (apt-get install -y chromium)" >&2; exit 3; }
PROFILE="$(mktemp -d)"
trap 'rm -rf "$PROFILE"' EXIT
FLAGS=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$PROFILE")
chromium "${FLAGS[@]}" --screenshot="$PNG" --window-size="${SIZE/x/,}" "file://$REPORT" 2> "$PROFILE/log" ||
  { cat "$PROFILE/log" >&2; exit 1; }
[ -s "$PNG" ] || { echo "$0: no screenshot written" >&2; cat "$PROFILE/log" >&2; exit 1; }
if [ -n "$DOM" ]; then
  chromium "${FLAGS[@]}" --dump-dom "file://$REPORT" > "$DOM" 2> "$PROFILE/log" || { cat "$PROFILE/log" >&2; exit 1; }
fi
echo "screenshot: $PNG"
