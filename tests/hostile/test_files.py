"""Hostile files: autosaves, match files, settings and statistics databases, hand-made and mutated. None
raises past the store, none hangs, the player's good data is kept, and the game starts."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.store.autosave import CURRENT, PREVIOUS, Autosave
from dominoes_desktop.store.matchfile import MatchFileError, load_file, loads
from dominoes_desktop.store.stats import DB_NAME, Statistics, Trouble
from dominoes_desktop.ui.shell.settings import Settings, open_settings_checked

from .corpus import DATA, MATCH_FILES, SAVE, SETTINGS_FILES, STATS_FILES, Maker, mutated_bytes, mutated_documents

GOOD_MOVES = sum(len(h["moves"]) for h in SAVE["hands"])


def moves_in(saved: object) -> int:
    return sum(len(hand.history) for _, hand in saved.match.played_hands())  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "make"), MATCH_FILES, ids=[name for name, _ in MATCH_FILES])
def test_a_hostile_match_file_is_refused_in_one_line(tmp_path: Path, name: str, make: Maker) -> None:
    path = tmp_path / "match.domino"
    make(path)
    with pytest.raises(MatchFileError) as info:
        load_file(path)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 1000


@pytest.mark.parametrize(("name", "make"), MATCH_FILES, ids=[name for name, _ in MATCH_FILES])
def test_a_hostile_autosave_is_moved_aside_and_the_previous_save_used(tmp_path: Path, name: str, make: Maker) -> None:
    make(tmp_path / CURRENT)
    shutil.copy(DATA / "autosave.domino", tmp_path / PREVIOUS)
    loaded = Autosave(tmp_path).load()
    assert loaded.saved is not None and moves_in(loaded.saved) == GOOD_MOVES, "the good previous save is used"
    assert "damaged" in loaded.message and loaded.message.count(". ") == 0, "told in one sentence"
    assert not os.path.lexists(tmp_path / CURRENT), "the damaged save is out of the way"
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("autosave.damaged-")]
    assert len(kept) == 1, "and kept, not deleted"
    assert (tmp_path / PREVIOUS).read_text() == (DATA / "autosave.domino").read_text()


def test_a_megabyte_seat_name_is_cut_to_forty_characters() -> None:
    doc = json.loads(json.dumps(SAVE))
    doc["seats"][0]["name"] = "=HYPERLINK(x)" * 80_000
    assert len(loads(json.dumps(doc)).seats[0].name) == 40


def test_a_damaged_autosave_that_cannot_be_moved_is_ignored_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dominoes_desktop.store.autosave as autosave_module

    (tmp_path / CURRENT).write_text('{"seed": ' + "9" * 5000 + "}")
    shutil.copy(DATA / "autosave.domino", tmp_path / PREVIOUS)
    monkeypatch.setattr(autosave_module, "move_aside", lambda _path: None)  # as in a read-only folder
    store = Autosave(tmp_path)
    loaded = store.load()
    assert loaded.saved is not None and moves_in(loaded.saved) == GOOD_MOVES
    assert "could not be moved aside, so it was ignored" in loaded.message and CURRENT in loaded.message
    store.save(SAVE)  # the next save replaces the damaged file, and never copies it over the good previous
    assert json.loads((tmp_path / PREVIOUS).read_text()) == SAVE
    assert json.loads((tmp_path / CURRENT).read_text()) == SAVE


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents(SAVE))
def test_mutated_saves_load_or_are_refused(doc: object) -> None:
    try:
        saved = loads(json.dumps(doc))
    except MatchFileError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert saved.match.rules.players == len(saved.seats)
    for flag in ("open_hands", "tracker", "hints"):
        assert isinstance(saved.table.get(flag, False), bool), "a non-boolean boolean is never accepted"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_bytes((DATA / "autosave.domino").read_bytes()))
def test_mutated_bytes_of_a_save_load_or_are_refused(data: bytes) -> None:
    try:
        loads(data)
    except MatchFileError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_bytes((DATA / "autosave.domino").read_bytes()), mutated_documents(SAVE).map(json.dumps)))
def test_a_mutated_autosave_never_costs_the_previous_generation(data: bytes | str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / CURRENT).write_bytes(data if isinstance(data, bytes) else data.encode())
        shutil.copy(DATA / "autosave.domino", root / PREVIOUS)
        loaded = Autosave(root).load()
        assert loaded.saved is not None, "either the mutated save or the previous one is offered"
        if loaded.message:
            assert moves_in(loaded.saved) == GOOD_MOVES
            assert any(p.name.startswith("autosave.damaged-") for p in root.iterdir())


@pytest.mark.parametrize(("name", "make"), SETTINGS_FILES, ids=[name for name, _ in SETTINGS_FILES])
def test_hostile_settings_give_defaults_and_one_sentence(tmp_path: Path, name: str, make: Maker) -> None:
    make(tmp_path / "settings.ini")
    store, message = open_settings_checked(tmp_path)
    settings_ = Settings(store)
    look, table, language = settings_.look(), settings_.lobby_table(), settings_.language()
    assert language in ("system", "en", "es") and 0 <= table["timer"] <= 600
    assert isinstance(table["open_hands"], bool) and 0 < len(table["stats_group"]) <= 40
    assert look.theme.id
    if message:
        assert message.count(". ") == 0 and message.endswith(".")
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.damaged-")]
        assert len(kept) == 1
    settings_.save_language("es")
    store.sync()
    assert Settings(open_settings_checked(tmp_path)[0]).language() == "es", "the game can keep settings again"


@pytest.mark.parametrize(("name", "make", "damaged"), STATS_FILES, ids=[name for name, _, _ in STATS_FILES])
def test_hostile_statistics_are_moved_aside_only_when_damaged(
    tmp_path: Path, name: str, make: Maker, damaged: bool
) -> None:
    make(tmp_path / DB_NAME)
    stats = Statistics(tmp_path)
    assert stats.db is not None, "a new record is started"
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("statistics.damaged-")]
    assert bool(moved) == damaged
    assert ("damaged" in stats.message) == damaged
    assert stats.groups() == []


def test_a_healthy_database_of_a_newer_game_is_kept_and_not_written(tmp_path: Path) -> None:
    Statistics(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    stats = Statistics(tmp_path)
    assert stats.db is None and "newer version" in stats.message
    assert stats.trouble is Trouble.NEWER, "told apart, so the player is told it in their own words"
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []


def test_a_data_folder_that_cannot_be_made_does_not_stop_the_statistics(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    stats = Statistics(blocker)
    assert stats.db is None and "cannot be recorded" in stats.message
    assert blocker.read_text() == "a file where the folder should be"


def test_corpus_sizes() -> None:
    """Keeps the report's counts honest (and the corpus from shrinking unnoticed)."""
    assert len(MATCH_FILES) >= 70 and len(SETTINGS_FILES) >= 15 and len(STATS_FILES) >= 7
