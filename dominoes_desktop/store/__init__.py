"""What the game keeps: the match in progress, saved match files, and statistics."""
