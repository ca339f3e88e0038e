#!/usr/bin/env bash
# Renders every story as a test in Chromium (with the axe check as an error) and writes
# tmp/test-results/storybook.json for the CI summary.
set -euo pipefail
cd "$(dirname "$0")/../../.."
mkdir -p tmp/test-results
node_modules/.bin/vitest run --config .storybook/vitest.config.ts "$@"
