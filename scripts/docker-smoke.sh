#!/usr/bin/env bash
# CI: runs the Dockerfile's build and start steps as plain commands on a copy of the project, with the
# Node major the image uses (ARG NODE_VERSION), since no container engine runs here.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$(sed -n 's/^ARG NODE_VERSION=\([0-9]*\).*/\1/p' Dockerfile)"
exec scripts/with-node.sh "${major:-22}" node --import tsx cli/docker-smoke/main.ts
