"""Posts with files, as outbox rows (db.outbox): a ``post`` row whose payload carries ``files``,
each a JSON-able description of one attachment, made into bytes when the row is delivered
(cogs.delivery.files), so that a retry sends the same file and the row stays small:

- ``{"name": "game-12.html", "text": "<!doctype html>…"}``: a text file, UTF-8, as stored
  (the post-game page, cogs.game.page);
- ``{"name": "town-day-2.png", "town": {…}}``: the town's picture, drawn from the labels stored
  (cogs.game.town.picture.Town.to_json), never from the state at delivery time.

``description`` (optional): the attachment's alt text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from db.outbox import Effect

__all__ = ["FileSpec", "post_files", "post_files_in"]

FileSpec = Mapping[str, Any]


def post_files(
    channel_id: int, content: str, files: Sequence[FileSpec], *, key: str | None = None
) -> Effect:
    """A message with ``files`` in a channel."""
    return Effect("post", channel_id, content, key, data={"files": [dict(f) for f in files]})


def post_files_in(
    after: str, content: str, files: Sequence[FileSpec], *, key: str | None = None
) -> Effect:
    """A message with ``files`` in the channel or thread another row (key ``after``) makes."""
    return Effect("post", 0, content, key, after, data={"files": [dict(f) for f in files]})
