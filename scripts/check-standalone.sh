#!/usr/bin/env bash
# Proves the repository stands alone: copies the source tree into an empty temporary
# folder (nothing beside it, so no ../shared or any other sibling), configures a fresh
# build there, builds every test that reads data files and runs them. A test that reads
# anything outside the tree fails here even on a machine where that thing exists beside
# the real checkout. Run by ctest as `standalone_tree`; usable on its own.
#
#   scripts/check-standalone.sh [source dir]
set -euo pipefail
SRC="$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)"

# A clean clone alone in its folder is already the copy this check would make: the suite
# running in it is the proof, and a second build of the tree would only double CI's time.
# Anything else (a change in progress, untracked or ignored files other than build
# folders, or anything beside the tree in its parent folder) gets the full check.
# NPUSCOPE_STANDALONE_FORCE=1 runs it regardless.
if [ "${NPUSCOPE_STANDALONE_FORCE:-0}" != 1 ] && git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  beside=$(ls -A "$SRC/.." | grep -vxF "$(basename "$SRC")" || true)
  leftovers=$(git -C "$SRC" status --porcelain --untracked-files=all --ignored=matching | grep -vE '^!! build[^/]*/$' || true)
  if [ -z "$beside$leftovers" ]; then
    echo "standalone: skipped: $SRC is a clean checkout (no changes, nothing untracked or ignored but build folders) with nothing beside it, so the suite running in it proves the tree stands alone"
    exit 77
  fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/npuscope-standalone.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
COPY="$WORK/npuscope"
mkdir -p "$COPY"

# The files of the repository: tracked ones plus new ones not ignored (a change under
# test), never build folders or other local leftovers.
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$SRC" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$SRC" && xargs -0 cp --parents -t "$COPY" 2>/dev/null || true)
else
  (cd "$SRC" && find . -path './build*' -prune -o -type f -print0 | xargs -0 cp --parents -t "$COPY")
fi
# Deleted-but-tracked files make cp complain; what matters is that the copy configures.
[ -f "$COPY/CMakeLists.txt" ] || { echo "standalone: copying the tree failed" >&2; exit 1; }

# Every test whose source, or a fixture header it includes, names a file of the tree
# (tests/data, docs, resources).
pattern='test_data\.h|NPUSCOPE_TEST_DATA|NPUSCOPE_SOURCE_DIR'
headers=$(cd "$COPY/tests" && grep -l -E "$pattern" -- */*.h | xargs -r -n1 basename | paste -sd'|')
[ -z "$headers" ] || pattern="$pattern|#include .*($headers)"
mapfile -t tests < <(cd "$COPY/tests" && grep -l -E "$pattern" -- */test_*.cpp |
                       sed -E 's|^([a-z]+)/test_(.*)\.cpp$|\1_\2|' | sort)
((${#tests[@]})) || { echo "standalone: no data-reading tests found" >&2; exit 1; }

launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Unoptimised and without debug information: this build only has to compile and read files.
cmake -S "$COPY" -B "$WORK/build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 "${launcher[@]}" >/dev/null
echo "standalone: building and running ${tests[*]}" >&2
# The CLI tests run the real binary.
cmake --build "$WORK/build" --parallel "$(nproc)" --target npuscope "${tests[@]}" >/dev/null
cd "$WORK/build"
regex="^($(IFS='|'; echo "${tests[*]}"))\$"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)" -R "$regex"
echo "standalone: ${#tests[@]} data-reading tests passed in a copy of the tree with nothing beside it ($COPY)"
