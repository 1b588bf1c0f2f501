"""Moderation (R-MOD): cases, reports and each server's moderation settings (db.moderation).

Three new tables; like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL,
chosen by the connection it runs on; tests/test_db_schema.py proves both end at the models'
schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "mod_case" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "number" INT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "violation" VARCHAR(32) NOT NULL,
    "offence" INT NOT NULL,
    "step" INT NOT NULL,
    "computed" VARCHAR(100) NOT NULL,
    "applied" VARCHAR(100) NOT NULL,
    "warned" INT NOT NULL,
    "banned" INT NOT NULL,
    "auto_mute" INT NOT NULL,
    "moderator_id" BIGINT NOT NULL,
    "reason" TEXT,
    "evidence" VARCHAR(500),
    "source" VARCHAR(16) NOT NULL,
    "state" VARCHAR(8) NOT NULL,
    "created_at" TIMESTAMP NOT NULL,
    "expires_at" TIMESTAMP,
    "renew_at" TIMESTAMP,
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "updated_at" TIMESTAMP NOT NULL,
    CONSTRAINT "uid_mod_case_guild_i_e3a9fe" UNIQUE ("guild_id", "number")
) /* A moderation case (R-MOD), stored before Discord is touched (db.moderation). */;
CREATE INDEX IF NOT EXISTS "idx_mod_case_user_id_dc8508" ON "mod_case" ("user_id");
CREATE INDEX IF NOT EXISTS "idx_mod_case_state_0607a5" ON "mod_case" ("state");
CREATE TABLE IF NOT EXISTS "mod_report" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "reporter_id" BIGINT NOT NULL,
    "accused_id" BIGINT NOT NULL,
    "violation" VARCHAR(32) NOT NULL,
    "message_link" VARCHAR(200),
    "text" TEXT,
    "state" VARCHAR(8) NOT NULL,
    "case_number" INT,
    "handled_by" BIGINT,
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "created_at" TIMESTAMP NOT NULL
) /* A report of a violation (R-MOD-2) by a member or a detector, judged in the mod-log. */;
CREATE INDEX IF NOT EXISTS "idx_mod_report_guild_i_dcf43e" ON "mod_report" ("guild_id");
CREATE TABLE IF NOT EXISTS "mod_settings" (
    "guild_id" BIGINT NOT NULL PRIMARY KEY,
    "rulebook" JSON,
    "detectors" JSON,
    "linked" JSON,
    "appeal" TEXT,
    "updated_at" TIMESTAMP NOT NULL
) /* A server's moderation settings: rulebook (R-MOD-1), detectors, linked accounts, appeal. */;"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "mod_case" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "number" INT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "violation" VARCHAR(32) NOT NULL,
    "offence" INT NOT NULL,
    "step" INT NOT NULL,
    "computed" VARCHAR(100) NOT NULL,
    "applied" VARCHAR(100) NOT NULL,
    "warned" BOOL NOT NULL,
    "banned" BOOL NOT NULL,
    "auto_mute" BOOL NOT NULL,
    "moderator_id" BIGINT NOT NULL,
    "reason" TEXT,
    "evidence" VARCHAR(500),
    "source" VARCHAR(16) NOT NULL,
    "state" VARCHAR(8) NOT NULL,
    "created_at" TIMESTAMPTZ NOT NULL,
    "expires_at" TIMESTAMPTZ,
    "renew_at" TIMESTAMPTZ,
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "updated_at" TIMESTAMPTZ NOT NULL,
    CONSTRAINT "uid_mod_case_guild_i_e3a9fe" UNIQUE ("guild_id", "number")
);
CREATE INDEX IF NOT EXISTS "idx_mod_case_user_id_dc8508" ON "mod_case" ("user_id");
CREATE INDEX IF NOT EXISTS "idx_mod_case_state_0607a5" ON "mod_case" ("state");
COMMENT ON TABLE "mod_case" IS 'A moderation case (R-MOD), stored before Discord is touched (db.moderation).';
CREATE TABLE IF NOT EXISTS "mod_report" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "reporter_id" BIGINT NOT NULL,
    "accused_id" BIGINT NOT NULL,
    "violation" VARCHAR(32) NOT NULL,
    "message_link" VARCHAR(200),
    "text" TEXT,
    "state" VARCHAR(8) NOT NULL,
    "case_number" INT,
    "handled_by" BIGINT,
    "idempotency_key" VARCHAR(100) NOT NULL UNIQUE,
    "created_at" TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS "idx_mod_report_guild_i_dcf43e" ON "mod_report" ("guild_id");
COMMENT ON TABLE "mod_report" IS 'A report of a violation (R-MOD-2) by a member or a detector, judged in the mod-log.';
CREATE TABLE IF NOT EXISTS "mod_settings" (
    "guild_id" BIGINT NOT NULL PRIMARY KEY,
    "rulebook" JSONB,
    "detectors" JSONB,
    "linked" JSONB,
    "appeal" TEXT,
    "updated_at" TIMESTAMPTZ NOT NULL
);
COMMENT ON TABLE "mod_settings" IS 'A server''s moderation settings: rulebook (R-MOD-1), detectors, linked accounts, appeal.';"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
DROP TABLE IF EXISTS "mod_settings";
DROP TABLE IF EXISTS "mod_report";
DROP TABLE IF EXISTS "mod_case";"""


MODELS_STATE = (
    "eJztXW1X2zgW/is6+VI4J7A0hZZlPgFNO+xA6KF0Zs4Me4Jii8SLI2UsGcjO9r+vrvwe28"
    "F23hxXn0qle2XnubJ033T1d2vMTGLz/TMmrojArRP0d4viMZF/zHa1UQtPJlEHNAg8sBXt"
    "gIn+OKAacOFgQ8j2B2xzIptMwg3HmgiLUaC+HREkOd5wxJ4p4mNs25LUELyNBlP0SKZoh+"
    "wP95GQdCPMR4g9qL9tzAXiU2oQExlsPMbURMIhZHcfnmsyQz7YosPVPcKl1l8u6Qs2JJLY"
    "kQ/689+y2aImeSE8+O/ksf9gEdtMoCkfCSOojr6YTlTj+Qg7nxQpvP+gbzDbHdMY+WQqRo"
    "yG9PL3QeuQUOJgQcwYxNS1bV8aQZP3trJBOC4JX9OMGkzygF0bBAXc3itEba1+v3d92//a"
    "ve33WykhBhwx0P0mg1GYABYVXCEwxi99m9ChGMn/vj/87j0nAsKjggf+enpz/vPpzc77w1"
    "14IJOzyJtePb+no7q+qyGwwN4gCvcI6Cdsyx+dgvqWvIhsqEOG5YAdNERoR1/BGuCeA+9t"
    "9/dbGHnM+V92HNadq9PfFeLjqd9zed37HJDHxHB+eX2m4I/gdicmgNPHIo35R9kjrDHJxj"
    "3JOQO+6bPuB39soShaDsHmNbWn/hc3TzQXV92vt6dXXxLy+Xh624WeTkI2QevO+5mvJBwE"
    "/XZx+zOC/6I/rntdBS/jYuioJ0Z0t3+04J2wK1ifsuc+NuMYBc3B28PS9vAY++agYYCNx2"
    "fsmP1UD+uwPNp017gznm3BFA+VzABceE1/P/rsTbzUPqXa525Sw4Di1Q3qmhIE1LArXOEH"
    "CyOLIoyGrmWbJ8gSHNnWAzGmEvi22jbk8mZJHi7k7EQ7//p63UNCLji7SO0fksB08HN6l1"
    "rhcxbYqiwz/Slf0JzV0yOe+XrlFzD7vfpbTn23qSG8wl7n7eGHw+N37w+PJYl6zbDlw5zv"
    "96J3+8q2pGTaz4L2zBrmohvneh3jamviBlD+Z6fz7t2HzsG798dHhx8+HB0fhHCnu+bhfn"
    "bxGaBPLIOBLCLsDYnPkDnT0vDPMFaSgA9vbTalzUhghCkldnkBJPg0/lXxH8ntvzT4MaZV"
    "rT0/APSgiJSx/AL6RlgjSePv7fsCxt/bWbU2Mv6gKwmusIRdCt2QoRK8dVtLkugeHBSB9+"
    "AgH1/oSwJss8Fg2h8TzqU2XnoFyeLWi3jVlcRhNuFpAYAVkA1/yDBrXFuGQP+TtgXfQuzn"
    "wAhIzHdwzPoy2knLGAaYdXCAreVmwA5rTJe6YwX9hXxFTA2SEkHEvar1PKW+t7g1pO6kVQ"
    "7/1teLz71vX06Qx31Hb771ehe9zyfIcSmVArmjny56F19/7n6Ub2FRi4+IeUfPT3vn3ctL"
    "aDQAANsm5qyZu5mtYTLCvNTWEDI0b2s4LgDucS62x7PQmnjalzN/QJwSjoIk0/oUyoPV7g"
    "ELOgxifmvicHiF4ojGODScs3AqF1mZMEDI0ITPf91RAG7I3cDNUsXztZM4j1ZQqisoxohZ"
    "BuHyh2DTtiipEIrJGWIJMZntkU3NQzCqKVPuhs34IkKP82uJ11niT0ws9p1nDqBlXn+ZV/"
    "3G09xa2nWWNqQcWWJMaIak8y3XJFcT9NfVJA3F9FVCMlyZ+QgH9M3D9m2niHNAUuW7Xjop"
    "B4HhkIpJQUlOnRRUl9XLn8NzFy+dCtY0qS8hFSzmNbS4wWS3H9PPcKmf+SN8+uWG2Fhk+7"
    "Zi6V7n3khbOB++B19A0BrNi5SBtwycYKCmwkSeCJAvjFL3iWxlWkMhkCY2nhJnCSh9UQM1"
    "FSZlLy0O0q9MNPZzY64YsJfFMLpWY9zIDaWhIE0Ys6U+kxOxLwPVFzXSDbO31zJPQ7Xq/P"
    "BAMchJE4/pDfOzxQNdRVG+mjV+ij56Kg7y2SCtG6sEb+/UkRQD2jHYkO9D2z4nzhNxkGfy"
    "cEjfHmecZFrKqHf0jl4IjoKEVi+bfOIObMsIxuVe45g5Q5hFBBsjST+wKBFhejmkBL7hAc"
    "eJaoOn3lG1LUBigOk9E42IQ4L30xnpNcxIB8GU8YEE9DoxsUD2if/hlPLiRSzNczO96xRA"
    "+F0nF2Hoqk1KeS3XiXVn9GsXX8OcPUVcfEopKrUbxziadIhgoV055T5LApxG9xNziDWkv5"
    "BpKts03wjdQnDzDAbZ7ODnUDGMTyr52+UvJsLbXE+/np9+7La+b+5oqu9ry7U8Ak/cq4ZH"
    "SPi63UGR7GeOUsyBDT0wR5oI0gwYeAdKVWprG7kTaRzIyXASlTpglKBni3K0c7MH68PeYZ"
    "YJsoIHZFgDf4azP0zFTSaNqpeAP+DBanq7tPVvbURs0IhYc5Z13RYsnWa9NXM4wjVcRorO"
    "2ZChgXN2+bkVweJcFN2AvoHgruDAI3aG5dwKEUfzvArLn7ygUZQA1ydvHrIr8Ihph8EP6D"
    "DQOUFNk3peTpB2E2k3kXYTFXUTeclGOV6iMBPpFScRCekKldwEnjccKS5ks2EbyfEJNfeY"
    "XIROgtpiXjoV2vH+3Vf/9OWnDmfydsHbwxyTONkVN5f+hLleIk7+0t6fjXp/QALFUfWp9f"
    "q+vae/twhRmLRpOPOPIwf0Cx1Frhuo6z6L7GUUpWE/gyw2THNcwiHTDPYDydUs0M+ury8T"
    "oJ9dzJ6u/3Z11pWmtZKAJLKEDsD/IJaVDsBry6oeS9c2W1b+AYUc0yo6vvCKbTWJCAsk/n"
    "rUqnYWMZE78QPkXpKutGi8olqeYdNGz5YYyV5jhGFcyQcvCgHyy4tP3b23mUnAK3jCXOPK"
    "5cQBCUu8YxaXekhfPSTZA+P34dICbZBt0iALpJZWwOZkRMaYmrRDrDkhMvFtFJ/Zs2xNks"
    "DSbDmauSnnh+UC+gaGlJcf8gyX7pIA95d6R03DQdbWWj702lrT1pq21n5Ma02dlM6x1YJT"
    "1K9Yak8BWQE7zcTTNxwBx4nKTJ5I0wj+56i/ZG8bUaKOT44wlS8NJtOv17fdvU6mUbbocH"
    "MtsGQmpxpWW1cbta50Qu6Kgl9qbpdQP0MGrXsW0D3XnjP6owGslft86LVyr5V7rdz/gMo9"
    "3Fz4lQghf6Mn81kNP0EwX81XtyDyOG2hKzwd9qwU8aCAil8aZUeNt4vECItQM8fIH/8nJA"
    "eH/LUxwZQjuDjaly3PvsBzJU9ZoFhKXW6arIMpsJYYQL7BYEupu/L7KKN7xXmad65kyUck"
    "QSv6r7S8Sym3MZ71qbetruuwCfnHFZOrxHNrSzVd72w6rnidaha3vg6uasBRXc8JFeaqXe"
    "wZ49QyqCoDUFYkRsypJohMdi2NqtKw2bBftSxUmlfLoaoctD8kXyDN9Yfoo55Nk3qA0QLl"
    "31fpYrhi5jkUk8lwLgRd7XluBdkktVFeOHjo79by/wjYIJh3df1xt4243MGlcT8gD/Lf0A"
    "9gcSSYC5fcoR1zsB9xZ4YSlzc41HrtqYCT7ATHhOeQ2Ef391yQyf29Ylb1mUwTumWj+r9J"
    "DIurF2DjiSs/rp8kS/A3sAnJR15EWzZLVG1LtT6PsLijz5gjvw3tYBQqNmiMp773w3uG67"
    "1mG6nfB6mocjTLJOMJE4QaU8gqkqOO8SORI95Rk7lSXMiwLeMRqZRXhwhnqsKtAJT3s+RS"
    "cH9/AlWqrCcpO/IyseSvb0vaJ/ZIcuvP/plwe/hROh1j3WSMtS7eq03vGBtR3EoHt3Vge2"
    "5gu67p2E31xMZSCiwWVdYvnFYQZ2pg5Hv5RZjZwwPxg28FV4wYh14yMu+tJpMScAbkGsss"
    "P4Svu5ZZA+I8DVwC3h4cFFgDJFV+ZS/omymo6Cn+ZWCOsWiUi6EsDWaaBfLcs/UR0xrP1o"
    "ctW3u4fgCO4LJYR0wa6xJYK+/S2BUZWsRcuBN8GvESiEdhp+oBK21rL2ihOATzLPPklrzk"
    "gB9xNCEvZJ4PvPv7bWKqp0rThC7wy+ve54B8tl5NEm/yZJnZtkq+lhLnaQLmSS3lqJCWcj"
    "RHSzlKaymcuU45kCOONWbjwJXpmAYvs3XFdJXHuxTIAcOqME65lFqeM349CC85rUwHsCst"
    "2/UOXaYj1l6YiFcQc5JzCWKu2UbRJCk7EvnnCjKO82kJ11nCM+HjMvtiButydsjNBmlX74"
    "3S2T756Otsn9Vk+9yQCXMyq2ZHne3XMn6ciK5Azo9H7V25HIYH/eScvc4uXHCM0ZhAFNzL"
    "TjGJIHBdUBv9xzXhyI9F/WuVzT2bDbNSf1byDH3bss5rKbY2Nj8ZwPvAKqRizDBqb2dlEW"
    "DDcDkp/wEk+bQAdEJMvRNixoRzqb/0bYs+lkF6lq953uZOISukM8cK6aStEEhHLhNCCeib"
    "AO+6Ayj18zln+PXZhNDtdDljTsoXl5rhatCRtaUlgY0wNW2pQQwy/EJzD8km+BqE7JoVD+"
    "2cW79zTsevKu2a9XbGeX7v+njj5hX3iXe3X/PIlSvsc+qfZ3vD42fmgjFOkOPaZMDYY+BA"
    "e7vbDh1mvI1AwYZCPIbBXDklvBvqsJ3ll1vJc9TpPAZFg078Q3e66s9W7nD5rr5gZqRFkX"
    "/7WJxnoRvIaqZzzAF3JReQhV9gGfATTBr96uh7i14Z6CMOjXt13L29pYwjJOLQrpDyrhAd"
    "/M7fgnXwewXq9rUrBuzlRr1XStmOOueq2kyRFVWy/aucg3oT5OFBbpFQ2gFAldos+ngVFa"
    "dQ142BNhtWeoCalxgiN8gSWbr1MocHlfo3xxKC0CASzuG6M/kbKYcsVKm3Yx4vxIkwNaXm"
    "bVtPqkgGfhDEASFxiLUDv4fVHX1mziNxThB5kePYUHXCkMyGwzhHhoP5iEjNnlvQSrAxgs"
    "oaqqqnemOol8GeKaKKa8f/rW/4Hb2/J/SBOQbpq777+9zrAHTMfoMx+0eLljrUGNA3MFK2"
    "7LqdqsB8aXM1waaDwZV9svIl5GJZKnIWY2nE9F63yojl9jSeiAy7ND/3Icayvsl+UOvFOl"
    "5bmYs+cRyWES/Ln8ZJLm37lJ/IOraQP8W30/YpUtwxVJYryH2Wdy2HKdaph26JnAudpdC3"
    "muhbTVb/qWzrrSZfoCCFecMUtilHTKy3Pc8TM1F0quZ3uZgnAhY4KAA+iglx9vxmGLCNbP"
    "A8CKZKYwJ+CAuEkVpac6OblUcEp8upraptmnLXayMoKq/8KnxCDKFqf8LYHGFHMktCikAG"
    "3hC++4dIcmBxiPLl+M4XKrW3O+rdbD8gys8TOopsawxuFfXWSp9QRyXwgLkCdY4OVL3Tw2"
    "M0ihU+1b6VOvpW6hKv/iHPQ1S5q2DRGwpqOb3XDLx2KK6wJoYOyuVDv52GaV5QbrP2Ss38"
    "P40yV2qG7aLWinw+6n27vNyUuXJKHMsYtTJMFb9nrpmCI5rXLJR8RLXeXS+9WxpEvOwpwI"
    "ilgYpI5+ioyLm0o6P8c2nQl0rIKoOwT95AdFdzvCEvfJmfZ5gfviyXaFg3tNeRabjRHKjv"
    "/wd/pU9H"
)
