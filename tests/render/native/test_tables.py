"""Tables drawn natively: collapsed borders resolved as CSS 2.1 says, columns sized as WeasyPrint sizes them, rows
as tall as their tallest cell, and the pixels of WeasyPrint's own drawing; what is beyond them is refused."""

from __future__ import annotations

import pytest
from weasyprint.text.fonts import FontConfiguration

from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.tables import auto_columns
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.verify import image_share

from tests.render.native.test_face import _image, _native_pdf, example  # noqa: F401 - the shared fixture

TABLE = """
<table style="width: 100%; border-collapse: collapse; font-size: 9pt; {table}">
  <tr><th style="text-align: left; border-bottom: 0.6mm solid #333; vertical-align: bottom">Ship</th>
      <th style="width: 20mm; border-bottom: 0.6mm solid #333">Cargo</th><th>Port of call and a longer heading</th></tr>
  <tr><td style="height: 12mm; border-bottom: 0.3mm solid #999; border-right: 0.2mm solid #bbb">Timber Queen</td>
      <td style="border-bottom: 0.5mm solid #555; vertical-align: top; padding: 2mm">Timber</td>
      <td style="background: #eadfc8; border-bottom: 0.3mm solid #999">Riga, then home by the long way round</td></tr>
  <tr><td>Old Anchor</td><td style="vertical-align: bottom">Salt</td><td>Bergen</td></tr>
</table>"""


def _with_table(document: str, table: str) -> str:
    """The worked example's ship face with a table in place of its first text."""
    head, marker, tail = document.partition('<div class="speed"')
    assert marker, "the ship face has a speed box"
    return head + table + marker + tail


@pytest.mark.parametrize("layout", ["", "table-layout: fixed;"])
def test_a_table_looks_as_weasyprint_draws_it(example, layout) -> None:  # noqa: F811
    documents, roots, native = example
    html = _with_table(documents["ship/timber-queen"], TABLE.replace("{table}", layout))
    theirs, _ = html_to_pdf(html, roots, FontConfiguration())
    share = image_share(_image(_native_pdf(native, html)), _image(theirs))
    assert share <= 0.005, f"{share:.3%} of pixels differ by more than 24/255"


@pytest.mark.parametrize("change,reason", [
    ("border-collapse: collapse", "separated borders"),
    ('<td>Old Anchor</td>', "spanning"),
])
def test_what_tables_do_beyond_it_is_refused(example, change, reason) -> None:  # noqa: F811
    documents, _, native = example
    table = TABLE.replace("{table}", "")
    table = table.replace(change, "border-collapse: separate" if "collapse" in change else
                          '<td colspan="2">Old Anchor</td>')
    with pytest.raises(Unsupported, match=reason):
        native.render(_with_table(documents["ship/timber-queen"], table))


def test_a_stated_width_holds_and_the_rest_goes_to_the_other_columns() -> None:
    # 300 pt for a column stated at 60 pt and two whose content would take more than the 240 pt left: those two
    # grow from their minimum towards their content width in proportion to what they would add
    widths = auto_columns(300.0, [20.0, 30.0, 40.0], [60.0, 400.0, 200.0], [True, False, False])
    assert widths == pytest.approx([60.0, 30.0 + 370.0 * 170 / 530, 40.0 + 160.0 * 170 / 530])
    assert sum(widths) == pytest.approx(300.0)


def test_room_to_spare_goes_to_the_unconstrained_columns_by_their_content() -> None:
    assert auto_columns(300.0, [10.0, 10.0, 10.0], [50.0, 50.0, 150.0], [True, False, False]) == \
        pytest.approx([50.0, 50.0 + 50.0 * 50 / 200, 150.0 + 50.0 * 150 / 200])
