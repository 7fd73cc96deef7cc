"""shellcheck finds nothing in the project's shell scripts (scripts/, packaging/, .ci/)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHELLS = (b"#!/bin/sh", b"#!/bin/bash", b"#!/usr/bin/env bash", b"#!/usr/bin/env sh")
KNOWN: dict[str, str] = {}  # script -> why it may fail shellcheck for now


def shell_scripts() -> list[Path]:
    found = []
    for folder in ("scripts", "packaging", ".ci"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and (path.suffix == ".sh" or path.read_bytes().startswith(SHELLS)):
                found.append(path)
    return found


SCRIPTS = shell_scripts()


def test_the_scripts_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in SCRIPTS}
    assert {"packaging/linux/build.sh", "packaging/linux/build_appimage.sh", "packaging/macos/build_dmg.sh"} <= names
    assert {"packaging/linux/appimage/AppRun", "scripts/test.sh", ".ci/run"} <= names


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(path, marks=pytest.mark.xfail(reason=KNOWN[key], strict=False))
        if (key := path.relative_to(ROOT).as_posix()) in KNOWN
        else path
        for path in SCRIPTS
    ],
    ids=lambda path: path.relative_to(ROOT).as_posix(),
)
def test_shellcheck_finds_nothing(script: Path) -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        if os.environ.get("CI"):
            pytest.fail("shellcheck is missing: apt-get install shellcheck")
        pytest.skip("shellcheck is missing: apt-get install shellcheck")
    run = subprocess.run(
        [shellcheck, "--external-sources", "--format=gcc", str(script.relative_to(ROOT))],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
