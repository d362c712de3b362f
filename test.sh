#!/usr/bin/env bash
# Installs everything the tests need (Python packages, Debian's chromium, axe-core) and runs them all.
set -euo pipefail
cd "$(dirname "$0")"

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "No Chromium found: install it (sudo apt-get install chromium) or run 'playwright install chromium'." >&2
  fi
fi

if [ -f package.json ]; then
  npm ci --silent --no-audit --no-fund >/dev/null
fi

exec python3 -m pytest "$@"
