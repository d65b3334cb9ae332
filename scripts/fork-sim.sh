#!/usr/bin/env bash
# CI: what a fork does to its tree, each in a fresh copy of the project, then the suite there:
# the type-check of the whole copy and every test the fork's changes can reach (test/support/fork-tests.ts).
# No step a fork takes by following the README may turn `npm test` red.
#   scripts/fork-sim.sh docs             every shell block of README.md and docs/ as a user runs them (the
#                                        doc-test runner: the README's scaffold and --view tools
#                                        among them), then a .env as the docs make it, PORT/HOST exported
#   scripts/fork-sim.sh by-hand          the README's by-hand tool, its files and index lines verbatim, and
#                                        a scaffolded tool for each --method, with --scopes
#   scripts/fork-sim.sh openapi          the by-hand steps above, then `npm run openapi` on real third-party
#                                        documents
#   scripts/fork-sim.sh remove-examples  `npm run remove-examples`, then a tool of the fork's own
# Arguments after the scenario go to jest (`scripts/fork-sim.sh scaffold --silent`).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scenario="${1:-}"
shift || true
case "$scenario" in docs | by-hand | openapi | remove-examples) ;; *)
  echo "usage: scripts/fork-sim.sh docs|by-hand|openapi|remove-examples [jest arguments]" >&2
  exit 2
  ;;
esac

copy="$(mktemp -d "${TMPDIR:-/tmp}/fork-sim-$scenario-XXXXXX")"
trap 'rm -rf "$copy"' EXIT
# .git comes along, as in a fork: test/sessions/redis/mixed-versions checks out the previous release from it.
# Never the developer's .env: the scaffold scenario writes the one the docs tell a user to make.
tar -c --exclude=./node_modules --exclude=./dist --exclude=./coverage . | tar -x -C "$copy"
find "$copy" -maxdepth 1 -name '.env*' ! -name .env.example -delete
# node_modules as hard links (a fraction of a second, no space): a real folder inside the copy, so its
# compiler's paths are the copy's own and the pretest type-check can start from this tree's cache below.
# Where cp cannot link (BSD cp), a symlink: the same result, with a full type-check.
cp -al "$root/node_modules" "$copy/node_modules" 2>/dev/null || { rm -rf "$copy/node_modules"; ln -s "$root/node_modules" "$copy/node_modules"; }
# pretest's incremental cache, if this tree's `npm test` made one: tsc then checks again only what the
# fork's step changed, and still reports every file's errors.
if [ -f dist/.test.tsbuildinfo ]; then mkdir -p "$copy/dist" && cp dist/.test.tsbuildinfo "$copy/dist/"; fi
cd "$copy"
steps() { node node_modules/tsx/dist/cli.mjs test/support/fork-steps.ts "$@"; }
# What the fork's steps change is found by comparing the copy's files before and after them (no git needed).
manifest() { find . \( -path ./node_modules -o -path ./.git -o -path ./dist -o -path ./coverage \) -prune -o -type f -print0 | sort -z | xargs -0 sha1sum; }
before="$(mktemp)"
trap 'rm -rf "$copy" "$before"' EXIT
manifest >"$before"

# The .env a user has after following the docs: .env.example copied, CUSTOMER_API_URL set, the settings
# `npm run auth-server` prints pasted in (from a real run of it), and LOG_LEVEL=debug.
dot_env_as_the_docs_say() {
  cp .env.example .env
  printf 'CUSTOMER_API_URL=http://127.0.0.1:9/api\nLOG_LEVEL=debug\n' >>.env
  local printed
  printed="$(mktemp)"
  setsid npm run --silent auth-server >"$printed" 2>&1 &
  local server=$!
  for _ in $(seq 1 300); do grep -q 'OAUTH_CHALLENGE_SCOPE' "$printed" && break; sleep 0.1; done
  kill -- -"$server" 2>/dev/null || true
  grep -q 'OAUTH_CHALLENGE_SCOPE' "$printed" || { cat "$printed"; echo "fork-sim: npm run auth-server printed no settings" >&2; exit 1; }
  sed -n '/the tool server, in .env:/,/OAUTH_CHALLENGE_SCOPE/p' "$printed" | tail -n +2 | sed 's/^ *//' >>.env
  rm -f "$printed"
  echo "fork-sim: .env has $(grep -c '^[A-Z]' .env) settings: $(grep -o '^[A-Z_]*' .env | tr '\n' ' ')"
}

# The README's by-hand tool, its files and index lines verbatim, and a scaffolded tool for each --method,
# with and without --scopes (every scaffold option keeps the suite green).
by_hand_steps() {
  steps by-hand
  npm run --silent new-tool -- ship_parcel --method POST --path /parcels/:id/shipments --scopes parcels:write
  npm run --silent new-tool -- replace_parcel --method PUT --path /parcels/:id
  npm run --silent new-tool -- rename_parcel --method PATCH --path /parcels/:id --scopes parcels:write,parcels:admin
  npm run --silent new-tool -- cancel_parcel --method DELETE --path /parcels/:id
  npm run --silent new-tool -- track_parcel --method GET --path /parcels/:id --view
}

case "$scenario" in
  docs)
    node node_modules/tsx/dist/cli.mjs test/docs/runner/main.ts
    dot_env_as_the_docs_say
    export PORT=3000 HOST=0.0.0.0
    ;;
  by-hand)
    by_hand_steps
    ;;
  openapi)
    # A fork that wrote tools by hand and by the scaffold first, then imports its API: one copy and one
    # suite for both (CI runs this scenario, not by-hand alone). The by-hand step goes first because it
    # puts the README's list line in place of the list, which the importer then extends.
    by_hand_steps
    # What a company meets on its first real API: Stripe's customers and payment intents (form
    # bodies with nested encodings, optional secrets, empty GET bodies), GitHub's issues chosen by tag, and
    # Slack's conversations (ok/error answers), all subsets of the APIs.guru documents made by
    # test/fixtures/openapi/subset.ts (NOTICE.md there); and the Petstore 3.0 of @readme/oas-examples, the
    # import that once turned the suite red. test/cli/openapi-real-apis.test.ts parses what every one of
    # their tools sends with qs, and test/cli/openapi-prism.test.ts sends it to Prism.
    npm run --silent openapi -- node_modules/@readme/oas-examples/3.0/json/petstore.json
    npm run --silent openapi -- test/fixtures/openapi/stripe-customers-payment-intents.json
    npm run --silent openapi -- test/fixtures/openapi/github-issues.json --tag issues
    npm run --silent openapi -- test/fixtures/openapi/slack-conversations.json
    ;;
  remove-examples)
    npm run --silent remove-examples
    npm run --silent new-tool -- track_parcel --method GET --path /parcels/:id
    ;;
esac
# The suite: the pretest type-check of the whole copy, then the tests the fork's changes can reach
# (test/support/fork-tests.ts; CI's main run has run every test on the rest of this tree), or all of them
# when a step changed anything beyond a fork's areas. FORK_SIM_SUITE=all runs every test regardless.
changed="$(manifest | { diff "$before" - || true; } | sed -n 's/^[<>] [0-9a-f]*  \.\///p' | sort -u)"
echo "fork-sim: $scenario done"
# shellcheck disable=SC2086 # one argument a changed file (paths without spaces: the project's own)
scripts/fork-suite.sh --changed $changed -- "$@"
