#!/usr/bin/env bash
# The server's layering (tools/lint/server-layering.mjs): modules reach each other through their
# services only, routes files never touch the database, every mutating service function audits.
# Fails on a violation not in tools/lint/server-layering-baseline.json, and on a baseline entry
# that no longer occurs (the baseline only shrinks).
set -euo pipefail
cd "$(dirname "$0")/../../.."
node tools/lint/server-layering.mjs
