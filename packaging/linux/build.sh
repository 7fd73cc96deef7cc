#!/usr/bin/env bash
# Build the Linux packages: the PyInstaller bundle, a .deb (bundle under /opt, launcher on the PATH,
# desktop entry, hicolor icons) and a portable .tar.gz. Run from anywhere; output goes to dist/.
#
#     bash packaging/linux/build.sh
#
# Needs: python3 with pyinstaller and the game's dependencies, dpkg-deb, desktop-file-validate.
# build_appimage.sh then packs the same bundle as an AppImage.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
version="$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
dist="$root/dist"
work="$root/build/linux"
rm -rf "$dist/dominoes-desktop" "$work"
mkdir -p "$dist" "$work"

python3 packaging/make_icons.py
python3 -m PyInstaller --noconfirm --clean --distpath "$dist" --workpath "$work/pyinstaller" build.spec
bundle="$dist/dominoes-desktop"

desktop-file-validate packaging/linux/dominoes-desktop.desktop

# The .deb
stage="$work/deb"
mkdir -p "$stage/DEBIAN" "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" \
         "$stage/usr/share/doc/dominoes-desktop"
cp -a "$bundle" "$stage/opt/dominoes-desktop"
cat > "$stage/usr/bin/dominoes-desktop" <<'LAUNCH'
#!/bin/sh
exec /opt/dominoes-desktop/dominoes-desktop "$@"
LAUNCH
chmod 755 "$stage/usr/bin/dominoes-desktop"
cp packaging/linux/dominoes-desktop.desktop "$stage/usr/share/applications/"
for size_dir in resources/icons/hicolor/*; do
    size="$(basename "$size_dir")"
    mkdir -p "$stage/usr/share/icons/hicolor/$size/apps"
    cp "$size_dir/apps/dominoes-desktop.png" "$stage/usr/share/icons/hicolor/$size/apps/"
done
mkdir -p "$stage/usr/share/icons/hicolor/scalable/apps"
cp resources/icons/dominoes-desktop.svg "$stage/usr/share/icons/hicolor/scalable/apps/"
cp resources/flags/LICENSE-flag-icons.txt "$stage/usr/share/doc/dominoes-desktop/"
installed_kb="$(du -sk "$stage" | cut -f1)"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: dominoes-desktop
Version: $version
Section: games
Priority: optional
Architecture: $arch
Installed-Size: $installed_kb
Maintainer: Dominoes Desktop <dominoes-desktop@users.noreply.github.com>
Depends: libc6, libgl1, libegl1, libfontconfig1, libfreetype6, libdbus-1-3, libglib2.0-0, libxkbcommon0,
 libxkbcommon-x11-0, libx11-xcb1, libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1, libxcb-image0,
 libxcb-randr0, libxcb-render-util0, libxcb-shape0, libxcb-xkb1, fonts-dejavu-core
Description: Caribbean dominoes for the desktop
 Jamaican partners and six-love, Trinidad & Tobago, Barbados, Puerto Rican, Dominican (capicua),
 Cuban double-nine, Cutthroat, the classic block, draw and cross games, and All Fives (Muggins),
 against CPU players that count tiles and never peek, or pass-and-play at one screen.
CONTROL
# The desktop entry handles dominoes:// invite links: the desktop's cache of handlers learns it at install.
for script in postinst postrm; do
    printf '#!/bin/sh\nset -e\nif command -v update-desktop-database >/dev/null 2>&1; then\n    update-desktop-database -q /usr/share/applications || true\nfi\n' \
        > "$stage/DEBIAN/$script"
    chmod 755 "$stage/DEBIAN/$script"
done
deb="$dist/dominoes-desktop_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz -z9 --build "$stage" "$deb"

# The portable .tar.gz
tarball="$dist/dominoes-desktop-${version}-linux-${arch}.tar.gz"
tar -C "$dist" -czf "$tarball" dominoes-desktop

( cd "$dist" && sha256sum "$(basename "$deb")" "$(basename "$tarball")" > SHA256SUMS-linux.txt )
echo "bundle  $(du -sh "$bundle" | cut -f1)  $bundle"
echo "deb     $(du -sh "$deb" | cut -f1)  $deb"
echo "tar.gz  $(du -sh "$tarball" | cut -f1)  $tarball"
