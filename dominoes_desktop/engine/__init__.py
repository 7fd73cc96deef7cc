"""The rules engine: pure Python, no Qt. Tiles, rules, hands, matches, CPU players."""
