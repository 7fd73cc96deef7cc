"""The presets of the rule book, and host options that turn a preset into the rules in force."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import RulesError
from .inputs import json_shown
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

# (set or None for any set, players, tiles each); an entry for the exact set wins over a None entry.
DealTable = tuple[tuple[int | None, int, int], ...]

# classic_draw's sizes: the deal of any preset a host switches from block to a drawing style (RULES.md §9b),
# small enough that every seat count leaves a stock to draw from.
CLASSIC_DRAW_DEAL: DealTable = ((None, 2, 7), (None, 3, 5), (None, 4, 4), (None, 5, 3))
SETS = (6, 9, 12)


def _look_up(table: DealTable, set_top: int, players: int) -> int | None:
    for table_set, table_players, size in table:
        if table_players == players and table_set == set_top:
            return size
    for table_set, table_players, size in table:
        if table_players == players and table_set is None:
            return size
    return None


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
    # The deal when a block preset is played in a drawing style; a drawing preset keeps `deal_table`.
    draw_deal_table: DealTable = CLASSIC_DRAW_DEAL
    sets: tuple[int, ...] = SETS  # the sets a host may pick
    symbol: str = ""  # a picture in resources/symbols for a preset with no flag, or "" for the drawn domino
    others: str = "cpu"  # who the lobby seats beside the host: "cpu", or "friend" (invited: a room's preset)

    def deal_size(self, set_top: int, players: int, style: Style | None = None) -> int:
        """The default tiles each: from the deal table for the set, seats and style in force."""
        drawing = style is not None and style is not Style.BLOCK and self.rules.style is Style.BLOCK
        size = _look_up(self.draw_deal_table if drawing else self.deal_table, set_top, players)
        return self.rules.hand_size if size is None else size


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


_BIG_CROSS_DEAL: DealTable = ((None, 2, 7), (None, 3, 7), (None, 4, 5), (None, 5, 5))
_FIVES_DEAL: DealTable = ((None, 2, 5), (None, 3, 5), (None, 4, 5))
# The friends' room: double-9 deals 10 each; double-6 deals 7, but 5 in a draw game of 3-4 so a stock is left.
_ROOM_DEAL: DealTable = ((9, 2, 10), (9, 3, 10), (9, 4, 10), (None, 2, 7), (None, 3, 7), (None, 4, 7))
_ROOM_DRAW_DEAL: DealTable = ((9, 2, 10), (9, 3, 10), (9, 4, 10), (None, 2, 7), (None, 3, 5), (None, 4, 5))

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
            # Ten each needs double-9; a host who picks double-6 gets the Caribbean seven each.
            deal_table=((6, 4, 7), (None, 4, 10)),
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
        Preset(
            Rules(
                preset="room",
                name="Friends' room",
                set_top=6,
                players=4,
                teams=(0, 1, 2, 3),
                hand_size=7,
                style=Style.BLOCK,
                layout=LayoutKind.LINE,
                opening=Opening.HIGHEST_DOUBLE_ANY,
                after_win=AfterWin.WINNER,
                after_no_winner=AfterNoWinner.FIRST_HAND_RULE,
                blocked=BlockedRule.LOWEST_SIDE,
                scoring=Scoring.OPPONENTS_PIPS,
                target=100,
            ),
            "classic",
            "",
            2,
            4,
            _ROOM_DEAL,
            True,
            draw_deal_table=_ROOM_DRAW_DEAL,
            sets=(6, 9),
            symbol="room",
            others="friend",
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
        _classic("classic_draw", "Draw (classic)", "classic", 5, CLASSIC_DRAW_DEAL, True),
        _classic("cross", "Cross", "classic", 5, CLASSIC_DRAW_DEAL, False, layout=LayoutKind.CROSS),
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
        raise RulesError(f"option '{key}' must be a whole number, not {json_shown(value, 44)}")
    return value


def _teams(preset_: Preset, players: int, partners: Any) -> tuple[int, ...]:
    """Side of each seat from the partners option, which is on or off: partners always sit opposite."""
    alone = tuple(range(players))
    if partners is None:
        default = preset_.rules.teams
        return default if len(default) == players else alone
    if isinstance(partners, (list, tuple)):
        # RULES.md §9b: who partners whom is a matter of who sits where, never of which seats pair up.
        raise RulesError(
            "option 'partners' is true or false, not pairs of seats: partners always sit opposite "
            "(seats 0 and 2 against 1 and 3)"
        )
    if not isinstance(partners, bool):
        raise RulesError(f"option 'partners' must be true or false, not {json_shown(partners, 44)}")
    if not partners:
        return alone
    if players != 4:
        raise RulesError(f"partners need exactly 4 players, not {players}")
    if not preset_.partners_allowed:
        raise RulesError(f"{preset_.rules.name} is played every player for themselves")
    return (0, 1, 0, 1)


# The styles a host types (RULES.md section 10). The all-fives draw is no choice of its own: it is how the fives
# family draws, and "draw" over a drawing preset keeps the preset's own way of drawing (RULES.md section 9b).
_STYLES = {"block": Style.BLOCK, "draw": Style.DRAW}

# Tiles that must stay undealt: a draw game needs a stock to draw from; the all-fives draw leaves its last
# two tiles asleep, so it needs three for one to be drawable.
_KEEP_IN_STOCK = {Style.BLOCK: 0, Style.DRAW: 1, Style.ALL_FIVES_DRAW: 3}


def _style(base: Style, option: Any) -> Style:
    if option is None:
        return base
    if option == Style.ALL_FIVES_DRAW.value:
        raise RulesError(
            'style must be "block" or "draw", not "all_fives_draw": the fives presets keep their own draw under "draw"'
        )
    if not isinstance(option, str) or option not in _STYLES:
        raise RulesError(f'style must be "block" or "draw", not {json_shown(option, 44)}')
    style = _STYLES[option]
    return base if style is Style.DRAW and base is not Style.BLOCK else style


def host_options(rules: Rules) -> dict[str, Any]:
    """The host options that `build_rules(rules.preset, ...)` turns back into these rules: what a record writes
    beside its preset, so that rules made in code (a demonstration, a test's table) load and judge as played."""
    values: dict[str, Any] = {
        "target": rules.target,
        "single_round": rules.single_round,
        "set": rules.set_top,
        "players": rules.players,
        "partners": len(set(rules.teams)) < rules.players,
        "style": "block" if rules.style is Style.BLOCK else "draw",
        "deal_size": rules.hand_size,
    }
    return {key: values[key] for key in rules.customised}


def _check_deal(hand_size: int, players: int, set_top: int, set_size: int, style: Style) -> None:
    keep = _KEEP_IN_STOCK[style]
    most = (set_size - keep) // players
    if 1 <= hand_size <= most:
        return
    reason = {
        Style.BLOCK: "",
        Style.DRAW: "a draw game must leave tiles in the stock: ",
        Style.ALL_FIVES_DRAW: "the all-fives draw must leave at least three tiles in the stock (two sleep, one "
        "can be drawn): ",
    }[style]
    if most < 1:
        raise RulesError(f"{reason}a double-{set_top} set of {set_size} tiles is too small for {players} players")
    raise RulesError(
        f"{reason}{players} players can each be dealt 1 to {most} tiles from a double-{set_top} set of "
        f"{set_size} tiles, not {hand_size}"
    )


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
    if set_top not in SETS:
        raise RulesError(f"the set must be double-6, double-9 or double-12, not double-{set_top}")
    if set_top not in p.sets:
        allowed = " or ".join(f"double-{top}" for top in p.sets)
        raise RulesError(f"{base.name} is played with a {allowed} set, not double-{set_top}")
    players = _int_option(options, "players", base.players)
    if not p.min_players <= players <= p.max_players:
        span = f"{p.min_players}" if p.min_players == p.max_players else f"{p.min_players} to {p.max_players}"
        raise RulesError(f"{base.name} is played by {span} players, not {players}")
    teams = _teams(p, players, options.get("partners"))
    style = _style(base.style, options.get("style"))

    # With no size given, the deal follows the table for this set, seat count and style (RULES.md §9b).
    hand_size = _int_option(options, "deal_size", p.deal_size(set_top, players, style))
    removed = tuple(t for t in base.removed_tiles if t.high <= set_top)
    _check_deal(hand_size, players, set_top, len(full_set(set_top, removed)), style)

    target = _int_option(options, "target", base.target)
    if target < 1:
        raise RulesError(f"the target must be at least 1, not {target}")
    single_round = options.get("single_round")
    if single_round is None:  # null keeps the preset's, as for every option
        single_round = base.single_round
    if not isinstance(single_round, bool):
        raise RulesError(f"option 'single_round' must be true or false, not {json_shown(single_round, 44)}")

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
