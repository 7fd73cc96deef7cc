"""Entry point of the frozen game (PyInstaller runs this file as a script, so no relative imports)."""

import multiprocessing
import sys

from dominoes_desktop.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
