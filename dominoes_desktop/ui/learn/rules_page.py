"""House-rules pages, written from the rule object so a customised match shows the rules in force."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, QUrl
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ...engine.rules import (
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
from ...engine.tiles import full_set
from ..look.grows import grows_with_window
from ..shell.announce import say
from ..shell.i18n import translate
from .learn_pages import cpus_html, links_html, play_well_html

SPECIAL = {
    "jamaican": QT_TRANSLATE_NOOP(
        "Presets", "The classic yard game: partners, a block game to six hands, and the 6-6 to pose the first hand."
    ),
    "six_love": QT_TRANSLATE_NOOP(
        "Presets", "Scores only ever read n-0: a reply wipes the board, and a key-bone domino earns an extra point."
    ),
    "trinidad": QT_TRANSLATE_NOOP(
        "Presets", "Partners play a block game to six hands; the highest double poses the first hand."
    ),
    "barbados": QT_TRANSLATE_NOOP("Presets", "Partners play a block game to six hands, as Bajans play it."),
    "puerto_rican": QT_TRANSLATE_NOOP(
        "Presets", "Every pip left on the table, your own side's included, goes to the winners."
    ),
    "dominican": QT_TRANSLATE_NOOP(
        "Presets", "Going out with a capicúa (a tile that fits both ends) earns thirty extra points."
    ),
    "cuban": QT_TRANSLATE_NOOP(
        "Presets",
        "Double-nine with ten tiles each and fifteen asleep; five doubles in your hand lets you ask for a redeal.",
    ),
    "cutthroat": QT_TRANSLATE_NOOP(
        "Presets",
        "Every player for themselves, the 0-0 taken out; once all have won a hand the scores go back to zero.",
    ),
    "block": QT_TRANSLATE_NOOP("Presets", "A plain block game: pass when stuck, the winner takes the opponents' pips."),
    "draw": QT_TRANSLATE_NOOP("Presets", "Draw from the stock until something fits."),
    "classic_block": QT_TRANSLATE_NOOP("Presets", "The textbook block game, scored by the difference in pips."),
    "classic_draw": QT_TRANSLATE_NOOP("Presets", "The textbook draw game, scored by the difference in pips."),
    "cross": QT_TRANSLATE_NOOP(
        "Presets", "The first double opens four arms, and each must be started before any grows."
    ),
    "cross_9": QT_TRANSLATE_NOOP("Presets", "Every double becomes a spinner that sprouts two new branches."),
    "cross_12": QT_TRANSLATE_NOOP("Presets", "The big double-twelve set, with spinners at every double."),
    "room": QT_TRANSLATE_NOOP(
        "Presets",
        "The online room for friends: two to four players, partners if you like, and the hand's winner leads the next.",
    ),
    "all_fives": QT_TRANSLATE_NOOP(
        "Presets", "Make the open ends add up to a multiple of five and claim the points, or lose them to Muggins."
    ),
    "fives_threes": QT_TRANSLATE_NOOP("Presets", "Multiples of five and of three both score."),
}

PRESET_NAMES = {
    "jamaican": QT_TRANSLATE_NOOP("Presets", "Jamaican partners"),
    "six_love": QT_TRANSLATE_NOOP("Presets", "Jamaican six-love"),
    "trinidad": QT_TRANSLATE_NOOP("Presets", "Trinidad & Tobago"),
    "barbados": QT_TRANSLATE_NOOP("Presets", "Barbados"),
    "puerto_rican": QT_TRANSLATE_NOOP("Presets", "Puerto Rican"),
    "dominican": QT_TRANSLATE_NOOP("Presets", "Dominican"),
    "cuban": QT_TRANSLATE_NOOP("Presets", "Cuban"),
    "cutthroat": QT_TRANSLATE_NOOP("Presets", "Cutthroat"),
    "block": QT_TRANSLATE_NOOP("Presets", "Block (house rules)"),
    "draw": QT_TRANSLATE_NOOP("Presets", "Draw (house rules)"),
    "classic_block": QT_TRANSLATE_NOOP("Presets", "Block (classic)"),
    "classic_draw": QT_TRANSLATE_NOOP("Presets", "Draw (classic)"),
    "cross": QT_TRANSLATE_NOOP("Presets", "Cross"),
    "cross_9": QT_TRANSLATE_NOOP("Presets", "Double-nine Cross"),
    "cross_12": QT_TRANSLATE_NOOP("Presets", "Double-twelve Cross"),
    "room": QT_TRANSLATE_NOOP("Presets", "Friends' room"),
    "all_fives": QT_TRANSLATE_NOOP("Presets", "All Fives (Muggins)"),
    "fives_threes": QT_TRANSLATE_NOOP("Presets", "All Fives and Threes"),
}

OPTION_NAMES = {
    "target": QT_TRANSLATE_NOOP("Presets", "target"),
    "single_round": QT_TRANSLATE_NOOP("Presets", "single round"),
    "set": QT_TRANSLATE_NOOP("Presets", "set"),
    "players": QT_TRANSLATE_NOOP("Presets", "seats"),
    "partners": QT_TRANSLATE_NOOP("Presets", "partners"),
    "style": QT_TRANSLATE_NOOP("Presets", "block or draw"),
    "deal_size": QT_TRANSLATE_NOOP("Presets", "deal size"),
}


TRANQUE_HOUSES = frozenset({"dominican", "puerto_rican", "cuban"})  # presets whose players call a lock a tranque


def preset_name(preset_id: str) -> str:
    return translate("Presets", PRESET_NAMES.get(preset_id, preset_id))


def preset_blurb(preset_id: str) -> str:
    return translate("Presets", SPECIAL.get(preset_id, ""))


def option_names(options: tuple[str, ...]) -> list[str]:
    return [translate("Presets", OPTION_NAMES.get(o, o)) for o in options]


def rules_sections(rules: Rules, seating: tuple[int, ...] | None = None) -> list[tuple[str, str]]:
    """(heading, text) pairs for each part of the rules; `seating` (the lobby's player per seat) names partners."""
    tiles = len(full_set(rules.set_top, rules.removed_tiles))
    removed = ", ".join(str(t) for t in rules.removed_tiles)
    seat_word = translate("Rules", "seat {n}")
    and_word = translate("Rules", " and ")
    if rules.partners:
        pairs = [and_word.join(seat_word.format(n=s + 1) for s in rules.seats_of(side)) for side in range(rules.sides)]
        table = translate(
            "Rules",
            "{players} players in two partnerships ({pairs}); partners sit opposite, so turns alternate between the sides.",
        ).format(players=rules.players, pairs="; ".join(pairs))
        if seating is not None and len(seating) == rules.players:
            and_sign = translate("Rules", " & ")
            sides = [and_sign.join(str(seating[s] + 1) for s in rules.seats_of(side)) for side in range(rules.sides)]
            table += " " + translate(
                "Rules", "Players {first} play against players {second}; around the table sit players {order}."
            ).format(first=sides[0], second=sides[1], order=", ".join(str(p + 1) for p in seating))
    else:
        table = translate("Rules", "{players} players, each playing for themselves.").format(players=rules.players)
    table += " " + translate("Rules", "Play goes counter-clockwise: the next player sits on your right.")
    bones = translate("Rules", "A double-{top} set: {tiles} tiles.").format(top=rules.set_top, tiles=tiles)
    if removed:
        bones += " " + translate("Rules", "Taken out: {tiles}.").format(tiles=removed)
    left = tiles - rules.hand_size * rules.players
    deal = translate("Rules", "Each player gets {n} tiles.").format(n=rules.hand_size)
    if left and rules.style is Style.BLOCK:
        deal += " " + translate("Rules", "The other {n} sleep face down and never come into play.").format(n=left)
    elif left and rules.style is Style.ALL_FIVES_DRAW:
        deal += " " + translate("Rules", "The other {n} form the stock; the last two are never drawn.").format(n=left)
    elif left:
        deal += " " + translate("Rules", "The other {n} form the stock.").format(n=left)
    if rules.single_round:
        goal = translate("Rules", "One hand decides the match; if nobody comes out ahead, another hand is played.")
    elif rules.scoring is Scoring.ONE_PER_HAND and rules.partners:
        goal = QCoreApplication.translate(
            "Rules", "The first side to reach %n hand(s) wins the match.", None, rules.target
        )
    elif rules.scoring is Scoring.ONE_PER_HAND:
        goal = QCoreApplication.translate(
            "Rules", "The first player to reach %n hand(s) wins the match.", None, rules.target
        )
    elif rules.partners:
        goal = QCoreApplication.translate(
            "Rules", "The first side to reach %n point(s) wins the match.", None, rules.target
        )
    else:
        goal = QCoreApplication.translate(
            "Rules", "The first player to reach %n point(s) wins the match.", None, rules.target
        )
    if rules.target_needs_zero_opponent and not rules.single_round:
        goal += " " + translate("Rules", "It only counts if an opponent is still on zero.")
    first = {
        Opening.HIGHEST_DOUBLE_MUST: translate(
            "Rules", "The holder of the highest double must pose it (with no doubles dealt, the heaviest tile)."
        ),
        Opening.HIGHEST_DOUBLE_ANY: translate("Rules", "The holder of the highest double leads, with any tile."),
        Opening.RANDOM_TEAM_ANY: translate(
            "Rules", "A side is drawn at random; it chooses which partner leads, with any tile."
        ),
        Opening.HIGHEST_DOUBLE_REDEAL: translate(
            "Rules",
            "The holder of the highest double poses it; with no double dealt, the tiles are shuffled and dealt again.",
        ),
        Opening.HIGHEST_DOUBLE_ANY_REDEAL: translate(
            "Rules",
            "The holder of the highest double leads with any tile; with no double dealt, the tiles are dealt again.",
        ),
    }[rules.opening]
    later = {
        AfterWin.WINNING_TEAM_CHOICE: translate(
            "Rules", "After a win, either partner of the winning side leads, any tile."
        ),
        AfterWin.WINNER: translate("Rules", "After a win, the winner leads the next hand, any tile."),
        AfterWin.FIRST_HAND_RULE: translate("Rules", "Every hand opens the same way."),
    }[rules.after_win]
    if rules.blocked is BlockedRule.LOWEST_SIDE_STARTER_TIES and rules.sides == 2:
        pass  # a tie goes to the side that posed: every hand has a winner (Dominican partners; played without
        # partners, two seats that did not pose can tie and nobody wins)
    elif rules.after_no_winner is AfterNoWinner.ROTATE:
        later += " " + translate("Rules", "After a tied block, the lead passes to the next player.")
    elif rules.after_win is not AfterWin.FIRST_HAND_RULE:
        later += " " + translate("Rules", "After a tied block, the first hand's rule applies again.")
    layout = {
        LayoutKind.LINE: translate("Rules", "Tiles join the two ends of a single line; doubles sit crosswise."),
        LayoutKind.CROSS: translate(
            "Rules",
            "The pose is a double that opens four arms; the next four tiles must each start a different arm before "
            "any arm grows.",
        ),
        LayoutKind.SPINNERS: translate(
            "Rules",
            "The pose is a double that opens four arms, each started before any grows; every later double sprouts "
            "two new branches.",
        ),
    }[rules.layout]
    stuck = {
        Style.BLOCK: translate("Rules", "With no tile that fits, you pass. Every pass is shown to all."),
        Style.DRAW: translate(
            "Rules", "With no tile that fits, draw from the stock until one does; pass only when the stock is empty."
        ),
        Style.ALL_FIVES_DRAW: translate(
            "Rules",
            "With no tile that fits, draw one tile and your turn ends; with two or fewer tiles left in the stock, "
            "pass.",
        ),
    }[rules.style]
    play = layout + " " + translate("Rules", "You must play if you can.") + " " + stuck
    # The house's own word for it: "tranque" where the game is Spanish-speaking; in Jamaica, Trinidad, Barbados
    # and the house games a Jamaican player was told "(tranque)" (audit24).
    locked = (
        translate("Rules", "When every player passes in turn, the table is locked (tranque).")
        if rules.preset in TRANQUE_HOUSES
        else translate("Rules", "When every player passes in turn, the table is locked (a block).")
    )
    # The blocked rule after the sentence on when a table locks, in every game: without the brackets the
    # conditional took the whole sum, and the games without sides lost that sentence (audit25b).
    locks = (
        locked
        + " "
        + (
            {
                BlockedRule.LOWEST_PLAYER: translate(
                    "Rules",
                    "The player with the fewest pips wins it for their side; a tie between opponents means nobody wins.",
                ),
                BlockedRule.LOWEST_SIDE: translate(
                    "Rules", "The side with the fewest pips wins; a tie means nobody wins."
                ),
                BlockedRule.LOWEST_SIDE_STARTER_TIES: translate(
                    "Rules", "The side with the fewest pips wins; on a tie, the side that posed wins."
                ),
            }[rules.blocked]
            if rules.partners
            else {  # everyone for themselves: no sides to speak of
                BlockedRule.LOWEST_PLAYER: translate(
                    "Rules", "The player with the fewest pips wins; a tie means nobody wins."
                ),
                BlockedRule.LOWEST_SIDE: translate(
                    "Rules", "The player with the fewest pips wins; a tie means nobody wins."
                ),
                BlockedRule.LOWEST_SIDE_STARTER_TIES: translate(
                    "Rules", "The player with the fewest pips wins; on a tie, the player who posed wins."
                ),
            }[rules.blocked]
        )
    )
    win = {
        Scoring.ONE_PER_HAND: translate("Rules", "Each hand won counts one."),
        Scoring.OPPONENTS_PIPS: translate("Rules", "The winners score the pips left in their opponents' hands.")
        if rules.partners
        else translate("Rules", "The winner scores the pips left in the others' hands."),
        Scoring.ALL_PIPS: translate("Rules", "The winners score every pip left on the table, their own included.")
        if rules.partners
        else translate("Rules", "The winner scores every pip left on the table, their own included."),
        Scoring.PORCH: translate(
            "Rules", "Going out scores the losers' pips; a locked table scores each loser's pips minus the winner's."
        ),
        Scoring.PORCH_FIVES: translate(
            "Rules", "As the classic count, with each loser's pips rounded to the nearest five."
        ),
    }[rules.scoring]
    if rules.end_scoring is EndScoring.FIVES:
        win += " " + translate(
            "Rules",
            "During play, when the open ends add up to a multiple of five, the player scores that many points (a "
            "double at an end counts both halves).",
        )
    elif rules.end_scoring is EndScoring.FIVES_AND_THREES:
        win += " " + translate(
            "Rules",
            "During play, when the open ends add up to a multiple of five or three, the player scores that many points "
            "(a double at an end counts both halves).",
        )
    if rules.claims:
        win += " " + translate(
            "Rules", "You must claim them before the next tile, or an opponent may call Muggins and take them."
        )
    if rules.capicua_bonus:
        win += " " + translate("Rules", "Capicúa: going out with a tile that fits both ends adds {n}.").format(
            n=rules.capicua_bonus
        )
    if rules.key_bone_bonus:
        win += " " + translate(
            "Rules", "Key bone: going out on a number with no tile of it left unplayed adds {n}."
        ).format(n=rules.key_bone_bonus)
    if rules.six_love_reset:
        win += " " + translate(
            "Rules", "A reply (winning while the others have points) wipes both scores back to zero."
        )
    if rules.cutthroat_reset:
        win += " " + translate("Rules", "Once every player has won a hand, all scores go back to zero.")
    if rules.redeal_doubles:
        win += " " + translate("Rules", "A player dealt {n} or more doubles may ask for a redeal, once a hand.").format(
            n=rules.redeal_doubles
        )
    special = preset_blurb(rules.preset)
    if rules.customised:
        special += " " + translate("Rules", "This match is customised: {changes} changed by the host.").format(
            changes=", ".join(option_names(rules.customised))
        )
    return [
        (translate("Rules", "The table"), table),
        (translate("Rules", "The bones"), bones),
        (translate("Rules", "The deal"), deal),
        (translate("Rules", "The goal"), goal),
        (translate("Rules", "How a hand starts"), first + " " + later),
        (translate("Rules", "Play and pass"), play),
        (translate("Rules", "When the table locks"), locks),
        (translate("Rules", "How a win counts"), win),
        (translate("Rules", "What makes it special"), special),
    ]


def rules_html(rules: Rules, seating: tuple[int, ...] | None = None) -> str:
    # " · custom", not " (custom)": several presets' names end in brackets ("Block (classic) (custom)").
    title = escape(preset_name(rules.preset)) + (escape(translate("Rules", " · custom")) if rules.customised else "")
    body = "".join(f"<h3>{escape(h)}</h3><p>{escape(t)}</p>" for h, t in rules_sections(rules, seating))
    learn = play_well_html(rules) + cpus_html()  # issue 17: reached by the links under the title
    return f"<h2>{title}</h2>{links_html()}{body}{learn}"


def readable_by_keys(browser: QTextBrowser) -> None:
    """The arrows move a caret through the text, which a screen reader reads line by line (AT-SPI's caret-moved
    events): a browser's own keys only scroll, so Orca had no line to read. Its links stay on Tab and Enter: a link
    Tab reaches is said, and following one takes the caret to the section it names (the view alone jumped, and
    the next arrow brought it back to the caret at the link: audit25b)."""
    browser.setTextInteractionFlags(browser.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByKeyboard)
    browser.installEventFilter(LinkWords(browser))
    browser.anchorClicked.connect(lambda url: _caret_to_anchor(browser, url))


class LinkWords(QObject):
    """Says the link Tab (or Shift+Tab) selects in a rules browser by its words: the browser selects it without a
    signal, and nothing of it reached a screen reader (no focus, caret or selection event on AT-SPI)."""

    def __init__(self, browser: QTextBrowser) -> None:
        super().__init__(browser)
        self.browser = browser

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
        ):
            cursor = self.browser.textCursor()
            before = (cursor.anchor(), cursor.position())
            QTimer.singleShot(0, lambda: self._said(before))  # once the browser has moved to the link
        return False

    def _said(self, before: tuple[int, int]) -> None:
        cursor = self.browser.textCursor()
        words = cursor.selectedText().strip()
        end = QTextCursor(cursor)
        end.setPosition(cursor.selectionEnd())  # Shift+Tab selects backwards: the format is the link's at its end
        if words and end.charFormat().isAnchor() and (cursor.anchor(), cursor.position()) != before:
            say(self.browser, translate("Rules", "{words}, link").format(words=words), asked=True)


def _caret_to_anchor(browser: QTextBrowser, url: QUrl) -> None:
    """The caret to the start of the line that holds the anchor `url` names, and that line said (the browser then
    scrolls it to the top, as before)."""
    name = url.fragment()
    block = browser.document().begin()
    while name and block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            if name in fragments.fragment().charFormat().anchorNames():
                cursor = QTextCursor(block)
                browser.setTextCursor(cursor)
                say(browser, block.text(), asked=True)
                return
            fragments += 1
        block = block.next()


class RulesDialog(QDialog):
    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("House rules: {name}").format(name=preset_name(rules.preset)))
        grows_with_window(self, QSize(620, 640))  # its words as large as the window's under it
        text = QTextBrowser()
        text.setAccessibleName(self.tr("House rules"))
        readable_by_keys(text)
        text.setHtml(rules_html(rules))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)
