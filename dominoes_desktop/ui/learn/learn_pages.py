"""Two pages reached from the rules pages: "How to play well" and "How the CPUs play"."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ...engine.levels import TABLE_LEVELS
from ...engine.rules import BlockedRule, EndScoring, Rules, Style
from ..shell.i18n import translate

PLAY_WELL = "play-well"  # anchors inside the rules page
HOW_CPUS_PLAY = "how-cpus-play"

LEVEL_WAYS = {  # how each of engine.cpu's levels plays, shown in TABLE_LEVELS' order
    "easy": QT_TRANSLATE_NOOP(
        "Learn",
        "Easy plays whatever fits, by feel: it keeps heavy tiles too long, ignores passes, and now and then forgets to claim its points.",
    ),
    "medium": QT_TRANSLATE_NOOP(
        "Learn",
        "Medium has sound habits: it sheds weight, places doubles, keeps numbers it can follow, remembers who passed on what, and takes and denies points.",
    ),
    "hard": QT_TRANSLATE_NOOP(
        "Learn",
        "Hard counts tiles and passes, imagines many ways the hidden tiles could lie, plays each candidate to the end in each of them, and picks the move that does best on average.",
    ),
    "expert": QT_TRANSLATE_NOOP(
        "Learn",
        "Expert plays the Coach's best move against a clock. It deals the hidden tiles in the ways that fit what it has seen, as the Coach does, trusts most the deals that best explain the tiles the others chose to play, works out the exact result of each of its options in each deal, and plays the one that does best on average. When a hand is still too big to work out in time (early in a double-nine hand), it plays the hand out many times instead, as Hard does. It thinks under a second.",
    ),
}


def _section(anchor: str, title: str, parts: list[tuple[str, list[str]]]) -> str:
    body = "".join(
        f"<h4>{escape(head)}</h4><ul>" + "".join(f"<li>{escape(tip)}</li>" for tip in tips) + "</ul>"
        for head, tips in parts
    )
    return f"<hr><h2><a name='{anchor}'></a>{escape(title)}</h2>{body}"


def links_html() -> str:
    """The links at the top of a rules page."""
    return (
        f"<p><a href='#{PLAY_WELL}'>{escape(translate('Learn', 'How to play well'))}</a> · "
        f"<a href='#{HOW_CPUS_PLAY}'>{escape(translate('Learn', 'How the CPUs play'))}</a></p>"
    )


def _count_tip(rules: Rules) -> str:
    """Counting a number's tiles, in the set `rules` play with (a Cuban reader was told "seven of each in
    double-six" for double-nine), and, where tiles sleep, that the last of a number may be asleep."""
    tip = translate(
        "Learn",
        "Count the tiles of each number: {n} of each in double-{top}. When {out} of a number are out, whoever holds the last one controls that end.",
    ).format(n=rules.set_top + 1, top=rules.set_top, out=rules.set_top)
    tiles = (rules.set_top + 1) * (rules.set_top + 2) // 2 - len(rules.removed_tiles)
    short = sorted({number for tile in rules.removed_tiles for number in (tile.high, tile.low)})
    if short:
        # Cutthroat plays without the 0-0: "7 of each" and "when 6 are out" do not hold for the blanks.
        counts = ", ".join(
            translate("Learn", "{count} tiles have a {number}").format(
                count=rules.set_top + 1 - sum(number in (t.high, t.low) for t in rules.removed_tiles), number=number
            )
            for number in short
        )
        removed = ", ".join(str(tile) for tile in rules.removed_tiles)
        tip += " " + translate("Learn", "Without the {tiles}, only {counts}.").format(tiles=removed, counts=counts)
    if rules.style is Style.BLOCK and tiles > rules.hand_size * rules.players:
        tip += " " + translate(
            "Learn", "Some tiles sleep: the last one of a number may be asleep, and then nobody holds it."
        )
    return tip


def _locked_partners_tip(rules: Rules) -> str:
    """How a locked table counts partners' pips under `rules`: added together only under the side rules; under
    the lowest-player rule (Jamaican, Trinidad, Cuban...) the lightest single hand wins for its side."""
    if rules.blocked is BlockedRule.LOWEST_PLAYER:
        return translate(
            "Learn",
            "On a locked table the single lightest hand wins for its side (partners' pips are not added together): between you and your partner, keep at least one hand light.",
        )
    return translate(
        "Learn",
        "On a locked table both partners' pips count together: do not hoard heavy tiles hoping your partner is light.",
    )


def play_well_html(rules: Rules) -> str:
    """Tips for the kind of game `rules` describe first, then the others."""
    block = (
        translate("Learn", "Block games"),
        [
            _count_tip(rules),
            translate(
                "Learn",
                "A pass tells you what a player does not hold. Play to the numbers the next opponent has passed on, and they pass again.",
            ),
            translate(
                "Learn", "Shed heavy tiles early when the table may lock: on a locked table the lightest hand wins."
            ),
            translate(
                "Learn",
                "Place doubles while their number is still open: a double has only one number and is the easiest tile to get stuck with.",
            ),
            translate(
                "Learn",
                "Keep variety: a hand holding several numbers can always follow; a hand of one number is easy to shut out.",
            ),
        ],
    )
    draw = (
        translate("Learn", "Draw games"),
        [
            translate(
                "Learn",
                "Every tile you draw is weight against you if someone goes out: keep numbers you can follow rather than your best tile.",
            ),
            translate(
                "Learn", "When an opponent draws, they lacked both open numbers: remember it, as in block games."
            ),
            translate(
                "Learn", "Late in the hand, with the stock empty, the game becomes a block game: count what is left."
            ),
        ],
    )
    partners = (
        translate("Learn", "Partners"),
        [
            translate(
                "Learn",
                "Your partner sits opposite: leave open the numbers your partner has played, and close the ones the opponents played.",
            ),
            translate(
                "Learn",
                "If your partner is close to going out, help rather than race: their domino wins the hand for both of you.",
            ),
            translate("Learn", "The pose tells your partner about your hand: lead from your strongest number."),
            _locked_partners_tip(rules),
        ],
    )
    fives = (
        translate("Learn", "All Fives and Fives and Threes"),
        [
            translate(
                "Learn",
                "Before each play add up the open ends: a double at an end counts both halves. Prefer the play that makes a multiple of five (or three).",
            ),
            translate("Learn", "Look at what you leave: a total the next player can turn into a score is a gift."),
            translate("Learn", "Claim your points every time; an opponent may call Muggins and take what you missed."),
            translate(
                "Learn",
                "Points made during the hand often matter more than going out: weigh a sure score against a race to domino.",
            ),
        ],
    )
    everyone = (
        translate("Learn", "For every game"),
        [
            translate(
                "Learn",
                "Use the Coach after each hand. It judges each decision by what you could know at that moment, never by the tiles you could not see: it deals the hidden tiles in every way that fits the tiles played and the passes, works out the exact result of each of your options in each deal, and grades your move by what it gave away on average.",
            ),
            translate(
                "Learn",
                "A good move can lose to the luck of the deal. Under each verdict the Coach adds what would have been best with every tile shown; that is hindsight, and never the grade.",
            ),
            translate("Learn", "Watch the move log: every pass and every draw is information."),
        ],
    )
    parts = [block, draw]
    if rules.style is not Style.BLOCK:
        parts = [draw, block]
    if rules.end_scoring is not EndScoring.NONE:
        parts.insert(0, fives)
    else:
        parts.append(fives)
    if rules.partners:
        parts.insert(1, partners)
    else:
        parts.append(partners)
    parts.append(everyone)
    return _section(PLAY_WELL, translate("Learn", "How to play well"), parts)


def cpus_html() -> str:
    parts = [
        (
            translate("Learn", "What every CPU knows"),
            [
                translate(
                    "Learn",
                    "A CPU sees exactly what a person in its seat would see: its own tiles, the table, the moves made, and how many tiles each player holds. It never looks at another hand or at the stock.",
                ),
                translate(
                    "Learn",
                    "Deals are sealed before they are dealt: the fingerprint shown on the end-of-hand sheet lets you check that nobody, CPU or program, chose the tiles.",
                ),
            ],
        ),
        (
            translate("Learn", "How the Coach judges"),
            [
                translate(
                    "Learn",
                    "For each of your decisions the Coach deals the tiles you could not see in many ways (the same ways a CPU imagines them), keeping only the deals that fit what you had seen: the tiles played, every hand's size, and the numbers a player showed they lacked by passing or drawing.",
                ),
                translate(
                    "Learn",
                    "It trusts most the deals that best explain the tiles the others chose to play: a player who held a heavy tile that fitted, yet played a light one, probably did not hold it.",
                ),
                translate(
                    "Learn",
                    "In each deal it works out, exactly, how the hand ends after each of your options when everybody plays perfectly from there. A move's worth is its average over the deals; the grade is how much less your move was worth than the best. Where the deals disagree so much that the difference is within chance, your move counts as best.",
                ),
            ],
        ),
        (
            translate("Learn", "The levels"),
            [translate("Learn", LEVEL_WAYS[level]) for level in TABLE_LEVELS],
        ),
    ]
    return _section(HOW_CPUS_PLAY, translate("Learn", "How the CPUs play"), parts)
