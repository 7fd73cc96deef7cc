"""polish27 6: the one choice of move reader, before and after a hand's first tile, that the replay cases and the
bot's requests share (each wrote `parse_move if posed else parse_first_move` for itself)."""

from __future__ import annotations

import pytest

from dominoes_desktop.engine.errors import NotationError
from dominoes_desktop.engine.moves import CLAIM, PASS, Move, read_move
from dominoes_desktop.engine.tiles import Tile


def test_before_the_first_tile_an_end_is_refused_in_the_empty_tables_words() -> None:
    with pytest.raises(NotationError, match="nothing is on the table yet"):
        read_move("6-6@1", posed=False)
    assert read_move("6-6", posed=False) == Move.play(Tile(6, 6))


def test_once_a_tile_lies_on_the_table_an_end_is_read_as_the_notation_says() -> None:
    assert read_move("6-4@6d", posed=True) == Move.play(Tile(6, 4), 6, on_double=True)
    with pytest.raises(NotationError, match="cannot join an end showing 1"):
        read_move("6-6@1", posed=True)


@pytest.mark.parametrize("posed", [False, True])
def test_words_that_are_no_tile_read_the_same_either_side_of_the_pose(posed: bool) -> None:
    assert (read_move("pass", posed), read_move(" claim ", posed)) == (PASS, CLAIM)
    with pytest.raises(NotationError, match="must name the calling seat"):
        read_move("muggins:x@1", posed)
