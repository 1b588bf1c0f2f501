"""A server's rulebook: the default catalogue and a server's overrides (R-MOD-1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta

from engine.moderation.durations import check_duration, format_duration, parse_duration
from engine.moderation.rulebook import (
    AUTO_MUTE,
    R_MOD_TABLE,
    ModerationError,
    OverridesError,
    Problem,
)
from engine.moderation.steps import Step, parse_ladder, parse_step


@dataclass(frozen=True)
class Catalogue:
    """A server's rulebook: each violation code's ladder, in the table's order, and the length of
    the automatic mute for three warns (R-MOD; editable per server, R-MOD-1)."""

    ladders: tuple[tuple[str, tuple[Step, ...]], ...]
    auto_mute: timedelta = AUTO_MUTE

    def __post_init__(self) -> None:
        codes = self.codes()
        if len(set(codes)) != len(codes):
            raise ModerationError("bad_ladder", "a violation code appears twice")
        for code, ladder in self.ladders:
            if not ladder:
                raise ModerationError("empty_ladder", f"{code} has no step")
        check_duration(self.auto_mute)

    def codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.ladders)

    def ladder(self, violation: str) -> tuple[Step, ...]:
        for code, ladder in self.ladders:
            if code == violation:
                return ladder
        raise ModerationError("unknown_violation", f"no violation {violation!r}")

    def step(self, violation: str, offence: int) -> tuple[int, Step]:
        """The step number (1-based) and step for the ``offence``-th offence: the n-th offence
        gets the n-th step, the last step repeating (R-MOD)."""
        if offence < 1:
            raise ModerationError("unknown_step", f"offence {offence} < 1")
        ladder = self.ladder(violation)
        number = min(offence, len(ladder))
        return number, ladder[number - 1]

    def to_data(self) -> dict[str, object]:
        """Plain data (JSON-ready) that ``apply_overrides`` reads back to this catalogue."""
        return {
            "ladders": {code: [s.text() for s in ladder] for code, ladder in self.ladders},
            "auto_mute": format_duration(self.auto_mute),
        }


def _build(table: Iterable[tuple[str, Sequence[str]]]) -> Catalogue:
    return Catalogue(tuple((code, parse_ladder(list(steps))) for code, steps in table))


DEFAULT_CATALOGUE: Catalogue = _build(R_MOD_TABLE)
_OVERRIDE_KEYS = ("ladders", "durations", "auto_mute")


def _step_number(key: object, length: int) -> int | None:
    """A 1-based step number from a JSON key (``"2"``) or an int; None if out of range."""
    if isinstance(key, bool):
        return None
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key.strip())
    if isinstance(key, int) and 1 <= key <= length:
        return key
    return None


def validate_overrides(catalogue: Catalogue, data: object) -> tuple[Problem, ...]:
    """Every problem of a server's overrides (empty when they apply); see ``apply_overrides``."""
    try:
        apply_overrides(catalogue, data)
    except OverridesError as error:
        return error.problems
    return ()


def apply_overrides(catalogue: Catalogue, data: object) -> Catalogue:
    """R-MOD-1: ``catalogue`` with a server's changes applied. ``data`` is plain data::

        {
          "ladders":   {"insult": ["warn", "mute 30m", "mute 2h"]},   # replace ladders
          "durations": {"spam": {"1": "30m"}, "ruin": {"3": 720}},   # change steps' durations
          "auto_mute": "8h"                                           # the three-warns mute
        }

    All keys are optional. Ladders are replaced first, so ``durations`` number the steps of the
    resulting ladder (1-based). Codes must be the table's (no new violations: the cogs have
    names and translations only for these). Durations are as ``parse_duration`` reads them.
    Every problem found is reported at once: ``OverridesError.problems``.
    """
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        raise OverridesError([Problem("overrides_not_mapping", "")])
    for key in data:
        if key not in _OVERRIDE_KEYS:
            problems.append(Problem("unknown_override_key", str(key)))
    ladders = dict(catalogue.ladders)
    _replace_ladders(ladders, _section(data, "ladders", problems), problems)
    _change_durations(ladders, _section(data, "durations", problems), problems)
    auto_mute = catalogue.auto_mute
    if "auto_mute" in data:
        try:
            auto_mute = parse_duration(data["auto_mute"])
        except ModerationError as error:
            problems.append(Problem(error.code, "auto_mute"))
    if problems:
        raise OverridesError(problems)
    return Catalogue(tuple((code, ladders[code]) for code in catalogue.codes()), auto_mute)


def _section(
    data: Mapping[object, object], name: str, problems: list[Problem]
) -> Mapping[object, object]:
    value = data.get(name, {})
    if isinstance(value, Mapping):
        return value
    problems.append(Problem("not_mapping", name))
    return {}


def _replace_ladders(
    ladders: dict[str, tuple[Step, ...]], section: Mapping[object, object], problems: list[Problem]
) -> None:
    for code, raw in section.items():
        where = f"ladders.{code}"
        if code not in ladders:
            problems.append(Problem("unknown_violation", where))
            continue
        if not isinstance(raw, list | tuple):
            problems.append(Problem("bad_ladder", where))
            continue
        if not raw:
            problems.append(Problem("empty_ladder", where))
            continue
        steps: list[Step] = []
        for index, step in enumerate(raw, start=1):
            try:
                steps.append(parse_step(step))
            except ModerationError as error:
                problems.append(Problem(error.code, f"{where}[{index}]"))
        if len(steps) == len(raw):
            ladders[str(code)] = tuple(steps)


def _change_durations(
    ladders: dict[str, tuple[Step, ...]], section: Mapping[object, object], problems: list[Problem]
) -> None:
    for code, changes in section.items():
        where = f"durations.{code}"
        if code not in ladders:
            problems.append(Problem("unknown_violation", where))
            continue
        if not isinstance(changes, Mapping):
            problems.append(Problem("not_mapping", where))
            continue
        ladder = list(ladders[str(code)])
        for key, raw in changes.items():
            number = _step_number(key, len(ladder))
            if number is None:
                problems.append(Problem("unknown_step", f"{where}.{key}"))
                continue
            try:
                ladder[number - 1] = ladder[number - 1].with_duration(parse_duration(raw))
            except ModerationError as error:
                problems.append(Problem(error.code, f"{where}.{key}"))
        ladders[str(code)] = tuple(ladder)
