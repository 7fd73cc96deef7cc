"""What a seat can infer about hidden tiles, sampling hidden hands consistent with it, and how likely each
sampled world is given the plays seen under the habit player (the coach weighs the worlds by it; the Expert
by play_model's fitted model since session 18, and by this one when expert.FITTED_WORLDS is off)."""

from __future__ import annotations

import itertools
import math
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from .hand import Hand
from .layout import Placement
from .match import heaviest_tile_holder, highest_double_holder
from .moves import MoveKind
from .rules import LayoutKind, Opening, Rules, Style
from .tiles import Tile, full_set, heaviness
from .view import PlayerView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """For each seat, the numbers it has shown it does not hold; the tiles nobody here can see; and for each seat,
    unseen tiles it cannot hold for another reason (what the hand's first tile showed: `opening_shows`)."""

    voids: tuple[frozenset[int], ...]
    unseen: tuple[Tile, ...]
    barred: tuple[frozenset[Tile], ...] = ()

    def may_hold(self, seat: int, tile: Tile) -> bool:
        """Whether `seat` may hold `tile` by what it showed: a number it lacks, or a tile barred to it, rules it out."""
        void = self.voids[seat]
        return tile.high not in void and tile.low not in void and not (self.barred and tile in self.barred[seat])


def infer(view: PlayerView) -> Knowledge:
    """The open ends each seat could not match when it passed or had to draw."""
    rules = view.rules
    seen = VoidsSeen(rules.players, rules.style)
    for turn in view.public.history:
        seen.note(turn.seat, turn.move.kind, turn.stuck_on)
    voids = [frozenset() if s == view.seat else seen.voids(s) for s in range(rules.players)]
    unseen = tuple(view.unseen())
    out = opening_shows(view) & frozenset(unseen)
    drew = {t.seat for t in view.public.history if t.move.kind is MoveKind.DRAW}
    barred = tuple(frozenset() if s == view.seat or s in drew else out for s in range(rules.players))
    return Knowledge(tuple(voids), unseen, barred if out else ())


def opening_shows(view: PlayerView) -> frozenset[Tile]:
    """The tiles no hand held when the hand was dealt, by the tile it opened with: under a rule that makes the
    holder of the highest double pose it, every double above the one posed was left out (in the stock or asleep);
    where no double was dealt and the heaviest tile was posed, every double and every heavier tile. Only where
    that rule chose the leader (`PlayerView.rule_chose_leader`: not where the last winner led, nor in a hand played
    again or a room's hand rebuilt as a match of its own, led freely: review29). A
    rule that lets that holder lead any tile (highest_double_any) says only that it held one, which no tile's
    place can express: `opening_holder` reads that."""
    rules = view.rules
    placements = view.public.layout.placements
    if not view.rule_chose_leader or not rules.opening.must_pose_double or not placements:
        return frozenset()
    pose = placements[0].tile
    if pose.is_double:
        return frozenset(Tile(n, n) for n in range(pose.high + 1, rules.set_top + 1))
    return frozenset(
        t for t in full_set(rules.set_top, rules.removed_tiles) if t.is_double or heaviness(t) > heaviness(pose)
    )


class VoidsSeen:
    """The numbers each seat has shown its whole hand lacks, read turn by turn (`note`). A pass adds the ends it was
    stuck on. In a draw game a seat stuck draws until a tile fits and must play that one: one tile drawn and played
    leaves it the hand it had, lacking what it lacked and the ends; two or more leave it tiles that may hold numbers
    it lacked before, so only the ends are sure (keeping every number it ever lacked ruled out the real deal: session
    27), and while it is still drawing it may hold a fitting tile it just drew: nothing is sure (`voids`). A draw that
    ends the turn (All Fives' draw) leaves nothing sure: the tile drawn may hold any number."""

    def __init__(self, players: int, style: Style) -> None:
        self._seen: list[set[int]] = [set() for _ in range(players)]
        self._style = style
        self._before: list[set[int]] = [set() for _ in range(players)]  # a seat's voids before its draws
        self._draws = [0] * players  # draws in the seat's turn going on

    def note(self, seat: int, kind: MoveKind, stuck_on: Sequence[int]) -> None:
        """A turn of `seat`: its kind, and the ends it was stuck on if it passed or drew."""
        seen = self._seen[seat]
        if kind is MoveKind.DRAW:
            if self._style is Style.ALL_FIVES_DRAW:
                seen.clear()
                return
            if not self._draws[seat]:
                self._before[seat] = set(seen)
            self._draws[seat] += 1
            seen.clear()
            seen.update(stuck_on)
            return
        if kind is MoveKind.PASS:
            seen.update(stuck_on)
        elif kind is not MoveKind.PLAY:
            return
        if kind is MoveKind.PLAY and self._draws[seat] == 1:
            seen.update(self._before[seat])  # the one tile it drew is the one it played
        self._draws[seat] = 0

    def voids(self, seat: int) -> frozenset[int]:
        """What `seat`'s whole hand lacks as the table stands (nothing while it is still drawing)."""
        return frozenset() if self._draws[seat] else frozenset(self._seen[seat])


def sample_world(view: PlayerView, knowledge: Knowledge, rng: random.Random) -> Hand:
    """A full hand drawn with every deal the view allows equally likely: the seat's own tiles, the unseen tiles
    dealt to the others where their passes let them lie, the rest to the stock (in a random order) and asleep.
    (Before session 27 the sampler filled the most constrained seat first with the first tiles that fit, which
    favoured some deals over others wherever two seats' passes overlapped, and after 30 failed tries ignored the
    passes: benchmarks/world_sampler.py measures both.)"""
    dealer = _dealer(knowledge, view.seat, view.hand_sizes, view.stock)
    if dealer.count == 0:
        # The view contradicts itself (a hand-made case): deal as if nobody had passed.
        open_hands = Knowledge(tuple(frozenset() for _ in knowledge.voids), knowledge.unseen)  # nor any barred
        dealer = _dealer(open_hands, view.seat, view.hand_sizes, view.stock)
        if dealer.count == 0:
            raise RuntimeError("no deal of the unseen tiles fits what the table has shown")
    holds = opening_holder(view)
    ways = _leads(view, knowledge) if holds is not None else None
    if ways:
        # Which tile made the leader lead, each as often as the deals it leaves; then one of those deals.
        pick = rng.randrange(ways[-1][2])
        tile, dealer, _ = next(way for way in ways if pick < way[2])
        hands, stock = dealer.placed(view, dealer.deal(rng))
        if tile is not None:
            hands[view.leader] = (*hands[view.leader], tile)
    else:
        # Deals until one fits the lead where its count was given up; none fits it ([]: a hand-made case): one.
        for _ in range(OPENING_TRIES if holds is not None and ways is None else 1):
            hands, stock = dealer.placed(view, dealer.deal(rng))
            if holds is None or holds(hands):
                break  # (after OPENING_TRIES deals none of which fits, a hand-made case: the last one serves)
    rng.shuffle(stock)
    return view.world(hands, stock)


def _leads(view: PlayerView, knowledge: Knowledge) -> list[tuple[Tile | None, Dealer, int]] | None:
    """The deals `opening_holder` allows, split by the tile that gave the leader the lead (its highest double,
    else its heaviest tile): for each such tile, a dealer of the other unseen tiles with no hand holding a tile
    that would have outranked it, the tile itself held back for the leader where it is unseen (None where it is
    not: the viewer's own, or played), and the running total of the deals. Drawing a total and then a deal of
    its dealer draws every allowed deal alike, where drawing deals until one fitted took hundreds of tries (one
    deal in 2,000 fitted a double-9 room's view, and after 200 the last, unfitting one served: review29). None
    where a count was given up (the walk): then deals are drawn until one fits."""
    played = _played_by_seat(view)
    return _leads_of(view.rules, knowledge, view.seat, view.leader, view.hand_sizes, view.stock, view.tiles, played)


def lead_count(view: PlayerView) -> int | None:
    """How many deals of the unseen tiles fit `view` and would have given the lead to its seat, where
    `opening_holder` applies (the sum of `_leads`' counts); None where a count was given up."""
    ways = _leads(view, infer(view))
    return None if ways is None else (ways[-1][2] if ways else 0)


def _played_by_seat(view: PlayerView) -> tuple[frozenset[Tile], ...]:
    """The tiles each seat has played this hand, as the public moves show them."""
    played: list[frozenset[Tile]] = [frozenset()] * view.rules.players
    for turn in view.moves:
        if turn.move.kind is MoveKind.PLAY and turn.move.tile is not None:
            played[turn.seat] |= {turn.move.tile}
    return tuple(played)


@lru_cache(maxsize=4)  # a CPU or the coach draws its worlds of one view one after the other
def _leads_of(
    rules: Rules,
    knowledge: Knowledge,
    seat: int,
    leader: int,
    hand_sizes: tuple[int, ...],
    stock: int,
    own: tuple[Tile, ...],
    played: tuple[frozenset[Tile], ...],
) -> list[tuple[Tile | None, Dealer, int]] | None:
    known = {tile: s for s in range(rules.players) for tile in played[s]} | dict.fromkeys(own, seat)
    unseen = frozenset(knowledge.unseen)
    every = full_set(rules.set_top, rules.removed_tiles)
    doubles = [t for t in every if t.is_double]
    ranked = [(double, frozenset(d for d in doubles if d.high > double.high)) for double in doubles]
    if not rules.opening.redeals_without_double:  # no double dealt: the heaviest tile gave the lead
        ranked += [
            (tile, frozenset(t for t in every if t.is_double or heaviness(t) > heaviness(tile)))
            for tile in every
            if not tile.is_double
        ]
    ways: list[tuple[Tile | None, Dealer, int]] = []
    total = 0
    for tile, above in ranked:
        held_back = tile in unseen
        if held_back and (leader == seat or not hand_sizes[leader] or not knowledge.may_hold(leader, tile)):
            continue
        if not held_back and known.get(tile) != leader:
            continue  # the viewer's or another seat's: not the leader's
        if any(t in above for t in known):
            continue  # a hand held a tile above it
        barred = tuple(
            frozenset() if s == seat else (knowledge.barred[s] if knowledge.barred else frozenset()) | (above & unseen)
            for s in range(rules.players)
        )
        sizes = tuple(n - (held_back and s == leader) for s, n in enumerate(hand_sizes))
        rest = tuple(t for t in knowledge.unseen if t != tile)
        dealer = _dealer(Knowledge(knowledge.voids, rest, barred), seat, sizes, stock)
        if dealer.count is None:
            return None
        if dealer.count:
            total += dealer.count
            ways.append((tile if held_back else None, dealer, total))
    return ways


OPENING_TRIES = 200  # deals drawn for one that gave the lead to the seat that led, where `_leads` cannot count


def opening_holder(view: PlayerView) -> Callable[[Sequence[Sequence[Tile]]], bool] | None:
    """Whether a world's deal would have given the lead to the seat that led, where a rule gave it to the holder of
    the highest double (else of the heaviest tile) and let it lead any tile (`highest_double_any` and its redeal
    kind): the leader held the highest double dealt, which no tile's place expresses (`opening_shows` bars tiles
    where the double must be posed). Only where the rule chose the leader (`PlayerView.rule_chose_leader`), and
    only before anyone draws (until then each seat was dealt its tiles now and those it played); None where it
    does not apply. `sample_world` draws the tile that gave the lead by its count of deals, then one of those deals
    (`_leads`), every fitting world alike; where a count was given up, deals until one fits."""
    rules = view.rules
    any_tile = rules.opening in (Opening.HIGHEST_DOUBLE_ANY, Opening.HIGHEST_DOUBLE_ANY_REDEAL)
    if not view.rule_chose_leader or not any_tile or any(t.move.kind is MoveKind.DRAW for t in view.moves):
        return None
    played = _played_by_seat(view)
    leader = view.leader
    redeals = rules.opening.redeals_without_double

    def holds(hands: Sequence[Sequence[Tile]]) -> bool:
        dealt = tuple((*hand, *tiles) for hand, tiles in zip(hands, played, strict=True))
        found = highest_double_holder(dealt)
        if found is None:
            if redeals:
                return False  # a deal without a double is dealt again
            found = heaviest_tile_holder(dealt)
        return found[0] == leader

    return holds


DEALER_TABLES = 200_000  # the count's table entries a view may fill (about half a second) before it is given up
SWAPS_A_TILE = 30  # the walk's steps a deal, for each unseen tile, where the count was given up


class _TooManyDeals(Exception):
    """The count's tables outgrew DEALER_TABLES."""


def dealer_for(view: PlayerView) -> Dealer:
    """The deals of the unseen tiles that fit `view` (what its seat inferred of the voids)."""
    return _dealer(infer(view), view.seat, view.hand_sizes, view.stock)


class Dealer:
    """The deals of a view's unseen tiles: the places are the other seats, the stock and the tiles asleep, each
    with its size; tiles allowed in the same places form a group, dealt at once (alike to the count). `count`
    deals fit; `deal` draws one with every one equally likely, `every` lists them all.

    Every tile may lie in the stock or asleep, so the count treats those two as one place, elsewhere, whose room
    is what the seats leave (the ways to split what lies elsewhere between them are one binomial), and deals a
    group seat by seat (a binomial each) rather than way by way: its tables are keyed by the group, the seats
    dealt of it so far, its tiles left and the seats' room, and `deal` walks them in the order the ways of a
    group were listed before session 28, so a seed draws the same deal as then.

    The tables grow with the seats' room, the tiles elsewhere and the groups: views of five seats of a double-12
    set holding 6 or more tiles each (a deal size a host may choose: the presets deal 3 to 5 at five seats), whose
    voids cut the tiles into many groups, fill a hundred thousand to millions of entries (seconds; minutes
    before session 28: at 8 tiles each most such views pass the bound), and a bot request or a hand-made case may
    describe one. Past `DEALER_TABLES` entries the count is given up (`count` is None: too many deals to count,
    none to list) and `deal` draws by a walk instead: from one deal that fits (a flow of each group's tiles to the
    seats), `SWAPS_A_TILE` steps a tile, each a rotation of the places of two to five tiles picked at random, kept
    where every tile may lie in its new place (rotations reach every deal that fits, swaps alone did not). Every
    deal drawn fits; the walk treats every deal alike, but from a fixed start in a bounded number of steps it is
    near uniform, not exactly so (benchmarks/world_sampler.py --samplers walk measures how near). Besides hands
    made up in a request, a draw game of five seats of double-12 (a host's options) can grow hands past the bound
    by drawing (5 of 2,359 views of random play, review28)."""

    def __init__(self, knowledge: Knowledge, seat: int, hand_sizes: tuple[int, ...], stock: int) -> None:
        self.seats = tuple(s for s in range(len(hand_sizes)) if s != seat)
        asleep = len(knowledge.unseen) - sum(hand_sizes[s] for s in self.seats) - stock
        self.sizes = (*(hand_sizes[s] for s in self.seats), stock, max(asleep, 0))
        self.groups = _grouped(knowledge, self.seats)
        others = len(self.seats)
        # The seats each group may go to; the tiles of the groups from each on; of them, those each seat may take.
        self._takers = tuple(tuple(p for p in where if p < others) for where, _ in self.groups)
        self._left = [0] * (len(self.groups) + 1)
        self._reach = [(0,) * others] * (len(self.groups) + 1)
        for group in reversed(range(len(self.groups))):
            many = len(self.groups[group][1])
            self._left[group] = self._left[group + 1] + many
            takers = self._takers[group]
            self._reach[group] = tuple(r + (many if p in takers else 0) for p, r in enumerate(self._reach[group + 1]))
        self._counted: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = {}
        self._start: list[int] | None = None  # where the walk starts, a place a tile, once the count is given up
        self.count: int | None = 0
        self.filled = 0  # the count's table entries filled (at most DEALER_TABLES + 1)
        if asleep >= 0:
            try:
                self.count = self.ways(0, self.sizes)
            except _TooManyDeals:
                self._counted.clear()
                self._start = self._one_fit()
                self.count = None if self._start is not None else 0

    def tables(self) -> int:
        """The table entries this dealer holds (the count's and the deal's; none of the count's once given up)."""
        return len(self._counted) + len(self._choices)

    def ways(self, group: int, room: tuple[int, ...]) -> int:
        """How many deals put groups `group`, `group` + 1, ... into places with `room` left, filling them."""
        others = len(self.seats)
        seats = room[:others]
        if sum(room) != self._left[group] or any(r > most for r, most in zip(seats, self._reach[group], strict=True)):
            return 0
        stock, asleep = room[others], room[others + 1]
        return self._seated(group, seats) * math.comb(stock + asleep, stock)

    def _seated(self, group: int, room: tuple[int, ...]) -> int:
        """How many deals put groups `group`, ... into the seats with `room` left, filling them, the rest of the
        tiles elsewhere (the stock or asleep, as one place). No seat's room is more than the groups from `group`
        on may give it (`ways` makes sure of it at first, each seat's least take in `_dealt` after)."""
        if group == len(self.groups):
            return 0 if any(room) else 1
        if sum(room) > self._left[group]:
            return 0  # the tiles would overflow elsewhere
        return self._dealt(group, 0, len(self.groups[group][1]), room)

    def _dealt(self, group: int, taker: int, many: int, room: tuple[int, ...]) -> int:
        """How many deals put `many` tiles of group `group` into its seats from its `taker`-th on (the rest
        elsewhere), then the groups after it, filling the seats' `room`."""
        if taker == len(self._takers[group]):
            return self._seated(group + 1, room)  # the next group's entry: not kept twice
        key = (group, taker, many, room)
        found = self._counted.get(key)
        if found is not None:
            return found
        found = 0
        place = self._takers[group][taker]
        free = room[place]
        before, after_it = room[:place], room[place + 1 :]  # `_takes`, written out: the count's inner loop
        for k in range(max(0, free - self._reach[group + 1][place]), min(many, free) + 1):
            after = self._dealt(group, taker + 1, many - k, (*before, free - k, *after_it))
            if after:
                found += math.comb(many, k) * after
        self._counted[key] = found
        self.filled += 1
        if self.filled > DEALER_TABLES:
            raise _TooManyDeals
        return found

    def _takes(self, group: int, taker: int, many: int, room: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """How many of `many` tiles of group `group` its `taker`-th seat may take, fewest first (not so few that
        the groups after it cannot fill the seat), and the seats' room left after each."""
        place = self._takers[group][taker]
        free = room[place]
        for k in range(max(0, free - self._reach[group + 1][place]), min(many, free) + 1):
            yield k, (*room[:place], free - k, *room[place + 1 :])

    def _options(self, group: int, room: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """The room each way of dealing group `group` into `room` leaves, and the running total of how many deals
        of every group from it on follow each (the chance of each way is its share)."""
        key = (group, room)
        found = self._choices.get(key)
        if found is None:
            lefts: list[tuple[int, ...]] = []
            totals: list[int] = []
            total = 0
            where, tiles = self.groups[group]
            for left, ways in _splits(len(tiles), tuple(p for p in where if room[p]), room):
                after = self.ways(group + 1, left)
                if after:
                    total += ways * after
                    lefts.append(left)
                    totals.append(total)
            found = self._choices[key] = (lefts, totals)
        return found

    def deal(self, rng: random.Random) -> list[list[Tile]]:
        """One deal, each with the same chance (near it where the count was given up): the tiles of each place."""
        if self._start is not None:
            return self._walked(self._start, rng)
        lots: list[list[Tile]] = [[] for _ in self.sizes]
        room = self.sizes
        for group, (where, tiles) in enumerate(self.groups):
            left = self._chosen(group, room, rng.randrange(self.ways(group, room)))
            shuffled = list(tiles)
            rng.shuffle(shuffled)
            for place in where:
                taken = room[place] - left[place]
                lots[place].extend(shuffled[:taken])
                del shuffled[:taken]
            room = left
        return lots

    def _chosen(self, group: int, room: tuple[int, ...], pick: int) -> tuple[int, ...]:
        """The room left by the `pick`-th way (from 0) of dealing group `group` into `room`, the ways listed by
        how many the first place takes, then the second, ... (each as often as the deals that follow it):
        found place by place, each of the seat's choices standing for the ways that follow it."""
        others = len(self.seats)
        stock, asleep = room[others], room[others + 1]
        scale = math.comb(stock + asleep, stock)  # the ways that follow share this factor
        many = len(self.groups[group][1])
        seats = room[:others]
        for taker in range(len(self._takers[group])):
            for k, less in self._takes(group, taker, many, seats):
                part = math.comb(many, k)
                block = part * self._dealt(group, taker + 1, many - k, less) * scale
                if pick < block:
                    pick //= part
                    many -= k
                    seats = less
                    break
                pick -= block
        # What the seats left lies in the stock (fewest first) or asleep.
        rest = self._seated(group + 1, seats)
        for k in range(min(many, stock) + 1):
            block = math.comb(many, k) * rest * math.comb(stock + asleep - many, stock - k)
            if pick < block:
                return (*seats, stock - k, asleep - many + k)
            pick -= block
        raise AssertionError("the pick is below the group's count")

    def every(self) -> Iterator[list[list[Tile]]]:
        """Every deal that fits (`count` of them), the tiles of each place, in one order."""
        if self.count is None:
            raise ValueError("too many deals fit to count them, let alone list them")
        lots: list[list[Tile]] = [[] for _ in self.sizes]

        def walk(group: int, room: tuple[int, ...]) -> Iterator[list[list[Tile]]]:
            if group == len(self.groups):
                yield [list(lot) for lot in lots]
                return
            where, tiles = self.groups[group]
            for left in self._options(group, room)[0]:
                takes = [(p, room[p] - left[p]) for p in where if room[p] - left[p]]
                for parts in _parts(tiles, [k for _, k in takes]):
                    for (place, _), part in zip(takes, parts, strict=True):
                        lots[place].extend(part)
                    yield from walk(group + 1, left)
                    for (place, _), part in zip(takes, parts, strict=True):
                        del lots[place][len(lots[place]) - len(part) :]

        return walk(0, self.sizes) if self.count else iter(())

    def _one_fit(self) -> list[int] | None:
        """One deal that fits, as the place of each tile (the groups' tiles in order; len(seats) stands for the
        stock or asleep), or None: the seats' room filled one tile at a time, along a path of groups that moves a
        tile from seat to seat where the seat wanting one may take no spare tile (a flow)."""
        others = len(self.seats)
        spare = [len(tiles) for _, tiles in self.groups]
        given = [[0] * others for _ in self.groups]
        for wanting in range(others):
            for _ in range(self.sizes[wanting]):
                if not self._moved_one_to(wanting, spare, given):
                    return None
        places: list[int] = []
        for group in range(len(self.groups)):
            for place in range(others):
                places.extend([place] * given[group][place])
            places.extend([others] * spare[group])
        return places

    def _moved_one_to(self, wanting: int, spare: list[int], given: list[list[int]]) -> bool:
        """Gives seat `wanting` one more tile: a spare one of a group it may take, or one of such a group that
        another seat holds, that seat then given one in turn (searched breadth first); False if none can be."""
        came: dict[int, tuple[int, int] | None] = {wanting: None}  # a seat: the seat taking a tile of it, the group
        queue = [wanting]
        for seat in queue:
            for group, takers in enumerate(self._takers):
                if seat not in takers:
                    continue
                if spare[group]:
                    spare[group] -= 1
                    given[group][seat] += 1
                    back = came[seat]
                    while back is not None:
                        taker, moved = back
                        given[moved][seat] -= 1
                        given[moved][taker] += 1
                        seat, back = taker, came[taker]
                    return True
                for holder, held in enumerate(given[group]):
                    if held and holder not in came:
                        came[holder] = (seat, group)
                        queue.append(holder)
        return False

    def _walked(self, start: list[int], rng: random.Random) -> list[list[Tile]]:
        """A deal drawn by swaps from `start` (see the class): the tiles of each place."""
        others = len(self.seats)
        tiles = [tile for _, group in self.groups for tile in group]
        allowed = [
            (*takers, others) for takers, (_, group) in zip(self._takers, self.groups, strict=True) for _ in group
        ]
        places = list(start)
        # A step rotates the places of 2 to `others` + 1 tiles (as many as there are places): two deals that fit
        # differ by rotations of tiles among distinct places, each of which leaves a deal that fits, so these steps
        # reach every deal; swaps alone did not (three seats that must pass their tiles round, review28). A
        # rotation and its reverse are proposed alike, so the walk treats every deal alike.
        most = min(others + 1, len(tiles))
        for _ in range(SWAPS_A_TILE * len(tiles)):
            if most < 2:
                break
            picked = rng.sample(range(len(tiles)), rng.randint(2, most))
            moved = [places[picked[(n + 1) % len(picked)]] for n in range(len(picked))]
            if all(place in allowed[i] for i, place in zip(picked, moved, strict=True)):
                for i, place in zip(picked, moved, strict=True):
                    places[i] = place
        lots: list[list[Tile]] = [[] for _ in range(others + 1)]
        for tile, place in zip(tiles, places, strict=True):
            lots[place].append(tile)
        for lot in lots:
            rng.shuffle(lot)
        elsewhere = lots.pop()
        stock = self.sizes[others]
        return [*lots, elsewhere[:stock], elsewhere[stock:]]

    def placed(self, view: PlayerView, lots: Sequence[Sequence[Tile]]) -> tuple[list[Sequence[Tile]], list[Tile]]:
        """A deal's hands (the seat's own tiles in its place) and stock, as `view.world` takes them."""
        hands: list[Sequence[Tile]] = [()] * view.rules.players
        hands[view.seat] = view.tiles
        for place, seat in enumerate(self.seats):
            hands[seat] = lots[place]
        return hands, list(lots[len(self.seats)])


def _grouped(knowledge: Knowledge, seats: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[Tile, ...]], ...]:
    """The unseen tiles by the places they may lie in (the seats' indices in `seats` whose voids they miss, then
    the stock and asleep always), in the order found."""
    groups: dict[tuple[int, ...], list[Tile]] = {}
    for tile in knowledge.unseen:
        where = (
            *(p for p, s in enumerate(seats) if knowledge.may_hold(s, tile)),
            len(seats),
            len(seats) + 1,
        )
        groups.setdefault(where, []).append(tile)
    return tuple((where, tuple(tiles)) for where, tiles in groups.items())


def _splits(many: int, where: tuple[int, ...], room: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each way to put `many` tiles alike into the places `where` (indices into `room`, the places' free room),
    the last taking what is left: the room left after it, and how many ways to choose which tiles go where (a
    multinomial)."""
    if not where:
        if many == 0:
            yield room, 1
        return
    place, rest = where[0], where[1:]
    least = 0 if rest else many  # the last place takes the rest, or the way does not fit
    for k in range(least, min(many, room[place]) + 1):
        left = (*room[:place], room[place] - k, *room[place + 1 :])
        for after, ways in _splits(many - k, rest, left):
            yield after, ways * math.comb(many, k)


def _parts(tiles: Sequence[Tile], sizes: Sequence[int]) -> Iterator[list[tuple[Tile, ...]]]:
    """Each way to cut `tiles` into parts of `sizes` (which tiles, not their order), the last part the rest."""
    if len(sizes) <= 1:
        yield [tuple(tiles)]
        return
    for chosen in itertools.combinations(range(len(tiles)), sizes[0]):
        taken = set(chosen)
        rest = [t for i, t in enumerate(tiles) if i not in taken]
        for after in _parts(rest, sizes[1:]):
            yield [tuple(tiles[i] for i in chosen), *after]


DEALERS_KEPT = 16  # the dealers of the last views asked about (a CPU draws hundreds of worlds of one view)
DEALERS_KEPT_TABLES = 400_000  # and their table entries in all: about 90 MB (some 220 bytes an entry)


class _Dealers:
    """The dealers of the last views asked about, the newest always kept: at most `DEALERS_KEPT` of them, and no
    more older ones than leave `DEALERS_KEPT_TABLES` table entries in all. A dealer near its bound holds some 45 MB,
    and sixteen of them (the cache kept by number alone) could hold 700 MB in a CPU's worker (review28). A lock,
    as `functools.lru_cache` had: a process may draw worlds from more than one thread."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[Knowledge, int, tuple[int, ...], int], Dealer] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, knowledge: Knowledge, seat: int, hand_sizes: tuple[int, ...], stock: int) -> Dealer:
        key = (knowledge, seat, hand_sizes, stock)
        with self._lock:
            dealer = self._kept.get(key)
            if dealer is not None:
                self._kept.move_to_end(key)
                return dealer
        dealer = Dealer(knowledge, seat, hand_sizes, stock)  # built outside the lock: it can take half a second
        with self._lock:
            self._kept[key] = dealer
            self._kept.move_to_end(key)
            while len(self._kept) > 1 and (len(self._kept) > DEALERS_KEPT or self.tables() > DEALERS_KEPT_TABLES):
                self._kept.popitem(last=False)
        return dealer

    def tables(self) -> int:
        """The table entries the kept dealers hold."""
        return sum(dealer.tables() for dealer in self._kept.values())

    def kept(self) -> int:
        return len(self._kept)

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()


_dealer = _Dealers()


EVIDENCE_TEMPERATURE = 6.0  # how loosely people are taken to follow "heaviest tile first" (pips, +4 a double)
FOLLOW_BONUS = 3.0  # how much a play that opens a number the player holds more of is preferred, in pips
HABIT_SHARE = 0.8  # of a player's plays, those taken to follow the habits; the rest any tile that fits (a
# beginner, a trap): no world is ruled out by one odd play, and the weights never collapse onto a few worlds


def _heft(tile: Tile) -> float:
    return tile.pips + (4.0 if tile.is_double else 0.0)


Play = TypeVar("Play")

# One play seen: who played it, the tile, and the open ends it was chosen on.
Evidence = tuple[tuple[int, Tile, tuple[int, ...]], ...]


def play_evidence(view: PlayerView) -> Evidence:
    """The plays of the other seats after the pose, with the open ends each was chosen on (line layouts;
    a seat that ever drew is left out, its hand at the time is not known)."""
    rules = view.rules
    if rules.layout is not LayoutKind.LINE:
        return ()
    unread = unread_seats(view)
    plays = plays_on_ends(view.public.layout.placements)
    return tuple(play for play in plays if play[0] not in unread)


def unread_seats(view: PlayerView) -> set[int]:
    """The seats whose plays tell the seat nothing of their hands: its own, and every seat that ever drew (its
    hand at the time of a play is not known)."""
    return {view.seat} | {t.seat for t in view.moves if t.move.kind is MoveKind.DRAW}


def plays_on_ends(placements: Sequence[Placement]) -> Evidence:
    """Every play after the pose of a line layout, in order: its seat, its tile, and the open ends it was
    chosen on."""
    if not placements:
        return ()
    pose = placements[0].tile
    ends = [pose.high, pose.low]
    seen: list[tuple[int, Tile, tuple[int, ...]]] = []
    for placement in placements[1:]:
        joined = placement.joined
        assert joined is not None
        seen.append((placement.seat, placement.tile, tuple(ends)))
        ends[ends.index(joined)] = placement.tile.other(joined)
    return tuple(seen)


def _follows(tile: Tile, ends: tuple[int, ...], held: set[Tile]) -> bool:
    """Whether playing `tile` on one of `ends` leaves a number the player holds another tile of."""
    opened = {tile.other(end) for end in ends if tile.has(end)}
    return any(t != tile and (t.high in opened or t.low in opened) for t in held)


def evidence_weight(evidence: Evidence, hands: Sequence[Sequence[Tile]]) -> float:
    """How likely the plays seen are in a world where the seats hold `hands` now: the product over the plays
    of the chance that a player picks the tile played among the tiles it then held that fitted, when it
    prefers, softly (EVIDENCE_TEMPERATURE), heavy tiles and plays that open a number it holds more of (the
    habits every club player has, and the signal a partner reads), HABIT_SHARE of the time, and otherwise
    picks any that fits."""
    return weight_back_in_time(
        evidence, hands, lambda play: play[:2], lambda play, held: play_log_chance(play[1], play[2], held)
    )


def weight_back_in_time(
    plays: Sequence[Play],
    hands: Sequence[Sequence[Tile]],
    seat_and_tile: Callable[[Play], tuple[int, Tile]],
    log_chance: Callable[[Play, set[Tile]], float],
) -> float:
    """The product of each play's chance (`log_chance` of the play and the tiles its seat then held), each
    seat's tiles rebuilt from its tiles now (`hands`) and its later plays, going back from the last play."""
    held = [set(h) for h in hands]
    log_weight = 0.0
    for play in reversed(plays):
        seat, tile = seat_and_tile(play)
        mine = held[seat]
        mine.add(tile)  # going back in time, the seat held what it played from then on
        log_weight += log_chance(play, mine)
    return math.exp(max(log_weight, -600.0))  # never 0: a world the sampler dealt is possible


def play_log_chance(
    tile: Tile,
    ends: tuple[int, ...],
    held: set[Tile],
    temperature: float = EVIDENCE_TEMPERATURE,
    habit_share: float = HABIT_SHARE,
    follow_bonus: float = FOLLOW_BONUS,
) -> float:
    """The log chance that a player holding `held` (`tile` among them) picks `tile` on `ends`, as
    `evidence_weight` takes it (0 where it was the only tile that fitted: the play tells nothing). The
    settings are the shipped ones unless given (benchmarks/evidence_fit.py tries others)."""
    fitting = [t for t in held if t.high in ends or t.low in ends]
    if len(fitting) <= 1:
        return 0.0
    utility = {t: _heft(t) + (follow_bonus if _follows(t, ends, held) else 0.0) for t in fitting}
    scale = max(utility.values())
    total = sum(math.exp((u - scale) / temperature) for u in utility.values())
    habit = math.exp((utility[tile] - scale) / temperature) / total
    return math.log(habit_share * habit + (1.0 - habit_share) / len(fitting))


def weighted_worlds(view: PlayerView, rng: random.Random, count: int) -> list[tuple[Hand, float]]:
    """`count` worlds consistent with the seat's view, each with its evidence weight (not normalised)."""
    knowledge = infer(view)
    evidence = play_evidence(view)
    worlds = []
    for _ in range(count):
        world = sample_world(view, knowledge, rng)
        worlds.append((world, evidence_weight(evidence, world.hands)))
    return worlds
