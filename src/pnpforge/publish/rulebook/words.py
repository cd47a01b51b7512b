"""An engine's outcome in words, worded by the pack (``rulebook.yaml``, ``examples: outcome:``).

Each key of a part's result (and of the totals) has a sentence with ``{value}`` and ``{part}``; the value is put
into words (ids become names, lists are joined, mapping entries are worded one by one, sides in seat sequence).
A value that is empty gives its ``none`` sentence, or nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from pnpforge.publish.rulebook.book import OutcomeWords, Sentence

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass
class OutcomeWriter:
    """Writes one example's outcome."""

    words: OutcomeWords
    name_of: Callable[[Any], str]
    seats: list[str]
    and_word: str = "and"

    def sentences(self, outcome: dict | None) -> list[str]:
        """The outcome as sentences, in the sequence the wording lists its keys."""
        outcome = outcome or {}
        parts = outcome.get(self.words.parts) or []
        found = []
        for result in parts:
            part = self.name_of(result.get(self.words.part_key))
            for key, sentence in self.words.sentences.items():
                if key in result:
                    found += self.sentence(sentence, result[key], part)
        for key, sentence in self.words.totals.items():
            spec = _spec(sentence)
            if key in outcome and not (spec.unless_sum_of_parts and _is_sum(outcome[key], parts, key)):
                found += self.sentence(spec, outcome[key], "")
        return found

    def sentence(self, sentence: str | Sentence, value: Any, part: str) -> list[str]:
        """One value in words (nothing for an empty value without a ``none`` sentence)."""
        spec = _spec(sentence)
        if isinstance(value, dict) and spec.hide_zero:
            value = {k: v for k, v in value.items() if v != 0}
        empty = value in (None, [], {}, "")
        if empty and spec.none is None:
            return []
        template = spec.none if empty else (spec.many if spec.many and _count(value) > 1 else spec.text)
        text = fill(template or "", {"value": self.value(value, spec), "part": part})
        return [text[:1].upper() + text[1:]]

    def value(self, value: Any, spec: Sentence) -> str:
        """A value in words: a list joined, a mapping entry by entry, sides in seat sequence."""
        if isinstance(value, dict):
            entries = sorted(value.items(), key=lambda pair: self._rank(pair[0]))
            parts = [fill(spec.entry, {"key": self.name_of(k), "value": self.name_of(v)}) for k, v in entries]
        elif isinstance(value, list):
            parts = [self.name_of(v) for v in sorted(value, key=self._rank)]
        else:
            return self.name_of(value)
        if len(parts) < 2:
            return "".join(parts)
        return ", ".join(parts[:-1]) + f" {self.and_word} " + parts[-1]

    def _rank(self, value: Any) -> int:
        """Sides in seat sequence; anything else keeps its place."""
        return self.seats.index(str(value)) if str(value) in self.seats else len(self.seats)


def fill(template: str, values: dict[str, str]) -> str:
    """``{name}`` placeholders replaced; unknown ones are left as written."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def _spec(sentence: str | Sentence) -> Sentence:
    return sentence if isinstance(sentence, Sentence) else Sentence(text=sentence)


def _is_sum(total: Any, parts: list, key: str) -> bool:
    """True when a mapping of numbers is the sum of the same key over the parts (zeros left out)."""
    if not isinstance(total, dict):
        return False
    summed: dict = {}
    for part in parts:
        for name, amount in (part.get(key) or {}).items():
            summed[name] = summed.get(name, 0) + amount
    return {k: v for k, v in total.items() if v} == {k: v for k, v in summed.items() if v}


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, dict)) else 1
