# Sourced by play.sh and test.sh: on Debian or Ubuntu, install the system libraries Qt's wheels load,
# including the X11 (xcb) platform plugin's, without which the game aborts on a real desktop.
# Extra packages (the tests' X server, the packaging tools): $extra_system_packages.
# shellcheck shell=bash
qt_libs=(libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core
         libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-randr0
         libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-xinerama0
         libpulse0)  # libpulse0: Qt Multimedia (the sounds) links it
# shellcheck disable=SC2206  # a space-separated list of package names, split on purpose
qt_libs+=(${extra_system_packages:-})

# Install Debian packages that are missing; one dpkg-query for all, so a second start costs milliseconds.
apt_install_missing() {
    command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || return 0
    local installed missing=() pkg
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null | awk '/ install ok installed$/ {print $1}')
    for pkg in "$@"; do
        grep -qx -- "$pkg" <<<"$installed" || missing+=("$pkg")
    done
    [ "${#missing[@]}" -gt 0 ] || return 0
    local sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "Please install these system packages (as root): apt-get install ${missing[*]}" >&2
            return 1
        fi
        sudo_cmd=(sudo)
    fi
    echo "Installing system packages: ${missing[*]}" >&2
    "${sudo_cmd[@]}" apt-get update -qq || true
    if ! "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; then
        # An older release may lack one of them (libxcb-cursor0 came with Debian 12): install the others.
        local failed=()
        for pkg in "${missing[@]}"; do
            "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg" || failed+=("$pkg")
        done
        [ "${#failed[@]}" -eq 0 ] || { echo "warning: could not install: ${failed[*]}" >&2; return 1; }
    fi
}

# Once they are in, a stamp skips even the dpkg query: on Ubuntu 24.04 some names (libglib2.0-0) are
# provided by renamed packages (libglib2.0-0t64), which dpkg-query reports as missing on every start.
system_stamp=.venv/.dominoes-desktop-system-packages
if [ "$(cat "$system_stamp" 2>/dev/null)" != "${qt_libs[*]}" ]; then
    if apt_install_missing "${qt_libs[@]}"; then
        mkdir -p .venv && echo "${qt_libs[*]}" >"$system_stamp"
    else
        echo "warning: Qt's system libraries may be missing; the game may not open." >&2
    fi
fi
