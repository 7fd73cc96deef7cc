"""Start-up: command-line flags, the QApplication, the main window; and the screenshot mode.

dominoes-desktop [--config DIR]
dominoes-desktop --screenshot PATH [--screen table|lobby|rules|hand-end] [--preset ID] [--seed N]
                 [--moves K] [--size WxH] [--config DIR]
dominoes-desktop --version
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__

SCREENS = ("table", "lobby", "rules", "hand-end", "settings", "stats")


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if not (320 <= width <= 8000 and 240 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"size {text} is out of range")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dominoes-desktop", description="Caribbean dominoes at your table.")
    parser.add_argument("--version", action="version", version=f"Dominoes Desktop {__version__}")
    parser.add_argument("--config", type=Path, help="keep settings, saves and statistics in this folder")
    parser.add_argument("--screenshot", type=Path, metavar="PATH", help="render a screen to a PNG and exit")
    parser.add_argument("--screen", choices=SCREENS, default="table")
    parser.add_argument("--preset", default="jamaican")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0, help="moves to auto-play before the screenshot")
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--watch", action="store_true", help="watch CPUs play the preset's match against each other")
    parser.add_argument("--pace-ms", type=int, help="pause after each CPU move (default: the animation speed)")
    return parser


def app_data() -> Path:
    """Qt's standard place for the game's saves and statistics."""
    from PySide6.QtCore import QStandardPaths

    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def _exit_now(code: int) -> int:
    """Leave without Python's interpreter teardown, where PySide6 can crash on Linux after all work is done.
    Everything the game keeps is written as it happens, so nothing is lost by skipping it."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # `dominoes-desktop serve --port P`: the headless room server, no Qt
        from .net.serve import main as serve

        return serve(arguments[1:])
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QWidget

    from .engine.errors import RulesError
    from .engine.presets import build_rules
    from .resources import resources_dir
    from .ui.main_window import MainWindow
    from .ui.settings import Settings, open_settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Dominoes Desktop")
    app.setApplicationVersion(__version__)
    settings = Settings(open_settings(args.config))
    from .ui.i18n import LANGUAGE

    LANGUAGE.install(settings.language())
    if isinstance(app, QApplication):
        app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "dominoes-desktop.svg")))
    if args.screenshot is None:
        data_dir = args.config or app_data()
        window = MainWindow(settings, data_dir=data_dir, pace_ms=args.pace_ms)
        window.show()
        if args.watch:
            try:
                window.watch(build_rules(args.preset), args.seed)
            except RulesError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return _exit_now(2)
        else:
            window.offer_resume()
        code = int(app.exec())
        settings.store.sync()
        return _exit_now(code)
    try:
        rules = build_rules(args.preset)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(settings, pace_ms=0, threaded=False)
    window.resize(*args.size)
    window.controller.paused = True
    if args.screen != "lobby":
        window.quick_start(rules, "medium", args.seed)
        moves = 10_000 if args.screen == "hand-end" else args.moves
        window.controller.autoplay(moves)
    window.show()
    app.processEvents()
    target: QWidget = window
    if args.screen in ("rules", "settings", "stats"):
        from .store.stats import Statistics
        from .ui.look_dialog import LookDialog
        from .ui.main_window import RulesDialog
        from .ui.stats_dialog import StatsDialog

        if args.screen == "rules":
            dialog: QWidget = RulesDialog(rules, window)
        elif args.screen == "settings":
            dialog = LookDialog(window.look, window)
        else:
            dialog = StatsDialog(Statistics(args.config or app_data()), "Home", window)
        dialog.show()
        app.processEvents()
        target = dialog
    window.game.table.fit()
    app.processEvents()
    args.screenshot.parent.mkdir(parents=True, exist_ok=True)
    if not target.grab().save(str(args.screenshot)):
        print(f"error: could not write {args.screenshot}", file=sys.stderr)
        return _exit_now(1)
    settings.store.sync()
    return _exit_now(0)


if __name__ == "__main__":
    sys.exit(main())
