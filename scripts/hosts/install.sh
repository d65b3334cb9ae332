#!/usr/bin/env bash
# Installs the hosts the host matrix drives (pinned in scripts/hosts/versions) into a cache outside the
# project, one folder per pinned version, so the project tree and its lockfile never change:
# ${XDG_CACHE_HOME:-$HOME/.cache}/mcp-template-hosts/<name>-<version>/node_modules/.bin/<bin>.
# Usage: scripts/hosts/install.sh [name ...] (no name: all). Prints the cache folder last.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/mcp-template-hosts"
wanted=("$@")
while read -r name spec bin; do
  case "$name" in '' | '#'*) continue ;; esac
  if [ ${#wanted[@]} -gt 0 ] && [[ " ${wanted[*]} " != *" $name "* ]]; then continue; fi
  version="${spec##*@}"
  dir="$cache/$name-$version"
  if [ ! -x "$dir/node_modules/.bin/$bin" ]; then
    echo "hosts: installing $spec into $dir" >&2
    # Node 20 installs them all: Claude Code (engines: node >= 22), Codex, opencode and Copilot CLI run a
    # native binary that comes as an optional dependency of the package; Gemini CLI and mcp-remote need
    # Node >= 20; Qwen Code (engines: node >= 22) runs on 20 as the matrix drives it.
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$spec" >&2
  fi
  [ -x "$dir/node_modules/.bin/$bin" ] || { echo "hosts: no $bin in $dir after installing $spec" >&2; exit 1; }
done <"$here/versions"
echo "$cache"
