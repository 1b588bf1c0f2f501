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
    "eJztXVlz2zgS/isov8Sukr224hzrebIdJ+MdHynbMzu14ykZIiGJawrQEKAV7W7++3aDh0"
    "iRlEndYvCSWAAaJD9cfaH7vzt9YTNXHpwJdc0U3Tkh/93htM/gj8mqBtmhg8G4AgsUbbu6"
    "bVuoVj9q1ZbKo5aC8g51JYMim0nLcwbKERxbP/QYAYo3koghJ7JPXReaWko2SHtEntmI7L"
    "KD7gFR0K5HZY+Ijv7bpVIROeIWs4kl+n3KbaI8xvYO8Lm2sODBDu8u7xE+d/7yWUuJLoPG"
    "Hjzojz+h2OE2+8Zk9HPw3Oo4zLVTaMIjsQdd0VKjgS4871Hvs26K799uWcL1+zzRfDBSPc"
    "Hj9vB9WNplnHlUMTsBMfddNxyNqCh4WyhQns/i17THBTbrUN/FgULq4BXGZTut1s3tQ+v+"
    "4qHV2skMYkSRAD0ssgTHCeBwJTUCffqt5TLeVT34+f74e/CcMRBBK3zgb6d35z+f3u2+P9"
    "7DBwqYRcH0uglrmrrqu+6CKhp0onEfA/1CXfjoDNQP7JvKhzomWAzYUcEY7fEqWAHcU+B9"
    "uPj9AXvuS/mXm4R19/r0d414fxTWXN3efImaJ4bh/Or2TMM/htsf2AhOi6os5p+gRjl9lo"
    "97mnICfDskPYj+2MKh2PEYtW+5OwpX3LShuby+uH84vf6aGp9Ppw8XWNNMjU1Uuvt+YpXE"
    "nZB/Xj78TPAn+dftzYWGV0jV9fQTx+0e/rWD70R9JVpcDFvUTmIUFUdvj1tb5zmx5rCgTa"
    "3nIfXsVqZGNEVR22xVv9mfLKGcdvWYIbj4muF59CWYeJlzSpdPPaS6UYtXD6hbzgi2xlPh"
    "mnYcShxOKOn6jmufEEdJ4jodZo0A+IY+NmB7c4BGKpidZPcf97c3RMGGs0f0+QENbI8Os6"
    "fUEp8zx1Hl2NmlfMkLds+g8cTqhRUwuV7DI2dzj6kuvsJ+8+j4w/HHt++PP0IT/ZpxyYcp"
    "6/fy5uGVY0mPaSsP2jOnW4hukup1jGfbE9eA8t+bzbdvPzQP377/+O74w4d3Hw9juLNV03"
    "A/u/yC0Ke2wWgsxthbgE9XeKPK8E8QzjQCIbwbcyitZwR6lHPmVh+AFJ3Bf1b8e3D8VwY/"
    "QbSsvecHgB4ZkSqSX9S+FtJIWvg7el9C+DuaZGvHwh9WpcFVjnIroRsTzATvpu0laXQPD8"
    "vAe3hYjC/WpQF2Rbs9avWZlMCNV95B8qjNJj7rTuIJl8nsAKAUkA9/TDApXDuWIv8D2UJu"
    "IfZTYEQkpis4JnUZjbRkjB1MKjhQ1vJzYMc95oL7fQ39Jbwi5RbLDMGYeln7eYZ935FOl/"
    "uDnWr479xffrn59esJCagf+d2vNzeXN19OiOdzDgPyyD9f3lze/3zxCd7C4Y7sMfuRn5/e"
    "nF9cXWGhhQC4LrMnxdz1HA2DHpWVjoaYoH5Hw8cS4H4sxPbjJLQ2HbVg5reZV0FRkCZaHU"
    "N5uNwzYE6FQUJvzTyJr1Ae0QSFgXMSTq0iq2IGiAnqsPxXbQWQFpwGfh4rXsydJGkMgzI7"
    "g2L1hGMxCR9CbdfhbAZTTEEXC7DJbM/YbLgJRhfljrvlCjnPoCfpzYhv8oi/CDXfOs/twI"
    "z55o/5rGs8S21Ge5NHG12OHNVnPGekiyXXNFUd+NflOA0l+FXGclSZxQhH7euH7VGzjHIA"
    "WhWrXpoZBYHlsRmdgtKUxiloU3avcA5P3byMK1jdRn0BrmAJraEjLQHVoU0/R6V+Fvbw+Z"
    "c75lKVr9tKuHudBz1t4Xz4Hq2AqHQ8LzIC3iJwwo7qChN7Ydh8bpQuXthWujWUAmng0hHz"
    "FoDSV91RXWHS8tL8IP0mVG2Xm/BVW3ybD6Nb3ccdHCg1BWkghAv8TIHFvgpUX3VPd8LdXs"
    "k8C1Ul//CEAwST+H6FeN5y9iDgn3KL9C7urUaoVnSkjzioAn/6BIM13a0+Yup0y1fd60/J"
    "p4AXJCEZ+r9T7QkfXM8CZMmuJbryAMsOJPNemEcC2VCin3s/58rXQnp95I/8UkkSef4Gbv"
    "cDv+06VtSvDAr7wuvixGDU6kH7tsOZiv3w0XfyjYwoTnQZPvWR6/MTPSjs4JmkxzwWvZ9x"
    "3d9A130cmCrKoqi98eAs4aYTLpxK6s4xSf30cW+bJRB+2yxEGKs2xvd+I/eJVV99MLrQmm"
    "nFyuhCNVNU6TROUNTptsVcp3JGz5gGOIvuZ+Exp8t/YaOMW26xILCF4BbJAFDs0WHMGCYn"
    "FXw7fDFTweF6en9++uli5/v67vCGSslCySNSWb4qeMQNX5c7OIF64WnGHMlIR3ggIoAY0A"
    "5u3mof4AbxByAcwGQ4GceEEJyRocMl2b3bx/1h/zhPBFnCA3KkgT/i2R/7LKe9a/VL4B/4"
    "YD29fb7zpxEi1ihErNgdfdM2LOOPvjVzeIxrvI2UnbMxQQ3n7OKdUKLNuSy6UfsagruEm6"
    "HU61ZTK4wp6qdVWPzkRY6iArhh8/ohuwSNmFEY/IAKA+M8VbdRL3KeMmoioyYyaqKyaqLA"
    "K6tASxS7bL2iJGJxu1KxSZHmjSSairii2yDQP+P2voBN6CQKwhb4nZHd4P8D/V8LljpeXt"
    "xDbY/wbOblhyZd+BOmaokk+8tof9aq/cERKI9q2Nrs79t7TX6LEMVJm4Wz+N521H6uO9ub"
    "BuqqL20HHkVZ2M/Q3Y/yApVwTDSBfRuo6gX62e3tVQr0s8vJMAS/Xp9dgGitRwAaOcoY4H"
    "8QycoY4I1ktRlb1zZLVuFNjgLRanzP4xXZajBuWMLxN2itg4wxm/iD0EAeOOmCRBNEHwsE"
    "mwYZOqoHtVaPYr9Ahy+KBvKry88X+0e5TsBLeMJU4cqXzMMRBrwTEpd+SEs/JF2D/bcwu4"
    "MRyNYpkEWjlmXApnhEJojqdEKs2CEytTbKz+xJsjqNwMJkOZ57KBeb5aL2NTQpL97kGW/d"
    "FQFuLTSZT81BNtJaMfRGWjPSmpHWfkxpTV8pL5DVouvmr0hqL1GzEnKaTUdvJEGKE+2ZPA"
    "DRCH95+i+obRDO9PXJHuXw0igy/Xb7cLHfzBXK5u1uqgSW9uTU3Rrpaq3SlXHIXZLxS8/t"
    "CuxnTGB4zxK858p9Rn80gA1zXwy9Ye4Nc2+Y+x+QuccUj/dMKfjGYMwnOfxUg+lsvk4XKZ"
    "NtS+U69cRQM+JRAJUwNMqu7m+PqB5VMWdOSdj/TwQ6R/+1PqNcEsywHY6tzM90upSnzBEs"
    "ZVNScm6CKLASG0CxwODCqPuwPqrwXkma+t0rWfAVSeSK/gOSdyXmNkGzOvZ258L3xID97V"
    "rALjHc2VJON7ibTmfMO5tHbfLmzWpw1HlMMRTfbBlQE5RmDGYdA2RWACPhzTYQueRmNGYd"
    "DVd0W7OGhcrSmnGYdRyUGPLWwLGU7+WczFN9gSdJV+gRHLGnyWGIWVbjCLyNMnSNtU/mYm"
    "3dRj3CaI6sBMtU6FwL+xxD9+SocqKqxjQlDhQB7y9Lm2pD3gh+EyRD0+n17ae9BpHALzGb"
    "tFkH/o+1Lo4kSviYe5Hs2u2DMXWu4XZxnWNk3Rtt3oNKVAMF6p8D8vQkFRs8PWliHQ3Ltr"
    "EaCvVvm1mO1C8g+gMfFtdPQBL9jWQK6Ng31YBiQNV1dOmwR9UjH1JJwjKyS0nMRpI+HYW6"
    "puAZfvCaDaK/Dx1/oTfHZv2BUIxbI/Thgl779JlBj4/cFj4MF7Fcx3om2sHYY8obaeM2Ah"
    "V8FmwFT08nGBPMeYGxY98GDnx9A9q+iGdWGO33j5SSKbSJGov2Oi3am6IrXPeJsRY2ubIr"
    "gXEjmOpGsKnO73XVeyccOBwxTk1Q2okjSVRDP4PFh7wWnQ4LTZ0ld4wEhdkyctOps0EFOK"
    "PmBss8PUTIu1bZA5I0NdwCjg4PS+wB0Ko4jhrWTYSvDBj/KjAnSAzK5VAGgZnngTxVezkm"
    "WqHeMi7Z2lAGbVS7V8V6TGSwroC11i71fVVVMZ+iM4hXQHxs5JvdPGhk7TklFI9RmSeePL"
    "BvBeCPKerghTNNB37x+0NqqmcCAcUq8Kvbmy9R88noQGm82Ytj58sqxVxKkqYOmKe5lHel"
    "uJR3U7iUd1kuRQrfqwbymGKFvk/A5vcpj15m60IXa413JZAjgmVhnFEp7QTK+NUgvGAnPm"
    "PAnmnb3mzTZdZiHZiJ5AzDnKZcwDBv2EFRp1H2APnhDGOcpDMjvMkjPGE+rnIu5pAu5oRc"
    "r5F2+doo4+1TjL7x9lmOt88dGwgvN0b5uLLxmsePN25XwucnaB0kuI7Ng6Fzzn5zD9NJU9"
    "JnaAUPvFNsphgmZ2qQf/s2XrByeJjE2t53RTfP9WcpzzC5rY1fS7m9sf7OAMECm8EVY4LQ"
    "aDtnHgJqWb5k1RdAms4MgHGI2WyHmD6TEviXluvw5ypIT9LVT9vcLCWFNKdIIc2sFILuyF"
    "VMKFH7OsC7agPK5umcc/T6YsD4dqqcqWTVQ3lNUNXoguDCnMB6lNsucBDtHL3Q1CvJKboa"
    "IbtixsMo51avnDP2q5lOzc1WxgV6783Rxk0LpZSsbrymkasWRuk0vM/2RibvzEV9nBDPd1"
    "lbiOdIgXa014gVZrJBkMHGsEeWJXyYEkE+QOrm6eWW8hx9O09giKaT8NKdibG0lSdcsaov"
    "mhnZoSjO9ZakmSvf24bxHFPAXUq6t3gFVgE/RWTQnx39YNOrAv2YwuA+O+7B2VJFETKmMK"
    "qQ6qoQY/wuPoKN8XsJ7Patr9ri251+rwyzPa6cymoL3awskx0mzo7iTbBOB47IOBqFzuaG"
    "7Gsc2gFDilI01RBH6ZAUweNyY10srG9kpv/pOUoxHtnAJaaVg6/jEv1PgWOnMhnwlFBuA8"
    "/tOi86PAbtKObh8Ei0sgf8uK4bPfKh8J4xaqoluvIgKt47Iewb9OxiBAoLurM8ISWxPCp7"
    "GLACeh94wmJSMomhKYJoFmHAjeBD38hHntBsEGiCITMkg5UEYHBYxj5Db4D4c7AFTFNJuF"
    "A9QHEPA3PYDPOYy5bg8ABsilFfhz0h2SOUwKyHZQ01u+yge4CJ9wLBHlriAgX0HR0JFt4M"
    "I2lwxmyJvboMNYpiCHvO09Pfot8gwThu8JhHHn5fhBS8Dw4LrBn4CnxBwEzp6B0Cg84Oey"
    "wYGN0TSE0cKnxVmG3COCms0Unh2eGVbnFG7WtoGly8z36QwqCyiJ4iMwbwmfXQ8BKw31ay"
    "FiZIajHDV80mV1T3z6PinxRINknD3yyl4W9O0fA3Mxr+AR25guZsJcWzOUFiZL7qk3nMb1"
    "VgPNJENTIiLsw8GzCqVbaJMUUdpvGyHZIoCEf9gcrRhxb73CVIVsdwHG7JhHWpVC3meSLH"
    "T6N4801T1WHirnr/NTbt4im+nTq3MkGFO44HCyfckWYY+zx6c5lvc5Ss2RHnsIfOMeA55G"
    "a8N3m8266wco2GxRxggqQOJ+myU+QkdLpVUJ4gM0iXRVpry6vuWxOkZs/a5D0rNiDNcEBN"
    "0q5kpFep/arTQJuMqiaj6vKXyrZmVP2K4RntO6GxzbglJGob0/wSBrqdzjemG5b2ACZIEh"
    "nKB8zbD4uxwwZxMZepEtq8jfgRqgglemvdmRic+XtER4RTV+eesEEWbxBMaKe9AeSAWUpn"
    "wsC+JaEeEENDTnAMgi5CfwgGzZHEY9rXIXRIQIHmkWOTBmkz7QcRe064Th+Tcui31loOHT"
    "iAtoWvSPPdoc7+cfyR9BJpQIzhfRMN75vivb1ezmFN0QFmyZM4b3bEjZzeKwbeeJss0dvE"
    "uKgWQ7+d6vIiF9X1yisbpmWolbiyYdjOK63A88nNr1dX6xJXEPW7wHkgR1xJ1E4VV/TXjX"
    "0QyogrHYc7ElP1BVKDJPpOILNPdEo9PNYa+q+hw2E+yEbgNOsolAjC5HUT4sqcPaK4cgnV"
    "A/gOjG8dpttDcSMhi4R9Bo7OSQ9lOxKRgqcnPZNLShfpxHv6pfC8+dNIHUbq+EH8UQ33u6"
    "xQKrhpV0E2al9DZBcvV4QnShV8EyQ1hHjxVsSizCDTXCLnygyy2QAv3icy5jcyEL8S9T1B"
    "V0O5eHvl4I003G0961jh7msiShyjec7GZyHZ51/uWGFIyYQkds/oNrKSRSJyen+nGEKmFV"
    "xInROrO93Xue6qTnhl9QCvKWFuOXsQ8M+SLcZrXdXLsRfPrVTRi7VApRIt5FcUKjJq9qo6"
    "BYaYDFw6wmDoGDE90lJgNycELzRrQ2tD/ykdm6HyQ98g72vTrqPCArzs7eRoVxb9AH1Jff"
    "w7CPvUgW8MFC6u6IbqF4t5CgaV7OrL72LwRsIjMHRU8Lvfd6SkGI/KEp7HLPXIrR6znsMG"
    "8A1KYK2kL0z+ROz2gUZWP6lQL/NHvJqitON/TlXVpFoZTY3R1BhNjdHUzKypiXaTSrM6QW"
    "Qm9cyT2mbUVbHTVdmpnaaq4QRfvMKs43DqVgY6TWWALgG05soqac0ighrCu5Ro+8jsVgE4"
    "al9DfJegWM9T+U5NgD7MVQwsM/X5epSPC8x8Ln3vxXnJu202FekkmYG7PNwgxLZQhK0gES"
    "ZJTPCBDKBa4G91hJ8nkhSDOkFmgM1sDKg0qYBo3N5AOQmlsa4Z69ryrWvr5ga3xs907NO4"
    "ZRBv+eW4wDK3k2MWCWsa04wi3rjN6w6mnGDaK/nsuC4JCMlu328Q6XT7dC+wYkQWjdCoga"
    "IZhsyl4ywXeMktx9d0gZ2jJeTpSfrtfzNLPT0FlpCAFpqgXo84diPIcYt9oDFDeVrkCrpD"
    "oMgudAGVJ2oo9vEP+0SJIfQ7zcaRVISHDHv4Ghl7hzFsGMPGD6IDjpZCWX1O1L6G+pwFGz"
    "aizaUCuAmSGuJ7XAbg42KEj7Nevn4Og+QKWrBlBM0nkO1g+y3EdgqWn25/Pbu6IF/vLs4v"
    "7y/DXCOx8KAr01qbu4vTq4yeF472SujGFAbgMgAjy1pF2xC3N9qGio6Jy+fwQ9+7Qj5/7J"
    "v3GrcfegSWY/q1R1EcicJ27CgyRdDXCWmzDoiLOqCEznKRZe2rd4EM/AMmsuCYQUL6/T71"
    "RuTTNZE9MZSxIIAuSkG2jSB5BvZ/EFxZK+GI9BqDns/OmztkhoE3DLxh4A0Dvz0MfCs4YC"
    "ry8Qkqw22WZudnwXqS0MBdBm6YoZpbqjqtYyIDc/lZXR3pCToDdhmwjU3X2HSNTdfYdI1N"
    "F74OA5vuFOp7voYy1qvankgYKx/w9I2MLLBIC82F5/e19kY2yF++Yz1HP9CE6rphmJ5+cc"
    "DTmXtETdCVjsJPhj3HZekopjgjJZps8S6cFEQNBZZjrlGtYIqirUIz/VufxtoarPOHNh55"
    "mM1VeDZDa7DH2qgxgP9RwyR1EtjgxadebZvUExlbr1EVrX0PNKqieqmKjDGnDsacU+Y5Vi"
    "/vWA9rph7pdNzmtdO8GFwTlHuzzitgUaRTLRBTgqSGG2fz3bsyl8revSu+VIZ1EwkqYVFV"
    "QDhsXkN0j0pd2TuacmXvKHtlrzDr9T/ub2+KbuAUZb22HUuR/xHXkdvId00BF8FI6WkyCS"
    "snc1M20goY7OBs3YfZ9/8DxGSPmQ=="
)
