"""The engine's errors: one small hierarchy, so a caller catches exactly what it can handle.

``EngineError`` is a ``ValueError`` (the engine refuses a value it was given); every error the
engine raises on purpose is one of these, never a bare ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations


class EngineError(ValueError):
    """A call the engine cannot honour."""


class InvalidDeal(EngineError):
    """``new_game`` refuses a deal no game can start from (unknown role, ``cop@mafia``, a team
    without a don, a lone maniac in a three-sided game, a name that is a team's key...)."""


class InvalidRoleList(InvalidDeal):
    """A server's own role list the rules cannot play, with a closed ``code`` (what is wrong)
    and its ``params``, for the bot's catalogue; the message is for logs."""

    def __init__(self, code: str, message: str, **params: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class InvalidState(EngineError):
    """``GameState.from_json`` / ``from_dict`` refuses data that is no engine state."""


class UnknownPlayer(EngineError):
    """A player id the game does not have."""


class PhaseError(EngineError):
    """A call made in the wrong phase (a night resolved by day, a day by night)."""


class GameOver(PhaseError):
    """The game has a winner: nothing more can be checked, recorded or resolved."""


class HostError(EngineError):
    """A host override that does not apply to this game now (R-WIN-2, R-WIN-4, R-SANCT-4).
    ``code`` says which, for the caller to choose its sentence by (the message is English prose
    for logs): ``not_alive``, ``not_at_parity``, ``no_joint_win``, ``already_citizen``,
    ``not_a_zombie``."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code
