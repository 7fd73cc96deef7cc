"""Start-up: command-line flags, the QApplication, the main window; and the screenshot mode.

dominoes-desktop [--config DIR] [--resume]
dominoes-desktop --screenshot PATH [--screen table|lobby|rules|hand-end|settings|stats|cut] [--preset ID] [--seed N]
                 [--moves K] [--size WxH] [--config DIR] [--resume]
dominoes-desktop --version

No file can stop the game from starting: a damaged autosave, settings file or statistics database is moved
aside (or ignored, when it cannot be moved), the player is told in one sentence, and the game opens.
--screenshot and --watch without --config keep everything in a temporary folder, never the player's own. With a
--config folder, --screenshot shows a temporary copy of it (never touching the folder), and --watch refuses (one
line) when it holds a person's match: neither ever writes over a person's saves.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .store.files import MAX_DIGITS, limit_int_conversion

LISTEN_AT_THE_LATEST_MS = 1000  # other copies are answered from the first paint, or this long after start-up
SCREENS = ("table", "lobby", "rules", "hand-end", "settings", "stats", "cut")


def bounded_int(low: int, high: int) -> Any:
    """An argparse type: a whole number within [low, high], refused before conversion when too long."""

    def parse(text: str) -> int:
        if len(text.strip()) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(f"{text[:20]}... is too long a number")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return parse


def preset_problem(text: str) -> str:
    """ "" for a preset id the game knows; otherwise one line naming the spelling meant and every id."""
    from .engine.presets import PRESETS

    if text in PRESETS:
        return ""
    import difflib  # only for a misspelt id

    wanted = text.strip().lower().replace("-", "_").replace(" ", "_")[:40]
    close = [wanted] if wanted in PRESETS else difflib.get_close_matches(wanted, list(PRESETS), n=1)
    hint = f"; did you mean {close[0]}?" if close else "."
    return f"unknown preset {text[:40]!r}{hint} Presets: {', '.join(PRESETS)}"


def parse_size(text: str) -> tuple[int, int]:
    if len(text) > 20:
        raise argparse.ArgumentTypeError("size must look like 1280x800")
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if not (320 <= width <= 8000 and 240 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"size {text} is out of range")
    return width, height


class VersionAction(argparse.Action):
    """--version: the game's version and which search core runs (the packaging tests check it). The core is
    loaded only when asked: a plain start paints the lobby without it."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any) -> None:
        from .engine.analysis.core import core_name

        # On standard output, as argparse's own version action writes it (parser.exit's message goes to stderr).
        sys.stdout.write(f"Dominoes Desktop {__version__} (search core: {core_name()})\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dominoes-desktop", description="Caribbean dominoes at your table.")
    parser.add_argument("--version", action=VersionAction, help="show the version and the search core, and exit")
    parser.add_argument("--config", type=Path, help="keep settings, saves and statistics in this folder")
    parser.add_argument("--screenshot", type=Path, metavar="PATH", help="render a screen to a PNG and exit")
    parser.add_argument("--screen", choices=SCREENS, default="table")
    parser.add_argument("--preset", default="jamaican", help="the preset's id, e.g. puerto_rican (README lists them)")
    parser.add_argument("--seed", type=bounded_int(0, 2**64 - 1), default=1)
    parser.add_argument(
        "--moves", type=bounded_int(0, 100_000), default=0, help="moves to auto-play before the screenshot"
    )
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--watch", action="store_true", help="watch CPUs play the preset's match against each other")
    parser.add_argument(
        "--pace-ms", type=bounded_int(0, 60_000), help="pause after each CPU move (default: the animation speed)"
    )
    parser.add_argument(
        "link", nargs="?", default="", help="an invite link (dominoes://…) to open the Join dialog with"
    )
    parser.add_argument(
        "--resume", action="store_true", help="resume the unfinished match without asking (with --screenshot: show it)"
    )
    return parser


def app_data() -> Path:
    """Qt's standard place for the game's saves and statistics."""
    from PySide6.QtCore import QStandardPaths

    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def copy_folder(source: Path, target: Path) -> None:
    """Copy a data folder's files (links as links; pipes, sockets and devices left out: reading a pipe would
    hang) into `target`, which exists. OSError if a file cannot be read."""

    def specials(folder: str, names: list[str]) -> list[str]:
        kept = []
        for name in names:
            mode = os.lstat(os.path.join(folder, name)).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                kept.append(name)
        return kept

    try:
        shutil.copytree(source, target, symlinks=True, ignore=specials, dirs_exist_ok=True)
    except shutil.Error as exc:
        problems = exc.args[0] if exc.args and isinstance(exc.args[0], list) else []
        first = problems[0][2] if problems and len(problems[0]) == 3 else str(exc)
        raise OSError(first) from None


def _exit_now(code: int) -> int:
    """Leave without Python's interpreter teardown, where PySide6 can crash on Linux after all work is done.
    Everything the game keeps is written as it happens, so nothing is lost by skipping it."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    limit_int_conversion()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # `dominoes-desktop serve --port P`: the headless room server, no Qt
        from .net.serve import main as serve

        return serve(arguments[1:])
    args = build_parser().parse_args(argv)
    problem = preset_problem(args.preset)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = None
    demonstration = args.screenshot is not None or args.watch
    theirs = None
    if demonstration and args.config is not None:
        from .store.autosave import persons_save  # the store is not needed before the lobby's first paint

        theirs = persons_save(args.config)
    if theirs is not None and args.screenshot is None:
        print(
            f"error: {args.config} holds a person's match ({theirs.name}) and --watch would replace it; "
            "watch with another --config folder, or without --config",
            file=sys.stderr,
        )
        return 2
    if args.screenshot is not None or (args.watch and args.config is None):
        # Demonstrations never touch the player's settings, saves or statistics: a screenshot of a --config
        # folder shows a copy of it (a damaged save or settings file is moved aside in the copy, issue 35).
        scratch = tempfile.TemporaryDirectory(prefix="dominoes-desktop-")
        if args.config is not None and os.path.lexists(args.config):  # a folder yet to be made: nothing to copy
            try:
                copy_folder(args.config, Path(scratch.name))
            except OSError as exc:
                scratch.cleanup()
                print(f"error: could not copy {args.config} to show it untouched: {exc}", file=sys.stderr)
                return 2
        args.config = Path(scratch.name)
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from .resources import resources_dir
    from .ui.shell.settings import Settings, open_settings_checked, remove_stand_in_settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Dominoes Desktop")
    app.setApplicationVersion(__version__)
    store, settings_message = open_settings_checked(args.config)
    settings = Settings(store)
    from .ui.shell.i18n import LANGUAGE

    LANGUAGE.install(settings.language())
    if isinstance(app, QApplication):
        app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "dominoes-desktop.svg")))
    if args.screenshot is None:
        code = _play(app, args, settings, settings_message)
    else:
        _install_app_style(app)
        code = _screenshot(app, args, settings, settings_message)
    if scratch is not None:
        scratch.cleanup()
    remove_stand_in_settings()
    return _exit_now(code)


def _install_app_style(app: Any) -> None:
    from PySide6.QtWidgets import QApplication

    from .ui.look.dialog_style import install_app_style

    if isinstance(app, QApplication):
        install_app_style(app)


def _play(app: Any, args: argparse.Namespace, settings: Any, settings_message: str) -> int:
    from PySide6.QtCore import QTimer

    from .engine.errors import RulesError
    from .engine.presets import build_rules
    from .store.files import clean_stale_temporaries
    from .ui.shell.main_window import MainWindow
    from .ui.shell.single_instance import SingleInstance

    data_dir: Path = args.config or app_data()
    instance = SingleInstance(data_dir)
    if not instance.acquire(args.link, listen=False):  # it listens for other copies after the first paint
        running = f"Dominoes Desktop is already running with the data folder {data_dir}"
        if not instance.answered:  # tried for seconds: a game that hangs, or one that cannot listen
            lost = "the invite link was not opened" if args.link else "its window was not brought forward"
            print(f"{running}, but it did not answer: {lost}.", file=sys.stderr)
            return 1
        told = "its window was brought forward" + (" to open the invite link" if args.link else "")
        print(f"{running}; {told}.", file=sys.stderr)
        return 0
    clean_stale_temporaries(data_dir)  # this copy holds the folder: what a killed one left is stale
    window = MainWindow(settings, data_dir=data_dir, pace_ms=args.pace_ms)
    # The dialogs' plain buttons: a style Qt asks thousands of times while it lays the lobby out, in Python; the
    # lobby has no dialog buttons, so it comes after the first paint (before any question is asked).
    window.after_first_paint(lambda: _install_app_style(app))
    # Bound slots of the window, so the request (heard on the socket's thread) is handled on the UI thread.
    instance.activated.connect(window.showNormal)
    instance.activated.connect(window.raise_)
    instance.activated.connect(window.activateWindow)
    from .ui.room.actions import LinkOpener

    links = LinkOpener(window)  # invite links: given here, sent by another copy, or (macOS) by the system
    instance.opened.connect(links.open)
    window.show()
    window.after_first_paint(instance.listen)
    # A window never painted (shown on another workspace, or not yet drawn by a slow machine) answers other
    # copies too, a second from here at the latest (once the event loop runs); a copy started before waits.
    QTimer.singleShot(LISTEN_AT_THE_LATEST_MS, instance, instance.listen)
    # Signals are heard from the first paint on (before it there is nothing to save, and no worker to end).
    stopped: list[int] = []
    window.after_first_paint(lambda: _leave_on_signals(app, stopped))
    if settings_message:  # a box: after the dialogs' style
        window.after_first_paint(lambda: window.settings_damaged(settings_message))
    try:
        if args.watch:
            try:
                window.watch(build_rules(args.preset), args.seed)
            except RulesError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
        elif args.link:
            window.after_first_paint(lambda: links.open(args.link))  # the Join dialog: after its style too
        else:
            # Read once the lobby is on the screen: the autosave and the statistics wait for the first paint.
            window.after_first_paint(lambda: window.offer_resume(assume_yes=args.resume))
        code = int(app.exec())
        if stopped:  # a signal, not the window, ended the game: keep its size and place as closing would
            window.save_window()
    finally:
        # However the game ends (window closed, quit, a signal, an error here), the last autosave reaches the
        # disk and no worker process outlives the window.
        _end_workers(window)
        settings.store.sync()
        instance.release()
    return code + 128 + stopped[0] if stopped else code


def _leave_on_signals(app: Any, stopped: list[int]) -> None:
    """SIGTERM (a desktop session's logout), SIGINT (Ctrl+C) and SIGHUP end the event loop at once, without
    the "Quit?" question (nobody is there to answer it): the caller then saves and ends the workers. Python
    runs a signal handler only between bytecodes, never while Qt's loop waits, so the signal is written to a
    socket (signal.set_wakeup_fd) that Qt watches. The signal's number is put in `stopped`."""
    import signal
    import socket

    from PySide6.QtCore import QSocketNotifier

    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    theirs.setblocking(False)
    signal.set_wakeup_fd(theirs.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(ours.fileno(), QSocketNotifier.Type.Read, app)

    def arrived() -> None:
        with contextlib.suppress(OSError):
            received = ours.recv(64)
            if received and not stopped:
                stopped.append(received[0])
                app.exit(0)  # exit, not quit: Qt's quit asks every window to close, and ours would ask "Quit?"

    notifier.activated.connect(arrived)
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, lambda _number, _frame: None)  # the wakeup socket has it already
    _KEPT.extend((ours, theirs, notifier))  # alive as long as the program


_KEPT: list[object] = []


def _end_workers(window: Any) -> None:
    """The last autosave written, the CPU worker stopped (waited for) and the coach's workers let go."""
    window.end_workers()
    coach = sys.modules.get(f"{__package__}.ui.play.coach_panel")  # loaded with the coach's first verdict
    if coach is not None:
        coach.end_coach_workers()


def _demonstration_deal(seed: int) -> Any:
    """A fair deal made from `seed` alone (the same every time), cut: the screenshot's first deal."""
    from .engine.fairness import SALT_BYTES, FairDeal, fingerprint

    salt = seed.to_bytes(SALT_BYTES, "big")
    return FairDeal(seed, salt, fingerprint(seed, salt)).with_cut(b"screenshot")


def _screenshot(app: Any, args: argparse.Namespace, settings: Any, settings_message: str) -> int:
    from PySide6.QtWidgets import QWidget

    from .engine.errors import RulesError
    from .engine.presets import build_rules
    from .ui.shell.main_window import MainWindow

    try:
        rules = build_rules(args.preset)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # The saves are only read for --resume; otherwise the demonstration table keeps nothing.
    window = MainWindow(settings, pace_ms=0, threaded=False, data_dir=args.config if args.resume else None)
    window.resize(*args.size)
    window.controller.paused = True
    window.controller.auto_cut = False
    # The demonstration's first deal is dealt from --seed, so a screenshot can be made again; "cut" shows the
    # sealed deck waiting for the person's cut before the first deal (issue 17).
    first_deal = None if args.screen == "cut" else _demonstration_deal(args.seed)
    if settings_message:
        print(f"Settings: {settings_message}", file=sys.stderr)
    if args.resume:
        window.offer_resume(assume_yes=True)  # a damaged save: the message is printed, the table starts fresh
        window.keeps_autosave = False  # read, not written: the demonstration's moves are not the player's match
    if args.screen != "lobby" and window.controller.match is None:
        window.quick_start(rules, "medium", args.seed, first_deal)
        moves = 10_000 if args.screen == "hand-end" else args.moves
        window.controller.autoplay(moves)
    window.show()
    app.processEvents()
    target: QWidget = window
    if args.screen in ("rules", "settings", "stats"):
        from .ui.learn.rules_page import RulesDialog
        from .ui.look.look_dialog import LookDialog
        from .ui.review.stats_dialog import StatsDialog
        from .ui.shell.store_service import StoreService

        if args.screen == "rules":
            dialog: QWidget = RulesDialog(rules, window)
        elif args.screen == "settings":
            dialog = LookDialog(window.look, window)
        else:
            stats_store = StoreService(args.config, threaded=False, parent=window)
            stats_store.start()
            dialog = StatsDialog(stats_store, "", window)
        dialog.show()
        app.processEvents()
        target = dialog
    window.game.table.fit()
    app.processEvents()
    with contextlib.suppress(OSError):  # the save below then fails, and says so
        args.screenshot.parent.mkdir(parents=True, exist_ok=True)
    if not target.grab().save(str(args.screenshot)):
        print(f"error: could not write {args.screenshot}", file=sys.stderr)
        return 1
    window.store.close()
    settings.store.sync()
    return 0


if __name__ == "__main__":
    sys.exit(main())
