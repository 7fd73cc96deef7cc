"""Private rooms without a certificate authority: the host's own certificate, pinned by its fingerprint.

The game makes a self-signed certificate once (an EC P-256 key, with `cryptography`), keeps it in its data
folder and reuses it, so an invite written yesterday still names the same fingerprint. The fingerprint is the
SHA-256 of the certificate (DER), written as 64 hex digits like `openssl x509 -fingerprint -sha256` prints it
(without the colons). A guest pins it: the connection is TLS, the certificate the server shows must have
exactly that fingerprint, and nothing else about it (name, issuer, dates) is trusted or needed.

`cryptography` is imported only when a certificate has to be made.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import ssl
from dataclasses import dataclass
from pathlib import Path

CERT_FILE = "room-cert.pem"
KEY_FILE = "room-key.pem"
FINGERPRINT_HEX = 64
VALID_DAYS = 3650  # nobody checks the dates of a pinned certificate; a long life keeps invites valid


class PinMismatch(ConnectionError):
    """The server's certificate is not the one the invite names."""


def fingerprint_of(der: bytes) -> str:
    return hashlib.sha256(der).hexdigest()


def normalise_fingerprint(text: str) -> str:
    """'AB:CD:…' or 'abcd…' (64 hex digits, any case, colons or spaces) -> 64 lowercase hex; ValueError."""
    digits = "".join(ch for ch in text.strip().lower() if ch not in ": -")
    if len(digits) != FINGERPRINT_HEX or any(ch not in "0123456789abcdef" for ch in digits):
        raise ValueError("a fingerprint is 64 hex digits (a SHA-256)")
    return digits


def short_fingerprint(fingerprint: str) -> str:
    """The first 16 digits in groups of four, for people to compare by eye: '3f2a 9c1e 07bd 44e0'."""
    return " ".join(fingerprint[i : i + 4] for i in range(0, 16, 4))


@dataclass(frozen=True)
class Identity:
    """A server's certificate and key files, and the certificate's fingerprint."""

    cert: Path
    key: Path
    fingerprint: str

    def server_context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.options |= ssl.OP_NO_COMPRESSION  # the default of any recent OpenSSL, said here
        context.num_tickets = 0  # guests never resume a session: tickets would be made and sent for nothing
        context.load_cert_chain(self.cert, self.key)
        return context


def load_identity(cert: Path, key: Path) -> Identity:
    """A certificate and key from files (PEM); ValueError in one line if they cannot be used."""
    try:
        der = ssl.PEM_cert_to_DER_cert(cert.read_text(encoding="ascii"))
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(cert, key)
    except (OSError, ValueError, ssl.SSLError) as exc:
        raise ValueError(f"the certificate {cert} and key {key} cannot be used: {exc}") from exc
    return Identity(cert, key, fingerprint_of(der))


def own_identity(folder: Path) -> Identity:
    """This game's certificate in `folder`: made the first time, then the same one every time. A damaged
    pair is made again (the old invites then no longer match, which the guest is told)."""
    cert, key = folder / CERT_FILE, folder / KEY_FILE
    if cert.exists() and key.exists():
        try:
            return load_identity(cert, key)
        except ValueError:
            pass
    return make_identity(folder)


def make_identity(folder: Path) -> Identity:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder.mkdir(parents=True, exist_ok=True)
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Dominoes Desktop room")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .sign(private, hashes.SHA256())
    )
    key_pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    _write_private(key_path, key_pem)
    _write_private(cert_path, certificate.public_bytes(serialization.Encoding.PEM))
    return Identity(cert_path, key_path, fingerprint_of(certificate.public_bytes(serialization.Encoding.DER)))


def _write_private(path: Path, data: bytes) -> None:
    """Written whole (a temporary, then renamed) and readable by this user only (the key is the secret)."""
    temporary = path.with_name(f".{path.name}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def client_context() -> ssl.SSLContext:
    """TLS for a guest: no CA and no host name (the pin replaces both); the pin is checked by `check_pin`."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_pin(der: bytes | None, pin: str | None) -> str:
    """The fingerprint of the certificate the server showed; PinMismatch if it is not `pin` (None: no pin)."""
    if der is None:
        raise PinMismatch("the server showed no certificate")
    seen = fingerprint_of(der)
    pin = None if pin is None else normalise_fingerprint(pin)
    if pin is not None and seen != pin:
        raise PinMismatch(mismatch_text(pin, seen))
    return seen


def mismatch_text(pin: str, seen: str) -> str:
    return (
        f"this is not the host the invite names: its fingerprint is {short_fingerprint(seen)}…, "
        f"the invite says {short_fingerprint(pin)}…; not connected"
    )


def server_folder() -> Path:
    """Where the headless server keeps its own certificate (no Qt there to ask): the user's data folder."""
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "dominoes-desktop" / "server-tls"
