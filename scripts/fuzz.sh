#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz for a bounded time.
#
#   scripts/fuzz.sh [--seconds N] [--targets "options script ..."]
#
# Installs clang if missing, configures build-fuzz (clang, NPUSCOPE_FUZZ=ON: the core
# libraries built with ASan + UBSan + coverage), builds the targets and runs each one for
# N seconds (default 30) on a temporary copy of its seed corpus (tests/fuzz/corpus/<seeds>,
# where the parser targets share the importers' seeds, tests/fuzz/regressions/<t>, plus small
# files of the vendored real captures in tests/data/reference), so the repository is never
# modified. Prints one line per target:
#   FUZZ <target> seconds=<N> execs=<n> crashes=<k> corpus=<files>
# and exits 1 if any target crashed; crash inputs stay in build-fuzz/fuzz/crashes/<target>/
# (copy one into tests/fuzz/regressions/<target>/ once the bug is fixed).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${NPUSCOPE_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
SECONDS_PER=30
TARGETS="options script json_tokenizer trace_events csv_reader import_json import_csv import_torchnpu import_db project"
while (($#)); do
  case "$1" in
    --seconds) SECONDS_PER="$2"; shift 2 ;;
    --seconds=*) SECONDS_PER="${1#*=}"; shift ;;
    --targets) TARGETS="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "fuzz.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$SECONDS_PER" =~ ^[0-9]+$ ]] && ((SECONDS_PER > 0)) || { echo "fuzz.sh: --seconds needs a positive whole number" >&2; exit 2; }

# The rest of the build's packages come from setup.sh's list; clang brings libFuzzer
# (libclang-rt-14-dev on Debian 12).
need=()
command -v clang++ >/dev/null 2>&1 || need+=(clang)
dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "install ok installed" || need+=(libclang-rt-14-dev)
if ((${#need[@]})); then
  echo "fuzz.sh: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}" >&2
fi
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DNPUSCOPE_FUZZ=ON >&2
fi
build_targets=()
for t in $TARGETS; do build_targets+=("fuzz_$t"); done
cmake --build "$BUILD" --parallel "$(nproc)" --target "${build_targets[@]}" >&2

WORK="$(mktemp -d "${TMPDIR:-/tmp}/npuscope-fuzz-run.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
REF="$ROOT/tests/data/reference"
status=0
# The seeds (and dictionary) a target starts from: the parser targets read what the
# whole-import targets read.
seeds_of() {
  case "$1" in
    json_tokenizer|trace_events) echo import_json ;;
    csv_reader) echo import_csv ;;
    *) echo "$1" ;;
  esac
}
for t in $TARGETS; do
  seeds="$(seeds_of "$t")"
  corpus="$WORK/$t/corpus"
  crashes="$BUILD/fuzz/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  cp "$ROOT/tests/fuzz/corpus/$seeds/." "$corpus/" -r 2>/dev/null || true
  find "$ROOT/tests/fuzz/regressions/$t" -type f -exec cp {} "$corpus/" \; 2>/dev/null || true
  # Real msprof output (the vendored captures): only small files, so the
  # inputs stay short (libFuzzer's max_len follows the largest seed).
  if [ -d "$REF" ]; then
    case "$seeds" in
      # sort, not head alone: head closing the pipe early kills find with SIGPIPE, which
      # pipefail turns into this script's exit status; sort reads everything first.
      import_json) find "$REF" -type f -name '*.json' -size -48k | sort | sed -n '1,20p' | while read -r f; do cp "$f" "$corpus/ref_$(echo "$f" | md5sum | cut -c1-12).json"; done ;;
      import_csv)  find "$REF" -type f -name '*.csv' -size -48k | sort | sed -n '1,20p' | while read -r f; do cp "$f" "$corpus/ref_$(echo "$f" | md5sum | cut -c1-12).csv"; done ;;
      import_torchnpu) find "$REF" -path '*_ascend_pt/*' -type f \( -name '*.csv' -o -name '*.json' \) -size -48k | sort | sed -n '1,20p' | while read -r f; do cp "$f" "$corpus/ref_$(echo "$f" | md5sum | cut -c1-12)"; done ;;
    esac
  fi
  dict=()
  [ -f "$ROOT/tests/fuzz/dict/$seeds.dict" ] && dict=(-dict="$ROOT/tests/fuzz/dict/$seeds.dict")
  before=$(find "$crashes" -type f | wc -l)
  set +e
  (cd "$WORK/$t" && "$BUILD/fuzz/fuzz_$t" -max_total_time="$SECONDS_PER" -rss_limit_mb=2048 -timeout=30 \
      -print_final_stats=1 -artifact_prefix="$crashes/" "${dict[@]}" "$corpus" >"$WORK/$t/log" 2>&1)
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$WORK/$t/log" | grep -o '[0-9]*$' | tail -n 1)
  after=$(find "$crashes" -type f | wc -l)
  found=$((after - before))
  ((rc != 0 && found == 0)) && found=1 # died without writing an input (e.g. out of memory in the harness)
  echo "FUZZ $t seconds=$SECONDS_PER execs=${execs:-0} crashes=$found corpus=$(find "$corpus" -type f | wc -l)"
  if ((found > 0)); then
    status=1
    grep -E '^(==[0-9]+==ERROR|SUMMARY|FUZZ INVARIANT|.*runtime error)' "$WORK/$t/log" | head -n 5 >&2 || true
    grep -o "Test unit written to .*" "$WORK/$t/log" >&2 || tail -n 20 "$WORK/$t/log" >&2
  fi
done
exit $status
