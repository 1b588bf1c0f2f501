"""Tortoise models of the statistics and ratings (issue 22). Only db/ imports them.

Everything here is derived from the stored log of finished games (the game's final state, its
event log and its choices) and written in the transaction of the game's end (db.ratings); a
maintenance rebuild (db.ratings.rebuild_all) derives it all again and gets the same rows. A game
its host ended (``/host end``: cancelled) has none: only finished games count."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from db.models import Game

__all__ = ["GameResult", "GameSeat", "Rating", "RatingChange", "RatingPool"]


class GameResult(Model):
    """A finished game as counted: its kind, its winners, when it ended.

    Its presence makes the game's end counted once (a second end of the game adds nothing)."""

    id = fields.IntField(primary_key=True)
    game: fields.OneToOneRelation[Game] = fields.OneToOneField(
        "models.Game", related_name="result", on_delete=fields.CASCADE
    )
    game_id: int
    guild_id = fields.BigIntField()
    # "forum" (modes two-sided / three-sided) or "chat" (the quick game).
    kind = fields.CharField(max_length=8)
    mode = fields.CharField(max_length=16)
    # The winning sides, comma-separated ("" for a draw).
    winners = fields.CharField(max_length=64)
    reason = fields.CharField(max_length=32)
    # The instant of the game's last logged event (its end): the order ratings are computed in.
    ended_at = fields.DatetimeField()

    class Meta:
        table = "game_result"
        indexes = (("guild_id", "ended_at"),)


class GameSeat(Model):
    """One player of a counted game: his roles, his side, what came of it, what he did.

    What he did: the facts the log makes certain (the cop's hits, the commissar's correct
    checks, the doctor's saves; db.game_facts)."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[GameResult] = fields.ForeignKeyField(
        "models.GameResult", related_name="seats", on_delete=fields.CASCADE
    )
    guild_id = fields.BigIntField()
    kind = fields.CharField(max_length=8)
    user_id = fields.BigIntField()
    # The card dealt at the start, the role at the end, and every role he had in between
    # (comma-separated, in order).
    dealt_role = fields.CharField(max_length=16)
    final_role = fields.CharField(max_length=16)
    roles = fields.CharField(max_length=200)
    side = fields.CharField(max_length=16)
    won = fields.BooleanField()
    survived = fields.BooleanField()
    cop_hits = fields.IntField(default=0)
    checks_found = fields.IntField(default=0)
    saves = fields.IntField(default=0)
    ended_at = fields.DatetimeField()

    class Meta:
        table = "game_seat"
        unique_together = (("game", "user_id"),)
        indexes = (("guild_id", "user_id"),)


class RatingPool(Model):
    """A server's rating pool: forum games, quick games, or all of them.

    Locked while a game's end rates in it, so two ends on one server rate one after the other,
    in the order a rebuild replays (db.ratings)."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField()
    pool = fields.CharField(max_length=8)
    games = fields.IntField(default=0)

    class Meta:
        table = "rating_pool"
        unique_together = (("guild_id", "pool"),)


class Rating(Model):
    """An openskill rating (mu, sigma) of a player or of a side in a server's pool.

    ``subject``: the player's user id, or a side's strength in a mode (``side:two-sided:town``)."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField()
    pool = fields.CharField(max_length=8)
    subject = fields.CharField(max_length=48)
    mu = fields.FloatField()
    sigma = fields.FloatField()
    games = fields.IntField(default=0)

    class Meta:
        table = "rating"
        unique_together = (("guild_id", "pool", "subject"),)


class RatingChange(Model):
    """What one game did to one rating: before and after.

    The end's summary DM shows a player's change (cogs.game.finish)."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[GameResult] = fields.ForeignKeyField(
        "models.GameResult", related_name="rating_changes", on_delete=fields.CASCADE
    )
    guild_id = fields.BigIntField()
    pool = fields.CharField(max_length=8)
    subject = fields.CharField(max_length=48)
    mu_before = fields.FloatField()
    sigma_before = fields.FloatField()
    mu_after = fields.FloatField()
    sigma_after = fields.FloatField()
    ended_at = fields.DatetimeField()

    class Meta:
        table = "rating_change"
        unique_together = (("game", "pool", "subject"),)
        indexes = (("guild_id", "pool", "ended_at"),)
