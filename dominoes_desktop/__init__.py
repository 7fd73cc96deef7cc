"""Dominoes Desktop: Caribbean dominoes for the desktop."""

__version__ = "0.1.0"
