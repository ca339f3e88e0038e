#!/usr/bin/env bash
# Fails when libs/api-client/src/generated (openapi.ts, public-operations.ts, schemas.ts) differs from a fresh generation from the committed
# bundle (openapi/dist/openapi.json): generated files are never edited by hand.
set -euo pipefail
cd "$(dirname "$0")/../../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node tools/openapi/generate-client.mjs --out "$tmp" >/dev/null
if ! diff -ru libs/api-client/src/generated "$tmp"; then
  echo 'libs/api-client/src/generated is stale: run `nx run api-client:generate` and commit it.' >&2
  exit 1
fi
echo 'libs/api-client/src/generated is up to date.'
