"""docs/REPLAY.md against the code: every example run through the real replay command (a process, in a fresh
folder, as a reader pasting them runs it) and its output compared with the document's word for word; the preset
tables rebuilt from the presets and compared row by row; every option, preset and rule value named."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.presets import HOST_OPTIONS, PRESETS, Preset, build_rules
from dominoes_desktop.engine.rules import (
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

from . import doc_examples

COMMAND = "python -m dominoes_desktop.engine.replay"


def document() -> str:
    return doc_examples.document("REPLAY.md")


def examples() -> list[tuple[str, str]]:
    return doc_examples.shell_examples(document(), COMMAND)


def test_the_document_has_its_examples() -> None:
    scripts = [script for script, _ in examples()]
    assert len(scripts) >= 6
    text = "\n".join(scripts)
    for preset in ("jamaican", "draw", "all_fives", "room"):  # block with partners, draw, all fives, a short one
        assert f'"preset": "{preset}"' in text
    assert "--check" in text and "muggins:" in text and "claim" in text and "@6d" in text
    # Every shell block that names the command is followed by what it prints.
    assert len(re.findall(r"```sh\n[^`]*" + re.escape(COMMAND), document())) == len(scripts)


def test_the_examples_print_what_the_document_shows(tmp_path: Path) -> None:
    doc_examples.assert_examples_print_what_is_shown(examples(), tmp_path, 120)


# ---- the preset tables, as the code has them ----------------------------------------------------------------


def _players(p: Preset) -> str:
    if p.min_players == p.max_players:
        return str(p.min_players)
    return f"{p.min_players} to {p.max_players} ({p.rules.players})"


def _partners(p: Preset) -> str:
    if p.rules.partners:
        return "on (may be off)"
    return "off (may be on at 4)" if p.partners_allowed else "never"


def _sets(p: Preset) -> str:
    others = [str(s) for s in p.sets if s != p.rules.set_top]
    return f"{p.rules.set_top}" + (f" (or {', '.join(others)})" if others else "")


def _sizes(p: Preset, style: str) -> str:
    """Tiles each by set and seat count, as `build_rules` deals them with no `deal_size` given."""
    by_set = []
    for top in p.sets:
        sizes = []
        for players in range(p.min_players, p.max_players + 1):
            try:
                size = str(build_rules(p.rules.preset, {"set": top, "players": players, "style": style}).hand_size)
            except RulesError:
                size = "none"
            sizes.append((players, size))
        if len({size for _, size in sizes}) == 1:
            by_set.append(sizes[0][1])
        else:
            by_set.append(", ".join(f"{players}: {size}" for players, size in sizes))
    if len(set(by_set)) == 1:
        return by_set[0]
    return "; ".join(f"double-{top}: {text}" for top, text in zip(p.sets, by_set, strict=True))


def _own_style(p: Preset) -> str:
    return "block" if p.rules.style is Style.BLOCK else "draw"


def _other_style(p: Preset) -> str:
    return "draw" if p.rules.style is Style.BLOCK else "block"


def deal_row(p: Preset) -> str:
    cells = [
        f"`{p.rules.preset}`",
        p.rules.name,
        _players(p),
        _partners(p),
        _sets(p),
        _sizes(p, _own_style(p)),
        _sizes(p, _other_style(p)),
    ]
    return "| " + " | ".join(cells) + " |"


# Rule fields shown in the play table's own columns, or not rules of play (names, derived values).
_COLUMNS = ("style", "layout", "opening", "after_win", "after_no_winner", "blocked", "scoring", "target")
_NOT_SHOWN = ("preset", "name", "set_top", "players", "teams", "hand_size", "customised", "sides", "single_round")


def _also(rules: Rules) -> str:
    found = []
    for f in fields(Rules):
        if f.name in _COLUMNS or f.name in _NOT_SHOWN:
            continue
        value = getattr(rules, f.name)
        if value == f.default:
            continue
        if isinstance(value, tuple):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "on"
        elif hasattr(value, "value"):
            value = value.value
        found.append(f"`{f.name}` {value}")
    return ", ".join(found) or "\N{EN DASH}"


def play_row(p: Preset) -> str:
    r = p.rules
    cells = [f"`{r.preset}`"]
    for name in _COLUMNS:
        value = getattr(r, name)
        cells.append(str(value) if isinstance(value, int) else f"`{value.value}`")
    cells.append(_also(r))
    return "| " + " | ".join(cells) + " |"


def _section(title: str) -> str:
    text = document()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_the_preset_tables_are_the_presets() -> None:
    section = _section("Presets")
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    expected = [deal_row(p) for p in PRESETS.values()] + [play_row(p) for p in PRESETS.values()]
    assert rows == expected, "\n".join(expected)


def test_every_option_preset_and_rule_value_is_named() -> None:
    text = document()
    for option in HOST_OPTIONS:
        assert f"`{option}`" in _section("The rules: `preset` and `options`"), option
    for preset_id in PRESETS:
        assert f"`{preset_id}`" in text, preset_id
    for kind in (Style, LayoutKind, Opening, AfterWin, AfterNoWinner, BlockedRule, Scoring, EndScoring):
        for value in kind:
            assert f"`{value.value}`" in _section("What each rule means"), value
    for f in fields(Rules):
        if f.name not in _NOT_SHOWN and f.name not in _COLUMNS:
            assert f"`{f.name}`" in _section("What each rule means"), f.name


@pytest.mark.parametrize("field", ["preset", "options", "hands", "deal", "stock", "leader", "moves", "expect"])
def test_every_case_field_is_in_the_field_table(field: str) -> None:
    assert re.search(rf"^\| `{field}` \|", _section("The case file"), re.M), field
