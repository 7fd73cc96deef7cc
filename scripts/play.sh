#!/usr/bin/env bash
# Install the game (and Qt's system libraries on Debian when missing), then start it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/qt-system-libs.sh
# Qt first, so its pyside6-lrelease can compile the translations that the install then copies.
python3 -m pip install --quiet --disable-pip-version-check "PySide6-Essentials>=6.6,<6.12; python_version < '3.12'" \
    "PySide6-Essentials>=6.6; python_version >= '3.12'"
for ts in resources/translations/*.ts; do pyside6-lrelease -silent "$ts" -qm "${ts%.ts}.qm"; done
python3 -m pip install --quiet --disable-pip-version-check .
exec python3 -m dominoes_desktop "$@"
