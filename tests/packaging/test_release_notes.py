"""packaging/release_notes.py: the tagged version's CHANGELOG.md section becomes the release notes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "release_notes.py"
# packaging/ is a folder of build scripts, not a package (and PyPI's `packaging` owns the name): load by path.
_spec = importlib.util.spec_from_file_location("release_notes", SCRIPT)
assert _spec is not None and _spec.loader is not None
release_notes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(release_notes)
ChangelogError = release_notes.ChangelogError
section = release_notes.section

CHANGELOG = """# Changelog

## [Unreleased]

- Something in the works.

## [1.1.0] - 2026-12-24

### Fixed

- The spinner.

## [1.0.0] - 2026-12-01

### Added

- Everything.

[1.1.0]: https://example.org/compare/v1.0.0...v1.1.0
[1.0.0]: https://example.org/releases/v1.0.0
"""


def test_a_section_runs_to_the_next_heading() -> None:
    assert section(CHANGELOG, "1.1.0") == "### Fixed\n\n- The spinner."


def test_the_last_section_leaves_out_the_link_definitions() -> None:
    assert section(CHANGELOG, "1.0.0") == "### Added\n\n- Everything."


def test_a_tag_name_is_read_as_its_version() -> None:
    assert section(CHANGELOG, "v1.0.0") == section(CHANGELOG, "1.0.0")


def test_a_version_must_match_exactly() -> None:
    with pytest.raises(ChangelogError, match=r"no section for 1\.1:"):
        section(CHANGELOG, "1.1")


def test_an_empty_section_is_refused() -> None:
    with pytest.raises(ChangelogError, match="empty"):
        section("## [2.0.0] - 2027-01-01\n\n## [1.0.0]\n- x\n", "2.0.0")


def test_the_command_prints_the_section_or_one_error_line(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(CHANGELOG, encoding="utf-8")
    ok = subprocess.run([sys.executable, str(SCRIPT), str(changelog), "v1.1.0"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout == "### Fixed\n\n- The spinner.\n"
    bad = subprocess.run([sys.executable, str(SCRIPT), str(changelog), "3.0.0"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("error: CHANGELOG.md has no section for 3.0.0")


def test_the_projects_changelog_covers_the_current_version() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    notes = section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version)
    assert "### Added" in notes
