#!/usr/bin/env bash
# The main job. With arguments: passes them to npuscope. Without: opens the GUI when
# there is a display, otherwise runs the headless demo and says where its output went.
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"
if (($#)); then
  exec "$NPUSCOPE_BIN" "$@"
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$NPUSCOPE_BIN"
fi
DEMO_DIR="${NPUSCOPE_DEMO_DIR:-$ROOT/demo}"
mkdir -p "$DEMO_DIR"
exec "$NPUSCOPE_BIN" demo --output "$DEMO_DIR"
