"""A game's version and its two kinds of deadline; the guild's language may follow the bot's.

- ``game.phase_number`` and ``game_event.phase_number`` are renamed ``version``: a counter every
  write to a running game bumps (not a phase's number).
- ``game.deadline_at`` (one "next deadline") becomes the current phase's deadlines, each an
  announced instant and a closing one: ``choices_deadline_at`` / ``choices_close_at`` (day choices
  in a day, R-TIME-1; night choices at night, R-TIME-3) and ``votes_deadline_at`` /
  ``votes_close_at`` (the day's vote, R-TIME-2). A stored deadline becomes the ending one of its
  phase (the vote's in a day, the choices' at night), both instants. ``game.status`` is indexed
  instead (the scheduler's query of running games).
- ``guild_settings.language`` may be null: the bot's default language (DEFAULT_LOCALE). Existing
  rows keep their language. SQLite cannot drop a column's NOT NULL: the table is rebuilt.

Like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL, chosen by the
connection it runs on; tests/test_db_schema.py proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

# The old "next deadline" was the end of the current phase: the vote's in a day, the choices'
# at night.
CARRY_DEADLINE = """
UPDATE "game" SET "votes_deadline_at" = "deadline_at", "votes_close_at" = "deadline_at"
    WHERE "phase" = 'day' AND "deadline_at" IS NOT NULL;
UPDATE "game" SET "choices_deadline_at" = "deadline_at", "choices_close_at" = "deadline_at"
    WHERE "phase" = 'night' AND "deadline_at" IS NOT NULL;"""

GUILD_SETTINGS_COLUMNS = (
    '"guild_id", "language", "timezone", "game_category_id", "host_role_id", '
    '"moderator_role_id", "log_channel_id", "created_at", "updated_at"'
)


def _rebuild_guild_settings(language: str) -> str:
    """SQLite cannot change a column's NOT NULL: make the table again with ``language`` so
    declared, copy the rows, put it in the old one's place."""
    return f"""
CREATE TABLE "guild_settings_new" (
    "guild_id" BIGINT NOT NULL PRIMARY KEY,
    "language" {language},
    "timezone" VARCHAR(64) NOT NULL,
    "game_category_id" BIGINT,
    "host_role_id" BIGINT,
    "moderator_role_id" BIGINT,
    "log_channel_id" BIGINT,
    "created_at" TIMESTAMP NOT NULL,
    "updated_at" TIMESTAMP NOT NULL
) /* One row per Discord server (guild) that changed a setting; absent means all defaults. */;
INSERT INTO "guild_settings_new" ({GUILD_SETTINGS_COLUMNS})
    SELECT {GUILD_SETTINGS_COLUMNS} FROM "guild_settings";
DROP TABLE "guild_settings";
ALTER TABLE "guild_settings_new" RENAME TO "guild_settings";"""


def _game_upgrade(timestamp: str) -> str:
    """The game tables' part, the same on both backends but for the timestamp type."""
    return (
        f"""
DROP INDEX IF EXISTS "idx_game_deadlin_4a9124";
ALTER TABLE "game" ADD "choices_deadline_at" {timestamp};
ALTER TABLE "game" ADD "choices_close_at" {timestamp};
ALTER TABLE "game" ADD "votes_deadline_at" {timestamp};
ALTER TABLE "game" ADD "votes_close_at" {timestamp};"""
        + CARRY_DEADLINE
        + """
ALTER TABLE "game" DROP COLUMN "deadline_at";
ALTER TABLE "game" RENAME COLUMN "phase_number" TO "version";
ALTER TABLE "game_event" RENAME COLUMN "phase_number" TO "version";
CREATE INDEX IF NOT EXISTS "idx_game_status_8422a9" ON "game" ("status");"""
    )


def _game_downgrade(timestamp: str) -> str:
    """Back to migration 2's game tables: the phase's ending deadline returns to
    "deadline_at". (A guild that follows the bot's language gets "ru", the old default.)"""
    return f"""
DROP INDEX IF EXISTS "idx_game_status_8422a9";
ALTER TABLE "game" ADD "deadline_at" {timestamp};
UPDATE "game" SET "deadline_at" = COALESCE("votes_close_at", "choices_close_at");
ALTER TABLE "game" DROP COLUMN "choices_deadline_at";
ALTER TABLE "game" DROP COLUMN "choices_close_at";
ALTER TABLE "game" DROP COLUMN "votes_deadline_at";
ALTER TABLE "game" DROP COLUMN "votes_close_at";
ALTER TABLE "game" RENAME COLUMN "version" TO "phase_number";
ALTER TABLE "game_event" RENAME COLUMN "version" TO "phase_number";
CREATE INDEX IF NOT EXISTS "idx_game_deadlin_4a9124" ON "game" ("deadline_at");
UPDATE "guild_settings" SET "language" = 'ru' WHERE "language" IS NULL;"""


SQLITE = _game_upgrade("TIMESTAMP") + _rebuild_guild_settings(language="VARCHAR(8)")
POSTGRES = (
    _game_upgrade("TIMESTAMPTZ")
    + """
ALTER TABLE "guild_settings" ALTER COLUMN "language" DROP NOT NULL;"""
)
SQLITE_DOWN = _game_downgrade("TIMESTAMP") + _rebuild_guild_settings(language="VARCHAR(8) NOT NULL")
POSTGRES_DOWN = (
    _game_downgrade("TIMESTAMPTZ")
    + """
ALTER TABLE "guild_settings" ALTER COLUMN "language" SET NOT NULL;"""
)


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES_DOWN if db.schema_generator.DIALECT == "postgres" else SQLITE_DOWN


MODELS_STATE = (
    "eJztXVtT4zoS/iuqvAxUBRYyDLDsU4DAZA8kU5CZPXXOnHIptkhc40geSSaTPct/X0m+33"
    "IjCYnRUxypW5K/1qW71ZL/ro2IhRx2eEn4PeKwdgH+rmE4QuIhm1UHNei6cYZM4LDvKNo+"
    "4cYopOozTqHJRfoTdBgSSRZiJrVdbhMsqXtDBATHBwbIGAM2go4jSE3O6qA/AT/QBOyhw8"
    "Eh4IJuCNkQkCf17EDGAZtgE1nAJKMRxBbgFKH9Q1mvRUxRsY0H66vCw/ZPDxmcDJAgpqKi"
    "P/8SyTa20C/Ewr/uD+PJRo6VQlNUKUtQGQafuCrxagjpjSKV7e8bJnG8EU6QuxM+JDiiF+"
    "8nUwcIIwo5shIQY89xAmmESX5rRQKnHoqaacUJFnqCniMFJbn9JsRpNcPodHvGY6tnGLWc"
    "EEOOBOhBkkmw7AA25kwhMIK/DAfhAR+Kv6cnL349MRA+lazwW/Ph6nPzYe/0ZF9WSEQv8r"
    "tXJ8hpqKwXVQTk0C9E4R4D/Qwd8dI5qHvoFy+GOmJYDdhhQox2PAo2APcUeHut33uy5BFj"
    "P50krHv3zd8V4qNJkHPX7dyG5AkxXN11LxX8Mdyea0lwDMjzmF+LHG6PUDHuac4M+FbAeh"
    "g+7KAoahRBq4udSTDipommfd967DXvv6Tkc93stWROIyWbMHXvNDNKokLAf9q9z0D+BX90"
    "Oy0FL2F8QFWNMV3vj5psE/Q4MTAZG9BKYhQmh62XU9vTj8SYkwl9aP4YQ2oZuRzSIGW0+a"
    "xRY5RNgRgOlMwkuLKZwXp063e83Dql0qcuUoOQYuYC1cUISGq5KtzDJxsCGwMIBp7tWBfA"
    "5gw49hMyJwL4ulo2xPRmCx7GRe8Ee/9+7HYAFxPOPlDrhyCwKBznV6k11vOKpcq28kO5jU"
    "tmT584M3rFCMiO12DJ2d5laiCbcNA4Pjk7Of94enIuSFQzo5SzKeO33enNWJaUTI0iaC/t"
    "QSm6Sa7ZGC83J74Byv9sND5+PGscfTw9/3Rydvbp/CiCO581DffL9q2EPjUNhrKIsTcFPg"
    "NCJwvDn2FcSgIBvFuzKL2NBIYQY+QsLoAUn8Z/WfyHYvlfGPwE07rmnncAvVREFrH8QvpK"
    "WCNp4+/4dA7j7zir1sbGn8xKgysVIY8Vw9vC3khB3BZNgsKiz0Edc68L7NzaWmP2AHtubT"
    "G8a4/t287XLxfA5/6OH752Ou3O7QWgHsZCAN/xTbvTfvzcuhatsLHNhsj6jq+anavW3Z1M"
    "NCUAjoOsrA76NnJzh5AtNCoihqUktW1rQArd8znAPS/F9jwLrQUnhuj5fUQX0OLTTJub7Y"
    "+2WptPOJUQZbIJ8yOa4NBwZuFU9usiPrqIoQrDf9MuOmaK1cBzCgCXDoQSwBM8WdecbXLw"
    "P+DYbAfV7ynYSzCmY5+FuZ72q8kCstibQ2KbiIkXgZZjY7SEn7SkiBU4THdHNlvuH1VJhX"
    "I3HcJeI/Qkv5b4Nkv8mfDXjfPCArTMt1/my47xPLeW9jZLW8YD2HyEcIGkyy3XNFcV9Nf1"
    "7Ogn9FWECjyV5QiH9NXD9rgxj3NAUJW7Xho5B4FJ0ZI79mlOvWO/LbNX0IenTl46TqNqUl"
    "9BnEbOXinYIAoYb357QA7kxS6tRAjGlSpoB3vBS9jvw9S4N8QwoWckyV+NUusZ7eQW2lwg"
    "uQ6cILoClL6ogqoKk1L/Xw/SN8IrNdzWHTsWTFAlEWTx9DU9jswwY8KZ4WRNDEQ+oR8Y8N"
    "nAE6EAgmdE+37El9reqgPPZYgKEV7EscgEIzC2MQN7DwdyQTg4KYh2XkcFBQFkf0YhdNF2"
    "XHrjSDVCPsiKa3/pgLM3DDjb8Bbrts0veo91Z/pwjGs0f8zbZyOGCvbZ1TtW1Ky8ALohfQ"
    "XBXX1IC4dUrJSLwBtzVM9ztfrOO/AKwi/KwQ3Iq4fs6nuudgiWQ7+briHtEHyPUi9zCKZm"
    "UWm7LmRvJTi0zhrorDkXaxrgPLo3hCJ7gH9Dk1xEcrlnZwfBLfPqiGQKx5Hpn+xU4t3FGy"
    "Pur+fNx6vmdav28nZnC33XbIl7KPLbzvAOoYhursPwkucDA4oLOGRQB6J8hK0DIiahi/DU"
    "n+98Bnv+76H6McRQlwF5+9LNQ6iFaPFZ+JXXMNU9xNBP7f15U++PlMD8qAbUen7f3dDvHU"
    "JUdto8nOWxyCH9q+KQtw3UTQciu17fsc2C7SZCHARxiUs4Yspg3xdc1QL9stu9S4F+2c6G"
    "1n+9v2wJ01pJQBDZvspScNhV29MVs6zmsae1ZaUtK21ZTbOsgnCOEtMqDvaYYVu5MeHsnX"
    "fgU6uDs8gCnhvsjMuS6tKi8U/U+oZNHYxtPhS55hDKcgWfbKjcGb9r37QOjou23tdRw1Tj"
    "ymOISgkLvBMWl6rEUJWkc2T5hrxOTBtkb2mQhVLLK2BTbmBIMFVphdjwDQypsTF/z86yVU"
    "kCK7PlcOGiXL4tF9JXcEt59Vue0dS9IMDGSm+PrDjI2lorh15ba9pa09ba+7TWVFx5ia0W"
    "xpzPsNSeQ7I57DQLTj4wIDkuVEiyK0wj+Y+qJ5FbBxg9i0d5JZxotDSZvnV7rYNGoVH22u"
    "KmWmDpSE5VrLau3tS60gG5a9r8Un17AfUzYtC65xy658ZjRt8bwFq5L4deK/daudfK/TtU"
    "7uWd4o+Ic/GOvsyzGn6KYLqar+4nZ0nauS7Xp2SsFPFrm5mEWoAhKpXxPVXePuBDyCPNHI"
    "Kg/H8BUbiMXxshiBmQn3QJZMuKr9ZfSy2vuFh/W+6A3wZTYCN7AOUGgyOk7onxsYjuleSp"
    "3rmSFR+RlFrRf4XlvZBym+DZnHpba3mUuOgf90TMEuPajmq6/qH0ZT90UMStb9tfdsNRXZ"
    "xPiVOshM68cj/BqWWwrAyksiIwInQ5QRSya2ksKw2HDIxlvwGS59VyWFYO2h9SLpDq+kP0"
    "Uc+qST3EaEu/0ddE1DaHtQLfQpBTn+ZUgDHNLGdCuZz19++2a4eu9BjV1OtHSs5RVWGzo/"
    "Hp0xw2oKAqNQJVXuYCHdddBOGAvILoHh8dzXNNxtFR+T0ZMi+jPRHMC29/Lj+7lmDRx9cW"
    "PL72povZy/8B8HjZeQ=="
)
