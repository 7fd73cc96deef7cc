# Sourced by play.sh and test.sh: make the project's virtual environment (.venv at the repository root) and
# install the game into it, editable, with the extras in $venv_extras ("", "test,dev" or "test,dev,packaging").
# Never touches the system interpreter's packages (PEP 668). Sets $venv_python. A stamp file keyed on
# everything the install depends on skips pip entirely when nothing changed, so a second start is quick.
# shellcheck shell=bash

# The first interpreter on PATH between 3.11 and 3.13 ($PYTHON wins when set).
find_python() {
    local candidate
    for candidate in ${PYTHON:-} python3 python3.13 python3.12 python3.11; do
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 13))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    echo "error: Dominoes Desktop needs Python 3.11, 3.12 or 3.13 (python3 on PATH is $(python3 --version 2>&1))." >&2
    return 1
}

make_venv() {
    local python=$1 system
    system=$(cat .venv/.dominoes-desktop-system-packages 2>/dev/null || true)
    rm -rf .venv
    if "$python" -m venv .venv >/dev/null 2>&1; then
        [ -z "$system" ] || echo "$system" >.venv/.dominoes-desktop-system-packages
        return 0
    fi
    rm -rf .venv
    # Debian and Ubuntu ship venv (ensurepip) separately: python3-venv, and python3.X-venv for that version.
    local version
    version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    apt_install_missing python3-venv "python${version}-venv" || true
    if ! "$python" -m venv .venv; then
        rm -rf .venv
        echo "error: could not create .venv with $python; install its venv module (python3-venv)." >&2
        return 1
    fi
    [ -z "$system" ] || echo "$system" >.venv/.dominoes-desktop-system-packages
}

python=$(find_python)
python_version=$("$python" -c 'import sys; print(sys.version)')
if ! .venv/bin/python -c '' 2>/dev/null || [ "$(cat .venv/.dominoes-desktop-python 2>/dev/null)" != "$python_version" ]; then
    make_venv "$python"
    echo "$python_version" >.venv/.dominoes-desktop-python
fi
# ---- The compiled search core (setup.py builds dominoes_desktop/engine/analysis/_core.c into the tree at the
# editable install). It needs a C compiler and the interpreter's headers: on Debian/Ubuntu they are installed
# when missing. Without them the install still succeeds and the game searches in pure Python (slower);
# `.venv/bin/python -m dominoes_desktop --version` says which ("search core: compiled").
core_sources=(setup.py dominoes_desktop/engine/analysis/_core.c)
core_compiler=$("$python" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')
core_headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h
if ! command -v "$core_compiler" >/dev/null 2>&1 || [ ! -f "$core_headers" ]; then
    core_python=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    apt_install_missing gcc "python${core_python}-dev" || apt_install_missing gcc python3-dev ||
        echo "warning: no C compiler or Python headers: the game will use its slower pure-Python search." >&2
fi
# The built core is part of the install: a change to its sources, or a missing build, reinstalls.
core_key() {
    cat "${core_sources[@]}"
    ls dominoes_desktop/engine/analysis/_core.*.so dominoes_desktop/engine/analysis/_core.*.pyd 2>/dev/null || true
}
# ---- end of the compiled search core

# What the install depends on: the project's metadata, the interpreter, the folder (an editable install
# points here) and the extras. Sources need no reinstall: the install is editable (but for the compiled core's).
install_key() {
    { echo "extras=$1 root=$PWD"; cat pyproject.toml .venv/.dominoes-desktop-python; core_key; } | sha256sum | cut -d' ' -f1
}
stamp=.venv/.dominoes-desktop-installed-${venv_extras:-base}
if [ "$(cat "$stamp" 2>/dev/null)" != "$(install_key "$venv_extras")" ]; then
    echo "Installing Dominoes Desktop into .venv (once; later starts skip this)..." >&2
    rm -f "$stamp"
    target="."
    [ -z "${venv_extras}" ] || target=".[${venv_extras}]"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target"
    # What was installed covers every shorter list of the same extras ("test,dev,packaging" holds "test,dev"),
    # and the game itself.
    IFS=, read -r -a extras_list <<<"$venv_extras"
    covered=""
    for extra in "${extras_list[@]}"; do
        covered="${covered:+$covered,}$extra"
        install_key "$covered" >".venv/.dominoes-desktop-installed-$covered"
    done
    install_key "" >.venv/.dominoes-desktop-installed-base
fi
# shellcheck disable=SC2034  # read by the script that sources this one
venv_python=$PWD/.venv/bin/python

# Qt's translations, compiled when a .ts is newer than its .qm (the game reads them from resources/ and never
# compiles them itself: here, and build.spec for the frozen bundle, are the only places they are made).
for ts in resources/translations/*.ts; do
    qm="${ts%.ts}.qm"
    if [ ! -f "$qm" ] || [ "$ts" -nt "$qm" ]; then
        .venv/bin/pyside6-lrelease -silent "$ts" -qm "$qm"
    fi
done
