"""The quick game's stored state: the engine's ``ChatState`` and the stage of the round it is in,
with what was chosen in that stage, as one JSON text in the game's ``state`` column.

Keeping the stage and the choices in the same text as the engine's state means that every
press, vote and choice is a session step (cogs.service.session) under the game's version guard,
and that a stage's end and its choices can never disagree after a crash: there is one row.

Stages: ``night`` (C-NIGHT) → ``discussion`` (C-DAY-1) → ``vote`` (C-DAY-2) → ``confirm``
(C-DAY-4, with a candidate) → ``take`` (C-DAY-5, a hanged kamikaze) → ``night``; ``over`` at the
end. ``closes``: the stage's end (also in the row's deadline column, which the scheduler reads);
``words_until``: when C-DAY-7's window for ``chat.may_speak`` closes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

from engine.chat import ChatChoice, ChatState, ChatVerb

__all__ = ["QuickState", "Stage"]

Stage = Literal["night", "discussion", "vote", "confirm", "take", "over"]


@dataclass(frozen=True)
class QuickState:
    chat: ChatState
    stage: Stage
    closes: datetime | None = None
    # night: actor -> (verb, target); vote: voter -> target or None (skip); confirm: -> up/down
    choices: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    words_until: datetime | None = None
    # the confirmation post's message key (cogs.quick.effects) for the live count's edits
    round: int = 0  # bumps with each stage: keys of its posts
    coins: tuple[str, ...] = ()  # the lucky's coins drawn, "NIGHT:PLAYER:heads" (C-NIGHT-4c)

    @property
    def phase(self) -> str:
        return self.chat.phase.value

    @property
    def number(self) -> int:
        return self.chat.number

    def with_choice(self, actor: str, verb: str, target: str | None) -> QuickState:
        return replace(self, choices={**self.choices, actor: (verb, target)})

    def engine_choices(self) -> list[ChatChoice]:
        return [ChatChoice(a, ChatVerb(v), t) for a, (v, t) in self.choices.items()]

    def at(self, chat: ChatState, stage: Stage, closes: datetime | None) -> QuickState:
        """The next stage: its choices empty."""
        return replace(self, chat=chat, stage=stage, closes=closes, choices={},
                       round=self.round + 1)  # fmt: skip

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "mode": "chat",
            "phase": self.phase,
            "number": self.number,
            "stage": self.stage,
            "closes": None if self.closes is None else self.closes.isoformat(),
            "choices": {a: list(c) for a, c in self.choices.items()},
            "words_until": None if self.words_until is None else self.words_until.isoformat(),
            "round": self.round,
            "coins": list(self.coins),
            "chat": json.loads(self.chat.to_json()),
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @staticmethod
    def from_json(text: str) -> QuickState:
        data = json.loads(text)
        return QuickState(
            chat=ChatState.from_json(json.dumps(data["chat"])),
            stage=data["stage"],
            closes=_instant(data.get("closes")),
            choices={a: (str(v), t) for a, (v, t) in data.get("choices", {}).items()},
            words_until=_instant(data.get("words_until")),
            round=int(data.get("round", 0)),
            coins=tuple(data.get("coins", ())),
        )


def _instant(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)
