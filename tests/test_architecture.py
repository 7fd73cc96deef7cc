"""The layout shows the architecture: arrows point down (ui -> session -> engine; net -> session -> engine;
store -> engine), nothing but the app imports the UI, views never touch storage or a CPU player, no module
imports itself back through a cycle (imports only for type checking aside), and recorded answers are stepped
through the rules in one place (`match.positions`)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dominoes_desktop"


def _module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path, package: Path) -> set[str]:
    """What `path` takes from the package when it runs (not under `if TYPE_CHECKING:`), as dotted names: the
    modules, and each name imported from one (`from ..engine.cpu import make_player` gives both
    `dominoes_desktop.engine.cpu` and `dominoes_desktop.engine.cpu.make_player`). A plain `import x.y` gives
    `x.y.*` too: it reaches everything in x.y."""
    tree = ast.parse(path.read_text())
    here = _module_name(path, package)
    parent = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            # Imports for type checking only, and a documented command's hand-over to cli/, are no dependency.
            if isinstance(node, ast.If) and (
                "TYPE_CHECKING" in ast.unparse(node.test) or "__main__" in ast.unparse(node.test)
            ):
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = parent.split(".")[: len(parent.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("dominoes_desktop"):
                    found.add(target)
                    found.update(f"{target}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("dominoes_desktop"):
                        found.update((alias.name, f"{alias.name}.*"))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])

    visit(tree.body)
    return found


def _imports(package: Path) -> dict[str, set[str]]:
    """Every module of `package` and the dotted names it takes from the package (modules and names)."""
    return {_module_name(p, package): _runtime_imports(p, package) for p in package.rglob("*.py")}


def _graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    imports = _imports(package)
    return {name: {m for m in taken if m in imports and m != name} for name, taken in imports.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


ALLOWED_LAYERS = {
    "engine": {"engine"},
    "session": {"session", "engine"},
    "net": {"net", "session", "engine"},
    "store": {"store", "engine"},
    "cli": {"cli", "session", "engine"},
    "ui": {"ui", "session", "engine", "net", "store", "resources"},
    "app": {"ui", "session", "engine", "net", "store", "cli", "resources"},
}


def layering_violations(package: Path) -> list[str]:
    """`module -> import` for each import against the arrows (ui -> session -> engine, and so on)."""
    wrong = []
    for module, imports in _graph(package).items():
        layer = _layer(module)
        for target in imports:
            if layer in ALLOWED_LAYERS and _layer(target) not in ALLOWED_LAYERS[layer] | {""}:
                wrong.append(f"{module} -> {target}")
    # The documented commands (REPLAY.md, BOT.md) keep their engine paths; they only hand over to cli/.
    shims = {f"dominoes_desktop.engine.{name}" for name in ("replay", "bot", "coach")}
    return sorted(w for w in wrong if w.split(" -> ")[0] not in shims)


# What the UI may take from engine.cpu: the levels' names, a decision's value, what a seat can infer (the
# tile tracker). Never a player: CPUs answer through the session and think in the CPU pool.
CPU_NAMES_FOR_VIEWS = {"Decision", "LEVELS", "TABLE_LEVELS", "DEFAULT_LEVEL", "knowledge", "infer", "Knowledge"}


def view_violations(package: Path) -> list[str]:
    """`module -> name` for each storage module or CPU player name a ui module takes (modules and names alike)."""
    wrong = []
    for module, taken in _imports(package).items():
        if not module.startswith("dominoes_desktop.ui."):
            continue
        for target in taken:
            storage = (
                target.startswith("dominoes_desktop.store") and module != "dominoes_desktop.ui.shell.store_service"
            )
            player = (
                target.startswith("dominoes_desktop.engine.cpu.")
                and target.removeprefix("dominoes_desktop.engine.cpu.").split(".")[0] not in CPU_NAMES_FOR_VIEWS
            )
            if storage or player:
                wrong.append(f"{module} -> {target}")
    return sorted(wrong)


def test_arrows_point_down() -> None:
    wrong = layering_violations(PACKAGE)
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


def test_views_never_touch_storage_or_cpu_players() -> None:
    wrong = view_violations(PACKAGE)
    assert not wrong, "only the shell's store service touches store/; CPUs answer through the session:\n" + "\n".join(
        wrong
    )


# Where a CPU player may be built: the engine, the pool's workers (session/cpu_pool.py serves them), and the
# command-line tools. A window's CPUs and a room's (net/, the desktop's hosted rooms too) live in the pool.
PLAYER_BUILDERS = ("dominoes_desktop.engine.", "dominoes_desktop.session.cpu_pool", "dominoes_desktop.cli.")


def player_violations(package: Path) -> list[str]:
    """`module -> make_player` for each module outside the engine, the pool and the tools that builds a CPU."""
    return sorted(
        f"{module} -> {target}"
        for module, taken in _imports(package).items()
        if not module.startswith(PLAYER_BUILDERS)
        for target in taken
        if target.endswith(".make_player")
    )


def test_no_cpu_player_is_built_where_a_window_or_a_room_asks() -> None:
    wrong = player_violations(PACKAGE)
    assert not wrong, "CPUs live in the pool's workers:\n" + "\n".join(wrong)


def import_cycles(package: Path) -> list[str]:
    """Each import cycle, as `a -> b -> a` (a package importing its own submodules aside)."""
    graph = _graph(package)
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*stack[stack.index(nxt) :], nxt]))
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)
    # A package importing its own submodules (its __init__ re-exporting them) is not a cycle.
    return [c for c in cycles if not all(part.startswith(c.split(" -> ")[0]) for part in c.split(" -> "))]


def test_no_import_cycles() -> None:
    cycles = import_cycles(PACKAGE)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


# What a loop steps through the rules when it applies what it iterates: recorded answers, moves, a history.
_RECORDED = ("action", "move", "histor", "answer", "record", "entr", "saved", "turn")
_APPLYING = (".apply", ".apply_legal", "replay_move", "_applied", "_apply", ".answer", "follow_public_move")
# Loops of that shape that are not walks of a record, each with the reason.
NOT_RECORD_WALKS = {
    "dominoes_desktop.engine.analysis.solver._search": "a search over the legal moves",
    "dominoes_desktop.engine.view._public_points": "a seat's view following the public moves it was told",
    "dominoes_desktop.net.record.replay": "reads a room's entries saved before the codec (each read as it stands)",
    "dominoes_desktop.store.matchfile._rebuilt_folding": "loads a save whose deals were edited, folding them",
    "dominoes_desktop.store.matchfile._dealt_alone": "deals one edited deal's answers alone, to fold it",
}


def record_walkers(package: Path) -> list[str]:
    """Functions with a loop over recorded answers (by the loop's words) that applies them by the rules."""
    found = []
    for path in sorted(package.rglob("*.py")):
        module = _module_name(path, package)
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for loop in ast.walk(function):
                if not isinstance(loop, ast.For | ast.While):
                    continue
                over = ast.unparse(loop.iter if isinstance(loop, ast.For) else loop.test).lower()
                calls = {ast.unparse(c.func) for n in loop.body for c in ast.walk(n) if isinstance(c, ast.Call)}
                if any(w in over for w in _RECORDED) and any(c.endswith(_APPLYING) for c in calls):
                    found.append(f"{module}.{function.name}")
                    break
    return found


def test_recorded_answers_are_stepped_through_the_rules_in_one_place() -> None:
    """The record's one walker (`match.positions`) is the only loop that applies recorded answers: undo,
    review, the coaches, deal luck and the duplicate match read its walk. The other loops of that shape
    are named, each with why it is no walk of a record."""
    found = record_walkers(PACKAGE)
    assert [w for w in found if w not in NOT_RECORD_WALKS] == ["dominoes_desktop.engine.match.positions"]
    assert sorted(set(NOT_RECORD_WALKS) - set(found)) == [], "a named exception that is gone leaves the list"


def _plant(package: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_checks_fail_on_planted_violations(tmp_path: Path) -> None:
    """The checkers above, run on a small package with one violation of each kind planted in it."""
    package = tmp_path / "dominoes_desktop"
    _plant(
        package,
        {
            "__init__.py": "",
            "engine/__init__.py": "",
            "engine/cpu/__init__.py": "from .players import DEFAULT_LEVEL, Decision, make_player\n",
            "engine/cpu/players.py": "DEFAULT_LEVEL = 'medium'\nDecision = object\ndef make_player(): ...\n",
            "engine/cpu/knowledge.py": "def infer(): ...\n",
            # A rule reaching up into the UI: the arrow points the wrong way.
            "engine/rules.py": "from ..ui.table import scene\n",
            "engine/a.py": "from . import b\n",
            "engine/b.py": "from .a import something\n",
            "store/__init__.py": "",
            "store/stats.py": "",
            "ui/__init__.py": "",
            "ui/table/__init__.py": "",
            "ui/table/scene.py": "",
            "ui/shell/__init__.py": "",
            "ui/shell/store_service.py": "from ...store.stats import *\n",
            # Allowed: the levels' names, a decision's value, what a seat can infer; imports for types only.
            "ui/lobby.py": (
                "from typing import TYPE_CHECKING\n"
                "from ..engine.cpu import DEFAULT_LEVEL, Decision\n"
                "from ..engine.cpu.knowledge import infer\n"
                "if TYPE_CHECKING:\n    from ..engine.cpu.players import make_player\n"
            ),
            # Names, not modules: a player built in the window, and storage opened from a view.
            "ui/play.py": "from ..engine.cpu import Decision, make_player\n",
            "ui/review.py": "def later():\n    from ..store.stats import open_stats\n",
            "ui/room.py": "import dominoes_desktop.engine.cpu\n",
            # The pool's worker builds its CPUs; a room's host must not.
            "session/__init__.py": "",
            "session/cpu_pool.py": "from ..engine.cpu import make_player\n",
            "net/__init__.py": "",
            "net/room.py": "from ..engine.cpu import LEVELS, make_player\n",
            # A hand walked a second time, beside the record's walker.
            "engine/reasons.py": (
                "def position_before(recorded, ply):\n"
                "    hand = recorded.start.copy()\n"
                "    for move in recorded.moves[:ply]:\n"
                "        hand.apply(move)\n"
                "    return hand\n"
            ),
        },
    )
    assert layering_violations(package) == [
        "dominoes_desktop.engine.rules -> dominoes_desktop.ui.table",
        "dominoes_desktop.engine.rules -> dominoes_desktop.ui.table.scene",
    ]
    assert view_violations(package) == [
        "dominoes_desktop.ui.play -> dominoes_desktop.engine.cpu.make_player",
        "dominoes_desktop.ui.review -> dominoes_desktop.store.stats",
        "dominoes_desktop.ui.review -> dominoes_desktop.store.stats.open_stats",
        "dominoes_desktop.ui.room -> dominoes_desktop.engine.cpu.*",
    ]
    assert player_violations(package) == [
        "dominoes_desktop.net.room -> dominoes_desktop.engine.cpu.make_player",
        "dominoes_desktop.ui.play -> dominoes_desktop.engine.cpu.make_player",
    ]
    assert record_walkers(package) == ["dominoes_desktop.engine.reasons.position_before"]
    assert import_cycles(package) == [
        "dominoes_desktop.engine.a -> dominoes_desktop.engine.b -> dominoes_desktop.engine.a"
    ]
