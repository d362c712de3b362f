#!/usr/bin/env bash
# Installs everything the tests need (Python packages, OpenSpiel for research/, Debian's chromium, firefox-esr, WebKitGTK's
# WebKitWebDriver and Xvfb, npm's axe-core and puppeteer-core) and runs them all.
set -euo pipefail
cd "$(dirname "$0")"

# A system Python that pip may not change (Debian's, PEP 668) gets the packages in a virtual
# environment, .venv; any other Python (a venv, pyenv, CI's) installs into itself as before.
use_venv=0
if [ -z "${VIRTUAL_ENV:-}" ] && python3 - <<'EOF'
import os, sys, sysconfig
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
sys.exit(0 if managed and sys.prefix == sys.base_prefix else 1)
EOF
then
  use_venv=1
fi

# Debian packages: Chromium (tests/e2e), Firefox ESR and WebKitGTK under Xvfb (tests/engines), and on a
# fresh machine what installs the rest (venv and pip for Python, npm for the Node packages).
missing=()
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
if [ -f package.json ] && ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi
if [ "$use_venv" = 1 ] && [ ! -x .venv/bin/python ] && ! python3 -c 'import ensurepip' 2>/dev/null; then
  missing+=(python3-venv)
fi
if [ "$use_venv" = 0 ] && ! python3 -m pip --version >/dev/null 2>&1; then missing+=(python3-pip); fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${missing[*]} for the tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing ${missing[*]}: install them (sudo apt-get install ${missing[*]}); their tests skip or fail." >&2
  fi
fi

python=python3
if [ "$use_venv" = 1 ]; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  python=.venv/bin/python
fi
"$python" -m pip install --quiet --disable-pip-version-check -e '.[test]'
# OpenSpiel (research/'s yardsticks) ships wheels for some Pythons only: without one its tests skip, saying so.
"$python" -m pip install --quiet --disable-pip-version-check -e '.[research]' \
  || echo "OpenSpiel did not install for this Python: the research tests skip." >&2

if [ -f package.json ]; then
  npm ci --silent --no-audit --no-fund >/dev/null
fi

# On every core (pytest-xdist): Chromium's tests on one worker, Firefox's and WebKit's on another, the rest where a
# worker is free (groups: tests/conftest.py); ./test.sh -n 0 runs all in one process.
exec "$python" -m pytest -n auto --dist loadgroup "$@"
