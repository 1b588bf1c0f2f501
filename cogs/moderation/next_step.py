"""What the ladder would give a member next, without storing anything (R-MOD): the hints in
the violation list of ``/mod warn``, ``/mod mute`` and ``/mod ban``, and whether upholding a
report would ban (which needs Ban Members)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from cogs.moderation.ladder import decide_for, history
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.support import clock
from db import moderation as db
from engine.moderation import Step, decide

__all__ = ["NextSteps", "next_step_bans", "next_steps"]


@dataclass(frozen=True)
class NextSteps:
    """The server's rulebook and, for a member, the offence and the ladder's step each of its
    violations would be for him now (empty when no member is given)."""

    rulebook: Rulebook
    steps: Mapping[str, tuple[int, Step]]


async def next_steps(guild_id: int, user_id: int | None, at: datetime) -> NextSteps:
    """What the violation list of ``/mod warn`` shows ("spam — 2nd: ban")."""
    rulebook = await server_rulebook(guild_id)
    if user_id is None:
        return NextSteps(rulebook, {})
    past = history(await db.cases_of(guild_id, user_id, limit=1000))
    steps: dict[str, tuple[int, Step]] = {}
    for code in rulebook.codes():
        offence = decide(past, code, at, catalogue=rulebook.catalogue).offence
        steps[code] = (offence, rulebook.catalogue.step(code, offence)[1])
    return NextSteps(rulebook, steps)


async def next_step_bans(guild_id: int, user_id: int, violation: str, rulebook: Rulebook) -> bool:
    """Whether the member's next ``violation`` would be banned by the ladder (a moderator
    without Ban Members may not uphold that report)."""
    past = await db.cases_of(guild_id, user_id, limit=1000)
    decided = decide_for(list(reversed(past)), violation, clock.now(), rulebook.catalogue)
    return decided.decision.banned
