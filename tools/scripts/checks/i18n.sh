#!/usr/bin/env bash
# Every user-visible message must be translated into zh, fr and ja (CONVENTIONS: i18n). Extract
# first, so a string added in code but missing from the catalogs is caught too; then the labels
# Lingui cannot see (literal aria-label, title, placeholder, alt props) and the message ids looked
# up at run time. The browser half — every route rendered in zh, fr and ja, looking for English
# catalogue texts, library labels and Lingui's "uncompiled message" reports — is the e2e route walk
# (apps/console-e2e/src/route-walk.spec.ts).
set -euo pipefail
cd "$(dirname "$0")/../../.."
node_modules/.bin/lingui extract --clean > /dev/null
node libs/i18n/scripts/check-translations.mjs zh fr ja
node tools/scripts/checks/check-literal-labels.mjs
