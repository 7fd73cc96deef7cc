#!/usr/bin/env bash
# Build the AppImage from the PyInstaller bundle that packaging/linux/build.sh left in dist/dominoes-desktop:
# an AppDir (AppRun, the desktop entry with the version, hicolor icons, the bundle under usr/lib), packed as
# SquashFS behind the runtime built from packaging/linux/appimage/runtime.c. Output goes to dist/.
#
#     bash packaging/linux/build.sh && bash packaging/linux/build_appimage.sh
#
# Needs (Debian): squashfs-tools, desktop-file-utils, and to build the runtime gcc, libsquashfuse-dev,
# libfuse3-dev, libzstd-dev, liblz4-dev, liblzma-dev, liblzo2-dev, zlib1g-dev. APPIMAGE_RUNTIME=FILE uses a
# runtime built before (CI builds it once on Debian) instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
version="$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
arch="$(uname -m)"
dist="$root/dist"
work="$root/build/appimage"
bundle="$dist/dominoes-desktop"
if [ ! -x "$bundle/dominoes-desktop" ]; then
    echo "error: no PyInstaller bundle in $bundle: run packaging/linux/build.sh first" >&2
    exit 1
fi
command -v mksquashfs >/dev/null || { echo "error: mksquashfs is missing (Debian: squashfs-tools)" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"

runtime="${APPIMAGE_RUNTIME:-}"
if [ -z "$runtime" ]; then
    runtime="$work/runtime"
    bash packaging/linux/appimage/build_runtime.sh "$runtime"
fi

appdir="$work/AppDir"
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/applications" "$appdir/usr/share/metainfo"
cp -a "$bundle" "$appdir/usr/lib/dominoes-desktop"
cp packaging/linux/appimage/AppRun "$appdir/AppRun"
chmod 755 "$appdir/AppRun"
# The desktop entry at the top of the AppDir is the one AppImage tools read; it also says the version.
sed "/^\[Desktop Entry\]/a X-AppImage-Version=$version" packaging/linux/dominoes-desktop.desktop \
    > "$appdir/dominoes-desktop.desktop"
desktop-file-validate "$appdir/dominoes-desktop.desktop"
cp "$appdir/dominoes-desktop.desktop" "$appdir/usr/share/applications/"
sed "s/@VERSION@/$version/" packaging/linux/appimage/dominoes-desktop.appdata.xml \
    > "$appdir/usr/share/metainfo/dominoes-desktop.appdata.xml"
for size_dir in resources/icons/hicolor/*; do
    size="$(basename "$size_dir")"
    mkdir -p "$appdir/usr/share/icons/hicolor/$size/apps"
    cp "$size_dir/apps/dominoes-desktop.png" "$appdir/usr/share/icons/hicolor/$size/apps/"
done
mkdir -p "$appdir/usr/share/icons/hicolor/scalable/apps"
cp resources/icons/dominoes-desktop.svg "$appdir/usr/share/icons/hicolor/scalable/apps/"
cp resources/icons/hicolor/256x256/apps/dominoes-desktop.png "$appdir/dominoes-desktop.png"
ln -s dominoes-desktop.png "$appdir/.DirIcon"

# zstd, as upstream's appimagetool uses: small, and quick to read at every start.
image="$work/dominoes-desktop.squashfs"
mksquashfs "$appdir" "$image" -root-owned -noappend -no-progress -comp zstd -Xcompression-level 19 -b 1M
appimage="$dist/DominoesDesktop-${version}-${arch}.AppImage"
cat "$runtime" "$image" > "$appimage"
chmod 755 "$appimage"
( cd "$dist" && sha256sum "$(basename "$appimage")" > SHA256SUMS-appimage.txt )
echo "AppImage  $(du -h "$appimage" | cut -f1)  $appimage"
