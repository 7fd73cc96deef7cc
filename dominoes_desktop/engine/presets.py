"""The presets of the rule book, and host options that turn a preset into the rules in force."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import RulesError
from .rules import (
    AfterNoWinner,
    AfterWin,
    BlockedRule,
    EndScoring,
    LayoutKind,
    Opening,
    Rules,
    Scoring,
    Style,
)
from .tiles import Tile, full_set

# (set or None for any set, players, tiles each); the first exact match wins.
DealTable = tuple[tuple[int | None, int, int], ...]


@dataclass(frozen=True, slots=True)
class Preset:
    """A preset: its default rules plus what a host may change."""

    rules: Rules
    group: str  # "caribbean", "classic" or "points": how the lobby groups it
    flag: str  # ISO code of the country it comes from, or "" for none
    min_players: int
    max_players: int
    deal_table: DealTable
    partners_allowed: bool  # can partners be switched on at 4 players

    def deal_size(self, set_top: int, players: int) -> int:
        for table_set, table_players, size in self.deal_table:
            if table_players == players and table_set == set_top:
                return size
        for table_set, table_players, size in self.deal_table:
            if table_players == players and table_set is None:
                return size
        return self.rules.hand_size


def _caribbean(preset: str, name: str, flag: str, **changes: Any) -> Preset:
    base = Rules(
        preset=preset,
        name=name,
        set_top=6,
        players=4,
        teams=(0, 1, 0, 1),
        hand_size=7,
        style=Style.BLOCK,
        layout=LayoutKind.LINE,
        opening=Opening.HIGHEST_DOUBLE_MUST,
        after_win=AfterWin.WINNING_TEAM_CHOICE,
        after_no_winner=AfterNoWinner.FIRST_HAND_RULE,
        blocked=BlockedRule.LOWEST_PLAYER,
        scoring=Scoring.ONE_PER_HAND,
        target=6,
    )
    return Preset(replace(base, **changes), "caribbean", flag, 4, 4, ((None, 4, 7),), True)


def _classic(
    preset: str,
    name: str,
    group: str,
    max_players: int,
    deal_table: DealTable,
    partners_allowed: bool,
    **changes: Any,
) -> Preset:
    base = Rules(
        preset=preset,
        name=name,
        set_top=6,
        players=4,
        teams=(0, 1, 2, 3),
        hand_size=dict(((p, s) for st, p, s in deal_table if st is None)).get(4, 5),
        style=Style.DRAW,
        layout=LayoutKind.LINE,
        opening=Opening.HIGHEST_DOUBLE_REDEAL,
        after_win=AfterWin.FIRST_HAND_RULE,
        after_no_winner=AfterNoWinner.FIRST_HAND_RULE,
        blocked=BlockedRule.LOWEST_SIDE,
        scoring=Scoring.PORCH,
        target=100,
    )
    return Preset(replace(base, **changes), group, "", 2, max_players, deal_table, partners_allowed)


_CLASSIC_DRAW_DEAL: DealTable = ((None, 2, 7), (None, 3, 5), (None, 4, 4), (None, 5, 3))
_BIG_CROSS_DEAL: DealTable = ((None, 2, 7), (None, 3, 7), (None, 4, 5), (None, 5, 5))
_FIVES_DEAL: DealTable = ((None, 2, 5), (None, 3, 5), (None, 4, 5))

PRESETS: dict[str, Preset] = {
    p.rules.preset: p
    for p in (
        _caribbean("jamaican", "Jamaican partners", "jm"),
        _caribbean(
            "six_love",
            "Jamaican six-love",
            "jm",
            key_bone_bonus=1,
            six_love_reset=True,
            target_needs_zero_opponent=True,
        ),
        _caribbean("trinidad", "Trinidad & Tobago", "tt"),
        _caribbean("barbados", "Barbados", "bb"),
        _caribbean(
            "puerto_rican",
            "Puerto Rican",
            "pr",
            blocked=BlockedRule.LOWEST_SIDE,
            scoring=Scoring.ALL_PIPS,
            target=200,
        ),
        _caribbean(
            "dominican",
            "Dominican",
            "do",
            blocked=BlockedRule.LOWEST_SIDE_STARTER_TIES,
            scoring=Scoring.OPPONENTS_PIPS,
            capicua_bonus=30,
            target=200,
        ),
        replace(
            _caribbean(
                "cuban",
                "Cuban",
                "cu",
                set_top=9,
                hand_size=10,
                opening=Opening.RANDOM_TEAM_ANY,
                after_no_winner=AfterNoWinner.ROTATE,
                scoring=Scoring.OPPONENTS_PIPS,
                redeal_doubles=5,
                target=100,
            ),
            deal_table=((None, 4, 10),),
        ),
        Preset(
            Rules(
                preset="cutthroat",
                name="Cutthroat",
                set_top=6,
                players=3,
                teams=(0, 1, 2),
                hand_size=9,
                style=Style.BLOCK,
                layout=LayoutKind.LINE,
                opening=Opening.HIGHEST_DOUBLE_MUST,
                after_win=AfterWin.WINNER,
                after_no_winner=AfterNoWinner.FIRST_HAND_RULE,
                blocked=BlockedRule.LOWEST_PLAYER,
                scoring=Scoring.ONE_PER_HAND,
                target=6,
                cutthroat_reset=True,
                target_needs_zero_opponent=True,
                removed_tiles=(Tile(0, 0),),
            ),
            "caribbean",
            "",
            2,
            3,
            ((None, 2, 9), (None, 3, 9)),
            False,
        ),
        replace(
            _caribbean(
                "block",
                "Block (house rules)",
                "",
                after_win=AfterWin.WINNER,
                scoring=Scoring.OPPONENTS_PIPS,
                target=100,
            ),
            group="classic",
        ),
        replace(
            _caribbean(
                "draw",
                "Draw (house rules)",
                "",
                hand_size=5,
                style=Style.DRAW,
                after_win=AfterWin.WINNER,
                scoring=Scoring.OPPONENTS_PIPS,
                target=100,
            ),
            group="classic",
            deal_table=((None, 4, 5),),
        ),
        _classic(
            "classic_block",
            "Block (classic)",
            "classic",
            5,
            ((None, 2, 8), (None, 3, 6), (None, 4, 6), (None, 5, 5), (9, 4, 9), (12, 4, 12)),
            True,
            style=Style.BLOCK,
        ),
        _classic("classic_draw", "Draw (classic)", "classic", 5, _CLASSIC_DRAW_DEAL, True),
        _classic("cross", "Cross", "classic", 5, _CLASSIC_DRAW_DEAL, False, layout=LayoutKind.CROSS),
        _classic(
            "cross_9",
            "Double-nine Cross",
            "classic",
            5,
            _BIG_CROSS_DEAL,
            False,
            set_top=9,
            layout=LayoutKind.SPINNERS,
        ),
        _classic(
            "cross_12",
            "Double-twelve Cross",
            "classic",
            5,
            _BIG_CROSS_DEAL,
            False,
            set_top=12,
            layout=LayoutKind.SPINNERS,
        ),
        _classic(
            "all_fives",
            "All Fives (Muggins)",
            "points",
            4,
            _FIVES_DEAL,
            True,
            style=Style.ALL_FIVES_DRAW,
            opening=Opening.HIGHEST_DOUBLE_ANY_REDEAL,
            scoring=Scoring.PORCH_FIVES,
            end_scoring=EndScoring.FIVES,
            claims=True,
        ),
        _classic(
            "fives_threes",
            "All Fives and Threes",
            "points",
            4,
            _FIVES_DEAL,
            True,
            style=Style.ALL_FIVES_DRAW,
            opening=Opening.HIGHEST_DOUBLE_ANY_REDEAL,
            end_scoring=EndScoring.FIVES_AND_THREES,
            claims=True,
        ),
    )
}

HOST_OPTIONS = ("target", "single_round", "set", "players", "partners", "style", "deal_size")


def preset(preset_id: str) -> Preset:
    try:
        return PRESETS[preset_id]
    except KeyError:
        raise RulesError(f"unknown preset '{preset_id}'") from None


def _int_option(options: Mapping[str, Any], key: str, default: int) -> int:
    value = options.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"option '{key}' must be a whole number, not {value!r}")
    return value


def _teams(preset_: Preset, players: int, partners: Any) -> tuple[int, ...]:
    """Side of each seat from the partners option: true/false, or a list of seat pairs."""
    alone = tuple(range(players))
    if partners is None:
        default = preset_.rules.teams
        return default if len(default) == players else alone
    if partners is False:
        return alone
    if players != 4:
        raise RulesError(f"partners need exactly 4 players, not {players}")
    if not preset_.partners_allowed:
        raise RulesError(f"{preset_.rules.name} is played every player for themselves")
    if partners is True:
        return (0, 1, 0, 1)
    if isinstance(partners, (list, tuple)):
        pairs = [tuple(p) for p in partners]
        seats = sorted(s for p in pairs for s in p)
        if len(pairs) != 2 or any(len(p) != 2 for p in pairs) or seats != [0, 1, 2, 3]:
            raise RulesError("partners must pair the four seats in two pairs, like [[0, 2], [1, 3]]")
        pairs.sort(key=min)
        return tuple(0 if seat in pairs[0] else 1 for seat in range(4))
    raise RulesError(f"option 'partners' must be true, false or two pairs of seats, not {partners!r}")


def build_rules(preset_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules in force for a preset with host options applied, validated."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(HOST_OPTIONS))
    if unknown:
        raise RulesError(f"unknown option '{unknown[0]}' (known: {', '.join(HOST_OPTIONS)})")
    p = preset(preset_id)
    base = p.rules
    changed = tuple(k for k in HOST_OPTIONS if k in options and options[k] is not None)

    set_top = _int_option(options, "set", base.set_top)
    if set_top not in (6, 9, 12):
        raise RulesError(f"the set must be double-6, double-9 or double-12, not double-{set_top}")
    players = _int_option(options, "players", base.players)
    if not p.min_players <= players <= p.max_players:
        span = f"{p.min_players}" if p.min_players == p.max_players else f"{p.min_players} to {p.max_players}"
        raise RulesError(f"{base.name} is played by {span} players, not {players}")
    teams = _teams(p, players, options.get("partners"))

    style = base.style
    style_option = options.get("style")
    if style_option is not None:
        if style_option == "block":
            style = Style.BLOCK
        elif style_option == "draw":
            style = base.style if base.style is not Style.BLOCK else Style.DRAW
        elif style_option == Style.ALL_FIVES_DRAW.value:
            style = Style.ALL_FIVES_DRAW
        else:
            raise RulesError(f"style must be 'block' or 'draw', not {style_option!r}")

    hand_size = _int_option(options, "deal_size", p.deal_size(set_top, players))
    removed = tuple(t for t in base.removed_tiles if t.high <= set_top)
    set_size = len(full_set(set_top, removed))
    if hand_size < 1 or hand_size * players > set_size:
        raise RulesError(
            f"{players} players cannot each be dealt {hand_size} tiles from a double-{set_top} set of {set_size} tiles"
        )
    if style is Style.ALL_FIVES_DRAW and hand_size * players > set_size - 2:
        raise RulesError("all-fives draw keeps two tiles asleep: deal fewer tiles")

    target = _int_option(options, "target", base.target)
    if target < 1:
        raise RulesError(f"the target must be at least 1, not {target}")
    single_round = options.get("single_round", base.single_round)
    if not isinstance(single_round, bool):
        raise RulesError(f"option 'single_round' must be true or false, not {single_round!r}")

    return replace(
        base,
        set_top=set_top,
        players=players,
        teams=teams,
        hand_size=hand_size,
        style=style,
        target=target,
        single_round=single_round,
        removed_tiles=removed,
        customised=changed,
    )


def rules_from_json(data: Mapping[str, Any]) -> Rules:
    """The rules named by a JSON object's `preset` and `options` (a replay case, a bot request, a match file)."""
    preset_id = data.get("preset")
    if not isinstance(preset_id, str):
        raise RulesError('a preset must be named, like "preset": "jamaican"')
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RulesError("'options' must be an object")
    return build_rules(preset_id, options)
