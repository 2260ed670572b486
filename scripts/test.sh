#!/usr/bin/env bash
# `npm test`: the whole suite — static checks, unit tests, API integration tests on PGlite and on
# PostgreSQL, then browser tests in Debian's Chromium. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
REPORTS="$ROOT/test-results/reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
failures=0
step() { echo; echo "━━ $1"; }
fail() { echo "✗ $1"; failures=$((failures + 1)); }

bash scripts/ensure-install.sh || { echo "install failed"; exit 1; }

# Debian's tools the tests run against: Chromium (browser tests), xmllint (ODM exports against the CDISC XSD),
# OpenSSH's sshd and ssh-keygen (a real SFTP server for transfers), ffmpeg (study video conversion), coturn (TURN for
# video calls), Janus and its janus-pp-rec (the SFU of video calls and the composition of its recordings)
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
command -v ssh-keygen >/dev/null || missing+=(openssh-client)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v turnserver >/dev/null || missing+=(coturn)
command -v janus >/dev/null || missing+=(janus)
command -v janus-pp-rec >/dev/null || missing+=(janus-tools)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} for the tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) || fail "install of ${missing[*]}"
fi

# Redis for the tests of several API servers (call signalling across processes): the machine's own on 6379, else
# one of the run's own (Debian's redis-server), ended with the run
redis_pid=""
if ! (echo > /dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  command -v redis-server >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) || fail "install of redis-server"
  redis_dir=$(mktemp -d)
  redis-server --port 6391 --bind 127.0.0.1 --save "" --appendonly no --dir "$redis_dir" --daemonize yes \
    --pidfile "$redis_dir/redis.pid" >/dev/null && sleep 0.5 && redis_pid=$(cat "$redis_dir/redis.pid")
  export TEST_REDIS_URL=redis://127.0.0.1:6391
  trap '[ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null' EXIT
fi

step "typecheck"
npm run typecheck --silent || fail "typecheck"

step "lint and format check"
npx biome check . || fail "lint"

# The domain's tests run once, with its line coverage (at least 95%, enforced by packages/domain/vitest.config.ts).
step "domain unit tests with line coverage"
(cd packages/domain && npx vitest run --coverage --coverage.reporter=text-summary --reporter=dot --reporter=json \
  --outputFile.json="$REPORTS/domain.json") || fail "domain unit tests or coverage"

step "unit tests (contract, ui, portals, architecture)"
npx vitest run --config vitest.unit.config.ts --reporter=default --reporter=json \
  --outputFile.json="$REPORTS/unit.json" || fail "unit tests"

step "API integration tests on PGlite"
(cd apps/api && TEST_DB=pglite npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$REPORTS/api-pglite.json") || fail "API tests (PGlite)"

if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null || (echo > /dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  step "API integration tests on PostgreSQL (127.0.0.1:5432)"
  (cd apps/api && TEST_DB=postgres npx vitest run --reporter=default --reporter=json \
    --outputFile.json="$REPORTS/api-postgres.json") || fail "API tests (PostgreSQL)"
elif [ "${CI:-}" = "true" ]; then
  fail "PostgreSQL is not reachable on 127.0.0.1:5432 (CI must run the API tests on it)"
else
  echo "PostgreSQL not reachable on 127.0.0.1:5432: skipping that run (CI runs it)"
fi

step "build the portals"
npm run build --silent || fail "build"

step "browser tests (Playwright, /usr/bin/chromium)"
(cd e2e && npx playwright test) || fail "browser tests"

echo
node scripts/summarize-tests.mjs "$REPORTS" "$failures"
