#!/usr/bin/env bash
# Builds everything with the `asan` preset (AddressSanitizer + UndefinedBehaviorSanitizer,
# Debug) into build-asan and runs the whole ctest suite under it.
#
#   scripts/sanitize.sh [ctest arguments, e.g. -R store]
#
# Leak detection is on; tests/sanitizers/lsan.supp silences leaks inside third-party
# libraries only (Qt, fontconfig, ...). Any sanitizer report fails the test that produced
# it (-fno-sanitize-recover=undefined, halt_on_error). Prints a summary: tests run,
# failures, tests whose output holds a sanitizer report, and the wall time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build-asan"
# On a fresh machine setup.sh installs the build's Debian packages (and builds build/).
if ! dpkg-query -W -f='${Status}' qt6-base-dev libqcustomplot-dev 2>/dev/null | grep -q "install ok installed"; then
  source "$ROOT/scripts/setup.sh"
fi
cd "$ROOT"
start=$(date +%s)
[ -f "$BUILD/build.ninja" ] || cmake --preset asan >&2
cmake --build "$BUILD" --parallel "$(nproc)" >&2
built=$(date +%s)

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$ROOT/tests/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export QT_QPA_PLATFORM=offscreen
log="$BUILD/sanitize-ctest.log"
set +e
# The standalone copy check builds its own Release tree; it has run in the plain suite.
(cd "$BUILD" && ctest --output-on-failure --parallel "$(nproc)" -LE standalone "$@") >"$log" 2>&1
rc=$?
set -e
end=$(date +%s)
total=$(grep -Eo '[0-9]+ tests failed out of [0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
[ -n "$total" ] || total=$(grep -Eo '100% tests passed, 0 tests failed out of [0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
failed=$(grep -E '^\s+[0-9]+ - .* \((Failed|SEGFAULT|Subprocess aborted|Timeout|Child aborted|Exception)' "$log" | sed -E 's/^\s+[0-9]+ - //' || true)
reports=$(grep -cE '^(==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)|.*: runtime error: )' "$log" || true)
echo "SANITIZE tests=$total failed=$(printf '%s' "$failed" | grep -c . || true) sanitizer_reports=$reports build_s=$((built - start)) ctest_s=$((end - built))"
[ -z "$failed" ] || printf '  %s\n' "$failed"
((reports == 0)) || grep -E '^(==[0-9]+==ERROR|SUMMARY: |.*: runtime error: )' "$log" | sort | uniq -c | head -n 20
echo "full log: $log"
# A report in a child process the test tolerated still fails the run.
if ((rc != 0 || reports != 0)); then
  # CI shows only this job's output: print what failed.
  [ -z "${CI:-}" ] || grep -E -B2 -A40 '(==[0-9]+==ERROR|runtime error: |\*\*\*Failed|Subprocess aborted)' "$log" | head -n 400 || true
  exit 1
fi
