"""The fair coach's board in shared memory leaves nothing behind: not when the resource tracker refuses to
register it (before Python 3.13 the segment is made first, then registered), nor after use."""

from __future__ import annotations

from multiprocessing import resource_tracker, shared_memory
from pathlib import Path

import pytest

from dominoes_desktop.engine.analysis import fair
from dominoes_desktop.engine.analysis.fair import NO_WORLD, joined_board, new_board

SHM = Path("/dev/shm")
needs_dev_shm = pytest.mark.skipif(not SHM.is_dir(), reason="no /dev/shm on this system")


@needs_dev_shm
def test_a_board_the_tracker_will_not_register_is_none_and_leaves_no_segment(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def refused(name: str, rtype: str) -> None:
        asked.append(name)
        raise PermissionError("the resource tracker cannot start here")

    monkeypatch.setattr(resource_tracker, "register", refused)
    with new_board(2, 3) as name:
        assert name is None, "the lanes go without a board"
    assert asked, "the segment was made, then its registration refused"
    left = [SHM / made.lstrip("/") for made in asked]
    assert not any(path.exists() for path in left), left


@needs_dev_shm
def test_a_board_is_shared_while_in_use_and_gone_after() -> None:
    with new_board(2, 3) as name:
        assert name is not None and (SHM / name).exists()
        with joined_board(name, 2, 3) as board:
            assert board is not None and board.others(0, 2) == NO_WORLD
            board.stopped(1, 2, 7)
            assert board.others(0, 2) == 7
    assert not (SHM / name).exists()


def test_another_s_segment_of_the_same_name_is_never_taken_away(monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = shared_memory.SharedMemory(create=True, size=16)
    try:
        names = iter([theirs.name.lstrip("/"), fair.board_name()])
        monkeypatch.setattr(fair, "board_name", lambda: next(names))
        with new_board(1, 1) as name:
            assert name is not None and name != theirs.name
        again = shared_memory.SharedMemory(name=theirs.name)  # still there
        again.close()
    finally:
        theirs.close()
        theirs.unlink()
