"""The shared SVG sanitizer, tried as a hostile pack's icon or art file would try it: what draws stays, nothing
else does, the work is bounded, and a file it cannot use is refused with the line and column of the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.render.svg_clean import MAX_DRAWN, SvgProblem, clean_svg

from tests.conftest import REPO

SHIPPED = sorted((REPO / "content").glob("*/layouts/icons/*.svg")) + sorted(
    (REPO / "tests" / "data").glob("*/layouts/icons/*.svg"))
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'


def problem(data: bytes | str, inline: bool = False) -> tuple[int, int, str]:
    """``(line, col, message)`` of the refusal ``data`` gets."""
    with pytest.raises(SvgProblem) as refused:
        clean_svg(data, inline)
    return refused.value.line, refused.value.col, refused.value.message


def test_the_shipped_icons_keep_every_element_and_attribute() -> None:
    assert len(SHIPPED) > 60
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        drawn = clean_svg(text, inline=True)
        assert drawn.inner.count("<") == text.count("<") - 2, path  # every element but the root
        assert drawn.inner.count('="') == text.count('="') - text[:text.index(">")].count('="'), path


def test_script_event_attributes_links_and_foreign_content_are_taken_out() -> None:
    dirty = (f'{HEAD}<script>alert(1)</script><path d="M0 0h4" onclick="alert(2)" OnMouseOver="alert(3)"/>'
             '<a href="javascript:alert(4)"><circle r="2" fill="url(javascript:alert(5))" stroke="red"/></a>'
             '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/>'
             '</foreignObject><image href="file:///etc/passwd"/><rect width="1" height="1" '
             'style="fill:blue;behavior:url(x.htc);stroke:url(https://evil.example/s)"/>'
             '<use href="https://evil.example/remote.svg#x"/><use href="#kept"/></svg>')
    assert clean_svg(dirty).inner == ('<path d="M0 0h4"/><circle r="2" stroke="red"/><rect width="1" height="1" '
                                      'style="fill:blue"/><use/><use href="#kept"/>')


def test_markup_that_would_leave_the_svg_stays_text_or_goes() -> None:
    dirty = (f'{HEAD}<title>&lt;/svg&gt;&lt;meta http-equiv="refresh" content="0"&gt;</title>'
             '<text><![CDATA[</svg><iframe src="https://evil.example/">]]></text>'
             '<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example/"/>'
             '<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/><path d="M1 1h2"/></svg>')
    inner = clean_svg(dirty, inline=True).inner
    assert inner == ('<title>&lt;/svg&gt;&lt;meta http-equiv="refresh" content="0"&gt;</title>'
                     '<text>&lt;/svg&gt;&lt;iframe src="https://evil.example/"&gt;</text><path d="M1 1h2"/>')
    assert "<meta" not in inner and "<iframe" not in inner and "</svg" not in inner


def test_closing_the_svg_and_adding_a_meta_refresh_is_refused_where_it_happens() -> None:
    closing = f'{HEAD}\n<path d="M1 1h2"/></svg>\n<meta http-equiv="refresh" content="0;url=https://evil.example/"><svg>'
    assert problem(closing) == (3, 1, "not well-formed XML: junk after document element")


def test_a_style_element_is_kept_only_in_a_file_drawn_on_its_own_and_only_when_it_reaches_nothing() -> None:
    sheet = f'{HEAD}<style>.a {{ fill: url(#g) }}</style><style>@import "https://evil.example/x.css";</style>' \
            '<path class="a" d="M0 0h1"/></svg>'
    assert clean_svg(sheet).inner == '<style>.a { fill: url(#g) }</style><path class="a" d="M0 0h1"/>'
    assert clean_svg(sheet, inline=True).inner == '<path class="a" d="M0 0h1"/>'


def test_nested_use_ten_levels_of_ten_is_refused_at_the_element_that_grows_too_large() -> None:
    lines = [HEAD, '<defs><path id="l0" d="M0 0h1"/>']
    for level in range(1, 11):
        lines.append(f'<g id="l{level}">' + f'<use href="#l{level - 1}"/>' * 10 + "</g>")
    lines.append('</defs><use href="#l10"/></svg>')
    line, col, message = problem("\n".join(lines))
    assert (line, col) == (7, 1)  # <g id="l5">: 111,111 elements drawn
    assert message == f"<g> draws more than {MAX_DRAWN} elements once the <use> elements in it are expanded"


def test_a_use_that_draws_itself_is_refused() -> None:
    assert problem(f'{HEAD}\n<g id="a"><path d="M0 0h1"/><use href="#a"/></g></svg>') == \
        (2, 29, "<use> draws '#a', which contains it")
    assert problem(f'{HEAD}<use id="b" xmlns:x="http://www.w3.org/1999/xlink" x:href="#b"/></svg>')[2] == \
        "<use> draws '#b', which contains it"


def test_many_uses_of_one_shape_are_fine() -> None:
    many = f'{HEAD}<defs><path id="p" d="M0 0h1"/></defs>' + '<use href="#p"/>' * 2000 + "</svg>"
    assert clean_svg(many).inner.count("<use") == 2000


def test_invalid_utf8_is_located_at_its_character() -> None:
    assert problem(HEAD.encode() + b'\n  <path d="M0 0h\xff"/></svg>') == \
        (2, 17, "not UTF-8 text: byte 0xff cannot start or continue a character")
    assert problem(HEAD.encode() + "\n<text>ééé".encode() + b"\xff</text></svg>")[:2] == (2, 10)


def test_a_view_box_of_words_is_located_at_its_element() -> None:
    line, col, message = problem(f'{HEAD}\n <svg viewBox="zero zero wide tall"/></svg>')
    assert (line, col) == (2, 2)
    assert message.startswith('viewBox="zero zero wide tall" is not four numbers')
    assert problem('<svg viewBox="0 0 24"/>')[2].startswith('viewBox="0 0 24" is not four numbers')
    assert problem('<svg viewBox="0 0 -1 24"/>')[2].startswith('viewBox="0 0 -1 24" is not four numbers')
    assert clean_svg('<svg viewBox="0,0,24,24"/>').view_box == "0,0,24,24"


def test_entities_are_refused_before_they_are_expanded_or_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("ci-token-abc123", encoding="utf-8")
    xxe = f'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY s SYSTEM "file://{secret}">]>\n<svg>&s;</svg>'
    assert problem(xxe)[2] == "a DOCTYPE with declarations of its own: SVG files may not declare entities"
    laughs = '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg>&b;</svg>'
    assert problem(laughs)[2].startswith("a DOCTYPE with declarations of its own")
    external = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' \
               "<svg>&nbsp;</svg>"
    assert problem(external) == (1, 104, "the entity '&nbsp;' is not one XML defines: SVG files may not use entities")
    plain = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' \
            '<svg><path d="M0 0h1"/></svg>'
    assert clean_svg(plain).inner == '<path d="M0 0h1"/>'  # an external DTD named but never read


def test_what_is_not_an_svg_drawing_is_refused() -> None:
    assert problem("<html><body/></html>") == (1, 1, "the file's root element is <html>, not <svg>")
    assert problem(b"")[2] == "not well-formed XML: no element found"
    assert problem(b"\x89PNG\r\n\x1a\n")[2].startswith("not UTF-8 text")
    assert problem("<svg>" * 101 + "</svg>" * 101)[2] == "elements nested more than 100 deep"


def test_the_document_is_written_without_prefixes() -> None:
    drawn = clean_svg('<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:ink="http://www.inkscape.org/namespaces/'
                      'inkscape" viewBox="0 0 2 2" ink:version="1"><ink:layer/><s:path d="M0 0h2" ink:label="x"/>'
                      "</s:svg>")
    assert drawn.document() == '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path d="M0 0h2"/></svg>\n'
