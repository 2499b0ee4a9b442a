#!/usr/bin/env bash
# Runs the reliability evidence and writes docs/reliability.md: a table of what
# was tried (SIGKILLed recordings, damaged and foreign files, full disks, concurrent
# readers, hostile input, fuzzing, sanitizers) and what held.
#
#   scripts/reliability.sh [--kills N] [--fuzz-seconds N] [--with-sanitizers] [--with-gui-bench] [--output FILE]
#
#   --kills N          SIGKILLs of `npuscope run` (default 24, at least 20)
#   --fuzz-seconds N   seconds per libFuzzer target via scripts/fuzz.sh (default 30; 0 skips)
#   --with-sanitizers  also run scripts/sanitize.sh (the whole suite under ASan + UBSan)
#   --with-gui-bench   also measure the GUI thread's largest stall (npuscope-bench gui: a run,
#                      an import, a cancel, and the upgrade and Save As of a project of 1 GB or more)
#   --output FILE      where the Markdown goes (default docs/reliability.md)
#
# Builds like scripts/test.sh (setup.sh, build/). Exits 1 if any case failed; the
# document is written either way, failures marked.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KILLS=24
FUZZ_SECONDS=30
SANITIZE=0
GUI_BENCH=0
OUT="$ROOT/docs/reliability.md"
while (($#)); do
  case "$1" in
    --kills) KILLS="$2"; shift 2 ;;
    --fuzz-seconds) FUZZ_SECONDS="$2"; shift 2 ;;
    --with-sanitizers) SANITIZE=1; shift ;;
    --with-gui-bench) GUI_BENCH=1; shift ;;
    --output) OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "reliability.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$KILLS" =~ ^[0-9]+$ ]] && ((KILLS >= 20)) || { echo "reliability.sh: --kills needs a number of at least 20" >&2; exit 2; }
[[ "$FUZZ_SECONDS" =~ ^[0-9]+$ ]] || { echo "reliability.sh: --fuzz-seconds needs a whole number" >&2; exit 2; }

source "$ROOT/scripts/setup.sh"   # installs what is missing, builds build/ (BUILD_DIR)
set +e                            # setup.sh sets -e; failures here become table rows
T="$BUILD_DIR/tests"
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
export QTEST_FUNCTION_TIMEOUT=1800000
LOG="$BUILD_DIR/reliability"
rm -rf "$LOG" && mkdir -p "$LOG"

ROWS=()
FAILED=0
# row AREA CASE TRIED RESULT
row() { ROWS+=("| $1 | $2 | $3 | $4 |"); }

# check AREA CASE TRIED BINARY FUNCTION... : runs the QtTest functions, one row.
check() {
  local area="$1" case="$2" tried="$3" bin="$4"; shift 4
  local log="$LOG/$(basename "$bin")-${1:-all}.log"
  if "$T/$bin" "$@" >"$log" 2>&1; then
    local n; n=$(grep '^PASS' "$log" | grep -vc 'initTestCase\|cleanupTestCase')
    row "$area" "$case" "$tried" "held ($n test functions passed)"
  else
    FAILED=1
    row "$area" "$case" "$tried" "**FAILED** (see ${log#$ROOT/})"
  fi
}

echo "reliability.sh: crash test with $KILLS kills" >&2
crash_log="$LOG/crash.log"
if NPUSCOPE_CRASH_KILLS="$KILLS" "$T/cli/cli_cli_crash" killedRunsNeverHurtTheProject >"$crash_log" 2>&1; then
  c=$(grep '^CRASH ' "$crash_log" | tail -1)
  get() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$c"; }
  row "Crashes" "SIGKILL of \`npuscope run\` (ResNet-50, 2 devices, 12 iterations) into one project, seed $(get seed)" \
      "$(get kills) kills: $(get killed_before_session) during start-up, $(get killed_mid_run) mid-run, $(get killed_while_exiting) while exiting" \
      "held: integrity_check ok $(get integrity_ok)/$(get attempts), earlier sessions unchanged $(get earlier_sessions_intact)/$(get attempts), every committed batch read back $(get all_batches_readable)/$(get attempts), killed sessions read as running"
else
  FAILED=1
  row "Crashes" "SIGKILL of \`npuscope run\`" "$KILLS kills" "**FAILED** (see ${crash_log#$ROOT/})"
fi
readers_log="$LOG/readers.log"
if "$T/cli/cli_cli_crash" readersKeepWorkingWhileARunWrites >"$readers_log" 2>&1; then
  r=$(grep '^READERS ' "$readers_log" | tail -1)
  get() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$r"; }
  row "Concurrency" "Readers while \`npuscope run\` records (WAL)" "$(get while_running) full reads (open, quick_check, every task) during the run" \
      "held: $(get errors) errors, no SQLITE_BUSY, counts only grew"
else
  FAILED=1
  row "Concurrency" "Readers while a run records" "repeated reads" "**FAILED** (see ${readers_log#$ROOT/})"
fi
check "Concurrency" "Second writer" "a second ProjectWriter / a killed writer's lock" core/core_store_reliability \
  secondWriterIsRefusedUntilTheFirstCloses killedWriterProcessKeepsCommittedBatchesAndReleasesTheLock

check "Corrupt files" "Truncated file" "cut inside the header, at a page boundary, inside a page" core/core_store_defensive \
  headerCutOffIsCorrupt truncatedFileIsCorrupt
check "Corrupt files" "Flipped bytes" "header page size, application_id, user_version, magic; b-tree page headers; garbage over 8 pages" \
  core/core_store_defensive flippedHeaderBytes flippedPageBytesAreCorrupt
check "Corrupt files" "Garbage over pages (quick_check)" "8 pages overwritten mid-file" core/core_store_identity garbageOverPagesIsCorrupt
check "Corrupt files" "Damage after a view's schema-only reopen" "2 task pages overwritten; Check::Schema opens, the read that meets them fails with \"damaged\"" \
  core/core_store_defensive schemaCheckLeavesDamageToTheReads
check "Corrupt files" "Cancelled integrity check" "cancel flag set during quick_check: Cancelled, file unchanged; Schema has no scan to cancel" \
  core/core_store_defensive cancelledCheckOpensNothing
check "Corrupt files" "Cancelled integrity check (GUI)" "File → Open, Cancel pressed as the dialog shows: previous project stays open, no error box" \
  ui/ui_main_window cancelsTheIntegrityCheck
check "Corrupt files" "Clean-close marker" "writer begun and never ended, SIGKILLed writer process, session added behind the marker: full check at open; damage behind a clean close found by verify and by the reads" \
  core/core_store_clean_close
check "Corrupt files" "\`npuscope check\`" "clean 0, 2 task pages overwritten 4 (and the export meeting them 4), SIGKILLed writer checked then marked clean" \
  cli/cli_cli_check
check "Corrupt files" "File → Verify Project, background check" "Verify off the GUI thread with its verdict box; damage behind a clean close reported by the background check" \
  ui/ui_gui_verify
check "Foreign files" "Not SQLite / foreign SQLite" "text file, empty file, folder, another program's database" core/core_store_identity \
  textFileIsNotAProject foreignSqliteDatabaseIsNotAProject
check "Foreign files" "Tampered schema" "extra trigger (with and without a table), view, altered table, dropped index" \
  core/core_store_defensive triggerIsRefusedAndNeverRuns viewAndAlteredTableAreRefused missingIndexIsDamage
check "Versions" "Newer schema" "user_version 99 through SQLite, 77 in the header bytes" core/core_store_identity newerSchemaIsTooNew
check "Versions" "Older schema (real v1 file)" "refused until upgraded; upgrade, backup, idempotence, backup clash, failed migration, busy" \
  core/core_store_upgrade
check "Versions" "GUI upgrade confirmation" "answer No, answer Yes" ui/ui_gui_upgrade
check "CLI" "Exit codes and messages" "not SQLite 3, not ours 3, corrupt 4, newer 5, older 7, --upgrade" cli/cli_cli_reliability \
  badProjectsGetDistinctMessagesAndCodes
check "Disk full" "While recording" "page limit during batches (store and \`npuscope run\`, exit 6)" core/core_store_reliability \
  diskFullFailsTheBatchAndKeepsEarlierOnes
check "Disk full" "While recording (CLI)" "\`npuscope run\` hitting the page limit" cli/cli_cli diskFullDuringRecording
check "Disk full" "While exporting" "ENOSPC after 0 B, 1 B, 100 B and 13 points up to the last byte" core/core_export_reliability \
  diskFullAtAnyPointLeavesNothing
check "Disk full" "While exporting (CLI)" "\`export\` and \`run --export\` with a byte limit: exit 6, no PROF_*, project intact" \
  cli/cli_cli_reliability exportRunningOutOfSpace
check "Bad input" "CSV formula injection, path traversal" "crafted PROF dir: op named =cmd\|' /C calc'!A0, host and session names with ../" \
  cli/cli_cli_reliability importedNamesStayData
check "Bad input" "Formula guard, export folder rules" "leading = + - @ tab CR; ; \| > ' tab in the export folder" \
  core/core_export_reliability formulaGuardCoversTabAndCarriageReturn exportFolderFollowsTheResultPathRules

check "Bad input" "Imported times near the int64 limits" "the reference capture with ts 9.2e18, 9.2e15 µs, -5, huge strings and dur 9.2e18 in its first events: each reported and skipped, the project reads, analyzes and exports" \
  cli/cli_cli_import importedTimesNearTheInt64Limits
check "Bad input" "Extreme stored times" "the timeline summary fed tasks at ±INT64_MAX with INT64_MAX durations (UBSan in the sanitizer run)" \
  core/core_store_lod summaryOfExtremeTimes
check "Bad input" "JSON tokenizer strictness" "leading zeros, '1.', lone UTF-16 surrogates, 513 nested arrays, ts/dur out of range" \
  core/core_import_json numbersFollowTheGrammar loneSurrogatesAreRefused depthIsBounded eventTimesOutOfRange
check "Bad input" "CSV line ends" "LF, CRLF and a final CR after quoted and plain cells, a BOM, breaks inside quotes, a file across the buffer" \
  core/core_import_json csvLineEndsAndBom csvBreaksInsideQuotes csvFileAcrossBufferBoundary
check "Bad input" "Regular expression over a 100 000-character cell" "/^[ab]*c\$/ and /(?:ab)+C/ as table filters" \
  core/core_pipeline_summary_tables regexOverAHugeCell
check "CLI" "CSV formula guard" "\`sql --format csv\` with =HYPERLINK(…), @SUM, '-2'; \`diff --format csv\` of an op type =cmd\|…" \
  cli/cli_cli_analysis csvOutputIsGuarded
check "CLI" "Damage the integrity check cannot see" "index entries pointing at missing rows: \`sql\` exits 4, not 2; 200 000 rows streamed as JSON and CSV" \
  cli/cli_cli_analysis sqlMeetingDamageExitsCorrupt sqlStreamsLargeResults
check "Corrupt files" "Damaged pages in the timeline's reads" "task, mark and summary pages overwritten: look-up, scan, marks and summary report \"malformed\"" \
  core/core_store_lod damagedPagesAreReadErrors
check "Foreign files" "Security settings" "each connection setting switched back off is named by the check that refuses the connection" \
  core/core_store_defensive securitySettingsAreVerified
check "Files written" "Exclusive temporaries" "a link planted at the old <file>.tmp-<pid> name, two writers of one file" \
  core/core_export_out_file temporariesAreUniqueAndExclusive
check "GUI thread" "Open and Save As in the background" "the integrity check held on its worker while events keep flowing; Save As cancelled from its dialog: no copy, the open project stays" \
  ui/ui_main_window openAndSaveAsRunInTheBackground
check "GUI thread" "Marks and lane layout written in the background" "a project held by another writer: the edit waits on a worker while events flow, lands when the project is free, is refused with a sentence after the busy timeout; edits still queued as the view closes are written" \
  ui/ui_timeline_parts marksAreKeptInTheProject
check "GUI thread" "Upgrade in the background" "Yes to the upgrade, then Cancel in its progress dialog: the file byte for byte unchanged, nothing opened" \
  ui/ui_gui_upgrade cancelledUpgradeChangesNothing
check "Bad input" "Links out of an imported folder" "device folder, data file and metadata file linking outside the PROF folder; a link inside it" \
  core/core_import_bad_input linksOutsideTheFolderAreNotRead
check "Bad input" "Truncated and malformed PROF files" "JSON cut mid-file, wrong types, unknown lanes and fields, garbage, missing files" \
  core/core_import_bad_input truncatedMsprofKeepsWhatIsSound wrongTypesUnknownLaneAndFieldMissingFile

if ((FUZZ_SECONDS == 0)); then
  row "Fuzzing" "libFuzzer targets" "skipped (--fuzz-seconds 0)" "not run"
elif [ -x "$ROOT/scripts/fuzz.sh" ]; then
  echo "reliability.sh: fuzzing, $FUZZ_SECONDS s per target" >&2
  fuzz_log="$LOG/fuzz.log"
  "$ROOT/scripts/fuzz.sh" --seconds "$FUZZ_SECONDS" >"$fuzz_log" 2>"$LOG/fuzz.err"
  fuzz_rc=$?
  if grep -q '^FUZZ ' "$fuzz_log"; then
    while read -r _ target rest; do
      crashes=$(sed -n 's/.*crashes=\([0-9]*\).*/\1/p' <<<"$rest")
      secs=$(sed -n 's/.*seconds=\([0-9]*\).*/\1/p' <<<"$rest")
      execs=$(sed -n 's/.*execs=\([0-9]*\).*/\1/p' <<<"$rest")
      if [ "${crashes:-1}" = 0 ]; then verdict="held: 0 crashes"; else verdict="**FAILED**: $crashes crashes"; FAILED=1; fi
      row "Fuzzing" "libFuzzer \`$target\`" "$secs s, $execs executions" "$verdict"
    done < <(grep '^FUZZ ' "$fuzz_log")
  else
    FAILED=1
    row "Fuzzing" "scripts/fuzz.sh" "exit $fuzz_rc, no FUZZ lines" "**FAILED** (see ${LOG#$ROOT/}/fuzz.err)"
  fi
else
  row "Fuzzing" "libFuzzer targets" "scripts/fuzz.sh is not in this checkout" "not run"
fi

if ((SANITIZE)); then
  if [ -x "$ROOT/scripts/sanitize.sh" ]; then
    echo "reliability.sh: the suite under ASan + UBSan" >&2
    san_log="$LOG/sanitize.log"
    if "$ROOT/scripts/sanitize.sh" >"$san_log" 2>&1; then
      row "Sanitizers" "Whole ctest suite under ASan + UBSan" "$(grep '^SANITIZE' "$san_log" | tail -1)" "held"
    else
      FAILED=1
      row "Sanitizers" "Whole ctest suite under ASan + UBSan" "$(grep -A3 '^SANITIZE' "$san_log" | tr '\n' ' ' | sed 's/|/\\|/g')" "**FAILED** (see ${san_log#$ROOT/})"
    fi
  else
    row "Sanitizers" "Whole suite under ASan + UBSan" "scripts/sanitize.sh is not in this checkout" "not run"
  fi
else
  row "Sanitizers" "Whole suite under ASan + UBSan" "not asked for (--with-sanitizers)" "not run"
fi

if ((GUI_BENCH)); then
  echo "reliability.sh: npuscope-bench gui (creates and upgrades a project of 1 GB or more)" >&2
  bench_log="$LOG/bench-gui.log"
  "$BUILD_DIR/bin/npuscope-bench" gui --reps 1 >"$bench_log" 2>&1
  # gui_stall / gui_big_files: "BENCH name value ms ratio=r (note)"; the goal is 100 ms.
  for fig in gui_stall gui_big_files; do
    l=$(grep "^BENCH $fig " "$bench_log" | tail -1)
    case "$fig" in
      gui_stall) what="largest gap of a 5 ms GUI timer during a run, its Cancel, an import, selecting a session, an upgrade and a Save As" ;;
      *) what="largest gap of a 5 ms GUI timer while a project of 1 GB or more is upgraded and then saved as a copy" ;;
    esac
    if [ -z "$l" ]; then
      FAILED=1
      row "GUI thread" "Stalls ($fig)" "$what" "**FAILED** (no figure; see ${bench_log#$ROOT/})"
      continue
    fi
    ms=$(echo "$l" | awk '{print $3}')
    note=$(echo "$l" | sed -n 's/.*ratio=[^ ]* (\(.*\))$/\1/p' | sed 's/|/\\|/g')
    if ((ms <= 100)); then
      row "GUI thread" "Stalls ($fig)" "$what" "held: ${ms} ms ≤ 100 ms ($note)"
    else
      FAILED=1
      row "GUI thread" "Stalls ($fig)" "$what" "**FAILED**: ${ms} ms > 100 ms ($note)"
    fi
  done
else
  row "GUI thread" "Stalls during long work" "not asked for (--with-gui-bench)" "not run"
fi

mkdir -p "$(dirname "$OUT")"
{
  echo "# Reliability"
  echo
  echo "Generated by \`scripts/reliability.sh --kills $KILLS --fuzz-seconds $FUZZ_SECONDS$( ((SANITIZE)) && echo ' --with-sanitizers')$( ((GUI_BENCH)) && echo ' --with-gui-bench')\`"
  echo "on $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown),"
  echo "$(uname -sr), $(nproc) cores. Rerun the script to refresh this file; every row names the test that backs it"
  echo "(logs in \`${LOG#$ROOT/}/\`)."
  echo
  echo "| Area | Case | What was tried | What held |"
  echo "|---|---|---|---|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "How the faults are made: SIGKILL of the real binary (\`tests/cli/test_cli_crash.cpp\`); damaged"
  echo "and foreign files by editing bytes or with plain SQLite (\`tests/core/test_store_defensive.cpp\`,"
  echo "\`test_store_identity.cpp\`); the older project is a real schema-1 file (\`tests/data/store/\`); full"
  echo "disks through test seams, since a small filesystem needs root: \`NPUSCOPE_TEST_MAX_PAGES\` (SQLite"
  echo "page limit) for recording and upgrading, \`NPUSCOPE_TEST_MAX_EXPORT_BYTES\` (writes fail with ENOSPC)"
  echo "for exports."
} >"$OUT"
echo "reliability.sh: wrote $OUT" >&2
exit "$FAILED"
