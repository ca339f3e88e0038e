#!/usr/bin/env bash
# The README's test command: every check CI runs, in order, continuing past a failure so one
# run reports everything; it ends with the line 'N passed, N failed' and fails if anything did.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
rm -rf tmp/test-results && mkdir -p tmp/test-results

# The browser and component-story suites drive Debian's Chromium and render Chinese and Japanese
# text (fonts-noto-cjk); the SSH clone tests run a real sshd on loopback (openssh-server). On a
# fresh machine they are installed here, as root or through sudo;
# when neither is possible the run stops at once and says what to install, rather than failing
# suite after suite.
browser_packages() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
  if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || missing+=(fonts-noto-cjk)
  fi
  echo "${missing[@]}"
}
missing=$(browser_packages)
if [ -n "$missing" ]; then
  as_root=()
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && as_root=(sudo -n)
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ ${#as_root[@]} -gt 0 ]; }; then
    echo "::: installing Debian packages the browser tests need: $missing"
    # shellcheck disable=SC2086
    if ! { "${as_root[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends $missing >/dev/null; }; then
      echo "npm test: installing $missing with apt-get failed; install them and run npm test again." >&2
      exit 1
    fi
  else
    cat >&2 <<MESSAGE
npm test: the browser and component-story suites need Debian's packages: $missing
  (Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}, and CJK fonts for the Chinese and Japanese screens).
  Install them, then run npm test again:
    sudo apt-get update && sudo apt-get install -y $missing
  Elsewhere than Debian or Ubuntu, install Chromium and a CJK font by your system's means and set
  CHROMIUM_PATH to the browser's executable.
MESSAGE
    exit 1
  fi
  missing=$(browser_packages)
  if [ -n "$missing" ]; then
    echo "npm test: still missing after installing: $missing" >&2
    exit 1
  fi
fi

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
