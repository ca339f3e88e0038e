#!/usr/bin/env bash
# Every user-visible message must be translated into zh, fr and ja (CONVENTIONS: i18n). Extract
# first, so a string added in code but missing from the catalogs is caught too.
set -euo pipefail
cd "$(dirname "$0")/../../.."
node_modules/.bin/lingui extract --clean > /dev/null
node libs/i18n/scripts/check-translations.mjs zh fr ja
