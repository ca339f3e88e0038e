#!/usr/bin/env bash
# Runs the API tests again against a system PostgreSQL (127.0.0.1:5432) instead of the embedded
# one, in a fresh database the tests create and drop; skipped with a note when none answers.
set -uo pipefail
cd "$(dirname "$0")/../../.."
url="${API_SYSTEM_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

if ! node -e "
  const pg = require('pg');
  const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$url" >/dev/null 2>&1; then
  echo "api-system-postgres: no PostgreSQL answers at ${url%%@*}@…; skipped."
  exit 0
fi

cd apps/api
DATABASE_URL="$url" API_TEST_RESULTS_NAME=api-system-postgres \
  ../../node_modules/.bin/vitest run
