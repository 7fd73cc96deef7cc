#!/usr/bin/env bash
# Build the macOS disk image: the PyInstaller .app bundle, then a .dmg holding it and an Applications link.
#     bash packaging/macos/build_dmg.sh
# Needs: python3 with the game, pyinstaller and pillow (for the .icns), and hdiutil (part of macOS).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
version="$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
python3 packaging/make_icons.py
python3 -m PyInstaller --noconfirm --clean build.spec
app="dist/Dominoes Desktop.app"
test -d "$app"
stage="build/dmg"
rm -rf "$stage"
mkdir -p "$stage"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="dist/DominoesDesktop-${version}-macos.dmg"
rm -f "$dmg"
hdiutil create -volname "Dominoes Desktop" -srcfolder "$stage" -ov -format UDZO "$dmg"
( cd dist && shasum -a 256 "$(basename "$dmg")" > SHA256SUMS-macos.txt )
echo "built $dmg"
