"""The player's look: finishes, pips, themes, flag backs, and the dialog that sets them."""
