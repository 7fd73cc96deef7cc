#!/usr/bin/env bash
# Install the game (and Qt's system libraries on Debian when missing), then start it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/qt-system-libs.sh
python3 -m pip install --quiet --disable-pip-version-check .
exec python3 -m dominoes_desktop "$@"
