#!/usr/bin/env bash
# CI: runs a command with busy loops beside it, so a test that assumes an idle machine (a sleep, a short
# deadline, an elapsed-time bound) fails in the template's CI before a fork's loaded CI finds it.
#   scripts/cpu-hog.sh [--loops N] [--max-seconds S] -- command [arguments]
# N busy loops (default: one per core) at nice 0, in a process group of their own, each ending by itself
# after S seconds (default 1800) even if this script is killed; stopped as soon as the command ends. The
# command's exit code is this script's.
set -euo pipefail
loops="$(nproc 2>/dev/null || echo 2)"
max_seconds=1800
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --loops) loops="$2"; shift 2 ;;
    --max-seconds) max_seconds="$2"; shift 2 ;;
    *) echo "usage: scripts/cpu-hog.sh [--loops N] [--max-seconds S] -- command [arguments]" >&2; exit 2 ;;
  esac
done
[ "${1:-}" = "--" ] && shift
[ "$#" -gt 0 ] || { echo "cpu-hog: no command to run beside the hog" >&2; exit 2; }

# setsid: the loops' own process group, ended below by its id (never by a name). `timeout` bounds each loop
# (--foreground: it stays in that group rather than making one of its own).
setsid bash -c '
  for _ in $(seq 1 "$1"); do nice -n 0 timeout --foreground --signal=KILL "$2" bash -c "while :; do :; done" & done
  wait
' cpu-hog "$loops" "$max_seconds" &
hog=$!
stop_hog() { kill -- -"$hog" 2>/dev/null || true; wait "$hog" 2>/dev/null || true; }
trap stop_hog EXIT
echo "cpu-hog: $loops busy loops (process group $hog, at most $max_seconds s) beside: $*"
status=0
"$@" || status=$?
stop_hog
trap - EXIT
echo "cpu-hog: stopped; the command exited $status"
exit "$status"
