#!/usr/bin/env bash
# CI: what a fork does to its tree, each in a fresh copy of the project, then the whole suite there
# (issue 27). No step a fork takes by following the README may turn `npm test` red.
#   scripts/fork-sim.sh scaffold         the README's scaffold command, then a second scaffolded tool
#   scripts/fork-sim.sh by-hand          the README's by-hand tool, its files and index lines verbatim
#   scripts/fork-sim.sh openapi          `npm run openapi` on three real third-party documents
#   scripts/fork-sim.sh remove-examples  `npm run remove-examples`, then a tool of the fork's own
# Arguments after the scenario go to jest (`scripts/fork-sim.sh scaffold --silent`).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scenario="${1:-}"
shift || true
case "$scenario" in scaffold | by-hand | openapi | remove-examples) ;; *)
  echo "usage: scripts/fork-sim.sh scaffold|by-hand|openapi|remove-examples [jest arguments]" >&2
  exit 2
  ;;
esac

copy="$(mktemp -d "${TMPDIR:-/tmp}/fork-sim-$scenario-XXXXXX")"
trap 'rm -rf "$copy"' EXIT
# .git comes along, as in a fork: test/sessions/redis/mixed-versions checks out the previous release from it.
tar -c --exclude=./node_modules --exclude=./dist --exclude=./coverage . | tar -x -C "$copy"
ln -s "$root/node_modules" "$copy/node_modules"
cd "$copy"
steps() { node node_modules/tsx/dist/cli.mjs test/support/fork-steps.ts "$@"; }

case "$scenario" in
  scaffold)
    # shellcheck disable=SC2046 # the README's arguments, split into words as a shell would
    npm run --silent new-tool -- $(steps scaffold-command)
    npm run --silent new-tool -- ship_parcel --method POST --path /parcels/:id/shipments
    ;;
  by-hand)
    steps by-hand
    ;;
  openapi)
    # Discourse (OpenAPI 3.1), Twilio Proxy (3.0, form bodies), Reverb (3.0, 163 operations): from the
    # APIs.guru collection, copied with their licences (test/fixtures/openapi/NOTICE.md).
    for document in discourse.json twilio-proxy.json reverb.json; do npm run --silent openapi -- "test/fixtures/openapi/$document"; done
    ;;
  remove-examples)
    npm run --silent remove-examples
    npm run --silent new-tool -- track_parcel --method GET --path /parcels/:id
    ;;
esac
echo "fork-sim: $scenario done; running the suite in the copy"
npm test -- --ci "$@"
