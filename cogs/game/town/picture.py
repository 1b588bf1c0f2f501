"""The town drawn: a tile per seat in signup order, the living light, the dead dark and struck
through, under a title (the day's number). Pure: a :class:`Town` of labels in, PNG bytes out.

Everything drawn is a label of the :class:`Town` (:func:`labels`), and the PNG carries that list
in its ``labels`` text chunk: what a reader of the file can check against what the bot knew
(tests read it back to prove that no role is drawn before the end). Colours come from the
``side`` of a seat, which is only given at the end — a colour never tells a side before then.

Budgets (issue 22): 25 seats in under 100 ms, the file under 200 KB (``python -m
tests.bench_picture`` prints both).
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

__all__ = ["LABELS_CHUNK", "MAX_BYTES", "Seat", "Town", "alt_text", "draw", "labels"]

log = logging.getLogger(__name__)

#: The PNG text chunk that holds every drawn label (JSON list).
LABELS_CHUNK = "labels"
MAX_BYTES = 200 * 1024

COLUMNS = 5
TILE_W, TILE_H, GAP, MARGIN, HEADER = 220, 96, 12, 20, 64
BACKGROUND = (30, 33, 41)
TITLE = (240, 240, 245)
LIVING_FILL, LIVING_TEXT = (228, 232, 240), (28, 30, 36)
DEAD_FILL, DEAD_TEXT, DEAD_MARK = (70, 72, 80), (170, 172, 180), (120, 60, 60)
NEUTRAL_EDGE = (150, 156, 170)
#: A side's colour (only at the end, when sides are told).
SIDES = {
    "town": (60, 120, 216),
    "mafia": (200, 50, 50),
    "maniacs": (150, 70, 190),
    "maniac": (150, 70, 190),
    "zombies": (60, 160, 80),
}

#: Fonts with Cyrillic, where Debian puts them (fonts-dejavu-core, fonts-liberation).
FONT_FILES = {
    "regular": (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ),
    "bold": (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    ),
}


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's tile: his number in signup order, name, state in words, and — at the end
    only — his role in words and his side's code (the tile's colour)."""

    number: int
    name: str
    status: str
    dead: bool
    role: str | None = None
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Town:
    title: str
    seats: tuple[Seat, ...]

    def to_json(self) -> dict[str, Any]:
        """For the outbox row's payload (drawn when delivered, from these labels only)."""
        return {
            "title": self.title,
            "seats": [[s.number, s.name, s.status, s.dead, s.role, s.side] for s in self.seats],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Town:
        seats = tuple(
            Seat(int(n), str(name), str(status), bool(dead), role, side)
            for n, name, status, dead, role, side in data["seats"]
        )
        return Town(str(data["title"]), seats)


def labels(town: Town) -> list[str]:
    """Every text the picture shows, in drawing order."""
    out = [town.title]
    for seat in town.seats:
        out += [str(seat.number), seat.name, seat.status]
        if seat.role is not None:
            out.append(seat.role)
    return out


@cache
def _font(weight: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in FONT_FILES[weight]:
        if Path(path).is_file():
            return ImageFont.truetype(path, size)
    # Pillow's own font has no Cyrillic: names in Russian would show as boxes.
    log.warning("town picture: no DejaVu or Liberation font found (install fonts-dejavu-core)")
    return ImageFont.load_default(size)


def _fit(text: str, font: Any, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (the longest prefix that does:
    found by halving, a name costs a handful of measures)."""
    if font.getlength(text) <= width:
        return text
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not (or is all)
    while high - low > 1:
        middle = (low + high) // 2
        if font.getlength(text[:middle] + "…") <= width:
            low = middle
        else:
            high = middle
    return text[:low] + "…"


def _tile(canvas: ImageDraw.ImageDraw, seat: Seat, x: int, y: int) -> None:
    fill, ink = (DEAD_FILL, DEAD_TEXT) if seat.dead else (LIVING_FILL, LIVING_TEXT)
    edge = SIDES.get(seat.side or "", NEUTRAL_EDGE)
    box = (x, y, x + TILE_W, y + TILE_H)
    canvas.rounded_rectangle(box, radius=10, fill=fill, outline=edge, width=4 if seat.side else 2)
    small, bold = _font("regular", 14), _font("bold", 18)
    inner = TILE_W - 24
    canvas.text((x + 12, y + 8), str(seat.number), font=small, fill=ink)
    canvas.text((x + 12, y + 28), _fit(seat.name, bold, inner), font=bold, fill=ink)
    canvas.text((x + 12, y + 54), _fit(seat.status, small, inner), font=small, fill=ink)
    if seat.role is not None:
        canvas.text((x + 12, y + 72), _fit(seat.role, small, inner), font=small, fill=edge)
    if seat.dead:  # struck through, corner to corner: dead at a glance, whatever the language
        canvas.line((x + TILE_W - 40, y + 10, x + TILE_W - 14, y + 36), fill=DEAD_MARK, width=4)
        canvas.line((x + TILE_W - 14, y + 10, x + TILE_W - 40, y + 36), fill=DEAD_MARK, width=4)


def draw(town: Town) -> bytes:
    """The picture as PNG bytes, its labels in the ``labels`` text chunk."""
    rows = max(1, -(-len(town.seats) // COLUMNS))
    columns = min(COLUMNS, max(1, len(town.seats)))
    width = 2 * MARGIN + columns * TILE_W + (columns - 1) * GAP
    height = HEADER + MARGIN + rows * TILE_H + (rows - 1) * GAP
    image = Image.new("RGB", (width, height), BACKGROUND)
    canvas = ImageDraw.Draw(image)
    canvas.text((MARGIN, 18), _fit(town.title, _font("bold", 26), width - 2 * MARGIN),
                font=_font("bold", 26), fill=TITLE)  # fmt: skip
    for index, seat in enumerate(town.seats):
        row, column = divmod(index, COLUMNS)
        _tile(canvas, seat, MARGIN + column * (TILE_W + GAP), HEADER + row * (TILE_H + GAP))
    info = PngInfo()
    info.add_itxt(LABELS_CHUNK, json.dumps(labels(town), ensure_ascii=False))
    out = io.BytesIO()
    # A few flat colours and their text's edges: 64 of them look the same, and make the file
    # a third of the size and its compression twice as fast.
    flat = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    flat.save(out, format="PNG", pnginfo=info, compress_level=6)
    return out.getvalue()


def alt_text(town: Town, limit: int = 1024) -> str:
    """The picture in words, for the attachment's description (Discord: 1024 characters)."""
    parts = [town.title] + [
        " ".join(x for x in (f"{s.number}.", s.name, f"({s.status})", s.role or "") if x)
        for s in town.seats
    ]
    return "; ".join(parts)[:limit]
