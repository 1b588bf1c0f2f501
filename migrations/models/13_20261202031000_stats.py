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
    "eJztXVlz2zgS/isov8Sukr2O4hzrebIdJ+MdHynHMzu14ykZIiGJawrQEKAV7W7++3aDt0jKpC5LDF4SC0CD5IerL3T/d2cobObK"
    "g1OhrpiiO8fkvzucDhn8MV3VIjt0NEoqsEDRrqvbdoXqDKNWXak8aiko71FXMiiymbQ8Z6QcwbH13YARoHgliRhzIofUdaGppWSL"
    "dCfkkU3ILjvoHxAF7QZUDojo6b9dKhWRE24xm1hiOKTcJspjbO8An2sLCx7s8P7qHuFz5y+fdZToM2jswYP++BOKHW6zb0xGP0eP"
    "nZ7DXDuDJjwSe9AVHTUZ6cKzAfU+6ab4/t2OJVx/yFPNRxM1EDxuD9+HpX3GmUcVs1MQc991w9GIioK3hQLl+Sx+TTspsFmP+i4O"
    "FFIHr5CU7XQ61zd3na/nd53OTm4QI4oU6GGRJThOAIcrqREY0m8dl/G+GsDPd0ffg+ckQASt8IG/ndye/Xxyu/vuaA8fKGAWBdPr"
    "Oqxp66rvuguqaNCJxj0B+om68NE5qO/YN1UMdUywHLCjggTtZBWsAe4Z8N6d/36HPQ+l/MtNw7p7dfK7Rnw4CWsub64/R81Tw3B2"
    "eXOq4U/g9kc2gtOhKo/5R6hRzpAV456lnALfDkkPoj+2cCh2PEbtG+5OwhU3a2gurs6/3p1cfcmMz8eTu3OsaWfGJirdfTe1SuJO"
    "yD8v7n4m+JP86+b6XMMrpOp7+olJu7t/7eA7UV+JDhfjDrXTGEXF0dvj1tZ7TK05LOhS63FMPbuTqxFtUdY2XzVsD6dLKKd9PWYI"
    "Lr5meB59DiZe7pzS5TMPqX7U4tkD6oYzgq3xVLiiPYcShxNK+r7j2sfEUZK4To9ZEwC+pY8N2N4coJEKZifZ/cfXm2uiYMPZI/r8"
    "gAa2R8f5U2qFz1ngqHLs/FK+4CW7Z9B4avXCCpher+GRs7nHVB9fYb/9+uj90Yc3744+QBP9mnHJ+xnr9+L67pljSY9ppwjaU6df"
    "im6a6nmM59sTXwDlv7fbb968bx++effh7dH7928/HMZw56tm4X568Rmhz2yD0Vgk2FuAT194k9rwTxHONQIhvBtzKL3MCAwo58yt"
    "PwAZOoP/vPgP4PivDX6KaFV7zw8APTIidSS/qH0jpJGs8Pf6XQXh7/U0W5sIf1iVBVc5yq2FbkwwF7ybtpdk0T08rALv4WE5vliX"
    "BdgV3e6kM2RSAjdeewcpojab+Lw7iSdcJvMDgFJAMfwxwbRw7ViK/A9kC7mF2M+AEZGYreCY1mW0spIxdjCt4EBZyy+AHfeYc+4P"
    "NfQX8IqUWyw3BAn1qvbzHPu+I50+90c79fDf+Xrx+frXL8ckoL7nt79eX19cfz4mns85DMg9/3RxffH15/OP8BYOd+SA2ff87OT6"
    "7PzyEgstBMB1mT0t5r7M0TAaUFnraIgJmnc0fKgA7odSbD9MQ2vTSQdmfpd5NRQFWaL1MZSHqz0DFlQYpPTWzJP4CtURTVEYOKfh"
    "1CqyOmaAmKAJy3/dVgBpwWngF7Hi5dxJmsYwKPMzKNZAOBaT8CHUdh3O5jDFlHSxBJvM9ozNhptgdFHhuFuukIsMeprejPgmj/iT"
    "UIut88IOzJhv/pjPu8bz1Ga0N3m00eXIUUPGC0a6XHLNUjWBf12N01CKX2WsQJVZjnDUvnnYvm5XUQ5Aq3LVSzunILA8NqdTUJbS"
    "OAVtyu4VzuGZm5dxBWvaqC/BFSylNXSkJaA6tOkXqNRPwx4+/XLLXKqKdVspd6+zoKctnA/foxUQlSbzIifgLQMn7KipMLEnhs0X"
    "Run8iW2lW0MlkEYunTBvCSh90R01FSYtLy0O0m9CNXa5CV91xbfFMLrRfdzCgbJ13HO11SaEC+xMicG+DlJfdE+3wt1ewTwPVS33"
    "8JT/A5P4fqV43nB2J+Cfamv0Nu6tQajW9KOPGKgSd/oUfzXbqz7i6XTLZ73rT8jHgBUkIRm6v1PtCB/czgJkya4l+vIAyw4k856Y"
    "RwLRUKKb+7DgxtdSer3n9/xCSRI5/gZe9yO/6zpW1K8MCofC6+PEYNQaQPuuw5mK3fDRdfKVjCiOdRk+9Z7r4xMdKOzgmWTAPBa9"
    "n/Hc30DPfRyYOrqiqL1x4KzgpRMunFrazoSkeeq4N+0KCL9plyKMVRvjer+R+8S6bz4YVWjDlGJVVKGaKap1GqcomnTZYqFTOadm"
    "zAKcR/eT8JjT57+wSc4rt1wQ2EJwy2QAKPboOGYM05MKvh2+mKngcD35enby8Xzn+8td4Q11kqWSR6SxfFbwiBs+L3dwAvXC04w5"
    "kpGe8EBEADGgG1y81S7ALeKPQDiAyXCchIQQnJGxwyXZvd3H/WH/qEgEWcEDCqSBP+LZH7ssZ51r9UvgH/hgPb19vvOnESJeUIhY"
    "szf6pm1Yxh19a+Zwgmu8jVSdszFBA+fs8n1Qos25KrpR+waCu4KLodTr11MrJBTN0yosf/IiR1ED3LB585BdgUbMKAx+QIWB8Z1q"
    "2qiX+U4ZNZFRExk1UVU1UeCUVaIlij22nlESsbhdpdCkSPNKEk1FXNFvEeifcXtfwCZ0HMVgC9zOyG7w/4H+rwNLHe8u7qG2R3g2"
    "84ojky79CTO1RJL9ZbQ/L6r9wRGojmrY2uzv23tLfosQxUmbh7P82nbUfqEr25sG6rrvbAceRXnYT9Hdj/ISlXBMNIV9F6iaBfrp"
    "zc1lBvTTi+koBL9enZ6DaK1HABo5yhjgfxDJyhjgjWS1GVvXNktW4UWOEtEquebxjGw1ShpWcPwNWusYY8wm/ig0kAdOuiDRBMHH"
    "AsGmRcaOGkCtNaDYL9Dhi6KB/PLi0/n+60In4BU8YaZw5Uvm4QgD3imJSz+kox+SrcH+O5jcwQhkLymQRaOWZ8BmeESmiJp0QqzZ"
    "ITKzNqrP7GmyJo3A0mQ5Xngol5vlovYNNCkv3+QZb901Ae4sNZdPw0F2hUXrRXROKIx12ViXjTRspGEjDRtpuK40rG/sl8jC0W3+"
    "ZyThp6hZBTnYppNXkiDFsfb8HoHoib88/RfUtghn+nrqgHJ4aRRJf7u5O99vFwq9i3Y3U8LNesrqbo30+qLSq3F4XpFxUc/tGrxn"
    "TGB4+wq8/dp9cn80gA1zXw69Ye4Nc2+Y+x+QuccMml+ZUvCNwZhPc/iZBrPZfJ2NU6bbVkol64mxZsSjADVh6Jld3d8eUQOqYs6c"
    "krD/nwh0jv6BQ0a5JJjAPBxbWZxIdiVPWSAYzaZkPN0EUWAtNpZygcGFUfdhfdTSq6ZomqdZXfIVVOSK/gOSdy3mNkWzPvZ259z3"
    "xIj97UrALjHe2VJON7j7T+dM61tEbdISzmvQ1WliMdThfAlmU5RmDOYdA2RWACPhzTcQheRmNOYdDVf0O/OG3crTmnGYdxyUGPPO"
    "yLGU7xWczDN9radJ1+hxHbGn6WGIWVbjaL2NMnSDtU/m4nLTRj3CaIGkD6tU6FwJ+wxDIxWocqKq1iwlDhQB7y8rm2pD3gh+EyRD"
    "0+nVzce9FpHALzGbdFkP/o+1Lo4kSviY2pLs2t2DhLrQcLu8zjFy8bU270ElqoEC9c8BeXiQio0eHjSxjjZm21gNhfq3zSxH6hcQ"
    "w5EPi+snIIn+RjIFdOybakExoOo6unQ8oOqej6kkYRnZpSRmI8mQTkJdU/AMP3jNFtHfh47V0Jtjs+FIKMatCfrIQa9D+sigx3tu"
    "Cx+Gi1iuYz0S7cDtMeVNtHEbgQo+C7aCh4djjLnmPMHYsW8jB76+BW2fxCMrjab8R0bJFNpEjUX7JS3am6IrfOkT40XY5NquBMaN"
    "YKYbwaZeLmiq3jvlwOGIJPVDZSeONFED/QyWH1Jc9HosNHVW3DFSFGbLKMxWz0Y14IyaGyyL9BAh71pnD0jTNHALeH14WOUiweFh"
    "+U0CrJsKDxow/nVgTpEYlKuhDAIzLwJ5pvYyIVqj3jIu2dpQEV1Uu9fFOiEyWNfAWmuXhr6qq5jP0BnEayCeGPnmNw8aWXtBCcVj"
    "VBaJJ3fsWwn4CUUTvHBm6cDPf7/LTPVcoKVYBX55c/05aj4dfSmLN3ty7GJZpZxLSdM0AfMsl/K2EpfydgaX8jbPpUjhe/VATijW"
    "6PsEbP6Q8uhltu7yrtZ41wI5IlgVxjmV0k6gjF8Pwkt24jMG7Lm27c02XeYt1oGZSM4xzFnKJQzzhh0UTRplD5AfzzHGaTozwps8"
    "wlPm4zrnYgHpck7IlzXSrl4bZbx9ytE33j6r8fa5ZSPhFcaATypbz3n8eEm7Cj4/QesggXhsHgydc/bbe5ium5IhQyt44J1iM8Uw"
    "+VWL/Nu38YKVw8Mk4fa+K/pFrj8reYbJHW78Wqrtjc13BggW2ByuGFOERts59xBQy/Ilq78AsnRmAIxDzGY7xAyZlMC/dFyHP9ZB"
    "epquedrmdiUppD1DCmnnpRB0R65jQonaNwHedRtQNk/nXKDXFyPGt1PlTCWrH8priqpBFwSX5gQ2oNx2gYPoFuiFZl5JztA1CNk1"
    "Mx5GObd+5ZyxX811am62Mi7Qe2+ONm5WKKV0des5jVy9MEon4X22VzJ9Zy7q45h4vsu6QjxGCrTXe61YYSZbBBlsDHtkWcKHKRHk"
    "W6RukV5uJc/Rt/MEhmg6Di/dmRhLW3nClav6opmRH4ryXHppmoXy6W0YzzED3JWk04tXYB3wM0QG/fnRDza9OtAnFAb3+XEPzpY6"
    "ipCEwqhC6qtCjPG7/Ag2xu8VsNs3vuqKb7f6vXLMdlI5k9UWullVJjtMTB7Fm2C9HhyRcTQKnS0P2dc4tAOGFKVoqiGO0iEpgscV"
    "xrpYWt/ITP/Tc5RiPLKBS0zbB1/HJfqfAsdOZTrgKaHcBp7bdZ50eAzaU8zD4ZFoZQ/4cV03uedj4T1i1FRL9OVBVLx3TNg36NnF"
    "CBQWdGd5QkpieVQOMGAF9D7yhMWkZBJDUwTRLMKAG8GHvpL3PKXZINAEQ2ZIBisJwOCwjH2G3gDx52ALmKaScKEGgOIeBuawGeaJ"
    "lx3B4QHYFKO+jgdCsnsogVkPyxpqdtlB/wATGwaCPbTEBQroOzoSLLwZRtLgjNkSe3UZahTFGPach4e/Rb9BgnHc4DH3PPy+CCl4"
    "HxwWWDPwFfiCgJnS0TsEBp0dD1gwMLonkJo4VPiqNNuEcVL48ZwUNoybeBk96aPDa92gjdo30Cy7/PsSQfqI2jM7Q2acD+ae2/AS"
    "cNbVstSmSBoxw9ctotQ0tSxiXpnevjfJutKuZF1pz7CutHPWlRGduIIWbCXlszlFYuTt+pM54XVrMH1ZogYxJkszjQdCQp1tIqFo"
    "wjRetTMYBcF0OFIFuuhyf8cUyfoYjsMtmbAularDPE8U+MiUb75ZqiZM3HXvv8afoHyKb6e+s0pA557jwcIJd6Q5xr6I3lyk3BwF"
    "d37EOeyhCwx4AbkZ700e764rrEKDbTkHmCJpwkm66vREKX16HZSnyAzSVZHWloq6+9YUqdmzNnnPio13cxxQ07RrGel1ar+aNNDr"
    "z2a7Yau2UclsNwzb79Hc2c5ctl8wMKZ9KzS0OYeQVG1rlkfISLfTmd50w8q+1wRJIheFEfP2w2LssEVczCKrhHYsQPwIVYQSvbHu"
    "TA3O4j2iC8iJq7N+2CCJtwimEtR+GHLELKVzkGDfklAPiKEhJzgGQRehJwqD5kjiMe1lErqCoDhzz7FJi3SZ9kCJfVZcZ4jpUPRb"
    "ax2HDtlAu8JXpP32UOddOfpABqkELMblwbg8mLgMGfvDPBkqF81LuZHT2/iaNMfXxDgHl0O/ncryMudgI60YaWUrpBV4Prn+9fLy"
    "pcQVRP02cB0oEFdStTPFFf11iQdCFXGl53BHYpLEQGqQRN/GZPaxTmaIx1pL/zV2OMwH2QrclR2FEkGYNnBKXFmwRxRXLqB6BN+B"
    "kcXDRIcobqRkkbDPwMU87RtuRyJS8PS0T3hF6SKb8lC/FJ43fxqpw0gdP4g3quF+VxXEBjftOshG7RuI7PLlivBEqYNviqSBEC/f"
    "hliWk2WWQ+RCOVk2G+Dle0TG/EYO4mfi7afoGigXb68cvAlmu+axjjVuHafi8zFa5Gp8GpJ9+uWWlQbzTEliXxndRlayTETO7u8U"
    "g/d0gqvAC2J1q/s60101Ca+8HuA5JcwNZ3cC/lmuCmazVvVq7MULK1X0Yi1RqUQL+RmFioyaPatOgSEmI5dOMAw9xqqPtBTYzTHB"
    "q+Ta0NrSf0rHZqj80Hf3h9q066iwAK/ZOwXalWU/QIcHSH4HAbd68I2BwsUV/VD9YjFPwaCSXR12QIxeSXgEBu0Kfg+HjpQUI4FZ"
    "wvOYpe65NWDWY9gAvkEJrJX0icmfiN090MjqJ5XqZf6IV1OU8P3PmaqaTCujqTGaGqOpMZqauTU10W5Sa1aniMyknntS24y6Kna6"
    "qjq1s1QNnODLV5j1HE7d2kBnqQzQFYDWXFktrVlE0EB4V5LnAJndOgBH7RuI7woU60Uq35mp58eFioFVJp1/GeXjEnPOS997cp6K"
    "7prNRDpNZuCuDjcIsR0UYWtIhGkSE3ogB6gW+Ds94ReJJOWgTpEZYHMbAypNaiAatzdQTkNprGvGurZ669pLc4Nb42ea+DRuGcRb"
    "fjkusMztFJhFwprWLKOIl7R53sGUE0w4Jh8d1yUBIdkd+i0inf6Q7gVWjMiiERo1UDTDYMU0yS+Cl9wKfE2X2DlaQh4epN/9N7PU"
    "w0NgCQlooQnq9Yhjt4LswtgHGjOUp0WuoDsEiuxCF1B5rMZiH/+wj5UYQ7+zbBxpRXjIsIevkbN3GMOGMWz8IDrgaClU1edE7Ruo"
    "z1myYSPaXGqAmyJpIL5HVQA+Kkf4KO/l6xcwSK6gJVtG0HwK2R6230JsZ2D58ebX08tz8uX2/Ozi60WY5SUWHnRlVmtze35ymdPz"
    "wtFeC92YwgBcBWBkWetoG+L2RttQ0zFx9Rx+6HtXyucnvnnPcfuhR2A1pl97FMWRKGzHjiJTBH0dky7rgbioA0ro/CJ51r5+F8jA"
    "32EKEY65O6Q/HFJvQj5eETkQYxkLAuiiFOQ5CdKWYP8HwZW1Co5IzzHoxey8uUNmGHjDwBsG3jDw28PAd4IDpiYfn6Iy3GZldn4e"
    "rKcJDdxV4IYZqrmlutM6JjIwV5/V9ZGeojNgVwHb2HSNTdfYdI1N19h04eswsOlOqb7nSyhjPavtiYSx6gFPX8nIAou00Fx4/lBr"
    "b2SL/OU71mP0A02orhuG6RmWBzydu0fUBF3qGPxkPHBclo1iijNSoskW78JJQdRYYDlmedUKpijaKjTTv/VprK3BOnNr656HeXSF"
    "ZzO0BnusixoD+B81TFKn3w1efObVtmk9kbH1GlXRi++BRlXULFWRMeY0wZhzwjzHGhQd62HNzCOdJm2eO83LwTVBuTfrvAIWRTr1"
    "AjGlSBq4cbbfvq1yqezt2/JLZVg3lZ4SFlUNhMPmDUT3daUre69nXNl7nb+yV5rz+h9fb67LbuCU5by2HUuR/xHXkdvId80AF8HI"
    "6Gly6SqnM1O2sgoY7OD0pQ+z7/8HBhRzAw=="
)
