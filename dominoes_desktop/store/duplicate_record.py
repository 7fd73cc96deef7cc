"""What a finished duplicate match adds to the statistics (issue 17): one match in the stats group
"Duplicate", made with the statistics' own `match_record` from each play and summed per player of the
line-up, so the record has exactly the shape every other match has."""

from __future__ import annotations

from dataclasses import replace

from ..engine.analysis.luck import DealSet
from ..engine.duplicate import DuplicateMatch
from .stats import PRACTICE_GROUP, ROW_COUNTS, DealRow, MatchRecord, ResultRow, match_record

DUPLICATE_GROUP = "Duplicate"
_NO_SIX_LOVE = tuple(ROW_COUNTS.index(k) for k in ("six_love_given", "six_love_taken"))


def duplicate_record(duplicate: DuplicateMatch, line_up: list[tuple[str, bool, str]]) -> MatchRecord:
    """One record for the whole duplicate match: each line-up entry's hands and points over every play (in
    whichever seat it held), won by the listed side with the most points over all plays. A match where a
    move was taken back is practice, kept apart as any other."""
    group = PRACTICE_GROUP if duplicate.is_practice else DUPLICATE_GROUP
    winner = duplicate.winner()
    records = duplicate.records()
    if not records:
        raise ValueError("a duplicate match with no play finished has nothing to record")
    sums: dict[int, list[int]] = {}
    shapes: dict[int, ResultRow] = {}  # an entry's row as the statistics made it (its label), to sum into
    first: MatchRecord | None = None
    deals: list[DealRow] = []
    for number, record in enumerate(records):
        assert record.match is not None
        entries = duplicate.line_up_at(record.play)
        made = match_record(group, record.match, [line_up[entry] for entry in entries])
        first = first or made
        # Deal luck: each play's own deal facts, numbered as the plays are. A later play of a deal has none:
        # it was dealt again from the first play's proof (Match.chosen_deals), chance's deal counted once.
        deals += [replace(row, hand=number) for row in made.deals]
        for seat, row in enumerate(made.rows):
            shapes.setdefault(entries[seat], row)
            counts = sums.setdefault(entries[seat], [0] * len(row.counts))
            for i, value in enumerate(row.counts):
                counts[i] += 0 if i in _NO_SIX_LOVE else value  # a play is one hand, not a match won six-love
    assert first is not None
    rows = tuple(
        replace(
            shapes[entry],
            seat=entry,
            won=winner is not None and duplicate.rules.side_of(entry) == winner,
            counts=tuple(sums[entry]),
        )
        for entry in range(duplicate.rules.players)
    )
    return replace(
        first,
        group=group,
        winner_side=winner,
        hands=len(records),
        six_love=False,
        rows=rows,
        deal_set=DealSet.of(duplicate.rules) if deals else None,
        deals=tuple(deals),
    )
