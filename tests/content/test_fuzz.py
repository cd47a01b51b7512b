"""Property tests of the loader: random bytes and random YAML-like text give located findings, never a crash.

Bounded (derandomized, no example database) so that the suite stays short and every run tries the same inputs;
the broader fuzzing campaign that found the defects fixed here lives outside the suite.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpforge.content.source import LoadError, parse_yaml, read_text

from tests.conftest import DATA
from tests.helpers import run_cli

BOUNDED = settings(max_examples=300, derandomize=True, database=None, deadline=None,
                   suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
YAML_BITS = st.sampled_from(["- ", "id: ", "name: ", "{", "}", "[", "]", ", ", ": ", "\n", "  ", "&a ", "*a", "!!",
                             "#", "'", '"', "\\u0001", "\\ud800", "%YAML", "---", "...", "|", ">", "\t", "?", "@",
                             "corner-stall", "12", "1e999", "9" * 40, "\x01", "\x7f", "\ufffe", "é", "🙂"])
YAML_LIKE = st.lists(st.one_of(YAML_BITS, st.text(max_size=6)), max_size=40).map("".join)


def _load(path: Path) -> None:
    """Read and parse a file as a pack file is; LoadError is the only way out."""
    try:
        parse_yaml(read_text(path, path.name), path.name)
    except LoadError as exc:
        assert exc.findings and all(f.severity == "error" and f.mark is not None for f in exc.findings)


@BOUNDED
@given(raw=st.binary(max_size=200))
def test_random_bytes_are_refused_with_located_findings_or_loaded(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "stalls.yaml"
    path.write_bytes(raw)
    _load(path)


@BOUNDED
@given(text=YAML_LIKE)
def test_random_yaml_like_text_is_refused_with_located_findings_or_loaded(tmp_path: Path, text: str) -> None:
    path = tmp_path / "stalls.yaml"
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    _load(path)


@settings(max_examples=25, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAML_LIKE)
def test_a_pack_with_a_random_file_validates_without_an_internal_error(tmp_path_factory, text: str) -> None:
    pack = tmp_path_factory.mktemp("fuzz") / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    (pack / "stalls.yaml").write_bytes(text.encode("utf-8", errors="surrogatepass"))
    result = run_cli("validate", "--static", str(pack))
    assert result.code in (0, 1, 2) and "internal error" not in result.output, result.output
