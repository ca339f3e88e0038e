#!/usr/bin/env bash
# Reports the calls of the specification that the OpenAPI description lacks
# (tools/openapi/coverage.mjs against tools/openapi/spec-catalogue.txt).
# ENFORCE=0 while the server helper's domains (auth, iam, organization, namespaces, audit, docs)
# are still being written: the list is printed and the check passes with a note. The lead sets
# ENFORCE=1 once they are merged, and from then on a missing call fails CI.
set -uo pipefail
cd "$(dirname "$0")/../../.."
ENFORCE=0
if node tools/openapi/coverage.mjs; then
  exit 0
fi
if [ "$ENFORCE" = 1 ]; then
  exit 1
fi
echo 'NOTE: openapi coverage is not enforced yet (ENFORCE=0 in tools/scripts/checks/openapi-coverage.sh).'
exit 0
