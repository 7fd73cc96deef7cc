"""Read, not run: every installer registers dominoes:// invite links for the game, and the frozen bundle keeps
what private rooms import lazily (ssl and its libraries, cryptography, miniupnpc)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
ISS = (ROOT / "packaging" / "windows" / "dominoes-desktop.iss").read_text(encoding="utf-8")
DESKTOP = (ROOT / "packaging" / "linux" / "dominoes-desktop.desktop").read_text(encoding="utf-8")
DEB = (ROOT / "packaging" / "linux" / "build.sh").read_text(encoding="utf-8")


def spec_list(name: str) -> list[str]:
    """A list assigned in build.spec (its literal strings)."""
    found = re.search(rf"^{name} = (\[.*?\])\n", SPEC, re.S | re.M)
    assert found, name
    return list(ast.literal_eval(found.group(1)))


def hidden_imports() -> set[str]:
    found = re.search(r"hiddenimports=(\[.*?\])", SPEC, re.S)
    assert found
    # The names written out as strings (the list also holds the search core's module by its variable).
    listed = ast.parse(found.group(1), mode="eval").body
    assert isinstance(listed, ast.List)
    return {e.value for e in listed.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}


def test_the_linux_desktop_entry_handles_invite_links() -> None:
    entry = dict(line.split("=", 1) for line in DESKTOP.splitlines() if "=" in line)
    assert "x-scheme-handler/dominoes" in entry["MimeType"].split(";")
    assert entry["Exec"].split()[1] == "%u"  # the link reaches the game as its argument
    assert "update-desktop-database" in DEB  # the .deb tells the desktop at install


def test_the_windows_installer_registers_the_scheme_with_the_link_as_argument() -> None:
    keys = [line for line in ISS.splitlines() if line.startswith('Root: HKA; Subkey: "Software\\Classes\\dominoes')]
    assert any('ValueName: "URL Protocol"' in line for line in keys)
    command = next(line for line in keys if "shell\\open\\command" in line)
    assert '"""{app}\\dominoes-desktop.exe"" ""%1"""' in command
    assert any("uninsdeletekey" in line for line in keys)  # uninstalling takes the scheme away


def test_the_macos_bundle_declares_the_url_type() -> None:
    found = re.search(r'"CFBundleURLSchemes": \[(.*?)\]', SPEC)
    assert found and ast.literal_eval(f"[{found.group(1)}]") == ["dominoes"]


def test_the_bundle_keeps_what_private_rooms_import_lazily() -> None:
    hidden = hidden_imports()
    assert {"ssl", "_ssl", "dominoes_desktop.net.tls", "dominoes_desktop.net.upnp"} <= hidden
    excluded = set(spec_list("EXCLUDED_MODULES"))
    assert not {"ssl", "_ssl"} & excluded
    dropped = spec_list("EXCLUDED_BINARY_PARTS")
    for library in ("libssl.so.3", "libcrypto.so.3", "_ssl.cpython-311-x86_64-linux-gnu.so"):
        assert not any(part in library for part in dropped), library
    # Every module net/tls.py imports from cryptography inside a function is named for the analysis.
    source = (ROOT / "dominoes_desktop" / "net" / "tls.py").read_text(encoding="utf-8")
    lazily = set(re.findall(r"^\s+from (cryptography[\w.]*) import", source, re.M))
    assert lazily, "tls.py makes its certificate with cryptography"
    for module in lazily:
        assert module in hidden or any(h.startswith(module + ".") for h in hidden), module
    assert 'find_spec("miniupnpc")' in SPEC and '["miniupnpc"]' in SPEC
