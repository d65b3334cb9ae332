#!/usr/bin/env bash
# The suite in a fork's copy (scripts/fork-sim.sh, scripts/upgrade-walk.sh), run in the copy's root: the
# pretest type-check of the whole copy, then the tests the fork's changes can reach (test/support/fork-tests.ts,
# given the arguments before --), or every test when a change reaches beyond a fork's areas or
# FORK_SIM_SUITE=all. Arguments after -- go to jest.
#   scripts/fork-suite.sh --base <commit> -- --silent
#   scripts/fork-suite.sh --changed <file>… -- --silent
set -euo pipefail
selector=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  selector+=("$1")
  shift
done
[ "${1:-}" = "--" ] && shift
tests=ALL
[ "${FORK_SIM_SUITE:-}" = all ] || tests="$(node node_modules/tsx/dist/cli.mjs test/support/fork-tests.ts "${selector[@]}")"
if [ "$tests" = ALL ]; then
  echo "fork-suite: running the whole suite"
  npm test -- --ci "$@"
else
  echo "fork-suite: running the type-check and the $(echo "$tests" | wc -l) test files the changes can reach"
  npm test -- --ci "$@" --runTestsByPath $tests
fi
