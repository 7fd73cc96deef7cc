"""The layout shows the architecture: arrows point down (ui -> session -> engine; net -> session -> engine;
store -> engine), nothing but the app imports the UI, views never touch storage or a CPU player, and no module
imports itself back through a cycle (imports only for type checking aside)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dominoes_desktop"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path) -> set[str]:
    """The package modules `path` imports when it runs (not those under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text())
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
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
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("dominoes_desktop"):
                    found.add(target)
                    found.update(f"{target}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("dominoes_desktop"))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])

    visit(tree.body)
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in _runtime_imports(path) if m in modules and m != name} for name, path in modules.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_arrows_point_down() -> None:
    allowed = {
        "engine": {"engine"},
        "session": {"session", "engine"},
        "net": {"net", "session", "engine"},
        "store": {"store", "engine"},
        "cli": {"cli", "session", "engine"},
        "ui": {"ui", "session", "engine", "net", "store", "resources"},
        "app": {"ui", "session", "engine", "net", "store", "cli", "resources"},
    }
    wrong = []
    for module, imports in _graph().items():
        layer = _layer(module)
        for target in imports:
            if layer in allowed and _layer(target) not in allowed[layer] | {""}:
                wrong.append(f"{module} -> {target}")
    # The documented commands (REPLAY.md, BOT.md) keep their engine paths; they only hand over to cli/.
    shims = {f"dominoes_desktop.engine.{name}" for name in ("replay", "bot", "coach")}
    wrong = [w for w in wrong if w.split(" -> ")[0] not in shims]
    assert not wrong, "imports against the layering:\n" + "\n".join(sorted(wrong))


# What the UI may take from engine.cpu: the levels' names, a decision's value, what a seat can infer (the
# tile tracker). Never a player: CPUs answer through the session and think in the CPU pool.
CPU_NAMES_FOR_VIEWS = {"Decision", "LEVELS", "TABLE_LEVELS", "DEFAULT_LEVEL", "knowledge", "infer", "Knowledge"}


def test_views_never_touch_storage_or_cpu_players() -> None:
    graph = _graph()
    wrong = []
    for module, imports in graph.items():
        if not module.startswith("dominoes_desktop.ui."):
            continue
        for target in imports:
            storage = (
                target.startswith("dominoes_desktop.store") and module != "dominoes_desktop.ui.shell.store_service"
            )
            player = (
                target.startswith("dominoes_desktop.engine.cpu.")
                and target.removeprefix("dominoes_desktop.engine.cpu.").split(".")[0] not in CPU_NAMES_FOR_VIEWS
            )
            if storage or player:
                wrong.append(f"{module} -> {target}")
    assert not wrong, "only the shell's store service touches store/; CPUs answer through the session:\n" + "\n".join(
        sorted(wrong)
    )


def test_no_import_cycles() -> None:
    graph = _graph()
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
    cycles = [c for c in cycles if not all(part.startswith(c.split(" -> ")[0]) for part in c.split(" -> "))]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
