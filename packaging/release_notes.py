"""Print one version's section of CHANGELOG.md, for the release notes the release workflow publishes.

    python3 packaging/release_notes.py CHANGELOG.md 0.2.0 > notes.md

The section is the text under `## [0.2.0]` (Keep a Changelog style) up to the next `## ` heading, without the
link definitions at the end of the file. A missing or empty section is an error: a release must say what changed.
Runs on the plain Python of a CI runner (3.10 or newer, no third-party packages).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADING = re.compile(r"^## \[?(?P<version>[^\]\s]+)\]?(?:\s+-\s+.*)?$")
LINK_DEFINITION = re.compile(r"^\[[^\]]+\]:\s+\S+")


class ChangelogError(Exception):
    """The changelog has nothing to say about the version asked for."""


def section(changelog: str, version: str) -> str:
    """The body of `version`'s section, stripped of surrounding blank lines."""
    version = version.removeprefix("v")
    lines: list[str] | None = None
    for line in changelog.splitlines():
        heading = HEADING.match(line)
        if heading:
            if lines is not None:
                break
            if heading["version"] == version:
                lines = []
            continue
        if lines is not None and not LINK_DEFINITION.match(line):
            lines.append(line)
    if lines is None:
        raise ChangelogError(f"CHANGELOG.md has no section for {version}: add '## [{version}] - YYYY-MM-DD'")
    body = "\n".join(lines).strip()
    if not body:
        raise ChangelogError(f"the CHANGELOG.md section for {version} is empty")
    return body


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: release_notes.py CHANGELOG.md VERSION", file=sys.stderr)
        return 2
    try:
        print(section(Path(argv[1]).read_text(encoding="utf-8"), argv[2]))
    except (OSError, ChangelogError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
