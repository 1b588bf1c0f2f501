"""Random legal games as scenario files, to compare the two runners on games nobody wrote.

    python -m tests.e2e.random_games [--seeds N] [--first K]   # each seed: ok, or the differences

``engine.autoplay`` plays a random legal game (mistakes included: dead actors, self-votes...);
:func:`random_scenario` writes its first steps as a scenario file (FORMAT.md), and
:func:`differences` plays that file with the engine's runner and through Discord
(``tests.e2e.scenario``) and lists every outcome key on which they differ. Every day holds its
vote (a day without one is played on Discord as a ring of votes, which the engine does not
count). A file keeps one choice per actor and verb (the mapping's key): both runners read the
same file, so that changes nothing in the comparison.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from engine.choices import Choice, Verb
from engine.forum.autoplay import DEFAULT_POLICY, play_random_game, random_game
from engine.roles import Phase
from engine.scenario import run_text

__all__ = ["differences", "random_scenario"]

POLICY = replace(DEFAULT_POLICY, vote_held=1.0)


def _step(phase: Phase, choices: tuple[Choice, ...]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    votes: dict[str, str | None] = {}
    for c in choices:
        actor, target = str(c.actor), None if c.target is None else str(c.target)
        if c.verb is Verb.VOTE:
            votes[actor] = target  # the last: a policy's mistake comes first
            continue
        mine = body.setdefault(actor, {})
        if c.verb is Verb.SKIP:
            mine["skip"] = True
        elif c.verb is Verb.FIRE:
            mine.setdefault("fire", {})[c.gun.value if c.gun else "none"] = target
        else:
            mine[c.verb.value] = target
    if phase is Phase.DAY:
        body["votes"] = votes
    return {phase.value: body}


def random_scenario(seed: int, *, max_players: int = 12, max_steps: int = 8) -> str:
    """The first ``max_steps`` phases of a random legal game (seeded) as a scenario file, cut
    after the step that ends it (the file's own game: one choice per actor and verb)."""
    rng = random.Random(seed)
    start = random_game(rng, max_players=max_players)
    _, history = play_random_game(start, rng, max_phases=max_steps, policy=POLICY)
    steps: list[dict[str, Any]] = []
    data: dict[str, Any] = {
        "title": f"random game {seed}",
        "mode": start.mode.value,
        "options": {"multifunctional_child": start.multifunctional_child},
        "players": {p.id: f"{p.role.value}@{p.faction.value}" for p in start.players},
        "steps": steps,
    }
    for step in history:
        steps.append(_step(step.before.phase, step.choices))
        if run_text(_dump(data))[-1]["winner"] != "none":
            break
    return _dump(data)


def _dump(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


async def differences(emu: Any, text: str, database_url: str) -> list[str]:
    """Each outcome key on which the engine's runner and the runner over Discord differ."""
    from tests.e2e.scenario import play

    engine = run_text(text)
    _, discord, _ = await play(emu, text, database_url)
    out: list[str] = []
    for i, (want, got) in enumerate(zip(engine, discord, strict=True), 1):
        for key, value in want.items():
            if key == "roles":
                value = {**value, **_untold(value, got[key])}
            if got[key] != value:
                engine_says, discord_shows = _narrow(value, got[key])
                where = f"step {i} ({want['phase']} {want['number']}) {key}"
                out.append(f"{where}: engine {engine_says}, Discord {discord_shows}")
    return out


def _narrow(a: Any, b: Any) -> tuple[Any, Any]:
    """Only the differing entries of two mappings (the whole values otherwise)."""
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return a, b
    keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    pairs = {k: _narrow(a.get(k), b.get(k)) for k in keys}
    return {k: p[0] for k, p in pairs.items()}, {k: p[1] for k, p in pairs.items()}


def _untold(engine: dict[str, str], shown: dict[str, str]) -> dict[str, str]:
    """R-NIGHT-5c: a child the cop's bullet made a citizen is not told, so Discord still shows
    him as the child (the one change of role nobody is told of)."""
    return {n: "child" for n, r in engine.items() if r == "citizen" and shown.get(n) == "child"}


async def _main(seeds: range) -> int:
    from tests.emulator.server import Emulator

    status = 0
    for seed in seeds:
        text = random_scenario(seed)
        emu = Emulator(interaction_deadline=2.5)
        await emu.start()
        try:
            with tempfile.TemporaryDirectory() as tmp:
                diffs = await differences(emu, text, f"sqlite://{Path(tmp) / 'g.sqlite3'}")
        except Exception as exc:  # a report, not a traceback: the seed replays it
            diffs = [f"error: {type(exc).__name__}: {exc}"]
        finally:
            await emu.close()
        diffs += [f"emulator: {p}" for p in emu.problems]
        print(f"seed {seed}: " + ("ok" if not diffs else "\n  ".join(["", *diffs])), flush=True)
        status = 1 if diffs else status
    return status


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    count = int(args[args.index("--seeds") + 1]) if "--seeds" in args else 20
    first = int(args[args.index("--first") + 1]) if "--first" in args else 0
    return asyncio.run(_main(range(first, first + count)))


if __name__ == "__main__":
    import logging

    logging.basicConfig(level=logging.CRITICAL)
    sys.exit(main())
