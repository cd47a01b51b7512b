"""A system library missing on the machine (Pango, which WeasyPrint loads through cffi) is one line saying what to
install, exit 2; any other OS error is still reported as a bug."""

from __future__ import annotations

import pytest

from pnpforge import cli


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, error: OSError) -> tuple[int, str]:
    def fail(**_: object) -> None:
        raise error

    monkeypatch.setattr(cli.cli, "main", fail)
    with pytest.raises(SystemExit) as exited:
        cli.main()
    return int(exited.value.code or 0), capsys.readouterr().err


def test_a_missing_pango_is_one_line_saying_what_to_install(monkeypatch, capsys) -> None:
    code, err = run_main(monkeypatch, capsys, OSError(
        "cannot load library 'libgobject-2.0-0': libgobject-2.0-0: cannot open shared object file: No such file or "
        "directory.  Additionally, ctypes.util.find_library() did not manage to locate a library called "
        "'libgobject-2.0-0'"))
    assert code == 2
    assert err == ("error: a system library pnpforge draws with is missing (cannot load library 'libgobject-2.0-0'): "
                   "install Pango and its dependencies (the README's 'Installing it beside other tools' lists the "
                   "packages); `new` and `replay` work without it\n")


def test_another_os_error_is_still_a_bug(monkeypatch, capsys) -> None:
    code, err = run_main(monkeypatch, capsys, OSError("disk on fire"))
    assert code == cli.INTERNAL_ERROR and err.startswith("pnpforge: internal error (OSError: disk on fire)")
