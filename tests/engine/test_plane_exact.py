"""No floating point in the plane kit: its modules hold no float literal, no true division, no ``float`` and no
inexact ``math`` function (``isqrt`` and friends on integers are exact), so every rule decision made with them is
the same on every machine."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PLANE = sorted((REPO / "src" / "pnpforge" / "engine").glob("plane*.py"))
EXACT_MATH = {"isqrt", "gcd", "lcm", "comb", "perm", "prod"}
FLOAT_NAMES = {"float", "Decimal", "sqrt", "hypot", "dist", "pi", "tau"}


def inexact(source: str, name: str) -> list[str]:
    """Every use of floating point in a module's source, as ``name:line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, (float, complex)):
            found.append(f"{name}:{line}: float literal {node.value!r}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) \
                or isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Div):
            found.append(f"{name}:{line}: true division")
        elif isinstance(node, ast.Name) and node.id in FLOAT_NAMES:
            found.append(f"{name}:{line}: {node.id}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math" \
                and node.attr not in EXACT_MATH:
            found.append(f"{name}:{line}: math.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("math", "cmath", "decimal"):
            found += [f"{name}:{line}: from {node.module} import {a.name}" for a in node.names
                      if node.module != "math" or a.name not in EXACT_MATH]
        elif isinstance(node, ast.Import):
            found += [f"{name}:{line}: import {a.name}" for a in node.names if a.name in ("cmath", "decimal")]
    return found


def test_the_plane_modules_are_found() -> None:
    names = {p.name for p in PLANE}
    assert {"plane.py", "plane_measure.py", "plane_sight.py", "plane_moves.py"} <= names


def test_no_floating_point_in_the_plane_kit() -> None:
    found = []
    for path in PLANE:
        found += inexact(path.read_text(encoding="utf-8"), path.name)
    assert found == []


def test_the_guard_finds_planted_floating_point(tmp_path: Path) -> None:
    planted = '''
import math
from math import sqrt, isqrt

def gap(a, b):
    d = math.sqrt(a * a + b * b) - 0.5
    d /= 2
    return float(d) / 3 + sqrt(2) + isqrt(9) + math.isqrt(4)
'''
    assert sorted(inexact(planted, "planted.py")) == sorted([
        "planted.py:3: from math import sqrt",
        "planted.py:6: math.sqrt",
        "planted.py:6: float literal 0.5",
        "planted.py:7: true division",
        "planted.py:8: true division",
        "planted.py:8: float",
        "planted.py:8: sqrt",
    ])
