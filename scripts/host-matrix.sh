#!/usr/bin/env bash
# The host matrix: Claude Code, Codex, Gemini CLI, opencode, GitHub Copilot CLI, Qwen Code and mcp-remote
# (pinned in scripts/hosts/versions, installed into a cache outside the project) driven by a scripted model on
# loopback, every turn of test/hosts/matrix.ts, one jest worker per host, and the OAuth sign-in of mcp-remote,
# Claude Code, Gemini CLI, Codex, opencode, Qwen Code and Copilot CLI through the bundled authorization server
# (test/hosts/*-oauth.host.ts; the interactive CLIs in tmux). Not part of `npm test`.
# Usage: scripts/host-matrix.sh [jest arguments, e.g. test/hosts/claude.host.ts]
set -euo pipefail
cd "$(dirname "$0")/.."
# The matrix drives the example tools against the example API: `npm run remove-examples` removes it too.
[ -d test/hosts ] || { echo "host-matrix: no test/hosts here (removed with the examples): nothing to run"; exit 0; }
# The sign-ins drive interactive CLIs in tmux, and Gemini CLI opens its sign-in URL with xdg-open: without
# them those files would fail on a timeout, so say what is missing first (.ci/run installs both).
for tool in tmux xdg-open; do
  command -v "$tool" >/dev/null 2>&1 || { echo "host-matrix: needs $tool (apt-get install -y tmux xdg-utils)"; exit 1; }
done
scripts/hosts/install.sh >/dev/null
# The example view, as `npm run build` writes it (dist/views), for the resource turn.
nice -n 10 npx tsx cli/build-views/main.ts >/dev/null
# Two workers on two cores: the hosts mostly wait on each other's turns, and their start-up is CPU-bound.
exec nice -n 10 env NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --disable-warning=ExperimentalWarning" \
  npx jest --config test/hosts/jest.config.js --maxWorkers="${HOST_MATRIX_WORKERS:-2}" "$@"
