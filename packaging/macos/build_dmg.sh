#!/usr/bin/env bash
# Build the macOS disk image: the PyInstaller .app bundle, then a .dmg holding it and an Applications link.
#     bash packaging/macos/build_dmg.sh
# Needs: python3 with the game, pyinstaller and pillow (for the .icns), and hdiutil (part of macOS).
# Signing is optional: with MACOS_SIGNING_IDENTITY (a "Developer ID Application" identity in the keychain) the
# app and the .dmg are signed with the hardened runtime; with APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD too,
# the .dmg is notarised and the ticket stapled. Without them the .dmg is unsigned (README, "Unsigned builds").
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
version="$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
python3 packaging/make_icons.py
python3 -m PyInstaller --noconfirm --clean build.spec
app="dist/Dominoes Desktop.app"
test -d "$app"
identity="${MACOS_SIGNING_IDENTITY:-}"
if [ -n "$identity" ]; then
    codesign --force --deep --timestamp --options runtime \
        --entitlements packaging/macos/entitlements.plist --sign "$identity" "$app"
    codesign --verify --strict --deep --verbose=2 "$app"
fi
stage="build/dmg"
rm -rf "$stage"
mkdir -p "$stage"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="dist/DominoesDesktop-${version}-macos.dmg"
rm -f "$dmg"
hdiutil create -volname "Dominoes Desktop" -srcfolder "$stage" -ov -format UDZO "$dmg"
if [ -n "$identity" ]; then
    codesign --force --timestamp --sign "$identity" "$dmg"
    if [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
        xcrun notarytool submit "$dmg" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
            --password "$APPLE_APP_PASSWORD" --wait
        xcrun stapler staple "$dmg"
    fi
fi
( cd dist && shasum -a 256 "$(basename "$dmg")" > SHA256SUMS-macos.txt )
echo "built $dmg"
