"""What the game keeps: the match in progress, saved match files, and statistics."""

HOME_GROUP = "Home"  # the statistics' default group, as the store keeps it (the UI shows it in the player's language)
