"""Analysis apart from the rules: the exact solver, the coach, deal luck, the fast playout kernel."""
