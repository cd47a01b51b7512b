"""The inline markup of player text: emphasis with asterisks by CommonMark's rules, icons, and everything else as
text, in the three forms the outputs use (HTML, Tabletop Simulator's BBCode, styled runs for the fit)."""

from __future__ import annotations

import pytest

from pnpforge.content.markup import bbcode, html, plain, styled


def icon(icon_id: str) -> str:
    return f"<svg:{icon_id}>"


@pytest.mark.parametrize("text, expected", [
    ("**When played:** draw *two* cards.", "<strong>When played:</strong> draw <em>two</em> cards."),
    ("**a *b* c**", "<strong>a <em>b</em> c</strong>"),
    ("***both***", "<em><strong>both</strong></em>"),
    ("Gain 2 :coin: *then* :coin:", "Gain 2 <svg:coin> <em>then</em> <svg:coin>"),
    ("*x :coin: y*", "<em>x <svg:coin> y</em>"),
])
def test_emphasis_and_icons_become_html(text: str, expected: str) -> None:
    assert str(html(text, icon)) == expected


@pytest.mark.parametrize("text", [
    "Costs 5* and 3*.",  # a star after a number: nothing to close it
    "2 * 3 * 4",  # stars between spaces are not emphasis
    "an **unclosed star",
    "snake_case and _under_ stay as they are",  # underscores are not emphasis in card text
    ":first_: :a_b_c:",
])
def test_literal_asterisks_and_underscores_survive(text: str) -> None:
    assert str(html(text, lambda i: f":{i}:")) == text
    assert plain(text) == text


def test_a_backslash_keeps_an_asterisk_or_an_icon_literal() -> None:
    assert str(html(r"\*not italic\* and \:coin: text", icon)) == "*not italic* and :coin: text"


def test_raw_html_stays_escaped_inside_and_outside_emphasis() -> None:
    text = '<b>x</b> **<script>alert(1)</script>** & "q"'
    assert str(html(text, icon)) == ("&lt;b&gt;x&lt;/b&gt; <strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong> "
                                     "&amp; &#34;q&#34;")


def test_tabletop_simulator_reads_bbcode() -> None:
    assert bbcode("**Dock:** gain *1* :coin:.", lambda i: f"[{i.title()}]") == "[b]Dock:[/b] gain [i]1[/i] [Coin]."


def test_styled_pieces_carry_weight_and_slant_without_markers() -> None:
    assert [tuple(p) for p in styled("**Dock:** gain *1 :coin:* now")] == [
        ("Dock:", True, False), (" gain ", False, False), ("1 :coin:", False, True), (" now", False, False)]
    assert plain("**a** *b* 5*") == "a b 5*"
