#!/usr/bin/env bash
# Installs the workspace's packages, exactly as locked, when node_modules is missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› installing packages (npm ci, from package-lock.json)"
  npm ci --no-audit --no-fund
fi
