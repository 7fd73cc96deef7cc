#!/usr/bin/env bash
# Set up once (Qt's system libraries on Debian/Ubuntu, a project .venv with the game in it), then start it.
# Later starts skip the set-up when nothing changed. Without this script: .venv/bin/dominoes-desktop
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/qt-system-libs.sh
venv_extras=""
source scripts/venv.sh
exec "$venv_python" -m dominoes_desktop "$@"
