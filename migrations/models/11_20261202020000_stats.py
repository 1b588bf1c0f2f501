"""Statistics and ratings (issue 22): each counted game's result and seats, the servers'
rating pools, the ratings and each game's rating changes (db.stats_models, db.ratings).

Five new tables; like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL,
chosen by the connection it runs on; tests/test_db_schema.py proves both end at the models'
schema. Nothing to copy: the tables are derived from the stored games, and
``python -m db.rebuild_ratings`` fills them from the games finished before this migration.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "game_result" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "mode" VARCHAR(16) NOT NULL,
    "winners" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(32) NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL UNIQUE REFERENCES "game" ("id") ON DELETE CASCADE
) /* A finished game as counted: its kind, its winners, when it ended. */;
CREATE INDEX IF NOT EXISTS "idx_game_result_guild_i_735e5a" ON "game_result" ("guild_id", "ended_at");
CREATE TABLE IF NOT EXISTS "game_seat" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "user_id" BIGINT NOT NULL,
    "dealt_role" VARCHAR(16) NOT NULL,
    "final_role" VARCHAR(16) NOT NULL,
    "roles" VARCHAR(200) NOT NULL,
    "side" VARCHAR(16) NOT NULL,
    "won" INT NOT NULL,
    "survived" INT NOT NULL,
    "cop_hits" INT NOT NULL,
    "checks_found" INT NOT NULL,
    "saves" INT NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_game_seat_game_id_7ffa61" UNIQUE ("game_id", "user_id")
) /* One player of a counted game: his roles, his side, what came of it, what he did. */;
CREATE INDEX IF NOT EXISTS "idx_game_seat_guild_i_3a6cd9" ON "game_seat" ("guild_id", "user_id");
CREATE TABLE IF NOT EXISTS "rating_pool" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_pool_guild_i_d19b65" UNIQUE ("guild_id", "pool")
) /* A server's rating pool: forum games, quick games, or all of them. */;
CREATE TABLE IF NOT EXISTS "rating" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu" REAL NOT NULL,
    "sigma" REAL NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_guild_i_ef825f" UNIQUE ("guild_id", "pool", "subject")
) /* An openskill rating (mu, sigma) of a player or of a side in a server's pool. */;
CREATE TABLE IF NOT EXISTS "rating_change" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu_before" REAL NOT NULL,
    "sigma_before" REAL NOT NULL,
    "mu_after" REAL NOT NULL,
    "sigma_after" REAL NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_rating_chan_game_id_8fa121" UNIQUE ("game_id", "pool", "subject")
) /* What one game did to one rating: before and after. */;
CREATE INDEX IF NOT EXISTS "idx_rating_chan_guild_i_d7f662" ON "rating_change" ("guild_id", "pool", "ended_at");"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "game_result" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "mode" VARCHAR(16) NOT NULL,
    "winners" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(32) NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL UNIQUE REFERENCES "game" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "idx_game_result_guild_i_735e5a" ON "game_result" ("guild_id", "ended_at");
COMMENT ON TABLE "game_result" IS 'A finished game as counted: its kind, its winners, when it ended.';
CREATE TABLE IF NOT EXISTS "game_seat" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "user_id" BIGINT NOT NULL,
    "dealt_role" VARCHAR(16) NOT NULL,
    "final_role" VARCHAR(16) NOT NULL,
    "roles" VARCHAR(200) NOT NULL,
    "side" VARCHAR(16) NOT NULL,
    "won" BOOL NOT NULL,
    "survived" BOOL NOT NULL,
    "cop_hits" INT NOT NULL,
    "checks_found" INT NOT NULL,
    "saves" INT NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_game_seat_game_id_7ffa61" UNIQUE ("game_id", "user_id")
);
CREATE INDEX IF NOT EXISTS "idx_game_seat_guild_i_3a6cd9" ON "game_seat" ("guild_id", "user_id");
COMMENT ON TABLE "game_seat" IS 'One player of a counted game: his roles, his side, what came of it, what he did.';
CREATE TABLE IF NOT EXISTS "rating_pool" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_pool_guild_i_d19b65" UNIQUE ("guild_id", "pool")
);
COMMENT ON TABLE "rating_pool" IS 'A server''s rating pool: forum games, quick games, or all of them.';
CREATE TABLE IF NOT EXISTS "rating" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_guild_i_ef825f" UNIQUE ("guild_id", "pool", "subject")
);
COMMENT ON TABLE "rating" IS 'An openskill rating (mu, sigma) of a player or of a side in a server''s pool.';
CREATE TABLE IF NOT EXISTS "rating_change" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu_before" DOUBLE PRECISION NOT NULL,
    "sigma_before" DOUBLE PRECISION NOT NULL,
    "mu_after" DOUBLE PRECISION NOT NULL,
    "sigma_after" DOUBLE PRECISION NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_rating_chan_game_id_8fa121" UNIQUE ("game_id", "pool", "subject")
);
CREATE INDEX IF NOT EXISTS "idx_rating_chan_guild_i_d7f662" ON "rating_change" ("guild_id", "pool", "ended_at");
COMMENT ON TABLE "rating_change" IS 'What one game did to one rating: before and after.';"""

DOWN = """
DROP TABLE IF EXISTS "rating_change";
DROP TABLE IF EXISTS "rating";
DROP TABLE IF EXISTS "rating_pool";
DROP TABLE IF EXISTS "game_seat";
DROP TABLE IF EXISTS "game_result";"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return DOWN


MODELS_STATE = (
    "eJztXetX2zgW/1d0+FI4J7CQQttlPgGlHXZ49ACdmbPDnKDYSuLFkTKWTZrd6f++98rv2E"
    "7svOPqS0skXdn+6XVfuvd/O31hMlsenAv3hrl055T8b4fTPoM/xqsaZIcOBnEFFri0bau2"
    "beG2+mGrtnQdarhQ3qG2ZFBkMmk41sC1BMfWjz1GgOKNJGLIiexT24amhisbpD0iL2xEdt"
    "lB94C40K5HZY+IjvrbptIlcsQNZhJD9PuUm8R1GNs7wOeawoAHW7y7vEd43PrLYy1XdBk0"
    "duBBf/wJxRY32Tcmw5+Dl1bHYraZQhMeiT2oipY7GqjCix51Pqmm+P7tliFsr88TzQcjty"
    "d41B6+D0u7jDOHusxMQMw92w5GIyzy3xYKXMdj0WuacYHJOtSzcaCQ2n+FuGyn1bq9e2w9"
    "XD62WjuZQQwpEqAHRYbgOAEs7kqFQJ9+a9mMd90e/Hx3/N1/TgyE3wof+OvZ/cXPZ/e774"
    "738IECZpE/vW6Dmqaq+q66oC71O1G4x0C/Uhs+OgP1I/vm5kMdESwG7LAgRjteBSuAewK8"
    "j5e/P2LPfSn/spOw7t6c/a4Q74+Cmuu7289h88QwXFzfnSv4Y7i9gYngtKibxfwj1LhWn+"
    "XjnqYcA98MSA/CP7ZwKHYcRs07bo+CFTdpaK5uLh8ez26+pMbn49njJdY0U2MTlu6+G1sl"
    "USfkt6vHnwn+JP++u71U8Arpdh31xLjd47938J2o54oWF8MWNZMYhcXh2+PW1nlJrDksaF"
    "PjZUgds5WpEU1R1DZb1W/2x0sop101ZgguvmZwHn32J17mnFLlEw+pbthi6gF1xxnB1ngq"
    "3NCORYnFCSVdz7LNU2K5kthWhxkjAL6hjg3Y3iygkS7MTrL7r4e7W+LChrNH1PkBDUyHDr"
    "On1BKfM8dRZZnZpXzFC3ZPv/HY6oUVML5egyNnc4+pLr7CfvPo+P3xh7fvjj9AE/WaUcn7"
    "Cev36vZxyrGkxrSVB+251S1EN0k1HePZ9sQ1oPzPZvPt2/fNw7fvPpwcv39/8uEwgjtbNQ"
    "n386vPCH1qGwzHIsbeAHy6whlVhn+McKYRCODdmENpPSPQo5wzu/oApOg0/rPi34PjvzL4"
    "CaJl7T0/APTIiFSR/ML2tZBG0sLf0bsSwt/ROFsbC39YlQbXtVy7EroRwUzwbtpekkb38L"
    "AMvIeHxfhiXRpgW7Tbo1afSQnceOUdJI9ab+Kz7iSOsJnMDgBKAfnwRwTjwrVluORvkC3k"
    "FmI/AUZEYrKCY1yX0UhLxtjBuIIDZS0vB3bcYy6511fQX8ErUm6wzBDE1MvazzPs+460ut"
    "wb7FTDf+fh6vPt1y+nxKd+4vdfb2+vbj+fEsfjHAbkiX+6ur16+PnyI7yFxS3ZY+YTvzi7"
    "vbi8vsZCAwGwbWaOi7nrORoGPSorHQ0RQf2Ohg8lwP1QiO2HcWhNOmrBzG8zp4KiIE20Oo"
    "bycLlnwJwKg4TemjkSX6E8ogkKDec4nEpFVsUMEBHUYfmv2gogDTgNvDxWvJg7SdJoBmV2"
    "BsXoCctgEj6EmrbF2QymmIIuFmCT2Z6x2XATjCrKHXfDFnKeQU/S6xHf5BF/Fe586zy3Az"
    "3mmz/ms67xLLUe7U0ebXQ5stw+4zkjXSy5pqnqwL8ux2kowa8ylqPKLEY4bF8/bI+aZZQD"
    "0KpY9dLMKAgMh83oFJSm1E5Bm7J7BXN44ualXcHqNuoLcAVLaA0taQioDmz6OSr186CHT7"
    "/cM5u6+bqthLvXhd/TFs6H7+EKCEvjeZER8BaBE3ZUV5jYK8Pmc6N0+cq20q2hFEgDm46Y"
    "swCUvqiO6gqTkpfmB+lX4dZ2uQnPbYtv82F0p/q4hwOlpiANhLCBnymw2FeB6ovq6V7Y2y"
    "uZZ6Gq5B+ecIBgEt+vEM87zh4F/FNukd5HvdUI1YqO9CEHVeBPn2CwJrvVh0ydajnVvf6M"
    "fPR5QRKQof87VZ7w/vUsQJbsGqIrD7DsQDLnlTnElw0l+rn3c658LaTXJ/7Er1xJQs9f3+"
    "1+4LVtywj7lX5hXzhdnBiMGj1o37Y4cyM/fPSdfCNDilNVhk994ur8RA8K038m6TGHhe+n"
    "Xfc30HUfB6aKsihsrz04S7jpBAunkrozJqmfPu5tswTCb5uFCGPVxvjeb+Q+seqrD1oXWj"
    "OtWBldqGKKKp3GCYo63baY61TO6BnTAGfR/SQcZnX5L2yUccstFgS2ENwiGQCKHTqMGMPk"
    "pIJvhy9mrn+4nj1cnH283Pm+vju8gVKyUPIIVZZTBY+o4XS5gxOoF45izJGMdIQDIgKIAW"
    "3/5q3yAW4QbwDCAUyG0zgmhOCMDC0uye79Pu4P+8d5IsgSHpAjDfwRzf7IZzntXateAv/A"
    "B6vp7fGdP7UQsUYhYsXu6Ju2YWl/9K2ZwzGu0TZSds5GBDWcs4t3Qgk357Lohu1rCO4Sbo"
    "ZSp1tNrRBT1E+rsPjJixxFBXCD5vVDdgkaMa0w+AEVBtp5qm6jXuQ8pdVEWk2k1URl1US+"
    "V1aBlihy2ZqiJGJRu1KxSZHmjSSKitii2yDQP+PmvoBN6DQMwub7nZFd//8D9V8LljpeXt"
    "xDbY9wTObkhyZd+BMmaokk+0trf9aq/cERKI9q0Frv79t7TX6LEMVJm4Wz+N522H6uO9ub"
    "BuqqL237HkVZ2M/R3Y/yApVwRDSGfRuo6gX6+d3ddQr086vxMARfb84vQbRWIwCNLFcb4H"
    "8QyUob4LVktRlb1zZLVsFNjgLRKr7nMUW2GsQNSzj++q1VkDFmEm8QGMh9J12QaPzoY75g"
    "0yBDy+1BrdGj2C/Q4Yuigfz66tPl/lGuE/ASnjBRuPIkc3CEAe+ExKUe0lIPSddg/y3M7q"
    "AFsnUKZOGoZRmwCR6RCaI6nRArdohMrY3yM3ucrE4jsDBZjuceysVmubB9DU3Kizd5Rlt3"
    "RYBbC03mU3OQtbRWDL2W1rS0pqW1H1NaU1fKC2S18Lr5FEntNWxWQk4z6eiNJEhxqjyTBy"
    "Aa4S9H/QW1DcKZuj7ZoxxeGkWmX+8eL/ebuULZvN1NlMDSnpyqWy1drVW60g65SzJ+qbld"
    "gf2MCDTvWYL3XLnP6I8GsGbui6HXzL1m7jVz/wMy95ji8YG5LnyjP+bjHH6qwWQ2X6WLlM"
    "m2pXKdOmKoGPEwgEoQGmVX9bdH3B51I86ckqD/nwh0jv5rfUa5JJhhOxhbmZ/pdClPmSNY"
    "yqak5NwEUWAlNoBigcGGUfdgfVThvZI09btXsuArksgV/Rck70rMbYJmdeztzqXniAH7x4"
    "2AXWK4s6Wcrn83nc6YdzaPWufNm9XgqPKYYii+2TKgJij1GMw6BsisAEbCmW0gcsn1aMw6"
    "GrbotmYNC5Wl1eMw6zhofUjxgNRXH6KvetZt1EOM5oiTv0wVw40wLzCYTI5yIaxqTFIrQB"
    "Fwo7K08TA4reE3QTI05t3cfdxrEAknOAj3bdaB/yM9gCWJKzzMBkh2zfZBTJ1rSlxc5xjr"
    "9VYZnKASFRO+QuKAPD9Llw2enxWxis9kmlgNheq3yQxLqhcQ/YEHi+snIAn/RjIX6Ng3tw"
    "HFgKptqdJhj7pPfEglCcrILiURY0P6dBRoP/xneP5rNoj6PnRFhd4sk/UHwmXcGKFXEfTa"
    "py8MenzipvBguIhhW8YLUS6vDnOdkTK3IlD+Z8FW8Px8ilGqrFcYO/ZtYMHXN6Dtq3hhhf"
    "Fn/0ipPQIrnbaxrtPGuinaq3WfGGth3Cobt7Vhe6Jhe1PdseuqiU24FFgiDpZf2q0gSVRD"
    "y/figzCLTocFxreSO0aCQm8ZuQm+2aACnGFzjWWeHiLgXavsAUmaGm4BR4eHJfYAaFUc2Q"
    "vrxgIq+ox/FZgTJBrlciiDwMzzQJ54tz4mWuHd+qhkay/Xt1ERXBXrmEhjXQFrpV3qe24O"
    "FzER7hSdRrwC4rHZaXaDlZa155RQHEZlnnjyyL4VgB9T1MEvZJIO/PL3x9RUz4SmiVTg13"
    "e3n8Pm4/Fq0nizV8vMl1WKuZQkTR0wT3MpJ6W4lJMJXMpJlkuRwnOqgRxTrNAbB3PLUx6+"
    "zNYF01Ua70oghwTLwjijUtrxlfGrQXjBbmXagD3Ttr3Zpsusxdo3E8kZhjlNuYBh3rCDok"
    "6j7ADywxnGOEmnR3iTR3jMfFzlXMwhXcwJuV4j7fK1Udrbpxh97e2zHG+fezYQTm7U7Liy"
    "Mc3jx4nblfD58Vv7KZcj82DgnLPf3MMEx5T0GVrBfe8Uk7kM0wU1yH88E6/8WDxIq2zu26"
    "Kb5/qzlGfobMvar6Xc3lh/ZwB/gc3gijFGqLWdMw8BNQxPsuoLIE2nB0A7xGy2Q0yfSQn8"
    "S8u2+EsVpMfp6qdtbpaSQpoTpJBmVgpBd+QqJpSwfR3gXbUBZfN0zjl6fTFgfDtVzlSy6s"
    "GlxqhqdGVtYU5gPcpNGziIdo5eaOIl2RRdjZBdMeOhlXOrV85p+9VMp+ZmK+N8vffmaOMm"
    "BfdJVjemaeSqBfY5C+6zvZHJO3NhH6fE8WzWFuIlVKAd7TUihZlsEGSwMRCPYQgPpoSfoY"
    "7aeXq5pTxH3c4TGDToNLh0p6P+bOUJV6zqC2dGdiiKs48laebKQLZhPMcEcJeSgCxagVXA"
    "TxFp9GdH39/0qkAfU2jcZ8fdP1uqKEJiCq0Kqa4K0cbv4iNYG7+XwG7feW5bfLtX75Vhtu"
    "PKiay2UM3KMtlBKucw3gTrdOCIjKJRqPxiyL5GoR0wyCVFUw2xXBWSwn9cbqyLhfWNzPRv"
    "juW6jIc2cImJzuDruET/U+DYqUyG4CSUm8Bz29arCo9BOy5zcHgkWtl9flzVjZ74UDgvGM"
    "fTEF15EBbvnRL2DXq2MQKFAd0ZjpCSGA6VPQxYAb0PHGEwKZnE0BR+NIsg4Ib/oW/kE09o"
    "Ngg0wZAZksFKAjA4LGOPoTdA9DnYAqapJFy4PUBxDwNzmAwza8uW4PAAbIpxSIc9IdkTlM"
    "Csh2UNNbvsoHuAqeB8wR5a4gIF9C0VmxTeDCNpcMZMib3aDDWKYgh7zvPzP8LfIMFYtv+Y"
    "Jx58X4gUvA8OC6wZ+Ap8QcDMVdE7BIZBHfaYPzCqJ5CaOFR4bmH+A+2ksEYnhReLV7rFGb"
    "avoWlw8T77flD9yiJ6ikwbwGfWQ8NLwH5byVqYIKnFDF81m1xR3T+Pin9cINkkDX+zlIa/"
    "OUHD38xo+Ad0ZAuas5UUz+YEiZb5qk/mmN+qwHikiWpkRFyYedZnVKtsEzFFHabxsh2SKA"
    "hH/YGbow8t9rlLkKyO4TjckglrU+m2mOOIHD+N4s03TVWHibvq/VfbtIun+Hbq3MoEFe5Y"
    "DiycYEeaYezz6PVlvs1RsmZHnMMeOseA55Dr8d7k8W7bwsg1GhZzgAmSOpyky07aktDpVk"
    "F5jEwjXRZppS2vum+Nkeo9a5P3rMiANMMBNU67kpFepfarTgOtc3zqHJ/LXyrbmuPzC4Zn"
    "NO+FwjbjlpCobUzySxiodioDlmpY2gOYIEloKB8wZz8oxg4bxMbsmq5Q5m3Ej1CXUKK21p"
    "2xwZm/R3REOLNV7gkTZPEGwRRryhtADpjhqkwY2Lck1AFiaMgJjoHfReAPwaA5kjhM+ToE"
    "Dgko0DxxbNIgbab8ICLPCdvqY1IO9dZKy6ECB9C28FzSPDlU2T+OP5BeIg2INrxvouF9U7"
    "y318s5rCk6wCyZ++bN17eR03vFwGtvkyV6m2gX1WLot1NdXuSiul55ZcO0DLUSVzYM23ml"
    "FXg+uf16fb0ucQVRv/edB3LElUTtRHFFfV3sg1BGXOlY3JKYqs+XGiRRdwKZeapS6uGx1l"
    "B/DS0O80E2fKdZy0WJIEheNyauzNkjiitXUD2A78D41kG6PRQ3ErJI0Kfv6Jz0UDZDEcl/"
    "etIzuaR0kU68p14Kz5s/tdShpY4fxB9Vc7/LCqWCm3YVZMP2NUR28XJFcKJUwTdBUkOIF2"
    "9FLMoMMsklcq7MIJsN8OJ9IiN+IwPxlKjvCboaysXbKwdvpOFu61nHCndfE1HiGM1zNj4P"
    "yD79cs8KQ0omJLEHRreRlSwSkdP7O8UQMi3/QuqcWN2rvi5UV3XCK6sHmKaEuePsUcA/S7"
    "YYr3VVL8dePLdSRS3WApVKuJCnKFRk2GyqOgWGmAxsOsJg6BgxPdRSYDenBC80K0NrQ/0p"
    "LZOh8kPdIO8r067lBgV42dvK0a4s+gHqknr82w/71IFv9BUutugG6heDOS4MKtlVl9/F4I"
    "2ER2DoKP93v29JSTEelSEchxnuEzd6zHgJGsA3uAJrJX1l8iditg8UsupJhXqZP6LVFKYd"
    "/3OiqibVSmtqtKZGa2q0pmZmTU24m1Sa1QkiPalnntQmo7YbOV2VndppqhpO8MUrzDoWp3"
    "ZloNNUGugSQCuurJLWLCSoIbxLibaPzG4VgMP2NcR3CYr1PJXvxATow1zFwDJTn69H+bjA"
    "zOfSc16t17zbZhORTpJpuMvDDUJsC0XYChJhkkQHH8gAqgT+Vkd4eSJJMahjZBrYzMaASp"
    "MKiEbtNZTjUGrrmrauLd+6tm5ucGv8TGOfxi2DeMsvx/mWuZ0cs0hQ05hkFHHiNtMdTDnB"
    "tFfyxbJt4hOS3b7XINLq9umeb8UILRqBUQNFMwyZS+MsF3jJLcfXdIGdoyXk+Vl67f8ww3"
    "1+9i0hPi00Qb0escyGn+MW+0BjhusokcvvDoEiu9AFVJ66Q7GPf5inrhhCv5NsHElFeMCw"
    "B6+RsXdow4Y2bPwgOuBwKZTV54Tta6jPWbBhI9xcKoCbIKkhvsdlAD4uRvg46+Xr5TBItq"
    "AFW4bffAzZDrbfQmwnYPnx7uv59SX5cn95cfVwFeQaiYQHVZnW2txfnl1n9LxwtFdCN6LQ"
    "AJcBGFnWKtqGqL3WNlR0TFw+hx/43hXy+bFv3jRuP/AILMf0K4+iKBKFaZlhZAq/r1PSZh"
    "0QF1VACZXlIsvaV+8CGfhHTGTBMYOE9Pp96ozIxxsie2IoI0EAXZT8bBt+8gzs/8C/slbC"
    "EWkag57Pzus7ZJqB1wy8ZuA1A789DHzLP2Aq8vEJKs1tlmbnZ8F6nFDDXQZumKGKW6o6rS"
    "MiDXP5WV0d6TE6DXYZsLVNV9t0tU1X23S1TRe+DgOb7hTqe74EMtZUbU8ojJUPePpGhhZY"
    "pIXmwvH6SnsjG+QvzzJewh9oQrXtIExPvzjg6cw9oiboWkXhJ8OeZbN0FFOckRJNtngXTg"
    "riDgWWY65RpWAKo61CM/VbncbKGqzyhzaeeJDNVTgmQ2uww9qoMYD/UcMkVRJY/8UnXm0b"
    "1xNpW69WFa19D9SqonqpirQxpw7GnDPmWEYv71gPaiYe6TRuM+00LwZXB+XerPMKWBRpVQ"
    "vElCCp4cbZPDkpc6ns5KT4UhnWjSWohEVVAeGgeQ3RPSp1Ze9owpW9o+yVvcKs1/96uLst"
    "uoFTlPXatAyX/E1sS24j3zUBXAQjpafJJKwcz03ZSCtgsIPzdR9m3/8P8cIZsQ=="
)
