"""Synthesise the game's sounds into resources/sounds/*.wav (16-bit mono, 22.05 kHz): no recordings, no
downloads, only arithmetic, so the files are the project's own (see resources/sounds/LICENSE.txt).

    python scripts/make_sounds.py

Every sound is seeded, so running this again writes the same bytes.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parents[1] / "resources" / "sounds"


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(into: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def resonance(freq: float, decay: float, seconds: float, phase: float = 0.0) -> list[float]:
    """A struck resonance: a sine that dies away exponentially (`decay` in seconds to 1/e)."""
    return [
        math.sin(2 * math.pi * freq * t / RATE + phase) * math.exp(-t / RATE / decay)
        for t in range(int(seconds * RATE))
    ]


def noise_burst(rng: random.Random, decay: float, seconds: float, smooth: float = 0.0) -> list[float]:
    """White noise, optionally low-passed (`smooth` 0..1), dying away: the contact of two hard surfaces."""
    out, last = [], 0.0
    for t in range(int(seconds * RATE)):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * math.exp(-t / RATE / decay))
    return out


def clack(rng: random.Random, low: float) -> list[float]:
    """A tile laid on a table: a sharp contact and the tile's short, dry ring."""
    sound = silence(0.12)
    mix(sound, noise_burst(rng, 0.004, 0.03, 0.2), 0.0, 0.9)
    mix(sound, resonance(2300 * low, 0.018, 0.1), 0.0, 0.5)
    mix(sound, resonance(3550 * low, 0.011, 0.08, 1.0), 0.0, 0.3)
    mix(sound, resonance(900 * low, 0.03, 0.12), 0.0, 0.25)  # the table under it
    return sound


def clack_double(rng: random.Random) -> list[float]:
    """A double, laid crosswise: lower, with the second edge touching down a moment later."""
    sound = clack(rng, 0.78)
    mix(sound, clack(rng, 0.85), 0.018, 0.55)
    return sound


def shuffle(rng: random.Random) -> list[float]:
    """Tiles swept round face down: many soft clicks and a hiss, swelling and fading."""
    seconds = 0.95
    sound = silence(seconds)
    hiss = noise_burst(rng, 10.0, seconds, 0.85)
    for i in range(len(hiss)):
        t = i / RATE
        swell = math.sin(math.pi * t / seconds) ** 1.5
        sound[i] += hiss[i] * swell * 0.35
    for _ in range(70):
        at = rng.uniform(0.02, seconds - 0.08)
        swell = math.sin(math.pi * at / seconds)
        mix(sound, clack(rng, rng.uniform(0.8, 1.25)), at, rng.uniform(0.08, 0.3) * swell)
    return sound


def knock(rng: random.Random) -> list[float]:
    """A pass: two knuckle knocks on the wooden table."""
    sound = silence(0.36)
    for at, gain in ((0.0, 1.0), (0.16, 0.8)):
        hit = resonance(190, 0.035, 0.16)
        mix(hit, resonance(330, 0.02, 0.1, 0.5), 0.0, 0.6)
        mix(hit, noise_burst(rng, 0.003, 0.02, 0.6), 0.0, 0.5)
        mix(sound, hit, at, gain)
    return sound


def tone(freq: float, seconds: float, bright: float = 0.3) -> list[float]:
    """A plucked note with a couple of overtones and a soft attack."""
    out = []
    for t in range(int(seconds * RATE)):
        s = t / RATE
        env = min(1.0, s / 0.008) * math.exp(-s / (seconds * 0.45))
        v = math.sin(2 * math.pi * freq * s) + bright * math.sin(4 * math.pi * freq * s)
        v += bright * 0.4 * math.sin(6 * math.pi * freq * s)
        out.append(v * env)
    return out


def call(notes: list[tuple[float, float, float]]) -> list[float]:
    sound = silence(0.1)
    for freq, at, seconds in notes:
        mix(sound, tone(freq, seconds), at, 0.5)
    return sound


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "clack": lambda rng: clack(rng, 1.0),
    "clack_double": clack_double,
    "shuffle": shuffle,
    "knock": knock,
    # "Domino!": a bright rising call (C E G).
    "domino": lambda rng: call([(523.3, 0.0, 0.25), (659.3, 0.1, 0.25), (784.0, 0.2, 0.45)]),
    # Six-love: a longer fanfare ending an octave up.
    "capicua": lambda rng: call([(659.3, 0.0, 0.2), (784.0, 0.1, 0.2), (659.3, 0.2, 0.2), (1046.5, 0.32, 0.5)]),
    "match_won": lambda rng: call(
        [(523.3, 0.0, 0.18), (523.3, 0.16, 0.18), (659.3, 0.32, 0.18), (784.0, 0.48, 0.3), (1046.5, 0.7, 0.8)]
    ),
    "six_love": lambda rng: call(
        [(392.0, 0.0, 0.2), (523.3, 0.12, 0.2), (659.3, 0.24, 0.2), (784.0, 0.36, 0.3), (1046.5, 0.5, 0.7)]
    ),
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = 0.85 * 32767 / peak
    fade = int(0.005 * RATE)  # no click at the very end
    frames = bytearray()
    for i, v in enumerate(samples):
        if i >= len(samples) - fade:
            v *= (len(samples) - i) / fade
        frames += struct.pack("<h", int(v * scale))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write(OUT / f"{name}.wav", make(random.Random(name)))
        print(f"{name}.wav")


if __name__ == "__main__":
    main()
