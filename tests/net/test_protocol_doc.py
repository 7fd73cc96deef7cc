"""docs/PROTOCOL.md's "Fair deals" is enough to check a deal: the worked example's numbers, read from the
document, are recomputed here from the document's steps alone (hashlib and random, no engine code), and
agree with the engine's own deal (net.fairdeal)."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.net import fairdeal

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
EXAMPLE = DOC[DOC.index("### Worked example") : DOC.index("## Table talk")]


def set_order(top: int) -> list[str]:
    """Step 5: heaviest first, by pip total then the higher end."""
    tiles = [(a, b) for a in range(top + 1) for b in range(a + 1)]
    tiles.sort(key=lambda t: (t[0] + t[1], t[0]), reverse=True)
    return [f"{a}-{b}" for a, b in tiles]


def material(cuts: list[str]) -> bytes:
    """Steps 3 and 4."""
    raw = [cut.encode("ascii") for cut in cuts]
    if len(raw) == 1:
        return raw[0]
    return b"".join(bytes([len(cut)]) + cut for cut in raw)


def deal(secret: bytes, cuts: list[str], top: int, players: int, size: int, needs_double: bool) -> list[list[str]]:
    """Steps 6 to 8: the hands, then the rest (stock or sleeping) as the last list."""
    tiles = set_order(top)
    attempt = 0
    while True:
        stream = hashlib.shake_128(secret[:16] + attempt.to_bytes(4, "little") + material(cuts))
        data = stream.digest(4 * len(tiles))
        keys = [int.from_bytes(data[4 * i : 4 * i + 4], "little") for i in range(len(tiles))]
        order = sorted(range(len(tiles)), key=lambda i: (keys[i], i))
        hands = [[tiles[i] for i in order[s * size : (s + 1) * size]] for s in range(players)]
        rest = [tiles[i] for i in order[players * size :]]
        if not needs_double or any(a == b for hand in hands for a, _, b in (t.partition("-") for t in hand)):
            return [*hands, rest]
        attempt += 1


def doc_tiles(text: str) -> list[str]:
    return re.findall(r"\d{1,2}-\d{1,2}", text)


def test_the_worked_example_recomputes_from_the_document() -> None:
    secret = bytes.fromhex(re.search(r"- secret: `([0-9a-f]{64})`", EXAMPLE).group(1))  # type: ignore[union-attr]
    printed = re.search(r"- fingerprint: `([0-9a-f]{64})`", EXAMPLE).group(1)  # type: ignore[union-attr]
    assert hashlib.sha256(b"dominoes-desktop deal v1" + secret).hexdigest() == printed
    cuts = re.findall(r"seat \d `cut:([0-9a-f]+)`", EXAMPLE)
    assert cuts == ["00ff", "a1b2c3", "7", "deadbeef"]
    printed_material = re.search(r"- material: `([0-9a-f ]+)`", EXAMPLE).group(1)  # type: ignore[union-attr]
    assert material(cuts).hex() == printed_material.replace(" ", "")
    head = re.search(r"first 16 bytes: `([0-9a-f]{32})`", EXAMPLE).group(1)  # type: ignore[union-attr]
    assert hashlib.shake_128(secret[:16] + bytes(4) + material(cuts)).digest(16).hex() == head
    hands_text = EXAMPLE[EXAMPLE.index("- hands:") : EXAMPLE.index("- draw_seed")]
    printed_hands = [doc_tiles(line) for line in hands_text.splitlines()[1:5]]
    hands = deal(secret, cuts, 6, 4, 7, needs_double=False)
    assert hands[:4] == printed_hands
    engine = fairdeal.deal_of(build_rules("puerto_rican", {}), secret, dict(enumerate(cuts)))
    assert [[str(t) for t in hand] for hand in engine.hands] == printed_hands
    draw = re.search(r"draw_seed: `0x([0-9a-f]+)`; with two sides, `randrange\(2\)` gives side (\d)", EXAMPLE)
    assert draw is not None
    mixed = hashlib.sha256(b"draw|" + secret + material(cuts)).digest()
    assert int.from_bytes(mixed[:12], "little") == int(draw.group(1), 16)
    assert random.Random(int(draw.group(1), 16)).randrange(2) == int(draw.group(2))


def test_the_attempt_counter_and_the_one_cut_case_recompute_from_the_document() -> None:
    secret = bytes(range(32))
    counter = EXAMPLE[EXAMPLE.index("The attempt counter") : EXAMPLE.index("One cut")]
    first, again = counter.split("so attempt 1 deals:")
    no_double = doc_tiles(first.split("attempt 0 deals")[1])
    assert all(a != b for a, _, b in (t.partition("-") for t in no_double))
    cuts = ["00ff", "a1b2c3", "7", "2b3"]
    hands = deal(secret, cuts, 6, 4, 4, needs_double=True)
    printed = doc_tiles(again)
    assert [t for hand in hands for t in hand] == printed  # the four hands, then the stock
    engine = fairdeal.deal_of(build_rules("classic_draw", {}), secret, dict(enumerate(cuts)))
    assert [str(t) for hand in engine.hands for t in hand] + [str(t) for t in engine.stock] == printed
    one = EXAMPLE[EXAMPLE.index("One cut") :]
    printed_one = doc_tiles(one.split("Puerto Rican:")[1])
    single = deal(secret, ["a1b2c3"], 6, 4, 7, needs_double=False)
    assert [t for hand in single[:4] for t in hand] == printed_one
    proof = fairdeal.FairDeal.from_secret(secret).with_cuts([b"a1b2c3"])
    assert [str(t) for hand in proof.deal(build_rules("puerto_rican", {})).hands for t in hand] == printed_one


def test_what_each_preset_deals_is_as_the_document_says() -> None:
    """The table of "What each preset deals" is what the engine plays: a client writing a `create` (its seat
    count) or checking a deal (tiles each, the attempt counter, a removed tile) reads it from the document."""
    section = DOC[DOC.index("- **What each preset deals**") : DOC.index("- **Options**")]
    rows = [line.strip() for line in section.splitlines() if line.strip().startswith("| `")]
    named: list[str] = []
    for row in rows:
        ids, players, tiles, target, sides, again = (cell.strip() for cell in row.strip("|").split("|"))
        span = re.fullmatch(r"(\d)(?:\u2013(\d) \((\d)\))?", players)
        assert span, row
        low = int(span.group(1))
        high, default = (int(span.group(2)), int(span.group(3))) if span.group(2) else (low, low)
        sizes = [int(n) for n in re.findall(r"\d+", tiles.replace("2\u20135", ""))]
        for preset_id in re.findall(r"`([a-z_0-9]+)`", ids):
            named.append(preset_id)
            rules = build_rules(preset_id)
            assert rules.players == default, row
            assert build_rules(preset_id, {"players": low}).players == low
            for outside in (low - 1, high + 1):
                try:
                    build_rules(preset_id, {"players": outside})
                except RulesError:
                    continue
                raise AssertionError(f"{preset_id} takes {outside} players")
            counts = range(low, high + 1)
            expected = sizes * len(counts) if len(sizes) == 1 else sizes
            assert [build_rules(preset_id, {"players": n}).hand_size for n in counts] == expected, row
            assert rules.target == int(target.split()[0]), row
            assert (len(set(rules.teams)) < rules.players) == (sides == "partners"), row
            assert rules.opening.redeals_without_double == again.startswith("yes"), row
            assert [str(t) for t in rules.removed_tiles] == re.findall(r"`(\d-\d)`", again), row
    listed = set(re.findall(r"`([a-z_0-9]+)`", DOC[DOC.index("- **Presets**") : DOC.index("- **What")])) - {"preset"}
    assert sorted(named) == sorted(listed)
