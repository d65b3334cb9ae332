#!/usr/bin/env bash
# CI: a fork made at the previous release takes this one the way docs/forking.md says, and stays
# green. In a temporary clone of this repository: check out the base, run `npm run remove-examples`, add a
# scaffolded tool (`npm run new-tool`) and a tool written by hand, rename the package, commit; then fetch
# and merge the target. Conflicts are allowed only in the shared files CHANGELOG.md names (and in examples
# the fork deleted), and are resolved exactly as it says; then `npm ci && npm test`, and the fork's two
# tools answer through POST /mcp from a server whose CUSTOMER_API_URL is a small loopback stand-in API.
#
#   scripts/upgrade-walk.sh [--previous] [--which] [base] [target] [-- arguments for npm test]
#
# target: this checkout's HEAD by default. base: found from CHANGELOG.md and package.json's history
# (`npm run upgrade-check -- --releases`, no tags): the newest release other than the target itself, and
# with --previous the one before it (CI walks from both, when there are two). A target that is
# the newest release plus CHANGELOG.md alone (the commit after a release, writing its `Commit:` line) counts
# as that release: the walks go from the releases before it (a walk from a tree to itself proves nothing).
# --which prints the base chosen and stops.
# The suite after the merge: the type-check of the whole fork and the tests its changes can reach
# (test/support/fork-tests.ts: the merged tree against the target, which CI's main run tested whole).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

positional=()
previous=""
which_only=""
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --previous) previous=1 ;;
    --which) which_only=1 ;;
    *) positional+=("$1") ;;
  esac
  shift
done
[ "${1:-}" = "--" ] && shift
base_arg="${positional[0]:-}"
target_arg="${positional[1]:-HEAD}"

commit() { git rev-parse --verify --quiet "$1^{commit}" || { echo "upgrade-walk: no commit $1 here (a shallow clone? fetch the full history)" >&2; exit 1; }; }
target="$(commit "$target_arg")"
if [ -n "$base_arg" ]; then
  base="$(commit "$base_arg")"
else
  # The releases the target contains, newest first, as "version commit" lines; the target's own left out.
  releases="$(node_modules/.bin/tsx cli/upgrade-check/main.ts --releases "$target" | awk -v t="$target" '$2 != t')"
  # Lines are "version commit [date]".
  newest="$(printf '%s\n' "$releases" | sed -n 1p | awk '{ print $2 }')"
  if [ -n "$newest" ] && git diff --quiet "$newest" "$target" -- . ':(exclude)CHANGELOG.md'; then
    echo "upgrade-walk: the target is release $(printf '%s\n' "$releases" | sed -n 1p | awk '{ print $1 }') with only CHANGELOG.md changed: walking from the releases before it"
    releases="$(printf '%s\n' "$releases" | sed 1d)"
  fi
  nth=1
  [ -n "$previous" ] && nth=2
  base="$(printf '%s\n' "$releases" | sed -n "${nth}p" | awk '{ print $2 }')"
  if [ -z "$base" ]; then
    echo "upgrade-walk: no ${previous:+second }release before the target to walk from: nothing to do"
    exit 0
  fi
fi
echo "upgrade-walk: base $(git log -1 --format='%h %s' "$base" | cut -c1-100)"
echo "upgrade-walk: target $(git log -1 --format='%h %s' "$target" | cut -c1-100)"
[ -n "$which_only" ] && exit 0

work="$(mktemp -d "${TMPDIR:-/tmp}/upgrade-walk-XXXXXX")"
api_pid=""
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  [ -n "$api_pid" ] && { kill "$api_pid" 2>/dev/null || true; wait "$api_pid" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS
phase() { echo "upgrade-walk: [$((SECONDS - started)) s] $*"; }

# --- The fork, at its base -----------------------------------------------------------------------
git clone -q --no-checkout "$root" "$work/fork"
cd "$work/fork"
git config user.name "Fork"
git config user.email "fork@example.com"
git config commit.gpgsign false
git remote rename origin template
git checkout -q -b fork "$base"
npm ci --no-audit --no-fund --loglevel=error
phase "fork checked out at its base and installed"

npm run --silent remove-examples
npm run --silent new-tool -- get_invoice --method GET --path /invoices/:id
cat > tools/service_status.ts <<'TOOL'
// service_status: whether the company's system says it is up (GET /status). Written by hand.
import { defineTool } from '../src/tools';

export default defineTool({
  name: 'service_status',
  description: 'Tells whether the company system is up, from its own status page. Use it when the user asks whether the system works.',
  input: {},
  async handler(_input, ctx) {
    const answer = await ctx.api.get<{ status: string }>('/status');
    return `The system says: ${answer.status}.`;
  },
});
TOOL
sed -i "/^import getInvoice from/a import serviceStatus from './service_status';" tools/index.ts
sed -i 's/\[getInvoice\]/[getInvoice, serviceStatus]/' tools/index.ts
grep -q 'readonly Tool\[\] = \[getInvoice, serviceStatus\]' tools/index.ts || { cat tools/index.ts; echo "upgrade-walk: could not list the hand-written tool"; exit 1; }
npm pkg set name=acme-tools description="Acme's tools for the assistant hub."
npm install --package-lock-only --no-audit --no-fund --loglevel=error
sed -i '1s/.*/# Acme tools for the assistant hub/' README.md
# The fork's configuration: .env is never committed (.gitignore).
printf 'CUSTOMER_API_URL=http://127.0.0.1:9/\nLOG_LEVEL=warn\n' > .env
git add -A
git commit -q -m "fork: examples removed, get_invoice (scaffolded) and service_status (by hand), own name"
phase "fork committed: $(git diff --name-only "$base" HEAD | tr '\n' ' ')"

# --- The upgrade, as docs/forking.md says ---------------------------------------------------------
git fetch -q template "$target"
fork_commit="$(git rev-parse HEAD)"

# The shared files, as CHANGELOG.md's "Shared files" names them, and the examples the fork deleted (a
# release changed them: they stay deleted); a conflict anywhere else fails the walk.
shared=" tools/index.ts .env.example package.json package-lock.json README.md "
# Until 1.1.0, remove-examples took the examples' passages out of these two template pages; a fork that ran
# it there meets its own edit in them once, and takes the template's (docs/forking.md, CHANGELOG 1.1.0).
edited_by_old_remove_examples=" docs/hub.md docs/views.md "
git merge -q --no-edit "$target" || true
conflicts="$(git diff --name-only --diff-filter=U)"
deleted_by_fork="$(git status --porcelain | sed -n 's/^DU //p')"
conflict_list=" $(echo $conflicts) "
deleted_list=" $(echo $deleted_by_fork) "
echo "upgrade-walk: conflicts: ${conflicts:-none}" | tr '\n' ' '; echo
for file in $conflicts; do
  case "$shared$edited_by_old_remove_examples" in *" $file "*) continue ;; esac
  case "$deleted_list" in *" $file "*) continue ;; esac
  echo "upgrade-walk: a conflict outside the shared files: $file"; exit 1
done
for file in $deleted_by_fork; do git rm -q -- "$file"; done
own() { git show "HEAD:package.json" | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[process.argv[1]])' "$1"; }
for file in $conflicts; do
  case "$deleted_list" in *" $file "*) continue ;; esac
  case "$file" in
    tools/index.ts|README.md) git checkout --ours -- "$file" ;;
    .env.example|package-lock.json|docs/hub.md|docs/views.md) git checkout --theirs -- "$file" ;;
    package.json) git checkout --theirs -- package.json && npm pkg set name="$(own name)" description="$(own description)" ;;
  esac
  git add -- "$file"
done
case "$conflict_list" in *" package-lock.json "*) npm install --package-lock-only --no-audit --no-fund --loglevel=error && git add package-lock.json ;; esac
if [ -n "$conflicts" ]; then git commit -q --no-edit; fi
git diff --quiet HEAD || { git status --short; echo "upgrade-walk: the merge left changes uncommitted"; exit 1; }
git merge-base --is-ancestor "$target" HEAD || { echo "upgrade-walk: the merge did not happen"; exit 1; }
# Examples the release added come in unlisted: remove-examples (the merged one) deletes them.
npm run --silent remove-examples
git add -A
git diff --cached --quiet || git commit -q -m "fork: examples the release added, removed"
phase "merged $(git rev-parse --short "$target")"

npm ci --no-audit --no-fund --loglevel=error
# What upgrade-check says about this upgrade (a fork made before 1.0.0 gets the command with the merge,
# hence --from and --fork); it exits 1 if the fork's .env must change, which fails the walk.
npm run --silent upgrade-check -- --from "$base" --fork "$fork_commit" "$target"
phase "installed; running the suite"
scripts/fork-suite.sh --base "$target" -- "$@"
phase "the suite is green"

# --- The fork's tools answer ---------------------------------------------------------------------
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
api_port="$(free_port)"
node -e '
  require("http").createServer((req, res) => {
    if (req.headers.authorization !== "Bearer fork-user-token") return res.writeHead(401).end();
    const invoice = /^\/invoices\/([^/?]+)/.exec(req.url);
    if (invoice) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: invoice[1], total: "42.00" }));
    if (req.url === "/status") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "all systems go" }));
    res.writeHead(404).end();
  }).listen(Number(process.argv[1]), "127.0.0.1");
' "$api_port" &
api_pid=$!
port="$(free_port)"
CUSTOMER_API_URL="http://127.0.0.1:$api_port" NODE_ENV=development PORT="$port" node --import tsx src/index.ts >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 150); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; echo "upgrade-walk: the fork's server exited"; exit 1; }
  sleep 0.2
done
call() {
  curl -sf "http://127.0.0.1:$port/mcp" -H 'content-type: application/json' -H 'accept: application/json' \
    -H 'authorization: Bearer fork-user-token' \
    -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"$1\",\"arguments\":$2}}" || { cat "$work/server.log" >&2; echo "upgrade-walk: no answer from $1" >&2; exit 1; }
}
invoice="$(call get_invoice '{"id":"inv-7"}')"
status_answer="$(call service_status '{}')"
expect() { # name, answer, text the answer must hold
  case "$2" in *'"isError":true'*) ;; *"$3"*) return 0 ;; esac
  cat "$work/server.log"; echo "upgrade-walk: $1 answered $2"; exit 1
}
expect get_invoice "$invoice" '\"id\":\"inv-7\",\"total\":\"42.00\"'
expect service_status "$status_answer" 'The system says: all systems go.'

phase "the fork's tools answer after the upgrade: get_invoice and service_status"
