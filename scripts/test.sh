#!/usr/bin/env bash
# Install everything the tests need (Qt's system libraries and an X server on Debian/Ubuntu, the Python
# packages in the project's .venv), then run the whole suite (or what the arguments name) with pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The packaging test: .desktop check, strip. The real-display test: an X server.
extra_system_packages="desktop-file-utils binutils xvfb xauth"
source scripts/qt-system-libs.sh
venv_extras="test,dev"
source scripts/venv.sh
exec "$venv_python" -m pytest "$@"
