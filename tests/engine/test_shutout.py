"""A match won with the others on zero, named by what it is in that game (engine.shutout): a six-love where hands
are counted one each to six, a shutout elsewhere, and nothing for a match taken in one hand."""

from __future__ import annotations

from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.shutout import Shutout, shutout, six_love_game

from .test_match import SIDE_ONE_DOMINOES, play_deal


def won_from(preset: str, before: list[int], **options: object) -> tuple[Match, Shutout | None]:
    """A real hand (side 1 goes out) played from the scores `before`; what the match's win is."""
    match = Match(build_rules(preset, {"deal_size": 2, **options}))
    match.scores = list(before)
    result = play_deal(match, *SIDE_ONE_DOMINOES)
    return match, shutout(match.rules, match.scores, match.winner, result)


def test_a_six_love_is_the_six_love_game_s_six_to_nought() -> None:
    match, swept = won_from("six_love", [0, 5])
    assert match.winner == 1 and match.scores == [0, 6] and swept is Shutout.SIX_LOVE


def test_a_jamaican_six_to_nought_is_a_six_love_too() -> None:
    match, swept = won_from("jamaican", [0, 5])  # hands counted to six: the island's six-love
    assert match.winner == 1 and match.scores == [0, 6] and swept is Shutout.SIX_LOVE
    for preset in ("trinidad", "barbados", "cutthroat"):
        assert six_love_game(build_rules(preset, {})), preset
    for preset in ("puerto_rican", "dominican", "cuban", "draw", "all_fives"):
        assert not six_love_game(build_rules(preset, {})), preset
    match, swept = won_from("jamaican", [0, 3], target=4)  # a match to four hands: a shutout, not six-love
    assert match.winner == 1 and match.scores == [0, 4] and swept is Shutout.SHUTOUT


def test_elsewhere_a_match_won_with_the_others_on_nought_is_a_shutout() -> None:
    match, swept = won_from("puerto_rican", [0, 190])
    assert match.winner == 1 and match.scores == [0, 205] and swept is Shutout.SHUTOUT


def test_a_match_taken_in_one_hand_is_no_shutout() -> None:
    for preset, options in (("draw", {"target": 1}), ("jamaican", {"target": 1}), ("six_love", {"target": 1})):
        match, swept = won_from(preset, [0, 0], **options)
        assert match.winner == 1 and match.scores[0] == 0 and swept is None, preset
    match, swept = won_from("puerto_rican", [0, 0], target=10)  # 15 points: the target in one hand
    assert match.winner == 1 and swept is None


def test_no_shutout_while_another_side_has_scored_or_nobody_won() -> None:
    match, swept = won_from("jamaican", [2, 5])
    assert match.winner == 1 and swept is None
    match, swept = won_from("jamaican", [0, 3])
    assert match.winner is None and swept is None
