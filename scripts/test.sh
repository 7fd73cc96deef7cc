#!/usr/bin/env bash
# Install everything the tests need (Qt's system libraries and an X server on Debian/Ubuntu, the Python
# packages in the project's .venv), then run the whole suite (or what the arguments name) with pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The packaging tests: .desktop check, strip, shellcheck, and the AppImage (squashfs, its runtime built from
# Debian's squashfuse and FUSE libraries). The real-display test: an X server. The screen-reader test: the
# accessibility bus and Debian's python3-pyatspi (what Orca uses), on a session bus from dbus-x11.
extra_system_packages="desktop-file-utils binutils shellcheck xvfb xauth squashfs-tools gcc libsquashfuse-dev
    libfuse3-dev libzstd-dev liblz4-dev liblzo2-dev liblzma-dev zlib1g-dev fuse3
    at-spi2-core dbus-x11 python3-pyatspi"
source scripts/qt-system-libs.sh
venv_extras="test,dev"
source scripts/venv.sh
# As if the venv were activated: the tests run its tools (pyside6-lupdate, pyinstaller, python3 in build.sh).
PATH="$PWD/.venv/bin:$PATH"
export PATH
exec "$venv_python" -m pytest "$@"
