"""The "leave as it is" default of the repositories' optional update arguments, where ``None``
already means "clear the value"."""

from __future__ import annotations

from enum import Enum
from typing import Final

__all__ = ["UNSET", "Unset"]


class Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = Unset.UNSET
