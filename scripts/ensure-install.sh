#!/usr/bin/env bash
# Installs the workspace's packages when node_modules is missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› installing packages (npm install, from package-lock.json)"
  # Not `npm ci`: npm 11 writes the lock without the other platforms' optional binaries (Biome's), and
  # `npm ci` then refuses it as out of sync; `npm install` installs the locked versions all the same.
  npm install --no-audit --no-fund
fi
