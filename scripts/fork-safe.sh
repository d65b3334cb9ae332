#!/usr/bin/env bash
# CI: proves a fork can delete the examples and keep a green suite (issue 10). Copies the project,
# deletes the examples the way a fork does, with `npm run remove-examples` (issue 18), then runs the suite.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
copy="$(mktemp -d "${TMPDIR:-/tmp}/fork-safe-XXXXXX")"
trap 'rm -rf "$copy"' EXIT

# .git comes along, as in a fork: test/sessions/redis/mixed-versions checks out the previous release from it.
tar -c --exclude=./node_modules --exclude=./dist --exclude=./coverage . | tar -x -C "$copy"
ln -s "$root/node_modules" "$copy/node_modules"
cd "$copy"
npm run --silent remove-examples
echo "fork-safe: examples deleted; running the suite in a copy"
npm test -- --ci "$@"
