"""Command-line tools: replay, bot, coach, fairness, simulate, soak. Drivers and I/O only; the engine and the session do the work."""
