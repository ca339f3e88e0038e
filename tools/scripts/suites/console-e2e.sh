#!/usr/bin/env bash
# The console end to end: builds the console and the API, then runs the Playwright specs of
# apps/console-e2e in Debian's Chromium against the real API on a fresh embedded PostgreSQL
# (started and stopped by the suite's global setup). Writes tmp/test-results/console-e2e.json.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
mkdir -p tmp/test-results tmp/e2e-artifacts/screenshots

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "console-e2e: Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}" >&2
  exit 1
fi

nx run console:build --outputStyle=static
node apps/api/build.mjs
node node_modules/playwright/cli.js test -c apps/console-e2e/playwright.config.ts
