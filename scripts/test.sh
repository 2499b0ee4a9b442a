#!/usr/bin/env bash
# Builds (installing what is missing) and runs the whole test suite with ctest.
# Extra arguments go to ctest, e.g. scripts/test.sh -R options
set -euo pipefail
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"
cd "$BUILD_DIR"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)" "$@"
