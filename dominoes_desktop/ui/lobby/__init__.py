"""Hosting a match: preset, house rules, seats, helpers."""
