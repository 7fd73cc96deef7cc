"""House-rules pages, written from the rule object so a customised match shows the rules in force."""

from __future__ import annotations

from html import escape

from ..engine.rules import (
    AfterNoWinner,
    AfterWin,
    BlockedRule,
    EndScoring,
    LayoutKind,
    Opening,
    Rules,
    Scoring,
    Style,
)
from ..engine.tiles import full_set

SPECIAL = {
    "jamaican": "The classic yard game: partners, a block game to six hands, and the 6-6 to pose the first hand.",
    "six_love": "Scores only ever read n-0: a reply wipes the board, and a key-bone domino earns an extra point.",
    "trinidad": "Partners play a block game to six hands; the highest double poses the first hand.",
    "barbados": "Partners play a block game to six hands, as Bajans play it.",
    "puerto_rican": "Every pip left on the table, your own side's included, goes to the winners.",
    "dominican": "Going out with a capicúa (a tile that fits both ends) earns thirty extra points.",
    "cuban": "Double-nine with ten tiles each and fifteen asleep; five doubles in your hand lets you ask for a redeal.",
    "cutthroat": "Every player for themselves, the 0-0 taken out; once all have won a hand the scores go back to zero.",
    "block": "A plain block game: pass when stuck, the winner takes the opponents' pips.",
    "draw": "Draw from the stock until something fits.",
    "classic_block": "The textbook block game, scored by the difference in pips.",
    "classic_draw": "The textbook draw game, scored by the difference in pips.",
    "cross": "The first double opens four arms, and each must be started before any grows.",
    "cross_9": "Every double becomes a spinner that sprouts two new branches.",
    "cross_12": "The big double-twelve set, with spinners at every double.",
    "all_fives": "Make the open ends add up to a multiple of five and claim the points, or lose them to Muggins.",
    "fives_threes": "Multiples of five and of three both score.",
}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def rules_sections(rules: Rules) -> list[tuple[str, str]]:
    """(heading, text) pairs: the table, the bones, the deal, the goal, opening, play, locks, scoring, special."""
    tiles = len(full_set(rules.set_top, rules.removed_tiles))
    removed = ", ".join(str(t) for t in rules.removed_tiles)
    if rules.partners:
        pairs = [" and ".join(f"seat {s + 1}" for s in rules.seats_of(side)) for side in range(rules.sides)]
        table = f"{rules.players} players in two partnerships ({'; '.join(pairs)}); partners sit opposite."
    else:
        table = f"{rules.players} players, each playing for themselves."
    table += " Play goes counter-clockwise: the next player sits on your right."
    bones = f"A double-{rules.set_top} set: {tiles} tiles" + (f" ({removed} taken out)" if removed else "") + "."
    dealt = rules.hand_size * rules.players
    left = tiles - dealt
    deal = f"Each player gets {_count(rules.hand_size, 'tile')}."
    if left and rules.style is Style.BLOCK:
        deal += f" The other {left} sleep face down and never come into play."
    elif left and rules.style is Style.ALL_FIVES_DRAW:
        deal += f" The other {left} form the stock; the last two are never drawn."
    elif left:
        deal += f" The other {left} form the stock."
    unit = "hands" if rules.scoring is Scoring.ONE_PER_HAND else "points"
    if rules.single_round:
        goal = "One hand decides the match; if nobody comes out ahead, another hand is played."
    else:
        goal = f"The first side to reach {rules.target} {unit} wins the match."
        if rules.target_needs_zero_opponent:
            goal += " It only counts if an opponent is still on zero."
    first = {
        Opening.HIGHEST_DOUBLE_MUST: "The holder of the highest double must pose it (with no doubles dealt, "
        "the heaviest tile).",
        Opening.HIGHEST_DOUBLE_ANY: "The holder of the highest double leads, with any tile.",
        Opening.RANDOM_TEAM_ANY: "A side is drawn at random; it chooses which partner leads, with any tile.",
        Opening.HIGHEST_DOUBLE_REDEAL: "The holder of the highest double poses it; with no double dealt, "
        "the tiles are shuffled and dealt again.",
        Opening.HIGHEST_DOUBLE_ANY_REDEAL: "The holder of the highest double leads with any tile; with no "
        "double dealt, the tiles are dealt again.",
    }[rules.opening]
    later = {
        AfterWin.WINNING_TEAM_CHOICE: " After a win, either partner of the winning side leads, any tile.",
        AfterWin.WINNER: " After a win, the winner leads the next hand, any tile.",
        AfterWin.FIRST_HAND_RULE: " Every hand opens the same way.",
    }[rules.after_win]
    if rules.after_no_winner is AfterNoWinner.ROTATE:
        later += " After a tied block, the lead passes to the next player."
    elif rules.after_win is not AfterWin.FIRST_HAND_RULE:
        later += " After a tied block, the first hand's rule applies again."
    layout = {
        LayoutKind.LINE: "Tiles join the two ends of a single line; doubles sit crosswise.",
        LayoutKind.CROSS: "The pose is a double that opens four arms; the next four tiles must each start a "
        "different arm before any arm grows.",
        LayoutKind.SPINNERS: "The pose is a double that opens four arms, each started before any grows; every "
        "later double sprouts two new branches.",
    }[rules.layout]
    stuck = {
        Style.BLOCK: "With no tile that fits, you pass. Every pass is shown to all.",
        Style.DRAW: "With no tile that fits, draw from the stock until one does; pass only when the stock is empty.",
        Style.ALL_FIVES_DRAW: "With no tile that fits, draw one tile and your turn ends; with two or fewer "
        "tiles left in the stock, pass.",
    }[rules.style]
    play = f"{layout} You must play if you can. {stuck}"
    locks = "When every player passes in turn, the table is locked (tranque). "
    locks += {
        BlockedRule.LOWEST_PLAYER: "The player with the fewest pips wins it for their side; a tie between "
        "opponents means nobody wins.",
        BlockedRule.LOWEST_SIDE: "The side with the fewest pips wins; a tie means nobody wins.",
        BlockedRule.LOWEST_SIDE_STARTER_TIES: "The side with the fewest pips wins; on a tie, the side that posed wins.",
    }[rules.blocked]
    win = {
        Scoring.ONE_PER_HAND: "Each hand won counts one.",
        Scoring.OPPONENTS_PIPS: "The winners score the pips left in their opponents' hands.",
        Scoring.ALL_PIPS: "The winners score every pip left on the table, their own included.",
        Scoring.PORCH: "Going out scores the losers' pips; a locked table scores each loser's pips minus the winner's.",
        Scoring.PORCH_FIVES: "As the classic count, with each loser's pips rounded to the nearest five.",
    }[rules.scoring]
    if rules.end_scoring is not EndScoring.NONE:
        counts = "a multiple of five" if rules.end_scoring is EndScoring.FIVES else "a multiple of five or three"
        win += (
            f" During play, when the open ends add up to {counts}, the player scores that many points "
            "(a double at an end counts both halves)."
        )
        if rules.claims:
            win += " You must claim them before the next tile, or an opponent may call Muggins and take them."
    if rules.capicua_bonus:
        win += f" Capicúa: going out with a tile that fits both ends adds {rules.capicua_bonus}."
    if rules.key_bone_bonus:
        win += f" Key bone: going out on a number with no tile of it left unplayed adds {rules.key_bone_bonus}."
    if rules.six_love_reset:
        win += " A reply (winning while the others have points) wipes both scores back to zero."
    if rules.cutthroat_reset:
        win += " Once every player has won a hand, all scores go back to zero."
    if rules.redeal_doubles:
        win += f" A player dealt {rules.redeal_doubles} or more doubles may ask for a redeal, once a hand."
    special = SPECIAL.get(rules.preset, "")
    if rules.customised:
        special += " This match is customised: " + ", ".join(rules.customised) + " changed by the host."
    return [
        ("The table", table),
        ("The bones", bones),
        ("The deal", deal),
        ("The goal", goal),
        ("How a hand starts", first + later),
        ("Play and pass", play),
        ("When the table locks", locks),
        ("How a win counts", win),
        ("What makes it special", special),
    ]


def rules_html(rules: Rules) -> str:
    title = escape(rules.name) + (" (custom)" if rules.customised else "")
    body = "".join(f"<h3>{escape(h)}</h3><p>{escape(t)}</p>" for h, t in rules_sections(rules))
    return f"<h2>{title}</h2>{body}"
