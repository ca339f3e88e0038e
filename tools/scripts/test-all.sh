#!/usr/bin/env bash
# The README's test command: every check CI runs, in order, continuing past a failure so one
# run reports everything; it ends with the line 'N passed, N failed' and fails if anything did.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
rm -rf tmp/test-results && mkdir -p tmp/test-results

status=0
step() {
  local name=$1
  shift
  echo "::: $name"
  if ! "$@"; then
    echo "::: $name FAILED"
    status=1
  fi
}

step "project tags and domain graph" node tools/scripts/check-project-tags.mjs
for extra in tools/scripts/checks/*.sh; do
  [ -e "$extra" ] && step "$(basename "$extra" .sh)" bash "$extra"
done
step "lint, type check, unit and component tests, builds" \
  nx run-many -t lint typecheck test build --parallel=2 --outputStyle=static
for suite in tools/scripts/suites/*.sh; do
  [ -e "$suite" ] && step "$(basename "$suite" .sh)" bash "$suite"
done

node tools/scripts/test-summary.mjs || status=1
exit $status
