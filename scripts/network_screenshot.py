"""Refresh docs/network-play.png: a host's and a guest's room windows side by side, mid-hand, at the real table.

    Xvfb :48 -screen 0 1920x1080x24 &
    DISPLAY=:48 PYTHONPATH=. python scripts/network_screenshot.py [OUT.png] [--size 1920x1080] [--lang es]

Both windows run in this process against the host's own room server on a loopback port; the two CPUs and
both people play their first legal move until the guest is to play again. The screen is captured with
ImageMagick's `import`.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from collections.abc import Callable

from PySide6.QtWidgets import QApplication

from dominoes_desktop.ui.room.net_dialogs import RoomHost
from dominoes_desktop.ui.room.room_window import RoomWindow
from dominoes_desktop.ui.shell.i18n import LANGUAGE


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
        ben.socket.send({"t": "chat", "phrase": "good_play"})
        pump(0.3)
        ana.socket.send({"t": "chat", "text": "Welcome, Ben! Good luck."})
        ana.start_button.click()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            pump(0.05)
            for window in (ana, ben):
                if window is ben and ben.seat_model.human_turn() is not None and len(ben.moves) >= 6:
                    break
                if window.cut_panel.isVisible():
                    window.cut(("screenshot",))
                elif (moves := window.seat_model.legal_moves()) and window.seat_model.human_turn() is not None:
                    window.board.play(moves[-1])
                elif buttons := window.action_buttons():
                    buttons[0].click()
            else:
                continue
            break
        pump(1.5)
        subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+0+0", "+repage", args.out], check=True)
    finally:
        host.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
