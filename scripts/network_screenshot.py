"""Refresh docs/network-play.png: a host's and a guest's room windows side by side, mid-hand, at the real table.

    Xvfb :48 -screen 0 1920x1080x24 &
    DISPLAY=:48 python scripts/network_screenshot.py [OUT.png] [--size 1920x1080] [--lang es]

Both windows run in this process against the host's own room server on a loopback port; the two CPUs and
both people play their last legal move until the guest is to play again. The screen is captured with
ImageMagick's `import` (or Qt's own grab of the screen, without it).
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's game, not an installed one

from PySide6.QtWidgets import QApplication, QPushButton

from dominoes_desktop.ui.room.net_dialogs import RoomHost
from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ben_moves(window: RoomWindow) -> int:
    """The moves of the hand in play the window's table knows."""
    hand = window.controller.shown_hand()
    return len(hand.history) if hand is not None else 0


def step(window: RoomWindow) -> None:
    """The window's person does what the table page offers: cuts the deck, plays their last legal move, or
    presses Draw, Pass or a decision's button."""
    page, controller = window.page, window.controller
    if controller.sealed_fingerprint() is not None:
        controller.cut_deck("screenshot")
    elif (moves := controller.legal_moves()) and controller.human_turn() is not None:
        controller.play(moves[-1])
    else:
        buttons = [page.draw_button, page.pass_button, page.claim_button, page.redeal_no]
        buttons += page.leader_choice.findChildren(QPushButton) + page.claim_box.findChildren(QPushButton)
        for button in buttons:
            if button.isVisible() and button.isEnabled():
                button.click()
                return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default="docs/network-play.png")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    app = QApplication(sys.argv[:1])
    LANGUAGE.install(args.lang)

    def pump(seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not until():
            app.processEvents()
            time.sleep(0.01)

    request = {"t": "create", "name": "Ana", "preset": "jamaican", "options": {"single_round": True},
               "seats": ["host", "friend", "cpu:easy", "cpu:easy"], "wait_s": 30, "cpu_delay_ms": 200}  # fmt: skip
    host = RoomHost(request, port=0, discovery_port=free_udp_port())
    try:
        ana = host.window
        ana.move(0, 0)
        ana.resize(width // 2, height)
        ana.show()
        pump(15, lambda: bool(ana.code))
        ben = RoomWindow("127.0.0.1", host.server.port, {"t": "join", "code": ana.code, "name": "Ben"})
        ben.move(width // 2, 0)
        ben.resize(width // 2, height)
        ben.show()
        pump(15, lambda: ben.seat == 1)
        ben.phrase.setCurrentIndex(ben.phrase.findData("good_play"))
        ben.say_phrase.click()
        pump(0.3)
        ana.chat.setText("Welcome, Ben! Good luck.")
        ana.say()
        ana.start_button.click()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            pump(0.05)
            if ben.controller.human_turn() is not None and ben_moves(ben) >= 6:
                break
            for window in (ana, ben):
                step(window)
        pump(1.5)
        if shutil.which("import"):
            crop = ["-crop", f"{width}x{height}+0+0", "+repage"]
            subprocess.run(["import", "-window", "root", *crop, args.out], check=True)
        else:  # no ImageMagick: the screen as Qt grabs it (the window manager's frames, if any, included)
            screen = app.primaryScreen()
            if not screen.grabWindow(0, 0, 0, width, height).save(args.out):
                raise SystemExit(f"could not write {args.out}")
    finally:
        host.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
