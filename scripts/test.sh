#!/usr/bin/env bash
# Install everything the tests need (Qt's system libraries on Debian, the Python packages), then run them all.
set -euo pipefail
cd "$(dirname "$0")/.."
extra_system_packages="desktop-file-utils binutils shellcheck"  # the packaging test: .desktop check, strip
source scripts/qt-system-libs.sh
python3 -m pip install --quiet --disable-pip-version-check -e ".[test,dev]"
for ts in resources/translations/*.ts; do pyside6-lrelease -silent "$ts" -qm "${ts%.ts}.qm"; done
python3 -m pytest "$@"
