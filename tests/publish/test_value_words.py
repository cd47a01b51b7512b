"""A card's choices and text read the same on the web site and in Tabletop Simulator: a choice that names an icon
(and happens to be a faction's id too) is the icon's label in both, and emphasis in text is ``strong``/``em`` on
the web and ``[b]``/``[i]`` in a TTS description."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.tts.describe import Describer
from pnpforge.publish.web.values import Values
from pnpforge.render.icons import IconSet

GAME = """\
id: ember-test
name: Ember Test
version: "1"
languages: [en]
players: {min: 2, max: 2}
vocabulary: [ember]
factions:
  - {id: ember, name: Ember Court, colour: "#b03a2e"}
  - {id: tide, name: Tide League, colour: "#1f5f8b"}
icons:
  ember: {label: Ember}
  tide: {label: Tide}
box:
  - {type: card, count: 1}
types:
  card:
    file: cards.yaml
    doc: A card.
    fields:
      name: {kind: text, required: true, doc: The name.}
      side: {kind: ref, to: faction, doc: The faction it serves.}
      icon: {kind: enum, values: [ember, tide], doc: The icon in its corner.}
      suit: {kind: enum, values: [cups, blades], value_labels: {cups: Chalices}, doc: Its suit.}
      text: {kind: text, doc: What it does.}
"""
CARDS = """\
- id: brand
  name: Brand
  side: ember
  icon: ember
  suit: cups
  text: "**When played:** gain *one* :ember: (costs 5*)."
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Pack:
    root: Path = tmp_path_factory.mktemp("words") / "ember-test"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "cards.yaml").write_text(CARDS, encoding="utf-8")
    loaded, problems = load_pack(root)
    assert loaded is not None, [str(p) for p in problems]
    return loaded


def test_a_choice_naming_an_icon_reads_as_the_icon_in_tts_and_on_the_web(pack: Pack) -> None:
    item = pack.of_type("card")[0]
    fields = pack.types["card"].fields
    description = Describer(pack, "en").description(item).splitlines()
    assert "Icon: Ember" in description  # not the faction of the same id
    assert "Side: Ember Court" in description  # a reference to a faction is the faction
    assert "Suit: Chalices" in description
    values = Values(pack, SimpleNamespace(lang="en", icons=IconSet(pack, "en")), lambda *_: None,  # type: ignore[arg-type]
                    str)
    assert '<span class="rb-icon-label">Ember</span>' in values.enum(item.get("icon"), fields["icon"])
    assert str(values.enum(item.get("suit"), fields["suit"])) == "Chalices"


def test_emphasis_is_bbcode_in_tts_and_html_on_the_web(pack: Pack) -> None:
    item = pack.of_type("card")[0]
    description = Describer(pack, "en").description(item)
    assert "[b]When played:[/b] gain [i]one[/i] [Ember] (costs 5*)." in description.splitlines()
    icons = IconSet(pack, "en")
    drawer = SimpleNamespace(icon=lambda icon_id, page, where: icons.svg(icon_id))  # the rulebook's, unchecked
    macros = SimpleNamespace(lang="en", icons=icons, t=lambda v: v,
                             rich=lambda text: Macros.rich(drawer, text))  # type: ignore[arg-type]
    html = str(Values(pack, macros, lambda *_: None, str).html(item.get("text"),  # type: ignore[arg-type]
                                                                pack.types["card"].fields["text"]))
    assert html.startswith("<strong>When played:</strong> gain <em>one</em> <")
    assert html.endswith("(costs 5*).")
