# Sourced by play.sh and test.sh: on Debian or Ubuntu, install the system libraries Qt's wheels load,
# including the X11 (xcb) platform plugin's, without which the game aborts on a real desktop.
# Extra packages (the tests' X server, the packaging tools): $extra_system_packages.
# apt runs quietly (its output is shown only when it fails), and waits, up to $APT_LOCK_WAIT seconds
# (300 by default), for another package manager (an update, a software centre) to let go of its lock.
# shellcheck shell=bash
qt_libs=(libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core
         libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-randr0
         libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-xinerama0
         libpulse0)  # libpulse0: Qt Multimedia (the sounds) links it
# shellcheck disable=SC2206  # a space-separated list of package names, split on purpose
qt_libs+=(${extra_system_packages:-})

# Run one apt-get command quietly: its output goes to a log, shown only if it fails. While another package
# manager holds the dpkg or apt lock, wait (saying so once) and try again: at most $APT_LOCK_WAIT seconds in
# all. Returns 2 when the lock was never free, 1 when apt failed otherwise.
apt_lock_waited=0
apt_lock_told=""
run_apt() {
    local log limit=${APT_LOCK_WAIT:-300}
    [[ "$limit" =~ ^[0-9]{1,6}$ ]] || limit=300
    log=$(mktemp "${TMPDIR:-/tmp}/dominoes-desktop-apt.XXXXXX")
    while true; do
        if "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y "$@" >"$log" 2>&1; then
            rm -f "$log"
            return 0
        fi
        if ! grep -qiE 'could not (get|open) lock|unable to (acquire|lock)|is another process using it' "$log"; then
            echo "apt-get $* failed:" >&2
            cat "$log" >&2
            rm -f "$log"
            return 1
        fi
        if [ "$apt_lock_waited" -ge "$limit" ]; then
            echo "error: another package manager still holds the lock after ${limit} seconds; apt-get said:" >&2
            cat "$log" >&2
            rm -f "$log"
            return 2
        fi
        if [ -z "$apt_lock_told" ]; then
            echo "Waiting for another package manager to finish (up to ${limit} seconds)..." >&2
            apt_lock_told=yes
        fi
        sleep 3
        apt_lock_waited=$((apt_lock_waited + 3))
    done
}

# Install Debian packages that are missing; one dpkg-query for all, so a second start costs milliseconds.
apt_install_missing() {
    command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || return 0
    local installed missing=() pkg
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null | awk '/ install ok installed$/ {print $1}')
    for pkg in "$@"; do
        grep -qx -- "$pkg" <<<"$installed" || missing+=("$pkg")
    done
    [ "${#missing[@]}" -gt 0 ] || return 0
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "Please install these system packages (as root): apt-get install ${missing[*]}" >&2
            return 1
        fi
        sudo_cmd=(sudo)
    fi
    echo "Installing system packages: ${missing[*]}" >&2
    local code=0
    run_apt update || code=$?  # a stale mirror list need not stop the install: the install says if it does
    [ "$code" -ne 2 ] || return 1
    code=0
    run_apt install "${missing[@]}" || code=$?
    [ "$code" -ne 2 ] || return 1
    if [ "$code" -ne 0 ]; then
        # An older release may lack one of them (libxcb-cursor0 came with Debian 12): install the others.
        local failed=()
        for pkg in "${missing[@]}"; do
            run_apt install "$pkg" || failed+=("$pkg")
        done
        [ "${#failed[@]}" -eq 0 ] || { echo "warning: could not install: ${failed[*]}" >&2; return 1; }
    fi
}

# Once they are in, a stamp (every package installed so far) skips even the dpkg query: on Ubuntu 24.04 some
# names (libglib2.0-0) are provided by renamed packages (libglib2.0-0t64), which dpkg-query reports as
# missing on every start.
system_stamp=.venv/.dominoes-desktop-system-packages
read -r -a system_known <<<"$(cat "$system_stamp" 2>/dev/null || true)"
system_wanted=()
for pkg in "${qt_libs[@]}"; do
    [[ " ${system_known[*]} " == *" $pkg "* ]] || system_wanted+=("$pkg")
done
if [ "${#system_wanted[@]}" -gt 0 ]; then
    if apt_install_missing "${system_wanted[@]}"; then
        mkdir -p .venv && echo "${system_known[*]} ${system_wanted[*]}" | xargs >"$system_stamp"
    else
        echo "warning: Qt's system libraries may be missing; the game may not open." >&2
    fi
fi
