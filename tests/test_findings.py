"""The one finding format, the count line and the exit codes."""

from __future__ import annotations

from pnpforge.findings import Finding, Mark, count_line, exit_code


def test_finding_format_matches_the_spec() -> None:
    finding = Finding("error", "winner_vp: expected an integer >= 0, found 'three'",
                      mark=Mark("content/legion-siberian-story/plots.yaml", 14, 5), subject="plot 'deserters'")
    assert str(finding) == ("content/legion-siberian-story/plots.yaml:14:5: error: plot 'deserters': "
                            "winner_vp: expected an integer >= 0, found 'three'")


def test_count_line_counts_files_with_problems() -> None:
    findings = [Finding("error", "a", Mark("x.yaml", 1, 1)), Finding("error", "b", Mark("y.yaml", 2, 1)),
                Finding("warning", "c", Mark("y.yaml", 3, 1)), Finding("info", "d", Mark("z.yaml", 1, 1))]
    assert count_line(findings) == "2 errors, 1 warning in 2 files"
    assert count_line([], 4) == "no errors, no warnings in 4 files"


def test_exit_codes() -> None:
    warning = Finding("warning", "w", Mark("x", 1, 1))
    error = Finding("error", "e", Mark("x", 1, 1))
    unusable = Finding("error", "u", Mark("x", 1, 1), blocking=True)
    assert exit_code([]) == 0
    assert exit_code([warning]) == 0
    assert exit_code([warning], strict=True) == 1
    assert exit_code([error, warning]) == 1
    assert exit_code([error, unusable]) == 2
