"""pnpforge installs beside other tools, and builds stay reproducible: ``pyproject.toml`` asks for ranges (never an
exact pin), ``requirements.lock`` pins exactly, with hashes, a version inside every range, and the environment the
tests run in is the lock's. Offline: the lock is read, nothing is resolved (``make install-check`` does that)."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.version import Version

from tests.conftest import REPO
from tests.install_check import normalise, read_lock

PYPROJECT = REPO / "pyproject.toml"
LOCK = REPO / "requirements.lock"


def requirements(path: Path = PYPROJECT) -> dict[str, list[Requirement]]:
    """The project's requirements by where they are: ``dependencies`` and each extra."""
    project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
    found = {"dependencies": [Requirement(text) for text in project["dependencies"]]}
    for extra, texts in project.get("optional-dependencies", {}).items():
        found[f"extra {extra}"] = [Requirement(text) for text in texts]
    return found


def range_problems(path: Path = PYPROJECT) -> list[str]:
    """Each requirement that is not a range from a lower bound (>=) to an upper one (<); pnpforge's own extras,
    named without a version, are ranges already."""
    problems = []
    for where, listed in requirements(path).items():
        for requirement in listed:
            if normalise(requirement.name) == "pnpforge":
                continue
            operators = {spec.operator for spec in requirement.specifier}
            if operators & {"==", "===", "~="}:
                problems.append(f"{where}: {requirement}: an exact pin; use a range (>= the tested version, "
                                "< the next major)")
            elif not {">=", "<"} <= operators:
                problems.append(f"{where}: {requirement}: needs both a lower bound (>=) and an upper bound (<)")
    return problems


def lock_problems(path: Path = PYPROJECT, lock: Path = LOCK) -> list[str]:
    """Each way the lock fails the ranges: a requirement it lacks, a pinned version out of range, a pin without
    hashes."""
    pins = read_lock(lock)
    problems = [f"{lock.name}: {name}=={version} has no hash" for name, version, _, hashes in pins if not hashes]
    for where, listed in requirements(path).items():
        for requirement in listed:
            name = normalise(requirement.name)
            if name == "pnpforge":
                continue
            versions = [version for pinned, version, _, _ in pins if pinned == name]
            if not versions:
                problems.append(f"{lock.name}: {where}: {requirement} is not in the lock (make lock)")
            problems += [f"{lock.name}: {where}: {name}=={version} is outside {requirement} (make lock)"
                         for version in versions if not requirement.specifier.contains(Version(version),
                                                                                       prereleases=True)]
    return problems


def write_lock(pins: list[tuple[str, str, str | None, list[str]]], path: Path) -> None:
    """``pins`` as a lock file, in the form ``make lock`` writes."""
    lines = []
    for name, version, marker, hashes in pins:
        lines.append(f"{name}=={version}" + (f" ; {marker}" if marker else "") + (" \\" if hashes else ""))
        lines += [f"    --hash=sha256:{digest}" + (" \\" if n < len(hashes) - 1 else "")
                  for n, digest in enumerate(hashes)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_pyproject_asks_for_ranges_and_the_lock_satisfies_them() -> None:
    assert range_problems() == []
    assert lock_problems() == []
    dependencies = {normalise(r.name) for r in requirements()["dependencies"]}
    assert "dask" not in dependencies and "pytest" not in dependencies  # extras: pnpforge[dask], pnpforge[test]


def test_an_exact_pin_or_a_version_out_of_range_is_found(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    text = PYPROJECT.read_text(encoding="utf-8")
    pyproject.write_text(text.replace('"click>=8.5.1,<9"', '"click==8.5.1"')
                         .replace('"pillow>=12.3.0,<14"', '"pillow>=13.1,<14"')
                         .replace('"rich>=14.3.4,<16"', '"rich>=14.3.4"'), encoding="utf-8")
    assert range_problems(pyproject) == [
        "dependencies: click==8.5.1: an exact pin; use a range (>= the tested version, < the next major)",
        "dependencies: rich>=14.3.4: needs both a lower bound (>=) and an upper bound (<)"]
    lock = tmp_path / "requirements.lock"
    pins = read_lock(LOCK)
    write_lock(pins, lock)
    assert read_lock(lock) == pins and lock_problems(PYPROJECT, lock) == []
    write_lock([(name, version, marker, [] if name == "rich" else hashes) for name, version, marker, hashes in pins
                if name != "nh3"], lock)
    assert lock_problems(pyproject, lock) == [
        "requirements.lock: rich==15.0.0 has no hash",
        "requirements.lock: dependencies: nh3<0.4,>=0.3.8 is not in the lock (make lock)",
        "requirements.lock: dependencies: pillow==13.0.0 is outside pillow<14,>=13.1 (make lock)"]


def test_a_lock_line_that_is_no_exact_pin_is_a_located_error(tmp_path: Path) -> None:
    lock = tmp_path / "requirements.lock"
    lock.write_text("# made by make lock\nclick>=8.5.1 \\\n    --hash=sha256:00\n", encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        read_lock(lock)
    assert str(refused.value) == (f"{lock}:2:1: error: expected 'name==version' (an exact pin), found "
                                  "'click>=8.5.1 \\\\'")


def test_the_environment_is_the_lock() -> None:
    """What make installs is what the lock names (the Makefile installs from it whenever it or pyproject changes)."""
    differ = []
    for name, version, marker, _ in read_lock():
        if marker and not Marker(marker).evaluate():
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = "not installed"
        if installed != version:
            differ.append(f"{name}: {installed}, lock {version}")
    assert differ == [], "the venv is not the lock's; run make setup"
