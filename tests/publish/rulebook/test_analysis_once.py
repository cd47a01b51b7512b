"""``{analysis NAME}`` works out a pack's data analysis once per pack in a process: the preflight check, each
paper's book and the site show the same tables."""

from __future__ import annotations

from types import SimpleNamespace

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.validate import Analysis, Table
from pnpforge.publish.rulebook import analyses


def test_an_analysis_is_worked_out_once_per_pack(monkeypatch, tmp_path) -> None:
    runs: list[object] = []

    def odds(pack) -> Analysis:
        runs.append(pack)
        return Analysis(tables=[Table("odds", ["a"], [[len(runs)]])])

    package = GamePackage(name="fixture", data_analyses={"odds": odds})
    monkeypatch.setattr(analyses, "load_package", lambda name: package)
    for name in ("one", "other"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "data.yaml").write_text(f"id: {name}\n", encoding="utf-8")
    one, other = (SimpleNamespace(id=i, root=tmp_path / i, game=SimpleNamespace(engine="fixture"))
                  for i in ("one", "other"))
    shown = [str(analyses.analysis_html(SimpleNamespace(pack=p), "odds", "rules.md", None)) for p in (one, one, other)]
    assert runs == [one, other]
    assert shown[0] == shown[1] != shown[2]
