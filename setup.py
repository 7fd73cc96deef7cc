"""The compiled search core (dominoes_desktop/engine/analysis/_core.c), built when a C compiler is there.

Everything else about the package is in pyproject.toml. Without a compiler (or the interpreter's headers)
the install still succeeds: the build says so and the game uses its pure-Python search (the same values,
slower). `python -m dominoes_desktop --version` tells which one runs.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = "dominoes_desktop.engine.analysis._core"


class OptionalBuildExt(build_ext):
    """build_ext that reports a failed compile and carries on, and optimises with each compiler's flags."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all: distutils raises before any extension is tried
            _report(error)

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "msvc":
            ext.extra_compile_args = ["/O2"]
        else:
            ext.extra_compile_args = ["-O3", "-std=c11"]
        try:
            super().build_extension(ext)
        except Exception as error:  # a compiler error, missing Python.h: the pure path is used instead
            _report(error)


def _report(error: Exception) -> None:
    print(
        f"warning: the compiled search core was not built ({error}); the game will use its pure-Python "
        "search, which is slower. Install a C compiler and the Python headers (Debian/Ubuntu: gcc python3-dev) "
        "and reinstall to build it.",
        file=sys.stderr,
    )


setup(
    ext_modules=[Extension(CORE, sources=["dominoes_desktop/engine/analysis/_core.c"], optional=True)],
    cmdclass={"build_ext": OptionalBuildExt},
)
