"""`python -m dominoes_desktop.engine.bot`: the documented command; the tool is cli/bot.py."""

import sys

from ..cli.bot import main

if __name__ == "__main__":
    sys.exit(main())
