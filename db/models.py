"""Tortoise models. Only db/ imports them; the rest of the bot sees plain values."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from tortoise import fields
from tortoise.models import Model

__all__ = [
    "DEFAULT_TIMEZONE",
    "BotMeta",
    "Game",
    "GameChoice",
    "GameChannel",
    "GameEvent",
    "GamePlayer",
    "GameStatus",
    "GameVote",
    "GuildSettings",
    "ModCase",
    "ModReport",
    "ModSettings",
    "PooledRole",
]

DEFAULT_TIMEZONE = "Europe/Moscow"


class GuildSettings(Model):
    """One row per Discord server (guild) that changed a setting; absent means all defaults."""

    guild_id = fields.BigIntField(primary_key=True, generated=False)
    # Null: the bot's default language (DEFAULT_LOCALE), whatever it is when read, so that a
    # server that never chose one follows the operator's setting (db.guild_settings).
    language = fields.CharField(max_length=8, null=True)
    timezone = fields.CharField(max_length=64, default=DEFAULT_TIMEZONE)
    game_category_id = fields.BigIntField(null=True)
    host_role_id = fields.BigIntField(null=True)
    moderator_role_id = fields.BigIntField(null=True)
    log_channel_id = fields.BigIntField(null=True)
    # The town's picture in the morning post (cogs.game.town); on unless the server turns it off.
    town_picture = fields.BooleanField(default=True, db_default=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "guild_settings"


class GameStatus(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Game(Model):
    """One game of Mafia in a guild: its lifecycle, the engine state (JSON text) and the draw."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField(db_index=True)
    category_id = fields.BigIntField(null=True)
    channel_id = fields.BigIntField(null=True)
    host_id = fields.BigIntField()
    mode = fields.CharField(max_length=16)
    # The host's name for the game, shown on the lobby and the category (optional).
    title = fields.CharField(max_length=100, null=True)
    # The lobby post (in ``channel_id``) with the signup list and the Join / Leave buttons,
    # edited as players sign up.
    lobby_message_id = fields.BigIntField(null=True)
    # The host's choice of roles (R-BAL): {"preset": name} or {"roles": ["cop@town", ...]};
    # null: the balance proposal for the signup at the start.
    roles: fields.JSONField[Any] = fields.JSONField(null=True)
    # Indexed for the scheduler's start-up query (the running games' deadlines).
    status = fields.CharEnumField(
        GameStatus, max_length=16, default=GameStatus.SIGNUP, db_index=True
    )
    # The engine's phase ("day" / "night") and number (day N comes before night N); null during
    # signup. Copies of the state's, for queries and display.
    phase = fields.CharField(max_length=8, null=True)
    day_number = fields.IntField(default=0)
    # The optimistic guard: a counter bumped by every write to a running game (the start, each
    # phase transition and host override: db.state.advance_phase; each choice and vote:
    # db.play), so a resolution that read the game before any of them fails and re-reads.
    version = fields.IntField(default=0)
    # GameState.to_json(), stored as text so it comes back byte for byte.
    state = fields.TextField(null=True)
    schedule: fields.JSONField[Any] = fields.JSONField(null=True)
    # The current phase's deadlines (engine.clock.Deadline), each as two instants: ``*_deadline_at``
    # the announced one (13:00, 21:00, shown to players), ``*_close_at`` the first instant no
    # longer in time (what an action's time is checked against, what the scheduler sleeps until).
    # ``choices_*``: day choices in a day (R-TIME-1), night choices at night (R-TIME-3).
    # ``votes_*``: the day's vote (R-TIME-2); null at night. Null: no deadline (nothing refused
    # for lateness; the host ends the phase).
    choices_deadline_at = fields.DatetimeField(null=True)
    choices_close_at = fields.DatetimeField(null=True)
    votes_deadline_at = fields.DatetimeField(null=True)
    votes_close_at = fields.DatetimeField(null=True)
    # What the background rounds read, indexed, so that a round costs what is due, not what is
    # running (issue 20): the close of the phase-ending deadline (the vote's by day, the
    # choices' at night: what the scheduler resolves at), and when the reminders round should
    # look at the game next (null: reminded, or nothing to remind of).
    next_close_at = fields.DatetimeField(null=True, db_index=True)
    remind_at = fields.DatetimeField(null=True, db_index=True)
    # The draw (R-LIFE-3): the commitment is published at the start, the seed (hex) only at the
    # end (db.lifecycle.reveal_seed).
    commitment = fields.CharField(max_length=64, null=True)
    seed = fields.CharField(max_length=128, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "game"


class GamePlayer(Model):
    """A player signed up for a game, in signup order, with a character name (R-LIFE-1)."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="players", on_delete=fields.CASCADE
    )
    user_id = fields.BigIntField()
    signup_order = fields.IntField()
    name = fields.CharField(max_length=64)
    # The name folded so that confusable names collide (engine.names.name_key, R-LIFE-1).
    name_key = fields.CharField(max_length=64)
    # His Discord client's language at his latest interaction (issue 19): his DMs speak it.
    locale = fields.CharField(max_length=16, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "game_player"
        unique_together = (("game", "user_id"), ("game", "signup_order"), ("game", "name_key"))


class GameChoice(Model):
    """An actor's choice for a verb in a phase, upserted: the last one wins (R-TIME-4)."""

    # ``actor`` is a player id or a team name (mafia, maniacs, zombies), as engine.Choice.

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="choices", on_delete=fields.CASCADE
    )
    # The engine's phase the choice is for: ("night", 2) is night 2. Not the game's
    # version, which host overrides and other choices bump too: a choice outlives those.
    phase = fields.CharField(max_length=8)
    day_number = fields.IntField()
    actor = fields.CharField(max_length=64)
    verb = fields.CharField(max_length=16)
    target = fields.CharField(max_length=64, null=True)
    gun = fields.CharField(max_length=16, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "game_choice"
        # With the gun: the woodman may fire two taken guns in one night (R-NIGHT-10).
        unique_together = (("game", "phase", "day_number", "actor", "verb", "gun"),)


class GameVote(Model):
    """A day's vote: one per voter per day, never changed (R-VOTE-2)."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="votes", on_delete=fields.CASCADE
    )
    day_number = fields.IntField()
    voter = fields.CharField(max_length=64)
    target = fields.CharField(max_length=64)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "game_vote"
        unique_together = (("game", "day_number", "voter"),)


class GameEvent(Model):
    """The game's event log, append-only: engine events (events.event_to_dict) in order."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="events", on_delete=fields.CASCADE
    )
    seq = fields.IntField()
    # The change of state that produced it: the game's version after it.
    version = fields.IntField()
    data: fields.JSONField[dict[str, Any]] = fields.JSONField()
    public = fields.BooleanField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "game_event"
        unique_together = (("game", "seq"),)


class GameChannel(Model):
    """A Discord channel of a game, by kind (cogs.game.server creates them).

    Its category, the public channels, the morgue, each cabinet and the host's channel: the game
    layer finds them here by kind."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="discord_channels", on_delete=fields.CASCADE
    )
    # "category", "announcements", "discussion", "voting", "morgue", "cabinet", "host".
    kind = fields.CharField(max_length=16)
    # The cabinet's key (a team, "cop", "horde") for kind "cabinet"; null for the others.
    cabinet = fields.CharField(max_length=32, null=True)
    channel_id = fields.BigIntField(unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "game_channel"


class PooledRole(Model):
    """A server role of the per-server pool, lent to one game at a time.

    Alive, dead, host and spectator roles are given back at a game's end and reused by the next
    game, because Discord limits role creation (about 250 per 48 h per server)."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField(db_index=True)
    role_id = fields.BigIntField(unique=True)
    # "alive", "dead", "host", "spectator".
    kind = fields.CharField(max_length=16)
    # The game using it; null while it is free.
    game: fields.ForeignKeyNullableRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="pooled_roles", null=True, on_delete=fields.SET_NULL
    )
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "pooled_role"


class OutboxRow(Model):
    """A game's Discord effect, stored with the change that caused it (db.outbox).

    Written in the same transaction as that change and delivered afterwards by the delivery
    worker (cogs.delivery): exactly once across crashes and processes. ``key`` is the effect's
    idempotency key (a second enqueue of the same key adds nothing); ``depends_on`` the row whose
    ``result`` (e.g. a created thread's id) this one needs; ``lease_owner``/``lease_until`` the
    process delivering it now (another takes over when the lease runs out)."""

    id = fields.IntField(primary_key=True)
    # None: an effect of no game (a moderation case's DM, timeout or ban), of ``guild_id``.
    game: fields.ForeignKeyNullableRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="outbox", on_delete=fields.CASCADE, null=True
    )
    game_id: int | None  # the foreign key's column, for type checkers
    guild_id = fields.BigIntField(null=True)  # the server of a row of no game
    # post, dm, edit, pin, delete, roles, timeout, overwrite, thread, finish, … (db.outbox.Kind).
    kind = fields.CharField(max_length=16)
    target_id = fields.BigIntField()
    content = fields.TextField()
    key = fields.CharField(max_length=120, null=True, unique=True)
    # The kind's other arguments, as JSON (a role's id, a thread's name, a post's components).
    payload = fields.TextField(null=True)
    depends_on = fields.IntField(null=True)
    # What the delivery made (a message's or a thread's id), for the rows that depend on it.
    result = fields.CharField(max_length=32, null=True)
    attempts = fields.IntField(default=0)
    last_error = fields.TextField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    first_attempt_at = fields.DatetimeField(null=True)
    next_attempt_at = fields.DatetimeField(null=True)
    # A permanent error (a missing permission): waits for the host's fix, not for a retry.
    blocked = fields.CharField(max_length=64, null=True)
    lease_owner = fields.CharField(max_length=64, null=True)
    lease_until = fields.DatetimeField(null=True)
    # Null until delivered (or given up: a DM to closed DMs cannot be delivered ever).
    delivered_at = fields.DatetimeField(null=True, db_index=True)

    class Meta:
        table = "outbox"


class BotMeta(Model):
    """The bot's own small facts, by key (e.g. the hash of the last synced command tree)."""

    key = fields.CharField(max_length=64, primary_key=True)
    value = fields.TextField()
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "bot_meta"


class ModCase(Model):
    """A moderation case (R-MOD), stored before Discord is touched (db.moderation).

    Numbered per server. ``step`` is the ladder step the decision computed; ``computed`` its text, ``applied`` what
    was applied (a moderator may change the duration, R-MOD-1). ``idempotency_key`` makes a
    double click or a retry one case. ``state``: active, expired, revoked."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField()
    number = fields.IntField()
    user_id = fields.BigIntField(db_index=True)
    violation = fields.CharField(max_length=32)
    offence = fields.IntField()
    step = fields.IntField()
    computed = fields.CharField(max_length=100)
    applied = fields.CharField(max_length=100)
    warned = fields.BooleanField(default=False)
    banned = fields.BooleanField(default=False)
    auto_mute = fields.BooleanField(default=False)
    moderator_id = fields.BigIntField()
    reason = fields.TextField(null=True)
    evidence = fields.CharField(max_length=500, null=True)
    source = fields.CharField(max_length=16, default="command")
    state = fields.CharField(max_length=8, default="active", db_index=True)
    created_at = fields.DatetimeField()
    # The sanction's end (a mute, a temporary ban); null: a warn or a permanent ban.
    expires_at = fields.DatetimeField(null=True)
    # A mute past Discord's 28 days: when the next timeout is set (engine next_timeout).
    renew_at = fields.DatetimeField(null=True)
    idempotency_key = fields.CharField(max_length=100, unique=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "mod_case"
        unique_together = (("guild_id", "number"),)


class ModReport(Model):
    """A report of a violation (R-MOD-2) by a member or a detector, judged in the mod-log."""

    id = fields.IntField(primary_key=True)
    guild_id = fields.BigIntField(db_index=True)
    reporter_id = fields.BigIntField()
    accused_id = fields.BigIntField()
    violation = fields.CharField(max_length=32)
    message_link = fields.CharField(max_length=200, null=True)
    text = fields.TextField(null=True)
    # open, upheld, rejected
    state = fields.CharField(max_length=8, default="open")
    case_number = fields.IntField(null=True)
    handled_by = fields.BigIntField(null=True)
    idempotency_key = fields.CharField(max_length=100, unique=True)
    created_at = fields.DatetimeField()

    class Meta:
        table = "mod_report"


class ModSettings(Model):
    """A server's moderation settings: rulebook (R-MOD-1), detectors, linked accounts, appeal.

    No row: the defaults."""

    guild_id = fields.BigIntField(primary_key=True, generated=False)
    rulebook: fields.JSONField[Any] = fields.JSONField(null=True)
    detectors: fields.JSONField[Any] = fields.JSONField(null=True)
    linked: fields.JSONField[Any] = fields.JSONField(null=True)
    appeal = fields.TextField(null=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "mod_settings"
