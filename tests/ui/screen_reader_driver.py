"""Run by Debian's /usr/bin/python3 (pyatspi), not by the project's Python: plays a match of Dominoes Desktop
through AT-SPI only, as a screen reader's user would, and prints a JSON account of what it did and heard.

What it hears: announcements (AT-SPI object:announcement, what Orca speaks at once), and the name and
description of whatever takes the keyboard focus (what Orca reads as the focus moves). What it does: presses
keys (generated through the accessibility registry) and invokes buttons' actions found by their names.
"""

from __future__ import annotations

import json
import sys
import time

import pyatspi
from gi.repository import GLib

KEYS = {"Right": 0xFF53, "Return": 0xFF0D, "space": 0x20, "h": 0x68}
KEYS.update({letter: ord(letter) for letter in "scepklnmtv"})  # the table's questions, one key each


class Stuck(Exception):
    """The game did not say what a player needs to go on."""


heard: list[str] = []  # in order: "announce: …", "focus: name | description"
done: list[str] = []  # what the player did, in order


def listen(event: object) -> None:
    kind = getattr(event, "type", "")
    try:
        source = event.source  # type: ignore[attr-defined]
        name, description = source.name or "", source.description or ""
    except Exception:
        name = description = ""
    if kind.startswith("object:announcement"):
        heard.append("announce: " + str(event.any_data))  # type: ignore[attr-defined]
    elif (kind.startswith("object:state-changed:focused") and event.detail1) or (
        kind.startswith("object:property-change:accessible-description") and source_focused(event)
    ):  # type: ignore[attr-defined]
        heard.append(f"focus: {name} | {description}")


def last_focus() -> tuple[int, str]:
    """Where in what was heard, and the name of, the control that last took the keys."""
    for at in range(len(heard) - 1, -1, -1):
        if heard[at].startswith("focus: "):
            return at, heard[at].removeprefix("focus: ").split(" | ", 1)[0]
    return -1, ""


def source_focused(event: object) -> bool:
    try:
        return bool(event.source.getState().contains(pyatspi.STATE_FOCUSED))  # type: ignore[attr-defined]
    except Exception:
        return False


for kind in ("object:announcement", "object:state-changed:focused", "object:property-change:accessible-description"):
    pyatspi.Registry.registerEventListener(listen, kind)


def pump(seconds: float) -> None:
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.02)


def the_app() -> object:
    for _ in range(100):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "Dominoes Desktop":
                return app
        pump(0.2)
    raise SystemExit("the game never appeared on the accessibility bus")


def nodes(root: object, showing: bool = True) -> list[object]:
    found = []

    def walk(node: object, depth: int) -> None:
        try:
            state = node.getState()  # type: ignore[attr-defined]
            if showing and depth > 0 and not state.contains(pyatspi.STATE_SHOWING):
                return
            found.append(node)
            for i in range(node.childCount):  # type: ignore[attr-defined]
                child = node.getChildAtIndex(i)  # type: ignore[attr-defined]
                if child is not None:
                    walk(child, depth + 1)
        except Exception:
            return

    walk(root, 0)
    return found


def role(node: object) -> str:
    return str(node.getRoleName())  # type: ignore[attr-defined]


def buttons(app: object) -> dict[str, object]:
    return {n.name: n for n in nodes(app) if role(n) == "push button" and n.name}  # type: ignore[attr-defined]


def press(app: object, name: str) -> None:
    found = buttons(app)
    if name not in found:
        raise Stuck(f"no button {name!r}: {sorted(found)}")
    button = found[name]
    button.queryAction().doAction(0)  # type: ignore[attr-defined]
    done.append(f"press button '{name}'")


def key(name: str, note: str = "") -> None:
    pyatspi.Registry.generateKeyboardEvent(KEYS[name], None, pyatspi.KEY_SYM)
    done.append(f"key {name}" + (f" ({note})" if note else ""))
    pump(0.25)


def dump(app: object) -> list[str]:
    return [f"[{role(n)}] {n.name} | {n.description}" for n in nodes(app)]  # type: ignore[attr-defined]


def showing(app: object, name: str) -> object | None:
    for node in nodes(app):
        if node.name == name:  # type: ignore[attr-defined]
            return node
    return None


def wait_to_see(app: object, name: str, seconds: float = 3.0) -> bool:
    end = time.time() + seconds
    while time.time() < end:
        if showing(app, name) is not None:
            return True
        pump(0.1)
    return False


def texts(panel: object) -> list[str]:
    """What a screen reader finds inside a panel: its labels' text and its buttons' names."""
    return [
        f"{role(n)}: {n.name}" for n in nodes(panel)[1:] if n.name and role(n) in ("label", "push button", "check box")
    ]  # type: ignore[attr-defined]


CONTROLS = ("push button", "toggle button", "check box", "radio button", "slider", "combo box", "spin button", "text")


def unnamed(app: object) -> list[str]:
    """Controls on screen that a screen reader could only call by their kind."""
    return [f"{role(n)} in {n.parent.name or role(n.parent)}" for n in nodes(app) if role(n) in CONTROLS and not n.name]  # type: ignore[attr-defined]


def turn_text(app: object) -> str:
    for node in nodes(app):
        if node.description == "Whose turn":  # type: ignore[attr-defined]
            return str(node.name)  # type: ignore[attr-defined]
    return ""


def heard_since(mark: int, words: str) -> bool:
    return any(words in line for line in heard[mark:])


def wait_to_hear(mark: int, words: str, seconds: float = 5.0) -> bool:
    end = time.time() + seconds
    while time.time() < end:
        if heard_since(mark, words):
            return True
        pump(0.1)
    return False


def play_my_turn(app: object, table: object, asked: dict[str, int]) -> None:
    """Listen to the rack tile by tile and play the first that fits; pass when told nothing fits."""
    text = turn_text(app)
    if asked["ends"] < 3:
        mark = len(heard)
        key("e", "ask for the open ends")
        asked["ends"] += wait_to_hear(mark, "Open ends")
    for letter, answer, question in (("l", "The line", "line"), ("n", "", "out"), ("m", "", "fits")):
        if asked.get(question, 0) < 2:
            mark = len(heard)
            key(letter, f"ask {question}")
            asked[question] = asked.get(question, 0) + wait_to_hear(mark, answer or "announce: ")
    if "pass (P)" in text:
        key("p", "nothing fits: pass")
        return
    for _ in range(12):
        if "your turn" not in turn_text(app).lower():
            return  # the game passed for the player (nothing fitted) while they listened: the turn is gone
        description = str(table.description)  # type: ignore[attr-defined]
        if description.endswith(", playable"):
            key("Return", "play " + description.split(",")[0])
            pump(0.3)
            if "fits two ends" in turn_text(app):
                key("Return", "on the first end offered")
            return
        key("Right", "next tile")
    focused = [f"{role(n)} {n.name}" for n in nodes(app) if n.getState().contains(pyatspi.STATE_FOCUSED)]  # type: ignore[attr-defined]
    raise Stuck(
        f"no playable tile found on the rack ({table.description!r}, focus on {focused}); the turn said: {text}"
    )  # type: ignore[attr-defined]


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "play"
    app = the_app()
    pump(1.0)
    if mode == "tree":
        print("\n".join(dump(app)))
        return
    seen: dict[str, list[str]] = {}
    frame = next(n for n in nodes(app) if role(n) == "frame")
    for _ in range(50):
        if frame.getState().contains(pyatspi.STATE_ACTIVE):  # type: ignore[attr-defined]
            break
        pump(0.2)
    else:
        raise SystemExit("the game's window never became active: keys would go nowhere")
    target = next(n for n in nodes(app) if role(n) == "spin button" and n.name == "Target")  # type: ignore[attr-defined]
    target.queryValue().currentValue = 2  # type: ignore[attr-defined]
    done.append("set spin button 'Target' to 2 (first to 2 hands)")
    seen["unnamed controls"] = unnamed(app)  # the lobby
    asked = {"ends": 0, "score": 0, "counts": 0}
    hands = 0
    problem = ""
    try:
        hands = play(app, seen, asked)
    except Stuck as stuck:
        problem = str(stuck)
    print(json.dumps({"heard": heard, "done": done, "seen": seen, "hands": hands, "problem": problem}, indent=1))


def play(app: object, seen: dict[str, list[str]], asked: dict[str, int]) -> int:
    press(app, "Start the match")
    hands = 0
    unfound_focus = -1
    deadline = time.time() + 300
    while time.time() < deadline:
        pump(0.3)
        cut = showing(app, "Sealed deal")
        sheet = showing(app, "End of the hand")
        leader = showing(app, "Who leads")
        if sheet is not None:
            seen.setdefault(f"hand-end sheet {hands + 1}", texts(sheet))
            seen["unnamed controls"] += unnamed(app)
            names = buttons(app)
            hands += 1
            if "Next hand" not in names:  # the match is over
                mark = len(heard)
                key("s", "ask for the score")
                wait_to_hear(mark, "Score")
                break
            press(app, "Next hand")
            pump(1.0)
            continue
        if cut is not None:
            seen.setdefault("cut panel", texts(cut))
            seen["unnamed controls"] += unnamed(app)
            key("space", "cut the deck")
            pump(1.0)
            continue
        if leader is not None:
            seen.setdefault("leader choice", texts(leader))
            press(app, next(n for n in buttons(app) if n.endswith("lead") or n.endswith("leads")))
            continue
        at, focused = last_focus()
        if at > unfound_focus and focused.endswith((" lead", " leads")):
            # An answer to "who leads" has the keys: while the question stands, its panel must be in the tree by
            # its name (Qt once kept the table's first interface, which left every panel over the table out of it).
            unfound_focus = at
            if not wait_to_see(app, "Who leads") and turn_text(app).startswith("Who leads"):
                raise Stuck(f"'{focused}' has the keys, but no panel named 'Who leads' is in the tree")
            continue
        table = showing(app, "Domino table")
        if table is not None and "your turn" in turn_text(app).lower():
            if asked["score"] == 0:
                mark = len(heard)
                key("s", "ask for the score")
                asked["score"] += wait_to_hear(mark, "Score")
                key("c", "ask how many tiles each holds")
                asked["counts"] += 1
            play_my_turn(app, table, asked)
    else:
        raise Stuck("the match did not end in five minutes")
    return hands


main()
