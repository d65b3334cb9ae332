#!/usr/bin/env bash
# CI: proves a fork can delete the examples and keep a green suite (issue 10). Copies the project,
# deletes example-api/ and every example tool (tools/index.ts keeps an empty list), then runs the suite.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
copy="$(mktemp -d "${TMPDIR:-/tmp}/fork-safe-XXXXXX")"
trap 'rm -rf "$copy"' EXIT

tar -c --exclude=./node_modules --exclude=./.git --exclude=./dist --exclude=./coverage . | tar -x -C "$copy"
ln -s "$root/node_modules" "$copy/node_modules"
cd "$copy"
rm -rf example-api
find tools -name '*.ts' ! -name index.ts -delete
cat > tools/index.ts <<'TS'
// The tools this server offers, listed explicitly (no directory scanning): add a line per new tool.
import type { Tool } from '../src/tools';

export const tools: readonly Tool[] = [];
TS
echo "fork-safe: examples deleted; running the suite in a copy"
npm test -- --ci "$@"
