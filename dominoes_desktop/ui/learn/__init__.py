"""The house rules and the how-to-play pages."""
