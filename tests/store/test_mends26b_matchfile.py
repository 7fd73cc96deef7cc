"""review26 7: a match file with no `version` (or one that is not a whole number) was told as "made by another
version of the game" (kind "version"): it is damaged. Only a whole number the game does not read is another
version's."""

from __future__ import annotations

from typing import Any

import pytest

from dominoes_desktop.store.matchfile import FORMAT, MatchFileError, match_from_json


def refused(data: dict[str, Any]) -> MatchFileError:
    with pytest.raises(MatchFileError) as caught:
        match_from_json(data)
    return caught.value


@pytest.mark.parametrize("version", ["missing", None, "2", True, 2.5, [2], {"v": 2}])
def test_a_file_without_a_whole_version_number_is_damaged(version: object) -> None:
    data: dict[str, Any] = {"format": FORMAT, "preset": "puerto_rican"}
    if version != "missing":
        data["version"] = version
    error = refused(data)
    assert error.kind == "damaged", str(error)
    assert "'version' must be a whole number" in str(error)


@pytest.mark.parametrize("version", [0, 3, 99, -1])
def test_a_whole_number_the_game_does_not_read_is_another_versions(version: int) -> None:
    error = refused({"format": FORMAT, "version": version})
    assert error.kind == "version"
    assert str(error) == f"match files of version {version} are not supported"


def test_a_file_of_another_format_is_not_a_match_whatever_its_version() -> None:
    assert refused({"format": "shopping-list"}).kind == "not_match"
