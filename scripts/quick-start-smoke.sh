#!/usr/bin/env bash
# The README's quick start, as CI runs it: the built server on its embedded defaults (no CUSTOMER_API_URL,
# so the bundled example API starts) answers /health and a tool call. Needs dist/ (npm run build).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${QUICK_START_PORT:-3997}"
log="$(mktemp)"
env -u CUSTOMER_API_URL NODE_ENV=development PORT="$PORT" node dist/src/index.js >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || { cat "$log"; echo "quick start: the server exited"; exit 1; }
  sleep 0.2
done
answer=$(curl -sf "http://127.0.0.1:$PORT/mcp" -H 'content-type: application/json' -H 'accept: application/json' \
  -H 'authorization: Bearer demo-manager-token' \
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":{}}}') || { cat "$log"; echo "quick start: no answer"; exit 1; }
case "$answer" in
  *"Demo Manager"*) echo "quick start: the built server runs on its embedded defaults and answers a tool call" ;;
  *) cat "$log"; echo "quick start: unexpected answer: $answer"; exit 1 ;;
esac
