#!/usr/bin/env bash
# Reports the calls of the specification that the OpenAPI description lacks
# (tools/openapi/coverage.mjs against tools/openapi/spec-catalogue.txt).
# Every call the specification names must be described: a missing one fails CI.
set -uo pipefail
cd "$(dirname "$0")/../../.."
ENFORCE=1
if node tools/openapi/coverage.mjs; then
  exit 0
fi
if [ "$ENFORCE" = 1 ]; then
  exit 1
fi
echo 'NOTE: openapi coverage is not enforced yet (ENFORCE=0 in tools/scripts/checks/openapi-coverage.sh).'
exit 0
