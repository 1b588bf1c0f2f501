"""What Discord shows, read back into the scenario outcome's words (FORMAT.md).

The bot speaks sentences; the scenario runner over Discord must turn them back into codes: a
death into a name, a notice into ``cop_missed``, an ephemeral refusal into ``self_vote``. Every
sentence is recognised by rendering the bot's own catalogue (``locales/*``) with every possible
argument and looking the text up, so a sentence the catalogue cannot produce is not understood:
nothing is guessed from a word inside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.events import NoticeCode, Refusal
from engine.roles import Faction, Role
from locales import t

__all__ = ["Catalogue", "Reading"]

_MARK = "\x00"
BULLET = "• "


@dataclass(frozen=True, slots=True)
class Reading:
    """What one sentence says: ``kind`` and its parts (player names, codes)."""

    kind: str
    parts: tuple[str, ...] = ()


def _split(template: str) -> tuple[str, str]:
    head, _, tail = template.partition(_MARK)
    return head, tail


class Catalogue:
    """Every sentence the bot can say about these players, in ``locale``, mapped to its meaning."""

    def __init__(self, locale: str, names: Sequence[str]) -> None:
        self.locale = locale
        self.names = list(names)
        lines: dict[str, Reading] = {}
        for name in names:
            for key, kind in (
                ("event-died", "died"),
                ("event-left", "left"),
                ("event-left-autokilled", "left-autokilled"),
                ("event-autokilled", "autokilled"),
                ("event-autokilled-no-vote", "autokilled"),
                ("event-disqualified", "died"),
            ):
                lines[t(locale, key, who=name)] = Reading(kind, (name,))
        for code in NoticeCode:
            lines[t(locale, f"notice-{code.value}")] = Reading("notice", (code.value,))
        self.lines = lines
        self.tally = _split(t(locale, "event-vote-counted", tally=_MARK))
        self.tally_entries = {
            t(locale, "event-tally-entry", who=name, count=n): (name, n)
            for name in names
            for n in range(1, len(names) + 1)
        }
        self.won: list[tuple[str, str]] = []  # (prefix, winner), joint wins first
        factions = [f.value for f in Faction]
        for a in factions:
            for b in factions:
                if a != b:
                    text = t(
                        locale, "event-won-joint", faction=self.term("faction", a),
                        faction1=self.term("faction", b), reason=_MARK,
                    )  # fmt: skip
                    self.won.append((_split(text)[0], f"{a}+{b}"))
        for a in factions:
            text = t(locale, "event-won", faction=self.term("faction", a), reason=_MARK)
            self.won.append((_split(text)[0], a))
        self.refusals = {t(locale, f"refused-{r.value}"): r.value for r in Refusal}
        # Someone who is not a player of the game (a name not in the table) acting: the bot's
        # answer is "you are not playing" — FORMAT.md's unknown_player.
        self.refusals[t(locale, "error-not-playing")] = Refusal.UNKNOWN_PLAYER.value
        # A dead actor is told he is out of the game (issue 19): FORMAT.md's not_alive.
        self.refusals[t(locale, "refusal-out_of_game")] = Refusal.NOT_ALIVE.value
        what = [("event-learned-role", "role", r.value) for r in Role]
        what += [("event-learned", "faction", f.value) for f in Faction]
        self.learned = {
            t(locale, key, about=name, what=self.term(kind, code)): (name, code)
            for name in names
            for key, kind, code in what
        }
        self.role_changed = {
            t(
                locale, "event-role-changed", role=self.term("role", r.value),
                faction=self.term("faction", f.value),
            ): (r.value, f.value)
            for r in Role
            for f in Faction
        }  # fmt: skip
        # The host's channel tells every role change, also one the player was not told.
        self.host_role_changed = {
            t(
                locale, key, who=name, role=self.term("role", r.value),
                faction=self.term("faction", f.value),
            ): (name, r.value, f.value)
            for key in ("host-role-changed", "host-role-changed-untold")
            for name in names
            for r in Role
            for f in Faction
        }  # fmt: skip
        self.card_titles = {
            t(locale, "card-title", role=self.term("role", r.value)): r.value for r in Role
        }
        self.card_factions = {
            t(locale, "card-faction", faction=self.term("faction", f.value)): f.value
            for f in Faction
        }
        self.card_mates = _split(t(locale, "card-mates", mates=_MARK))
        self.mates = {
            t(locale, "card-mate", name=name, role=self.term("role", r.value)): (name, r.value)
            for name in names
            for r in Role
        }
        self.reveal_title = f"**{t(locale, 'end-reveal-title')}**"
        self.reveal = {
            t(
                locale, "end-reveal-line", name=name, role=self.term("role", r.value),
                faction=self.term("faction", f.value),
            ): (name, r.value, f.value)
            for name in names
            for r in Role
            for f in Faction
        }  # fmt: skip

    def term(self, kind: str, code: str) -> str:
        return t(self.locale, f"{kind}-{code}")

    # -- public posts ----------------------------------------------------------------------------

    def post_line(self, line: str) -> Reading | None:
        """One line of a results post (``• sentence``): None for lines that are no event."""
        if not line.startswith(BULLET):
            return None
        sentence = line[len(BULLET) :]
        found = self.lines.get(sentence)
        if found is not None:
            return found
        head, tail = self.tally
        if sentence.startswith(head) and sentence.endswith(tail):
            return self._tally(sentence[len(head) : len(sentence) - len(tail)])
        for prefix, winner in self.won:
            if sentence.startswith(prefix):
                return Reading("won", (winner,))
        return Reading("other", (sentence,))

    def _tally(self, body: str) -> Reading:
        parts: list[str] = []
        for entry in body.split("; ") if body else []:
            who, n = self.tally_entries[entry]
            parts += [who, str(n)]
        return Reading("tally", tuple(parts))

    def reveal_line(self, line: str) -> tuple[str, str, str] | None:
        return self.reveal.get(line)

    # -- private answers -------------------------------------------------------------------------

    def refusal(self, text: str) -> str | None:
        return self.refusals.get(text)

    def card(self, text: str) -> tuple[str | None, str | None, list[tuple[str, str]], bool]:
        """A role card's role, side, cabinet mates (name, role), and whether it says he heads
        the horde."""
        role = faction = None
        mates: list[tuple[str, str]] = []
        head, tail = self.card_mates
        lines = text.splitlines()
        for line in lines:
            role = self.card_titles.get(line, role)
            faction = self.card_factions.get(line, faction)
            if line.startswith(head) and line.endswith(tail) and line != head:
                body = line[len(head) : len(line) - len(tail)]
                mates += [self.mates[m] for m in _mates(body, self.mates)]
        return role, faction, mates, t(self.locale, "card-zombie-head") in lines


def _mates(body: str, known: Iterable[str]) -> list[str]:
    """The cabinet list ``a, b, c`` split at the separators between known entries (a name may
    itself contain a comma)."""
    out: list[str] = []
    rest = body
    entries = sorted(known, key=len, reverse=True)
    while rest:
        entry = next((e for e in entries if rest.startswith(e)), None)
        if entry is None:
            raise ValueError(f"cannot read the cabinet list {body!r}")
        out.append(entry)
        rest = rest[len(entry) :].removeprefix(", ")
    return out
