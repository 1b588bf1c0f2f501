"""A game's Discord channels and the per-server pool of game roles (cogs.game.server).

- ``game_channel``: one row per channel of a game (its category, announcements, discussion,
  voting, morgue, each cabinet by key, the host's channel), so the game layer finds them by kind.
- ``pooled_role``: the alive / dead / host / spectator roles of a server, lent to one game at a
  time and reused (Discord limits role creation); ``game_id`` null while a role is free.

Like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL, chosen by the
connection it runs on; tests/test_db_schema.py proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "game_channel" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "cabinet" VARCHAR(32),
    "channel_id" BIGINT NOT NULL UNIQUE,
    "created_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE
) /* A Discord channel of a game, by kind (cogs.game.server creates them). */;
CREATE TABLE IF NOT EXISTS "pooled_role" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "role_id" BIGINT NOT NULL UNIQUE,
    "kind" VARCHAR(16) NOT NULL,
    "updated_at" TIMESTAMP NOT NULL,
    "game_id" INT REFERENCES "game" ("id") ON DELETE SET NULL
) /* A server role of the per-server pool, lent to one game at a time. */;
CREATE INDEX IF NOT EXISTS "idx_pooled_role_guild_i_57f4ed" ON "pooled_role" ("guild_id");"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "game_channel" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "kind" VARCHAR(16) NOT NULL,
    "cabinet" VARCHAR(32),
    "channel_id" BIGINT NOT NULL UNIQUE,
    "created_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE
);
COMMENT ON TABLE "game_channel" IS 'A Discord channel of a game, by kind (cogs.game.server creates them).';
CREATE TABLE IF NOT EXISTS "pooled_role" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "role_id" BIGINT NOT NULL UNIQUE,
    "kind" VARCHAR(16) NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT REFERENCES "game" ("id") ON DELETE SET NULL
);
CREATE INDEX IF NOT EXISTS "idx_pooled_role_guild_i_57f4ed" ON "pooled_role" ("guild_id");
COMMENT ON TABLE "pooled_role" IS 'A server role of the per-server pool, lent to one game at a time.';"""

DOWNGRADE = """
DROP TABLE IF EXISTS "pooled_role";
DROP TABLE IF EXISTS "game_channel";"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return DOWNGRADE


MODELS_STATE = (
    "eJztXVtT4zoS/iuqvAxUARsCw7DsU4DMTPZAmILM7KlzOOVSbJG4xpEylgyTPTv/fdXyJX"
    "ZsBzv3GD0RpG5J/lqX7lZL+rs2ZBZx+NElE7dE4NoF+rtG8ZDIH9NZB6iGR6NJBiQI3HMU"
    "bY8JYxhS9bhwsSlk+hN2OJFJFuGma4+EzShQdwcESY53HLEXivgQO44kNQU/QL0x+k7GaI"
    "8c9Y+QkHQDzAeIPanfDuYC8TE1iYVMNhxiaiHhErJ/BPVazJQV27S/uio8av/wiCFYn0hi"
    "V1b0518y2aYW+Ul4+O/ou/FkE8dKoCmrhBJUhiHGI5V4NcDuR0UK7e8ZJnO8IY2Rj8ZiwG"
    "hEL78PUvuEEhcLYsUgpp7jBNIIk/zWygTheiRqpjVJsMgT9hwQFHD7TZik1Qyjc9c1Hlpd"
    "w6ilhBhyxEAPkkxGoQPYVHCFwBD/NBxC+2Ig/z07/eXXMwHCp4IKvzXvrz437/fOTvehQi"
    "Z7kd+9OkFOQ2X9UkVggf1CFO4ToJ+xIz86BXWX/BTZUEcMywE7TJigPRkFa4B7Brzd1u9d"
    "KHnI+Q8nDuvebfN3hfhwHOTc3HU+heQxMVzd3F0q+CdweyMLwDGwSGN+LXOEPSTZuCc5p8"
    "C3Ataj8McOiqLmEmzdUWccjLhZomnfth66zdsvCflcN7styGkkZBOm7p1NjZKoEPSfdvcz"
    "gn/RH3edloKXcdF3VY0Tuu4fNWgT9gQzKHsxsBXHKEwOWw9T29P32JiDhB42v79g1zJSOa"
    "zB8mjTWcPGcDoFU9xXMgNwoZnBevTJ73ipdUqlz1yk+iHFqwvUHSUIqGFVuMVPNkY2RRj1"
    "PduxLpAtOHLsJ2KOJfAHatmQ05stebiQvRPt/fvhroOEnHD2kVo/JIHl4pf0KrXCehZYqm"
    "wrPZTbNGf29ImnRq8cAdPjNVhytneZ6kMTDhvHpx9Oz0/OTs8liWpmlPJhxvhtd7qvLEtK"
    "pkYWtJd2PxfdONfrGM83J24A5X82GicnHxr1k7Pz96cfPrw/r0dwp7Nm4X7Z/gTQJ6bBUB"
    "YT7E2JT5+549LwTzHOJYEA3q1ZlDYjgQGmlDjlBZDg0/jPi/9ALv+lwY8xrWrueQPQgyJS"
    "xvIL6SthjSSNv+OzAsbf8bRaOzH+ICsJrrCFUwrdiGEueLdtLkmiW68Xgbdez8cX8pIAO6"
    "zXGxtDwrnUxkvPIFncehKfdyZxmUN4WgBgBWTDHzFMG9e2KdD/pG3BdxD7GTACErMdHNO+"
    "jIOkZQwFTDs4wNbyMmCHOaZFvaGCvi2biKlJUiKYcK9qPk+p7zVu96k3qpXDv/bQ/tT5+u"
    "UC+dyP9P5rp9PufLpArkepFMgj/djutB8+t65lK2xq8wGxHulVs3PVurmBRBMAcBxiTZu5"
    "m1kaRgPMSy0NEUP1lobzAuCe52J7Pg2thceG7Pk94pZwFCSZ1qdQ1le7BizoMIj5rYnLoQ"
    "nFEY1xaDin4VQusjLbABFDFYb/uncBuClXAy9LFc/XTuI8WkGZX0ExB8w2CZcfgi3HpmSO"
    "rZicIpawJ7M7stnyLRiVlCl302F8EaHH+bXEt1niz0wsNs4zC9Ay336ZzzvG09xa2tssbQ"
    "g5ssWQ0AxJ51uuSa4q6K+rCRqK6auEZLgy8xEO6auH7XGjiHNAUuW7XhopB4HpkjmDgpKc"
    "OihoW2avoA/PnLx0KFjVpL6EULCY19DmJpPZwZ5+hkv9Mijh42/3xMEi27cVC/e68kvawf"
    "7wKxwBYeqkX6QMvGXgBAVVFSbyTIB8YZRaz2QnwxoKgTRy8Ji4S0DpiyqoqjApe2lxkL4x"
    "UdnhNmLMkUt1zmZ0GaS+qJLumbO7RmcaqlWHPodrXk4EdGxJnB0IHS7DivLVgOgmuvZXbx"
    "SwQcQyVrHL/oEaKQa0Z7I+P4K0I07cZ+IiX5vnEJk8zDiks5RSH+kjbQuOwlhNP1B65PUc"
    "2wzL5X7ikLl96EUEmwNJ37MpEVHkNES7veMhx4VKg1ofqZrxYM/b8utEA+KSsH062HoLg6"
    "1BMGXM+5Bex9wVCKwIBk4pB9WEpXoelJNGAYRPGrkIQ9bWREtv5Tyx7mB17b2qmB+jiPdK"
    "KUWlVuMYR5Xi4xdalVOeoSTAaXQ/MpfYffobGacCKfPtqx0EN89gkMkufokUw3inkt8uv5"
    "gIf3FtPlw1r1u1X5s7dRm4kXItj9DJ9KrhERG+bndQJPOZqxRzYENPzJUmgjQDev5ZSRW1"
    "eYC8kTQOZGe4mJziZ5SgF5tytHd/CPPD4WmWCbKCCjKsgT+j3h9FmSbjIVUj4AdUXPtLWw"
    "8btB7WHDm8bTOVDh3emT48wTWaP4r22Yihgn12+fECalYugW5IX0FwV3CID7v9cv6ECUf1"
    "3AnL77x9L+NUQT64AXn1kF2BK0x7Ct6gp0DHuVRN6nlxLto/pP1D2j9U1D/kB9DkuIei6J"
    "pXvEMkoit0jSTwvONIcSGH9Q+QLJ9Q65DJSegivC/LDxFCe/7fI/XHkEMdzpntg5uHuRZx"
    "s2+RXHoNM91DnPzQ3p+Nen9AAsVRDaj1/L67J5p3CFHotGk484/YhvQLHa/dNlDXfb7WDy"
    "VKw34J4WuY5riEI6Yp7HuSq1qgX97d3SRAv2xPnxj/envZkqa1koAksoXeeX8jlpXeedeW"
    "1XZMXbtsWQVB9zmm1SQk/xXbajQhLBDx61Or+6CIhbxRsDPuR+dKi8a/KMo3bA7Qiy0GMt"
    "ccYChX8kFDYWf8pv2xdXicGf27ghpmGlceJy5IWOIds7hUJYaqJJkD5RtwEb82yDZpkIVS"
    "SytgM0IhY0xVWiHWHAmZGBvFe/Y0W5UksDRbjmYuyvnbciF9BbeUl7/lGU3dJQE2lvruSs"
    "VB1tZaPvTaWtPWmrbW3qa1pk7/5thq4cngVyy155CsgJ1m4fE7joDjQoUkj6RpBP+56pfM"
    "PUCUqHOTA0xlo8Fk+nbXbR02Mo2yRYubaYElIzlVsdq62qh1pQNyV7T5pfp2CfUzYtC6Zw"
    "Hdc+0xo28NYK3c50OvlXut3Gvl/g0q9/Aa3wMRQn6jL/NpDT9BMFvNVy/78ThtoWcpXfai"
    "FPHw5pTgTpQ9Vd4+EgMsIs0co6D8fyFZOMSvDQmmHMFjyIFsefajlCupZYFbUrbl9cRtMA"
    "XWsgeQbzA4UuqeHB9ldK84T/XOlSz5iCRoRf+Vlncp5TbGsz71ttbyXDYi/7hlcpZ4qe2o"
    "pusfSsdzPhGaxa2fOJt3w1E9OQlXy833WGWMU8tgXhmAsiIxYu58gshk19KYVxoO6xvz3g"
    "eV5tVymFcO2h+SL5Dq+kP0Uc+qST3EaIErzVfpYojdiZvhX0jemJvvXIjd0Vt0FzGw8IEF"
    "bmFVd6gS9zBIhgIPkAPGvWBqWxD0XoSFtP5VR87YSFywRLjXtenYz7K18GDRgbqgVd3Wyk"
    "fEFKBhqLI5wq5kloQUgQz8IsJTe5IcWFzicWLBna3QDEp+ikcaXDNLTCzzIk+HYw9twf1W"
    "q5lbIoT2cI95AjXe15VX5PQcDdQP/1ty9z31xuYGNza3xWWUnqar6jNKvlRdGvpFzYWt7N"
    "5rBl5ffLzC2160MvhWlMHNbolup71djR3RLcN20Q1RWT/qfL252dSOaJO4tjmoZZgqQc5M"
    "MwVPaF6zUPIR1Xr3dundubc+zLwtMefahyooIo337wtoIpIqVxVReVP3fcpBVQLhgLyC6B"
    "7X60X0vHo9X9GDvClnL6Mi8w3W/Ks2Yiz6to2St21s1Pf26//K5xBJ"
)
