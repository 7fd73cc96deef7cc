"""The table page: the game controller over the session, side panel, cut panel, hand-end sheet, coach, duplicate sheets, sound."""
