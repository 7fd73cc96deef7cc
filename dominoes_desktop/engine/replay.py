"""`python -m dominoes_desktop.engine.replay`: the documented command; the tool is cli/replay.py."""

import sys

from ..cli.replay import main

if __name__ == "__main__":
    sys.exit(main())
