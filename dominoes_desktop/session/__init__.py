"""The session: the one driver loop of every table (Qt-free, no I/O). A pending decision of the match goes to
whoever answers that seat (a person, a CPU in the pool, a remote player); dealing is a decision like any other."""
