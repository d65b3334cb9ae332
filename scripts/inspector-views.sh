#!/usr/bin/env bash
# The MCP Inspector 2.x CLI (needs Node >= 22.19: scripts/with-node.sh) lists and reads the example view on
# POST /mcp in both eras, against the built server (npm run build first). A CI step, not part of npm test:
# it downloads the Inspector. Usage: scripts/inspector-views.sh [port]
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-3997}"
url="http://127.0.0.1:$port/mcp"
# A fork that removed the examples has no example view to check: say so and pass.
[ -f tools/search_orders.view.ts ] || { echo "inspector-views: skipped, the example view (tools/search_orders.view.ts) is not part of this project"; exit 0; }
[ -f dist/views/search_orders.html ] || { echo "inspector-views: dist/views/search_orders.html is missing: run npm run build" >&2; exit 1; }
PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn node dist/src/index.js &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.2; done

inspector() { scripts/with-node.sh 22 npx -y @modelcontextprotocol/inspector@2 --cli --transport http --server-url "$url" --header "Authorization: Bearer demo-manager-token" "$@"; }
for era in legacy modern; do
  # --advertise-apps declares io.modelcontextprotocol/ui (initialize, or each 2026-07-28 request's _meta).
  # Both eras list views to a client that declared the extension: 2026-07-28 in each request's _meta, a
  # 2025-era client by the Mcp-Session-Id its initialize was answered (docs/views.md).
  listed="$(inspector --protocol-era "$era" --advertise-apps --method resources/list)"
  grep -q '"uri": *"ui://orders/search_orders"' <<<"$listed" || { echo "inspector-views ($era): resources/list lacks ui://orders/search_orders:"; echo "$listed"; exit 1; }
  read="$(inspector --protocol-era "$era" --advertise-apps --method resources/read --uri ui://orders/search_orders)"
  grep -q '"mimeType": *"text/html;profile=mcp-app"' <<<"$read" || { echo "inspector-views ($era): resources/read is not an MCP Apps view:"; head -c 2000 <<<"$read"; exit 1; }
  # The view itself (its inline script), not the short page a 2025-era read without the Mcp-Session-Id of
  # initialize gets (docs/views.md): the Inspector sends the id back, as a host that shows views must.
  grep -q '<script' <<<"$read" || { echo "inspector-views ($era): resources/read answered the short page, not the view:"; head -c 2000 <<<"$read"; exit 1; }
  tools="$(inspector --protocol-era "$era" --advertise-apps --method tools/list)"
  grep -q '"resourceUri": *"ui://orders/search_orders"' <<<"$tools" || { echo "inspector-views ($era): tools/list names no view for search_orders:"; echo "$tools"; exit 1; }
  echo "inspector-views ($era): resources/list, resources/read and tools/list offer the search_orders view as they should"
done
