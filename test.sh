#!/usr/bin/env bash
# Installs everything the tests need (Python packages, OpenSpiel for research/, Debian's chromium, firefox-esr, WebKitGTK's
# WebKitWebDriver and Xvfb, npm's axe-core and puppeteer-core) and runs them all.
set -euo pipefail
cd "$(dirname "$0")"

python3 -m pip install --quiet --disable-pip-version-check -e '.[test,research]'

# Debian packages: Chromium (tests/e2e), Firefox ESR and WebKitGTK under Xvfb (tests/engines).
missing=()
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${missing[*]} for the browser tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}); their tests skip or fail." >&2
  fi
fi

if [ -f package.json ]; then
  npm ci --silent --no-audit --no-fund >/dev/null
fi

exec python3 -m pytest "$@"
