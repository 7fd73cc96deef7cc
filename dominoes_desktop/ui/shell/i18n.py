"""Languages: the game's own translations (resources/translations/*.qm, compiled from .ts by the set-up,
scripts/venv.sh, or at build time by build.spec; never at start-up) plus Qt's, installed on the application and
switchable while a match goes on."""

from __future__ import annotations

import logging
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ...resources import resources_dir

log = logging.getLogger(__name__)

LANGUAGES = {"system": "System", "en": "English", "es": "Español"}


def translate(context: str, text: object) -> str:
    """Translate outside a QObject; lupdate finds these calls by name. `text` may come from a
    QT_TRANSLATE_NOOP table (typed as object by PySide6)."""
    return QCoreApplication.translate(context, str(text))


NO_BREAK = "\u00a0"  # a space a line never wraps at


def last_words_together(words: str) -> str:
    """`words` with their last two kept on one line (a space a line never wraps at between them): a sentence that
    wraps never ends on a line of one word ("deal." alone under the invitation to cut the deck on a 1280x800
    hand-end sheet, "entrenador" under the luck line at 1920x1080)."""
    head, space, last = words.rstrip().rpartition(" ")  # a trailing space is no gap between two words
    return f"{head}{NO_BREAK}{last}" if space else words


def number(value: float, decimals: int = 2, *, signed: bool = False) -> str:
    """A number in the player's language (a decimal comma in Spanish), with its sign when asked."""
    text = QLocale().toString(abs(value) if signed else value, "f", decimals)
    if signed:
        shown = round(value, decimals)
        return ("+" if shown > 0 else "\N{MINUS SIGN}" if shown < 0 else "±") + text
    return text


def whole_or_tenths(value: float | Fraction) -> str:
    """A figure as a player reads it: a whole number bare ("3", not "3.0"), anything else to one decimal in
    their language ("2.5", "2,5"). Rounded first: 2.96 is "3", not "3.0", and -0.04 is "0", not "-0.0"."""
    tenths = round(float(value), 1) + 0.0  # + 0.0: a minus zero becomes a zero
    return str(int(tenths)) if tenths.is_integer() else number(tenths, 1)


def resolve(choice: str) -> str:
    """The language code a setting stands for: 'system' follows the desktop's locale."""
    if choice == "system":
        return "es" if QLocale.system().name().lower().startswith("es") else "en"
    return choice if choice in LANGUAGES else "en"


class Language:
    """Keeps the installed translators, so a new language replaces the old one."""

    def __init__(self) -> None:
        self.translators: list[QTranslator] = []
        self.code = "en"

    def install(self, choice: str) -> str:
        app = QCoreApplication.instance()
        if app is None:
            return self.code
        for translator in self.translators:
            app.removeTranslator(translator)
        self.translators = []
        self.code = resolve(choice)
        if self.code == "en":
            # English needs only its plural forms ("1 hand", "2 hands"): the sources are English already.
            plurals = QTranslator()
            if plurals.load(str(resources_dir() / "translations" / "dominoes_en.qm")):
                self.translators.append(plurals)
                app.installTranslator(plurals)
            else:
                log.warning("no compiled translation for en (scripts/venv.sh compiles them)")
        else:
            ours = QTranslator()
            if ours.load(str(resources_dir() / "translations" / f"dominoes_{self.code}.qm")):
                self.translators.append(ours)
            else:
                log.warning("no compiled translation for %s (scripts/venv.sh compiles them)", self.code)
            qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            for name in ("qtbase", "qt"):
                theirs = QTranslator()
                if theirs.load(f"{name}_{self.code}", qt_folder) or theirs.load(
                    f"{name}_{self.code}", str(resources_dir() / "translations")
                ):
                    self.translators.append(theirs)
                    break
            for translator in self.translators:
                app.installTranslator(translator)
        QLocale.setDefault(QLocale(self.code))
        return self.code


LANGUAGE = Language()


def plain(html: str) -> str:
    """Rich text as one spoken line: paragraphs and table rows become sentences."""
    from PySide6.QtGui import QTextDocumentFragment

    lines = [line.strip() for line in QTextDocumentFragment.fromHtml(html).toPlainText().splitlines()]
    return " ".join(line if line.endswith((".", "!", "?", ":")) else line + "." for line in lines if line)
