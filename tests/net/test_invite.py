"""Invite links: written and read back, read loosely where people type, refused in one line where broken."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominoes_desktop.net import invite, protocol

FP = "3f2a9c1e07bd44e0" * 4


def test_a_link_names_address_port_code_and_fingerprint() -> None:
    made = invite.Invite("192.168.1.20", 47815, "K7Q-2MX", FP)
    assert made.link() == f"dominoes://192.168.1.20:47815/K7Q-2MX#{FP}"
    assert invite.parse(made.link()) == made


def test_ipv6_hosts_are_bracketed() -> None:
    made = invite.Invite("2001:db8::7", 5000, "K7Q-2MX", FP)
    assert made.link() == f"dominoes://[2001:db8::7]:5000/K7Q-2MX#{FP}"
    assert invite.parse(made.link()) == made


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # pasted inside a chat sentence, with punctuation after it
        (f"Join my table: dominoes://192.168.1.20:47815/K7Q-2MX#{FP}.", ("192.168.1.20", 47815, "K7Q-2MX", FP)),
        # no port: the default one; lower case code without its dash; trailing slash
        (f"dominoes://table.example.org/k7q2mx/#{FP.upper()}", ("table.example.org", 47815, "K7Q-2MX", FP)),
        # a scheme in capitals, as some chat programs write it
        (f"DOMINOES://10.0.0.5:6000/K7Q-2MX#{FP}", ("10.0.0.5", 6000, "K7Q-2MX", FP)),
        # the older typed form, with or without a fingerprint
        ("192.168.1.20:47815 K7Q-2MX", ("192.168.1.20", 47815, "K7Q-2MX", None)),
        (f"192.168.1.20:47815/K7Q-2MX#{FP}", ("192.168.1.20", 47815, "K7Q-2MX", FP)),
        ("[::1]:47815 K7Q-2MX", ("::1", 47815, "K7Q-2MX", None)),
    ],
)
def test_invites_are_read_as_people_paste_them(text: str, expected: tuple[object, ...]) -> None:
    got = invite.parse(text)
    assert (got.host, got.port, got.code, got.fingerprint) == expected


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("dominoes://192.168.1.20:47815/", "no room code"),
        ("dominoes://192.168.1.20:99999/K7Q-2MX", "port is a number"),
        ("dominoes://192.168.1.20:47815/K7Q-2M0", "six letters"),
        (f"dominoes://192.168.1.20:47815/K7Q-2MX#{FP[:-2]}", "64 hex digits"),
        ("dominoes://2001:db8::7:47815/K7Q-2MX", "brackets"),
        ("dominoes://bad_host!:47815/K7Q-2MX", "not an address"),
        ("192.168.1.20 K7Q-2MX", "needs a port"),
        ("hello", "an invite reads like"),
        ("", "an invite reads like"),
    ],
)
def test_a_broken_invite_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as refused:
        invite.parse(text)
    assert "\n" not in str(refused.value)


codes = st.text(protocol.CODE_ALPHABET, min_size=6, max_size=6).map(lambda c: f"{c[:3]}-{c[3:]}")
hosts = st.one_of(
    st.ip_addresses(v=4).map(str),
    st.ip_addresses(v=6).map(str),
    st.from_regex(r"[a-z][a-z0-9-]{0,20}\.[a-z]{2,6}", fullmatch=True),
)


@given(hosts, st.integers(1, 65535), codes, st.one_of(st.none(), st.text("0123456789abcdef", min_size=64, max_size=64)))
def test_every_link_reads_back_as_itself(host: str, port: int, code: str, fingerprint: str | None) -> None:
    made = invite.Invite(host, port, code, fingerprint)
    assert invite.parse(made.link()) == made


@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_with_a_value_error(text: str) -> None:
    try:
        got = invite.parse(text)
    except ValueError:
        return
    assert 0 < got.port < 65536 and len(got.code) == 7
