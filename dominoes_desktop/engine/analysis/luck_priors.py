"""What a hand is worth before its deal, seat 0 leading (hand_luck.prior), for the shipped presets:
written by benchmarks/rating_priors.py, never by hand. Keyed by hand_luck.prior_key and the level."""

LUCK_VERSION = 1
PRIOR_DEALS = 400

PRIORS: dict[tuple[str, str], tuple[float, ...]] = {}
