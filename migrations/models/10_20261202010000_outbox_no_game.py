"""An outbox row may belong to no game (issue 17): a moderation case's DM, timeout or ban is
delivered by the same worker, exactly once, with its server in ``guild_id`` (so that a fix on
that server unblocks it). ``game_id`` becomes nullable.

SQLite rebuilds the table (its rows copied); PostgreSQL alters the column. tests/test_db_schema.py
proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

COLUMNS = (
    '"id", "kind", "target_id", "content", "key", "payload", "depends_on", "result",'
    ' "attempts", "last_error", "created_at", "first_attempt_at", "next_attempt_at", "blocked",'
    ' "lease_owner", "lease_until", "delivered_at", "game_id"'
)
COMMENT = "A game's Discord effect, stored with the change that caused it (db.outbox)."


def _sqlite(nullable: bool) -> str:
    guild = '    "guild_id" BIGINT,\n' if nullable else ""
    null = "" if nullable else " NOT NULL"
    keep = "" if nullable else ' WHERE "game_id" IS NOT NULL'
    return f"""
CREATE TABLE "outbox_new" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
{guild}    "kind" VARCHAR(16) NOT NULL,
    "target_id" BIGINT NOT NULL,
    "content" TEXT NOT NULL,
    "key" VARCHAR(120) UNIQUE,
    "payload" TEXT,
    "depends_on" INT,
    "result" VARCHAR(32),
    "attempts" INT NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMP NOT NULL,
    "first_attempt_at" TIMESTAMP,
    "next_attempt_at" TIMESTAMP,
    "blocked" VARCHAR(64),
    "lease_owner" VARCHAR(64),
    "lease_until" TIMESTAMP,
    "delivered_at" TIMESTAMP,
    "game_id" INT{null} REFERENCES "game" ("id") ON DELETE CASCADE
) /* {COMMENT} */;
INSERT INTO "outbox_new" ({COLUMNS}) SELECT {COLUMNS} FROM "outbox"{keep};
DROP TABLE "outbox";
ALTER TABLE "outbox_new" RENAME TO "outbox";
CREATE INDEX IF NOT EXISTS "idx_outbox_deliver_99775c" ON "outbox" ("delivered_at");"""


POSTGRES_UP = """
ALTER TABLE "outbox" ALTER COLUMN "game_id" DROP NOT NULL;
ALTER TABLE "outbox" ADD COLUMN "guild_id" BIGINT;"""

POSTGRES_DOWN = """
DELETE FROM "outbox" WHERE "game_id" IS NULL;
ALTER TABLE "outbox" DROP COLUMN "guild_id";
ALTER TABLE "outbox" ALTER COLUMN "game_id" SET NOT NULL;"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return POSTGRES_UP
    return _sqlite(True)


async def downgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return POSTGRES_DOWN
    return _sqlite(False)


MODELS_STATE = (
    "eJztXVtz2ziy/isovcSukr2OEic53ic7cTI+40vK8cxO7XhLgUhY4jEFaAjQtnY3//10g3"
    "eRlEndTDF4sgWgQfJrXPqGxn86Y2EzV+6fCHXBFO0ckf90OB0z+Ge2qks6dDJJKrBA0YGr"
    "2w6E6o+jVgOpPGopKL+jrmRQZDNpec5EOYJj65sRI0DxShLxyIkcU9eFppaSXTKYkns2JT"
    "tsf7hPFLQbUTki4k7/71KpiJxyi9nEEuMx5TZRHmO7+/hcW1jwYIcP1/cInzt/+ayvxJBB"
    "Yw8e9Oe/oNjhNntiMvo5ue/fOcy1M2jCI7EHXdFX04ku/Dii3mfdFN9/0LeE6495qvlkqk"
    "aCx+3h+7B0yDjzqGJ2CmLuu27IjagoeFsoUJ7P4te0kwKb3VHfRUYhdfAKSVmn37+8uul/"
    "O73p9zs5JkYUKdDDIktwHAAOV1IjMKZPfZfxoRrBz3dvfwTPSYAIWuEDfz++/vjL8fXOu7"
    "e7+EABoygYXpdhTU9X/dBdUEWDTjTuCdAP1IWPzkF9w55UMdQxwWrAjgoStJNZsAG458B7"
    "c/rHDfY8lvIvNw3rzsXxHxrx8TSsOb+6/BI1T7Hh4/nViYY/gduf2AhOn6o85p+gRjljVo"
    "x7lnIGfDsk3Y/+2UJWdDxG7SvuTsMZN481Zxen326OL75m+PPp+OYUa3oZ3kSlO+9mZknc"
    "CfnH2c0vBH+Sf15dnmp4hVRDTz8xaXfzzw6+E/WV6HPx2Kd2GqOoOHp7XNru7lNzDgsG1L"
    "p/pJ7dz9WInihrm68a98azJZTToeYZgouvGe5HX4KBl9undPncTWoYtXh2g7rijGBr3BUu"
    "6J1DicMJJUPfce0j4ihJXOeOWVMAvqu3DVjeHKCRCkYn2fnfb1eXRMGCs0v0/gENbI8+5n"
    "epNT5nia3KsfNT+YyXrJ5B45nZCzNgdr6GW05zt6khvsJe7/Xb928/vHn39gM00a8Zl7yf"
    "M3/PLm+e2ZY0T/tF0J44w1J001TPY7zYmvgCKP9Pr/fmzfvewZt3Hw7fvn9/+OEghjtfNQ"
    "/3k7MvCH1mGYx4kWBvAT5D4U1rwz9DuBAHQngbsym9DAdGlHPm1mdAhs7gvyj+I9j+a4Of"
    "IlrX2vMTQI+CSB3NL2rfCm0kq/y9fldB+Xs9K9Ymyh9WZcFVjnJroRsTLARv09aSLLoHB1"
    "XgPTgoxxfrsgC7YjCY9sdMSpDGa68gRdRmEV90JfGEy2SeAagFFMMfE8wq146lyH9Bt5Bb"
    "iP0cGBGJ+QaOWVtGN6sZYwezBg7UtfwC2HGNOeX+WEN/Bq9IucVyLEio17We58T3jnSG3J"
    "906uHf+Xb25fK3r0ckoL7l179dXp5dfjkins85MOSWfz67PPv2y+kneAuHO3LE7Fv+8fjy"
    "4+n5ORZaCIDrMntWzX2ZrWEyorLW1hATtG9r+FAB3A+l2H6Yhdam0z6M/AHzahgKskSbEy"
    "gP1rsHLGkwSNmtmSfxFaojmqIwcM7CqU1kddwAMUEbpv+mvQDSgt3ALxLFy6WTNI0RUBYX"
    "UKyRcCwm4UOo7TqcLeCKKeliBT6Z7eFNw10wuqiQ75Yr5DJMT9MbjjeZ4w9CLTfPCzswPG"
    "8+zxed43lqw+0mcxtDjhw1ZryA0+Waa5aqDfLreoKGUvIqYwWmzHKEo/btw/Z1r4pxAFqV"
    "m156OQOB5bEFg4KylCYoqCmrVziG5y5eJhSsbVxfQShYymroSEtAdejTLzCpn4Q9fP71mr"
    "lUFdu2UuFeH4OetnA8/IhmQFSajIucgrcKnLCjtsLEHhg2Xxql0we2lWENlUCauHTKvBWg"
    "9FV31FaYtL60PEi/C9Xa6SZ8NRBPy2F0pfu4hg1l66TnarNNCBfEmRKHfR2kvuqeroW7vY"
    "p5Hqp1h4dHckFJlHhKbJgfLB6JKrrls0Hjx+RTIOGQkAyjuqmO7w4OHQEbyI4lhnIfy/Yl"
    "8x6YRwKNR2L09rjgINNKer3lt/xMSRLFswbB5BN/4DpW1K8MCsfCG+IoYtQaQfuBw5mKo8"
    "sxIvCVjCiOdBk+9ZbrXQHjAuzgmWTEPBa9nwlIb2BAOjKmjgkkam/iEisEn4QTp5YRLyFp"
    "n5XpTa8Cwm96pQhjVWMiyhu5Tmw6oN9Y+Fpm66li4dNCUa3dOEXRpjMES+3KOetZFuA8up"
    "+Fx5wh/5VNc8Gm5TroFoJbpjBAsUcfY8EwPajg2+GLmQo21+NvH48/nXZ+vNzJ1NDUVqp5"
    "RIa4ZxWPuOHzegcnUC88LZgjGbkTHqgIoAYMgvOkOrK1S/wJKAcwGI6STAeCM/LocEl2rv"
    "dwfdh7W6SCrOEBBdrAn/HojyNxszGj+iXwH3ywHt4+7/zLKBEvqERsOMi6aQuWibLemjGc"
    "4BovI1XHbEzQwjG7+tCKaHGuim7UvoXgruG8I/WG9cwKCUX7rAqrH7woUdQAN2zePmTXYB"
    "EzBoOf0GBgQoLaxvWykCBjJjJmImMmqmomCmKNSqxEcSDSM0YiFrerlHETaV5JoqmIK4Zd"
    "Av0zbu8JWISOotRiQTQV2Qn+7us/fZjqeCRvF609wrOZV5xwc+VPmGslkuwvY/15UesPcq"
    "A6qmFrs75v7+HvLUIUB20ezvLTyFH7pU4iNw3UTR9FDiKK8rCfYBQb5SUm4ZhoBvsBULUL"
    "9JOrq/MM6Cdns4frf7s4OQXVWnMAGjnKOOB/Es3KOOCNZtWMpWubNavwfEKJapWcXnhGt5"
    "okDSsE/gatdeosZhN/EjrIgyBd0GiCnFqBYtMlj44aQa01otgv0OGLooP8/Ozz6d7rwiDg"
    "NTxhrnLlS+YhhwHvlMalH9LXD8nWYP99vLPAKGQvqZBFXMsLYHMiIlNEbdohNhwQmZkb1U"
    "f2LFmbOLAyXY4XbsrlbrmofQtdyqt3ecZLd02A+yu9oqblIBttrRx6o60Zbc1oaz+ntqYP"
    "SpfoatEh6mc0tYeoWQU9zabTV5IgxZGOTJ6AaoS/PP0f1HYJZ/r45IhyeGlUmX6/ujnd6x"
    "UqZct2N1cDy0Zy6m6NdvWi2pUJyF2T80uP7RriZ0xgZM8KsufGY0Z/NoCNcF8OvRHujXBv"
    "hPufULjHiwu/MaXgGwOez0r4mQbzxXx9CaJMt610g6cnHrUgHiVQCVOj7Oj+dokaURVL5p"
    "SE/f+dQOcYvzZmlEuC90aHvJXF93eu5SlLJEtpykWTTVAFNuIDKFcYXOC6D/OjjuyVpmnf"
    "uZIVH5FEqejfoHnXEm5TNJsTbzunvicm7G8XAlaJx86WSrrB2XS64G2qRdTmNrhFHY76dk"
    "7MMLfYvZ4pSsODRXmAwgpgJLzFGFFIbrixKDdcMewvmhYqT2v4sCgfjD2knCHttYeYo55t"
    "43qE0RLZ39dpYrgQ9kdMJlNgXIiquvPMClAE0qis7DwMd2v4TZAMnXkXV592u0TCDg7K/Y"
    "Ddwd/YDuBIooSPd9yRHXuwn1AXuhJX1znmer3UDieoRMNEYJDYJ9+/S8Um379rYp2fybax"
    "Ggr1b5tZjtQvIMYTHybX34Ek+h/JFNCxJ9WFYkDVdXTp44iqW/5IJQnLyA4lsWBDxnQaWj"
    "+CZ/jBa3aJ/j4MRYXeHJuNJ0Ixbk0xqgh6HdN7Bj3eclv4wC5iuY51T3TIq8eUN9XuVgQq"
    "+CxYCr5/P8IsVc4D8I49TRz4+i60fRD3rDT/7J8Zs0fopTM+1pf0sTbFevXSO8aLCG61nd"
    "vGsT3Xsd3UcOy2WmJTIQWOSDLrVw4rSBO10PO9+iTM4u6Ohc63iitGisIsGYXXVrNJDTij"
    "5gbLIjtEKLvWWQPSNC1cAl4fHFRYA6BVeWYvrJtJqBgI/nVgTpEYlKuhDAozLwJ57tn6hG"
    "iDZ+vjkq09XD9AQ3BdrBMig3UNrLV1aeyrAiliLtwZOoN4DcQTt9PiDiujay+poXiMyiL1"
    "5IY9lYCfULQhLmSeDfz0j5vMUM+lpolN4OdXl1+i5rP5arJ4swfHLtZVyqWUNE0bMM9KKY"
    "eVpJTDOVLKYV5KkcL36oGcUGwwGgdvTKc8epmtS6arLd61QI4I1oVxzqTUCYzxm0F4xWFl"
    "xoG90LLdbNdl3mMduInkAmzOUq6AzQ3bKNrEZQ+Qf1yAx2k6w+Emc3jGfVxnXywgXc0O+b"
    "JO2vVbo0y0Tzn6JtpnPdE+12wivMKs2Ull97mIHy9pVyHmJ2gdXLkcuwfD4Jy93i5ecEzJ"
    "mKEXPIhOsZlieF1Ql/yfb+ORH4eH1yrbe64YFoX+rOUZ5rZlE9dSbW1sfzBAMMEWCMWYIT"
    "TWzoVZQC3Ll6z+BMjSGQaYgJhmB8SMmZQgv/Rdh9/XQXqWrn3W5l4lLaQ3Rwvp5bUQDEeu"
    "40KJ2rcB3k07UJpncy6w64sJ49tpcqaS1U8uNUPVoiNrKwsCG1FuuyBBDArsQnMPyWboWo"
    "TshgUPY5zbvHHO+K8W2jWbbYwL7N7NscbNS+6Tru4+Z5Grl9jnODzP9kqmz8xFfRwRz3fZ"
    "QIj7yID2ercbG8xkl6CAjYl4LEv4MCSCG+qoW2SXW8tz9Ok8gUmDjsJDdybrz1bucOWmvm"
    "hk5FlRfvtYmmapG8gaJnPMAXctF5DFM7AO+Bkig/7i6AeLXh3oEwqD++K4B3tLHUNIQmFM"
    "IfVNIcb5Xb4FG+f3GsTtK18NxNO1fq+csJ1UzhW1hW5WVcgOr3KO8k2wuzvYIuNsFPp+MR"
    "Rf49QOmOSSoquGOEqnpAgeV5jrYmV9ozD9D89RivHIBy7xojP4Oi4x/hQkdirTKTgJ5TbI"
    "3K7zoNNj0DvFPGSPRC97II/ruuktfxTePebxtMRQ7kfFu0eEPUHPLmagsKA7yxNSEsujco"
    "QJK6D3iScsJiWTmJoiyGYRJtwIPvSVvOUpywaBJpgyQzKYSQAGh2nsM4wGiD8HW8AwlYQL"
    "NQIUdzExh83wZm3ZFxwegE0xD+njSEh2CyUw6mFaQ80O2x/u41VwgWIPLXGCAvqOzk0Kb4"
    "aZNDhjtsReXYYWRfEIa87373+LfoMG47jBY255+H0RUvA+yBaYM/AV+IKAmdLZOwSmQX0c"
    "sYAxuifQmjhU+Kr0/gMTpPDzBSk0TJp4GTvpvcNrnaCN2rfQLbv68xLBhQa1R3aGzAQfLD"
    "y24SVgr6vlqU2RtGKEb1pFqelqWca9Mrt8N8m70qvkXenN8a70ct6VCZ26ghYsJeWjOUVi"
    "9O36gzmRdWsIfVmiFgkmK3ONB0pCnWUioWjDMF53MBgFxXQ8UQW26PJ4xxTJ5gSOgy0ZsC"
    "6Vqs88TxTEyJQvvlmqNgzcTa+/Jp6gfIhvp72zSkLnO8eDiROuSAvwvojeHKRsjoE7z3EO"
    "a+gSDC8gN/xuMr8HrrAKHbblEmCKpA076bovzEnZ0+ugPENmkK6KtPZU1F23ZkjNmtXkNS"
    "t23i2wQc3SboTTm7R+tYnRm79ftWGztlXXqzYM2x/R2NnO21W/YmJM+1poaHMBIana7ryI"
    "kIlup+8e0w0rx14TJIlCFCbM2wuLscMucfFeUyV0YAHiR6gilOiFtTPDnOV7xBCQY1ff+m"
    "GDJt4leLmdjsOQE2YpfQcJ9i0J9YAYGnKCPAi6CCNRGDRHEo/pKJMwFATVmVuOTbpkwHQE"
    "Shyz4jpjvA5Fv7W2ceiUDXQgfEV6hwf63pW3H8godQGLCXkwIQ8mL0PG/7DInYnL3pTYyO"
    "FtYk3aE2tigoPLod9OY3lZcLDRVoy2shXaCjyfXP52fv5S6sox8xxr1ClQVcKauWoKTdo8"
    "p6GUI2rk7mbJ3aAQybrZiBKSFgoivcPDKvlxDg/L8+NgXe5gWB2Ew+YtRHc9aRbKwlrLzz"
    "uWh7XWO/DYNLQ3ceLxRc9i/fh/O6abpQ==")
