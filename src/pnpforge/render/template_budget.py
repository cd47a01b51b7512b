"""Bounded template work: a pack's template may loop, join and repeat, but only so much in one render.

A template is a stranger's code. The sandbox keeps it from reaching Python; this module keeps it from running for
hours or filling the memory: two nested ``range(100000)`` loops, ``'a' * 10**10``, a string doubled forty times,
``10**10**10``, a page of a billion characters. Each render gets a budget:

- **steps**: every pass through a ``{% for %}`` loop costs one step plus the length of the text written out in its
  body (so a loop that repeats a long passage runs out sooner), every number a ``range()`` gives costs one, and
  every call and filter costs one;
- **values**: no string, list or mapping a template makes (by ``*``, ``+``, ``~``, ``%``, a method such as
  ``center`` or ``replace``, or a filter) may hold more than ``MAX_VALUE`` characters or items, and a number may not
  grow past ``MAX_DIGITS`` digits; where the size can be known beforehand the value is refused before it is made;
- **output**: one render writes at most ``MAX_OUTPUT`` characters.

Going past any of them raises ``TooMuchWork`` where the template stands, so the error names its file and line like
every other template error. The limits are far above what a face, a web page or the rulebook needs.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any

from jinja2 import nodes, pass_context
from jinja2.environment import Template
from jinja2.exceptions import TemplateRuntimeError
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

MAX_STEPS = 1_000_000
MAX_VALUE = 1_000_000
MAX_OUTPUT = 20_000_000
MAX_DIGITS = 10_000
LOOP_FILTER = "_counted_loop"
VALUE_FILTER = "_bounded_value"
WIDTHS = re.compile(r"\d{7,}")  # a field width or precision of a million or more in a format string
GIVEN_WIDTH = re.compile(r"%[-#0 +]*\*|%[^%]*\.\*|\{[^{}]*\{")  # a width taken from the values
WIDENING = {"center", "ljust", "rjust", "zfill"}  # str methods whose first argument is the result's width
SIZED = (str, list, tuple, dict, set, frozenset, bytes)


class TooMuchWork(TemplateRuntimeError):
    """A template went past its budget of steps, value size or output in one render."""


class Budget:
    """What one render has spent."""

    def __init__(self) -> None:
        """A fresh budget, nothing spent."""
        self.steps = 0
        self.output = 0

    def spend(self, steps: int) -> None:
        """Count ``steps``; refuse the render once it passes ``MAX_STEPS``."""
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise TooMuchWork(f"its loops and calls take more than {MAX_STEPS:,} steps in one render")

    def written(self, pieces: Iterator[str]) -> Iterator[str]:
        """The render's output, refused where it passes ``MAX_OUTPUT`` characters."""
        for piece in pieces:
            self.output += len(piece)
            if self.output > MAX_OUTPUT:
                message = f"it writes more than {MAX_OUTPUT:,} characters in one render"
                throw = getattr(pieces, "throw", None)
                if throw is not None:  # raised in the template, at the line that wrote the piece
                    throw(TooMuchWork(message))
                raise TooMuchWork(message)
            yield piece


# the render under way: set and reset by each render, never kept between renders
_BUDGET: ContextVar[Budget | None] = ContextVar("template_budget", default=None)


def spend(steps: int = 1) -> None:
    """Count ``steps`` against the render under way (none outside a render: a template compiled, not rendered)."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.spend(steps)


def check_size(size: int, what: str) -> None:
    """Refuse a value of ``size`` characters or items."""
    if size > MAX_VALUE:
        raise TooMuchWork(f"{what} would make a value of {size:,} characters or items (at most {MAX_VALUE:,})")


def check_value(value: Any, what: str) -> Any:
    """``value``, when it is not too big."""
    if isinstance(value, SIZED):
        check_size(len(value), what)
    return value


def check_format(text: Any, what: str, values: Any = ()) -> None:
    """Refuse a format string asking for a field of a million characters or more, written in it or given among
    ``values`` (``'%*d'``, ``'{:{}}'``)."""
    if not isinstance(text, str):
        return
    width = WIDTHS.search(text)
    if width:
        raise TooMuchWork(f"{what} asks for a field of {int(width.group()):,} characters (at most {MAX_VALUE:,})")
    if GIVEN_WIDTH.search(text):
        values = values if isinstance(values, (tuple, list)) else (values,)
        for value in values:
            if _is_int(value) and abs(value) > MAX_VALUE:
                raise TooMuchWork(f"{what} asks for a field of {abs(value):,} characters (at most {MAX_VALUE:,})")


class CountedRange:
    """``range()`` for templates: at most ``MAX_RANGE`` numbers, each one a step of the render's budget."""

    def __init__(self, *args: int):
        """The numbers ``range(*args)`` gives; a range of more than ``MAX_RANGE`` is refused."""
        self.numbers = range(*args)
        if len(self.numbers) > MAX_RANGE:
            shown = ", ".join(f"{arg:,}" for arg in args)
            raise TooMuchWork(f"range({shown}) has {len(self.numbers):,} numbers (at most {MAX_RANGE:,})")

    def __iter__(self) -> Iterator[int]:
        """The numbers, each counted."""
        return _counted(self.numbers, 1)

    def __reversed__(self) -> Iterator[int]:
        """The numbers backwards, each counted."""
        return _counted(reversed(self.numbers), 1)

    def __len__(self) -> int:
        """How many numbers."""
        return len(self.numbers)

    def __getitem__(self, index: Any) -> Any:
        """A number, or a slice of them."""
        return self.numbers[index]

    def __contains__(self, value: Any) -> bool:
        """True when ``value`` is one of the numbers."""
        return value in self.numbers

    def __repr__(self) -> str:
        """As Python shows a range."""
        return repr(self.numbers)


def _counted(values: Iterable[Any], weight: int) -> Iterator[Any]:
    """``values``, each costing ``weight`` steps."""
    budget = _BUDGET.get()
    for value in values:
        if budget is not None:
            budget.spend(weight)
        yield value


@pass_context
def counted_loop(_context: Context, values: Any, weight: int) -> Iterator[Any]:
    """What a ``{% for %}`` loop goes over, each pass costing ``weight`` steps (put there by ``WithBudget``)."""
    return _counted(values, weight)


@pass_context
def bounded_value(_context: Context, value: Any) -> Any:
    """A value made by ``~``, refused when too big (put there by ``WithBudget``)."""
    return check_value(value, "'~'")


class WithBudget(NodeTransformer):
    """Rewrites a parsed template so its loops count their passes and its joins (``~``) check their size."""

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802 - Jinja's visitor names
        """The loop, its values counted: each pass one step plus the text its body writes."""
        self.generic_visit(node)
        text = sum(len(data.data) for part in node.body for data in part.find_all(nodes.TemplateData))
        node.iter = nodes.Filter(node.iter, LOOP_FILTER, [nodes.Const(1 + text)], [], None, None,
                                 lineno=node.iter.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802 - Jinja's visitor names
        """The join, its result's size checked."""
        self.generic_visit(node)
        return nodes.Filter(node, VALUE_FILTER, [], [], None, None, lineno=node.lineno)


class BoundedFilters(dict):
    """An environment's filters, each one counted and checked for the size of what it is asked to make."""

    def __setitem__(self, name: str, func: Any) -> None:
        """Keep ``func`` under ``name``, guarded."""
        super().__setitem__(name, _guarded(name, func))

    def update(self, *args: Any, **kwargs: Any) -> None:
        """Keep each filter given, guarded."""
        for name, func in dict(*args, **kwargs).items():
            self[name] = func


def _guarded(name: str, func: Any) -> Any:
    """The filter ``func``, counting a step, refusing a width or count over ``MAX_VALUE`` and too big a result."""
    if name in (LOOP_FILTER, VALUE_FILTER) or getattr(func, "guarded", False):
        return func
    passed = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0

    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        spend()
        what = f"the filter '{name}'"
        if name == "format":
            check_format(args[passed] if len(args) > passed else None, what, args[passed + 1:])
        else:
            for arg in [*args[passed + 1:], *kwargs.values()]:
                if isinstance(arg, int) and not isinstance(arg, bool):
                    check_size(abs(arg), what)
        if len(args) > passed:
            check_size(_filter_size(name, args[passed], args[passed + 1:], kwargs), what)
        return check_value(func(*args, **kwargs), what)

    guarded.guarded = True  # type: ignore[attr-defined]
    return guarded


def _filter_size(name: str, value: Any, args: tuple, kwargs: dict) -> int:
    """How big the result of the filters that widen text (``indent``, ``join``) will be; 0 for the others."""
    if name == "indent" and isinstance(value, str):
        width = args[0] if args else kwargs.get("width", 4)
        extra = len(width) if isinstance(width, str) else width if _is_int(width) else 0
        return len(value) + (value.count("\n") + 1) * extra
    if name == "join" and isinstance(value, (list, tuple)):
        glue = args[0] if args and isinstance(args[0], str) else kwargs.get("d", "")
        return sum(len(part) for part in value if isinstance(part, str)) + len(value) * len(str(glue))
    return 0


class BoundedTemplate(Template):
    """A template whose every render has its own budget."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        """The template rendered within a fresh budget; ``TooMuchWork`` where it goes past it."""
        budget = Budget()
        token = _BUDGET.set(budget)
        try:
            context = self.new_context(dict(*args, **kwargs))
            try:
                return self.environment.concat(budget.written(self.root_render_func(context)))
            except Exception:
                self.environment.handle_exception()
        finally:
            _BUDGET.reset(token)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with a budget on the work of each render."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    template_class = BoundedTemplate

    def __init__(self, **options: Any):
        """The sandbox, with bounded ``range``, counted filters and the budget's own two filters."""
        super().__init__(**options)
        filters = BoundedFilters()
        filters.update(self.filters)
        self.filters = filters
        self.filters.update({LOOP_FILTER: counted_loop, VALUE_FILTER: bounded_value})
        self.globals["range"] = CountedRange

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The parsed template, its loops counted and its joins checked."""
        tree = WithBudget().visit(super()._parse(source, name, filename))
        tree.set_environment(self)
        return tree

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        """``left operator right``, refused before it is worked out when its result would be too big."""
        spend()
        what = f"'{operator}'"
        if operator == "*":
            for one, other in ((left, right), (right, left)):
                if isinstance(one, SIZED) and isinstance(other, int):
                    check_size(len(one) * max(other, 0), what)
            if _is_int(left) and _is_int(right):
                _check_digits((left.bit_length() + right.bit_length()) * math.log10(2), what)
        elif operator == "+" and isinstance(left, SIZED) and isinstance(right, SIZED):
            check_size(len(left) + len(right), what)
        elif operator == "**" and _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
            _check_digits(right * math.log10(abs(left)), what)
        elif operator == "%":
            check_format(left, what, right)
        return check_value(super().call_binop(context, operator, left, right), what)

    def wrap_str_format(self, value: Any) -> Any:
        """``text.format`` as the sandbox makes it safe, refused for a field of a million characters or more."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text, name = value.__self__, value.__name__

        @functools.wraps(wrapped)
        def bounded(*args: Any, **kwargs: Any) -> str:
            check_format(text, f"'{name}'", [*args, *kwargs.values(), *(args[0].values() if name == "format_map"
                                                                         and args and isinstance(args[0], dict)
                                                                         else ())])
            return wrapped(*args, **kwargs)
        return bounded

    def call(self, context: Context, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Call ``obj`` from the template: a step, and a method of text refused when it would make too much."""
        spend()
        owner = getattr(obj, "__self__", None)
        method = getattr(obj, "__name__", "")
        what = f"'{method}'"
        if isinstance(owner, str):
            _check_text_method(owner, method, args, kwargs, what)
        return check_value(super().call(context, obj, *args, **kwargs), what)


def _check_text_method(text: str, method: str, args: tuple, kwargs: dict, what: str) -> None:
    """Refuse ``text.method(*args)`` when its result would be too big."""
    if method in WIDENING and args and _is_int(args[0]):
        check_size(args[0], what)
    elif method == "expandtabs":
        size = args[0] if args and _is_int(args[0]) else kwargs.get("tabsize", 8)
        check_size(len(text) + text.count("\t") * max(size, 0), what)
    elif method == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        check_size(len(text) + (text.count(args[0]) + (not args[0])) * len(args[1]), what)
    elif method == "join" and args and isinstance(args[0], (list, tuple)):
        check_size(len(text) * len(args[0]) + sum(len(part) for part in args[0] if isinstance(part, str)), what)


def _is_int(value: Any) -> bool:
    """True for a whole number (not a truth value)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_digits(digits: float, what: str) -> None:
    """Refuse a number of more than ``MAX_DIGITS`` digits."""
    if digits > MAX_DIGITS:
        raise TooMuchWork(f"{what} would make a number of about {int(digits):,} digits (at most {MAX_DIGITS:,})")
