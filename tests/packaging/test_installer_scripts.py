"""What cannot run here, read instead: the Inno Setup script, the macOS script, build.spec, the Linux entries and
pyproject.toml agree on the version, the names, the icons and the bundle folder, and every file they name exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION = PROJECT["version"]
NAME = PROJECT["name"]  # the executable, the bundle folder, the desktop entry and the icon files
APP_NAME = "Dominoes Desktop"  # what a player reads
FILE_STEM = "DominoesDesktop"  # installers' file names
BUNDLE_ID = "org.dominoesdesktop.DominoesDesktop"

SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
ISS_PATH = ROOT / "packaging" / "windows" / "dominoes-desktop.iss"
ISS = ISS_PATH.read_text(encoding="utf-8")
BUILD_PS1 = (ROOT / "packaging" / "windows" / "build.ps1").read_text(encoding="utf-8")
VERSION_INFO = (ROOT / "packaging" / "windows" / "version_info.txt").read_text(encoding="utf-8")
DMG_SH = (ROOT / "packaging" / "macos" / "build_dmg.sh").read_text(encoding="utf-8")
DESKTOP = (ROOT / "packaging" / "linux" / "dominoes-desktop.desktop").read_text(encoding="utf-8")
APPDATA = (ROOT / "packaging" / "linux" / "appimage" / "dominoes-desktop.appdata.xml").read_text(encoding="utf-8")
WORKFLOW = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")

SCRIPTS = {
    path: (ROOT / path).read_text(encoding="utf-8")
    for path in (
        "build.spec",
        "packaging/windows/build.ps1",
        "packaging/windows/dominoes-desktop.iss",
        "packaging/macos/build_dmg.sh",
        "packaging/linux/build.sh",
        "packaging/linux/build_appimage.sh",
        "packaging/linux/appimage/build_runtime.sh",
        ".github/workflows/release.yml",
    )
}


def one(pattern: str, text: str) -> str:
    found = re.findall(pattern, text, flags=re.MULTILINE)
    assert len(found) == 1, f"{pattern!r} matched {found}"
    return str(found[0])


def iss_setting(key: str) -> str:
    return one(rf"^{key}=(.*)$", ISS).strip()


def test_the_version_is_pyprojects_everywhere() -> None:
    assert 'tomllib.loads((ROOT / "pyproject.toml")' in SPEC and "version=VERSION" in SPEC
    assert one(r'^\s*#define AppVersion "([^"]+)"', ISS) == VERSION
    assert iss_setting("AppVersion") == "{#AppVersion}"
    numbers = ", ".join([*VERSION.split("."), "0", "0", "0"][:4])
    assert one(r"filevers=\(([^)]*)\)", VERSION_INFO) == numbers
    assert one(r"prodvers=\(([^)]*)\)", VERSION_INFO) == numbers
    assert one(r"'FileVersion', '([^']*)'", VERSION_INFO) == VERSION
    assert one(r"'ProductVersion', '([^']*)'", VERSION_INFO) == VERSION
    # The scripts that stamp the version read it from pyproject.toml, not from a copy.
    for text in (BUILD_PS1, DMG_SH, SCRIPTS["packaging/linux/build.sh"], SCRIPTS["packaging/linux/build_appimage.sh"]):
        assert "tomllib.load(open(" in text and "pyproject.toml" in text


def test_the_names_agree() -> None:
    assert one(r'^NAME = "([^"]+)"', SPEC) == NAME
    assert one(r'name="([^"]+\.app)"', SPEC) == f"{APP_NAME}.app"
    assert one(r'"CFBundleName": "([^"]+)"', SPEC) == APP_NAME
    assert one(r'"CFBundleDisplayName": "([^"]+)"', SPEC) == APP_NAME
    assert one(r'bundle_identifier="([^"]+)"', SPEC) == BUNDLE_ID
    assert iss_setting("AppName") == APP_NAME
    assert one(r"'ProductName', '([^']*)'", VERSION_INFO) == APP_NAME
    assert one(r"'OriginalFilename', '([^']*)'", VERSION_INFO) == f"{NAME}.exe"
    assert one(r'-volname "([^"]+)"', DMG_SH) == APP_NAME
    assert one(r"^Name=(.*)$", DESKTOP) == APP_NAME
    assert one(r"^Exec=(.*)$", DESKTOP) == f"{NAME} %u"  # %u: an invite link the desktop hands over
    assert one(r"^StartupWMClass=(.*)$", DESKTOP) == NAME
    assert one(r"<name>([^<]+)</name>", APPDATA) == APP_NAME
    assert one(r"<id>([^<]+)</id>", APPDATA) == BUNDLE_ID
    assert one(r'<launchable type="desktop-id">([^<]+)</launchable>', APPDATA) == f"{NAME}.desktop"


def test_the_bundle_folder_and_executable_agree() -> None:
    # PyInstaller writes dist/NAME/NAME(.exe) and, on macOS, dist/APP_NAME.app/Contents/MacOS/NAME.
    assert one(r'#define SourceDir "([^"]+)"', ISS) == rf"..\..\dist\{NAME}"
    assert one(r"/DSourceDir=(\S+)", BUILD_PS1) == rf"..\..\dist\{NAME}"
    assert iss_setting("UninstallDisplayIcon") == rf"{{app}}\{NAME}.exe"
    assert set(re.findall(r'Filename: "\{app\}\\([^"]+)"', ISS)) == {f"{NAME}.exe"}
    assert one(r'^app="([^"]+)"', DMG_SH) == f"dist/{APP_NAME}.app"
    assert f'"dist/{APP_NAME}.app/Contents/MacOS/{NAME}"' in WORKFLOW
    assert f"dist\\{NAME}\\{NAME}.exe" in WORKFLOW
    assert f"dist/{NAME}/{NAME}" in WORKFLOW
    assert f'bundle="$dist/{NAME}"' in SCRIPTS["packaging/linux/build.sh"]
    assert f'bundle="$dist/{NAME}"' in SCRIPTS["packaging/linux/build_appimage.sh"]
    assert f"usr/lib/{NAME}/{NAME}" in (ROOT / "packaging/linux/appimage/AppRun").read_text(encoding="utf-8")


def test_the_installer_file_names_agree_with_what_the_workflow_publishes() -> None:
    output = (ISS_PATH.parent / iss_setting("OutputDir").replace("\\", "/")).resolve()
    assert output == ROOT / "dist"
    assert iss_setting("OutputBaseFilename") == f"{FILE_STEM}-{{#AppVersion}}-windows-setup"
    assert f"dist\\{FILE_STEM}-$version-windows-setup.exe" in BUILD_PS1
    assert one(r'^dmg="([^"]+)"', DMG_SH) == f"dist/{FILE_STEM}-${{version}}-macos.dmg"
    assert (
        f'appimage="$dist/{FILE_STEM}-${{version}}-${{arch}}.AppImage"' in SCRIPTS["packaging/linux/build_appimage.sh"]
    )
    for published in ("dist/*-windows-setup.exe", "dist/*.dmg", "dist/*.deb", "dist/*.AppImage", "dist/*.tar.gz"):
        assert published in WORKFLOW
    for sums in ("linux", "appimage", "windows", "macos"):
        assert f"SHA256SUMS-{sums}.txt" in WORKFLOW


def test_the_icons_are_the_same_files_everywhere() -> None:
    icons = ROOT / "resources" / "icons"
    assert f'"{NAME}.ico"' in SPEC and f'"{NAME}.png"' in SPEC and 'ROOT / "resources" / "icons"' in SPEC
    setup_icon = (ISS_PATH.parent / iss_setting("SetupIconFile").replace("\\", "/")).resolve()
    assert setup_icon == icons / f"{NAME}.ico"
    assert one(r"^Icon=(.*)$", DESKTOP) == NAME
    for icon in (icons / f"{NAME}.ico", icons / f"{NAME}.png", icons / f"{NAME}.svg"):
        assert icon.is_file(), icon
    sizes = sorted(p.parent.parent.name for p in icons.glob(f"hicolor/*/apps/{NAME}.png"))
    assert {"16x16", "32x32", "48x48", "256x256", "512x512"} <= set(sizes)


REFERENCE = re.compile(r"(?<![\w$/.-])((?:packaging|resources|scripts)[\\/][\w.\\/-]*\w|build\.spec|CHANGELOG\.md)")
SPEC_PATH = re.compile(r'ROOT((?:\s*/\s*"[^"]+")+)')  # build.spec's ROOT / "packaging" / "launcher.py"
BESIDE = re.compile(r'"\$here/([\w.-]+)"')  # a file next to the script


def references(script: str) -> set[str]:
    text = SCRIPTS[script]
    found = {match.replace("\\", "/") for match in REFERENCE.findall(text)}
    found |= {"/".join(re.findall(r'"([^"]+)"', chain)) for chain in SPEC_PATH.findall(text)}
    found |= {str(Path(script).parent / name) for name in BESIDE.findall(text)}
    found.discard(script)
    return found


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_file_a_script_names_exists(script: str) -> None:
    named = references(script)
    assert named, f"{script} names no file: is the pattern stale?"
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert not missing, f"{script} names files that do not exist: {missing}"


def test_a_missing_file_would_be_noticed() -> None:
    SCRIPTS["probe"] = 'python3 packaging/no_such_script.py\nicon = ROOT / "resources" / "nothing.ico"\n'
    try:
        assert {"packaging/no_such_script.py", "resources/nothing.ico"} <= references("probe")
    finally:
        del SCRIPTS["probe"]


def test_the_workflow_smoke_starts_every_frozen_app_and_keeps_the_screenshots() -> None:
    assert "- name: Smoke-start the frozen app and the AppImage (Linux)" in WORKFLOW
    assert "- name: Smoke-start the frozen app (Windows)" in WORKFLOW
    assert "- name: Smoke-start the frozen app (macOS)" in WORKFLOW
    for shot in ("smoke/linux-bundle.png", "smoke/linux-appimage.png", "smoke/macos.png"):
        assert f"--screenshot {shot}" in WORKFLOW
    assert "'--screenshot','smoke\\windows.png'" in WORKFLOW
    assert "name: screenshot-${{ runner.os }}" in WORKFLOW and "path: smoke/*.png" in WORKFLOW
