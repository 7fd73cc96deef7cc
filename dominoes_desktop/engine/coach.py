"""`python -m dominoes_desktop.engine.coach`: the documented command; the tool is cli/coach.py."""

import sys

from ..cli.coach import main

if __name__ == "__main__":
    sys.exit(main())
