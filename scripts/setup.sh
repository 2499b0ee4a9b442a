#!/usr/bin/env bash
# Installs what the build needs on Debian 12 (only what is missing) and configures +
# builds the project incrementally. Sourced by run.sh and test.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${NPUSCOPE_BUILD_DIR:-$ROOT/build}"
PRESET="${NPUSCOPE_PRESET:-release}"

# fonts-wqy-microhei: without a CJK font the Chinese UI draws empty boxes on a fresh Debian.
PACKAGES=(cmake ninja-build g++ qt6-base-dev libqt6sql6-sqlite qt6-tools-dev qt6-tools-dev-tools
          qt6-l10n-tools libqcustomplot-dev libsqlite3-dev sqlite3 xvfb xauth fonts-dejavu-core
          fonts-wqy-microhei qt6-translations-l10n imagemagick locales libzstd-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "npuscope: installing missing packages: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

# The GUI and CLI tests run a second time under a German locale (decimal comma, '.' for
# thousands), which Debian only has once generated.
if ! locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; then
  echo "npuscope: generating the de_DE.UTF-8 locale for the tests" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO sed -i 's/^# *\(de_DE\.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -qx 'de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $SUDO tee -a /etc/locale.gen >/dev/null
  $SUDO locale-gen >&2
fi

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="${NPUSCOPE_BUILD_TYPE:-RelWithDebInfo}" >&2
fi
cmake --build "$BUILD_DIR" --parallel "$(nproc)" >&2
NPUSCOPE_BIN="$BUILD_DIR/bin/npuscope"
export NPUSCOPE_BIN BUILD_DIR ROOT
