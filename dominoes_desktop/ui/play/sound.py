"""The table's sounds: a clack when a tile is laid (lower for a double), a shuffle at the deal, a knock on a
pass, a call at a domino, a capicúa, a six-love or another shutout, and a match won. Played with Qt Multimedia's
QSoundEffect from short WAVs in resources/sounds/; quiet when muted or while the window is minimised. Without Qt
Multimedia (or an audio device) the game simply stays silent, and says so in one log line rather than a warning
per sound."""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QLoggingCategory, QObject, QUrl, qInstallMessageHandler

from ...resources import resources_dir

log = logging.getLogger(__name__)

SOUNDS = ("clack", "clack_double", "shuffle", "knock", "domino", "six_love", "shutout", "capicua", "match_won")
# A sound that plays another's file: a shutout is cheered with the six-love's call (a six-love is the six-love
# game's shutout), under its own name so what is played says which it was.
SOUND_FILES = {"shutout": "six_love"}


def _effect_class() -> Any:
    # Qt Multimedia reports at start which optional system libraries (VA-API, PipeWire, FFmpeg) it did not
    # find; a game that only plays short WAVs needs none of them, so those notes stay out of the console.
    QLoggingCategory.setFilterRules(
        "qt.multimedia.symbolsresolver=false\nqt.multimedia.ffmpeg=false\nqt.multimedia.plugin=false"
    )
    try:
        from PySide6.QtMultimedia import QSoundEffect
    except (ImportError, OSError) as exc:  # the module missing, or a system library it links (libpulse) absent
        log.warning("no sound: Qt Multimedia is not available (%s)", exc)
        return None
    return QSoundEffect


_OUTPUT_PRESENT: bool | None = None  # asked once per run: the answer does not change while the game runs


def audio_output_present() -> bool:
    """Whether the system has an audio output device. Without one each QSoundEffect would print its own
    warning ("playback of this format is not supported on the selected audio device"), so none is made.
    Asking prints the audio server's own complaint (PulseAudio: "pa_context_connect() failed") through Qt's
    message handler: it is held back for the moment of the question."""
    global _OUTPUT_PRESENT
    if _OUTPUT_PRESENT is None:
        try:
            from PySide6.QtMultimedia import QMediaDevices
        except (ImportError, OSError):
            return False
        previous = qInstallMessageHandler(lambda *_message: None)
        try:
            _OUTPUT_PRESENT = not QMediaDevices.defaultAudioOutput().isNull()
        finally:
            qInstallMessageHandler(previous)
    return _OUTPUT_PRESENT


class SoundBoard(QObject):
    """Every sound loaded once; `play` starts one unless muted or suspended (window minimised)."""

    def __init__(self, volume: int = 70, muted: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.volume = max(0, min(100, volume))
        self.muted = muted
        self.suspended = False
        self.played: list[str] = []  # what was asked to sound, newest last (tests and the status of the board)
        self.effects: dict[str, Any] = {}
        self._loaded = False

    def load(self) -> None:
        """Load every sound, once: Qt Multimedia and the audio device's question take a moment, so the window
        asks after its first paint (or the first sound does)."""
        if self._loaded:
            return
        self._loaded = True
        effect = _effect_class()
        if effect is None:
            return
        if not audio_output_present():
            log.info("no sound: no audio output device")
            return
        folder = resources_dir() / "sounds"
        for name in SOUNDS:
            path = folder / f"{SOUND_FILES.get(name, name)}.wav"
            if not path.exists():
                log.warning("missing sound %s", path.name)
                continue
            try:
                sound = effect(self)
                sound.setSource(QUrl.fromLocalFile(str(path)))
            except (RuntimeError, OSError) as exc:  # Qt Multimedia present but unable to load its backend
                log.warning("no sound: %s", exc)
                self.effects = {}
                return
            self.effects[name] = sound
        self._apply_volume()

    @property
    def available(self) -> bool:
        self.load()
        return bool(self.effects)

    @property
    def audible(self) -> bool:
        return not self.muted and not self.suspended and self.volume > 0

    def set_volume(self, volume: int) -> None:
        self.volume = max(0, min(100, int(volume)))
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        if muted:
            self.stop()

    def set_suspended(self, suspended: bool) -> None:
        """Minimised: stop what is sounding and play nothing until the window is back."""
        self.suspended = suspended
        if suspended:
            self.stop()

    def stop(self) -> None:
        for sound in self.effects.values():
            sound.stop()

    def _apply_volume(self) -> None:
        # Loudness is heard logarithmically: a cubed slider gives even steps.
        level = (self.volume / 100) ** 3 if self.volume else 0.0
        for sound in self.effects.values():
            sound.setVolume(level)

    def play(self, name: str) -> bool:
        """True when the sound was started."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}")
        if not self.audible:
            return False
        self.played.append(name)
        del self.played[:-20]
        self.load()
        sound = self.effects.get(name)
        if sound is not None:
            sound.play()
        return True
