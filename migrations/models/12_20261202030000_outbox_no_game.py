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
    "eJztXVtz2ziy/isovcSukr2OEic53ic7cTI+40vK8cxO7XhLgUhY4jEFaAjQtnY3//10g3eRlEndTDF4sgWgQfJrXPqGxn86Y2Ez"
    "V+6fCHXBFO0ckf90OB0z+Ge2qks6dDJJKrBA0YGr2w6E6o+jVgOpPGopKL+jrmRQZDNpec5EOYJj65sRI0DxShLxyIkcU9eFppaS"
    "XTKYkns2JTtsf7hPFLQbUTki4k7/71KpiJxyi9nEEuMx5TZRHmO7+/hcW1jwYIcP1/cInzt/+ayvxJBBYw8e9Oe/oNjhNntiMvo5"
    "ue/fOcy1M2jCI7EHXdFX04ku/Dii3mfdFN9/0LeE6495qvlkqkaCx+3h+7B0yDjzqGJ2CmLuu27IjagoeFsoUJ7P4te0kwKb3VHf"
    "RUYhdfAKSVmn37+8uul/O73p9zs5JkYUKdDDIktwHAAOV1IjMKZPfZfxoRrBz3dvfwTPSYAIWuEDfz++/vjL8fXOu7e7+EABoygY"
    "XpdhTU9X/dBdUEWDTjTuCdAP1IWPzkF9w55UMdQxwWrAjgoStJNZsAG458B7c/rHDfY8lvIvNw3rzsXxHxrx8TSsOb+6/BI1T7Hh"
    "4/nViYY/gduf2AhOn6o85p+gRjljVox7lnIGfDsk3Y/+2UJWdDxG7SvuTsMZN481Zxen326OL75m+PPp+OYUa3oZ3kSlO+9mZknc"
    "CfnH2c0vBH+Sf15dnmp4hVRDTz8xaXfzzw6+E/WV6HPx2Kd2GqOoOHp7XNru7lNzDgsG1Lp/pJ7dz9WInihrm68a98azJZTToeYZ"
    "gouvGe5HX4KBl9undPncTWoYtXh2g7rijGBr3BUu6J1DicMJJUPfce0j4ihJXOeOWVMAvqu3DVjeHKCRCkYn2fnfb1eXRMGCs0v0"
    "/gENbI8+5nepNT5nia3KsfNT+YyXrJ5B45nZCzNgdr6GW05zt6khvsJe7/Xb928/vHn39gM00a8Zl7yfM3/PLm+e2ZY0T/tF0J44"
    "w1J001TPY7zYmvgCKP9Pr/fmzfvewZt3Hw7fvn9/+OEghjtfNQ/3k7MvCH1mGYx4kWBvAT5D4U1rwz9DuBAHQngbsym9DAdGlHPm"
    "1mdAhs7gvyj+I9j+a4OfIlrX2vMTQI+CSB3NL2rfCm0kq/y9fldB+Xs9K9Ymyh9WZcFVjnJroRsTLARv09aSLLoHB1XgPTgoxxfr"
    "sgC7YjCY9sdMSpDGa68gRdRmEV90JfGEy2SeAagFFMMfE8wq146lyH9Bt5BbiP0cGBGJ+QaOWVtGN6sZYwezBg7UtfwC2HGNOeX+"
    "WEN/Bq9IucVyLEio17We58T3jnSG3J906uHf+Xb25fK3r0ckoL7l179dXp5dfjkins85MOSWfz67PPv2y+kneAuHO3LE7Fv+8fjy"
    "4+n5ORZaCIDrMntWzX2ZrWEyorLW1hATtG9r+FAB3A+l2H6Yhdam0z6M/AHzahgKskSbEygP1rsHLGkwSNmtmSfxFaojmqIwcM7C"
    "qU1kddwAMUEbpv+mvQDSgt3ALxLFy6WTNI0RUBYXUKyRcCwm4UOo7TqcLeCKKeliBT6Z7eFNw10wuqiQ75Yr5DJMT9MbjjeZ4w9C"
    "LTfPCzswPG8+zxed43lqw+0mcxtDjhw1ZryA0+Waa5aqDfLreoKGUvIqYwWmzHKEo/btw/Z1r4pxAFqVm156OQOB5bEFg4KylCYo"
    "qCmrVziG5y5eJhSsbVxfQShYymroSEtAdejTLzCpn4Q9fP71mrlUFdu2UuFeH4OetnA8/IhmQFSajIucgrcKnLCjtsLEHhg2Xxql"
    "0we2lWENlUCauHTKvBWg9FV31FaYtL60PEi/C9Xa6SZ8NRBPy2F0pfu4hg1l66TnarNNCBfEmRKHfR2kvuqeroW7vYp5Hqp1h4dH"
    "ckFJlHhKbJgfLB6JKrrls0Hjx+RTIOGQkAyjuqmO7w4OHQEbyI4lhnIfy/Yl8x6YRwKNR2L09rjgINNKer3lt/xMSRLFswbB5BN/"
    "4DpW1K8MCsfCG+IoYtQaQfuBw5mKo8sxIvCVjCiOdBk+9ZbrXQHjAuzgmWTEPBa9nwlIb2BAOjKmjgkkam/iEisEn4QTp5YRLyFp"
    "n5XpTa8Cwm96pQhjVWMiyhu5Tmw6oN9Y+Fpm66li4dNCUa3dOEXRpjMES+3KOetZFuA8up+Fx5wh/5VNc8Gm5TroFoJbpjBAsUcf"
    "Y8EwPajg2+GLmQo21+NvH48/nXZ+vNzJ1NDUVqp5RIa4ZxWPuOHzegcnUC88LZgjGbkTHqgIoAYMgvOkOrK1S/wJKAcwGI6STAeC"
    "M/LocEl2rvdwfdh7W6SCrOEBBdrAn/HojyNxszGj+iXwH3ywHt4+7/zLKBEvqERsOMi6aQuWibLemjGc4BovI1XHbEzQwjG7+tCK"
    "aHGuim7UvoXgruG8I/WG9cwKCUX7rAqrH7woUdQAN2zePmTXYBEzBoOf0GBgQoLaxvWykCBjJjJmImMmqmomCmKNSqxEcSDSM0Yi"
    "FrerlHETaV5JoqmIK4ZdAv0zbu8JWISOotRiQTQV2Qn+7us/fZjqeCRvF609wrOZV5xwc+VPmGslkuwvY/15UesPcqA6qmFrs75v"
    "7+HvLUIUB20ezvLTyFH7pU4iNw3UTR9FDiKK8rCfYBQb5SUm4ZhoBvsBULUL9JOrq/MM6Cdns4frf7s4OQXVWnMAGjnKOOB/Es3K"
    "OOCNZtWMpWubNavwfEKJapWcXnhGt5okDSsE/gatdeosZhN/EjrIgyBd0GiCnFqBYtMlj44aQa01otgv0OGLooP8/Ozz6d7rwiDg"
    "NTxhrnLlS+YhhwHvlMalH9LXD8nWYP99vLPAKGQvqZBFXMsLYHMiIlNEbdohNhwQmZkb1Uf2LFmbOLAyXY4XbsrlbrmofQtdyqt3"
    "ecZLd02A+yu9oqblILvCovUSFScUxrtsvMtGGzbasNGGjTZcVxvWB9FLdOHokPozmvBD1KyCHmzT6StJkOJIR35PQPXEX57+D2q7"
    "hDN9PHVEObw0qqS/X92c7vUKld5lu5ur4WYjZXW3Rnt9Ue3VBDyvybmox3YN2TMmMLJ9Bdl+4zG5PxvARrgvh94I90a4N8L9Tyjc"
    "48WQ35hS8I0Bz2cl/EyD+WK+vmRSpttWuiHVE49aEI8S1ISpZ3Z0f7tEjaiKJXNKwv7/TqBzjA8cM8olwXu5Q97K4vtR1/KUJZLR"
    "NOUizyaoAhvxsZQrDC5w3Yf5UcuumqJpn2V1xUdQUSr6N2jetYTbFM3mxNvOqe+JCfvbhYBV4rGzpZJucPafLnhbbRG1uW1vUYeu"
    "vv0UM/gtdm9qitLwYFEeoLACGAlvMUYUkhtuLMoNVwz7i6bdytMaPizKByUeeX/iWMr3CnbmubHWs6QbjLiOxNM0G2KR1QRab6MO"
    "3WLrkzm43DauRxgtcZfBOg06F8L+iKmRCkw5UVV3nhEHikD2l5VdtaFsBL8JkqHr9OLq026XSJCXmE0G7A7+xlYXRxIlfLyxkezY"
    "g/2EutBxu7rOMXPxpXbvQSWagQLzzz75/l0qNvn+XRPrbGO2jdVQqH/bzHKkfgExnvgwuf4OJNH/SKaAjj2pLhQDqq6jSx9HVN3y"
    "RypJWEZ2KInFSDKm09DWFDzDD16zS/T3YWA19ObYbDwRinFrijFy0OuY3jPo8Zbbwgd2Ect1rHuiA7g9prypdm4jUMFnwVLw/fsR"
    "5lxzHoB37GniwNd3oe2DuGel2ZT/zBiZQp+o8Wi/pEe7KbbCl94xXkRMrh1KYMII5oYRNPVwQVvt3qkADkck90RUDuJIE7UwzmD1"
    "KcXF3R0LXZ0VV4wUhVkyCi9hZ5MacEbNDZZFdohQdq2zBqRpWrgEvD44qHKQ4OCg/CQB1s2kBw0E/zowp0gMytVQBoWZF4E813qZ"
    "EG3QbhmXbG2qiAGa3etinRAZrGtgra1LY1/VNcxn6AziNRBPnHyLuweNrr2khuIxKovUkxv2VAJ+QtGGKJx5NvDTP24yQz2XaCk2"
    "gZ9fXX6Jms9mX8rizR4cu1hXKZdS0jRtwDwrpRxWklIO50gph3kpRQrfqwdyQrHB2CcQ88eURy+zdYd3tcW7FsgRwbowzpmUOoEx"
    "fjMIrziIzziwF1q2m+26zHusAzeRXIDNWcoVsLlhG0WbuOwB8o8L8DhNZzjcZA7PuI/r7IsFpKvZIV/WSbt+a5SJ9ilH30T7rCfa"
    "55pNhFeYAz6p7D4X8eMl7SrE/AStgwvEY/dgGJyz19vF67opGTP0ggfRKTZTDC+/6pL/8208YOXw8JJwe88Vw6LQn7U8w9wdbuJa"
    "qq2N7Q8GCCbYAqEYM4TG2rkwC6hl+ZLVnwBZOsMAExDT7ICYMZMS5Je+6/D7OkjP0rXP2tyrpIX05mghvbwWguHIdVwoUfs2wLtp"
    "B0rzbM4Fdn0xYXw7Tc5UsvqpvGaoWnRAcGVBYCPKbRckiEGBXWjukeQMXYuQ3bDgYYxzmzfOGf/VQrtms41xgd27Oda4eamU0tXd"
    "5yxy9dIoHYfn2V7J9Jm5qI8j4vkuGwhxHxnQXu92Y4OZ7BIUsDHtkWUJH4ZEcN8idYvscmt5jj6dJzBF01F46M7kWNrKHa7c1BeN"
    "jDwryu/SS9MsdZ9ew2SOOeCu5Tq9eAbWAT9DZNBfHP1g0asDfUJhcF8c92BvqWMISSiMKaS+KcQ4v8u3YOP8XoO4feWrgXi61u+V"
    "E7aTyrmittDNqgrZ4cXkUb4JdncHW2ScjULflofia5zaAVOKUnTVEEfplBTB4wpzXaysbxSm/+E5SjEe+cAlXtsHX8clxp+CxE5l"
    "OuEpodwGmdt1HnR6DHqnmIfskehlD+RxXTe95Y/Cu8esqZYYyv2oePeIsCfo2cUMFBZ0Z3lCSmJ5VI4wYQX0PvGExaRkElNTBNks"
    "woQbwYe+krc8Zdkg0ARTZkgGMwnA4DCNfYbRAPHnYAsYppJwoUaA4i4m5rAZ3hMv+4LDA7ApZn19HAnJbqEERj1Ma6jZYfvDfbzY"
    "MFDsoSVOUEDf0Zlg4c0wkwZnzJbYq8vQoigeYc35/v1v0W/QYBw3eMwtD78vQgreB9kCcwa+Al8QMFM6e4fApLOPIxYwRvcEWhOH"
    "Cl+V3jZhghR+viCFhkkTL2MnvXd4rRO0UfsWumVXf14iuD6i9sjOkJngg4XHNrwE7HW1PLUpklaM8E2rKDVdLcu4V2aX7yZ5V3qV"
    "vCu9Od6VXs67MqFTV9CCpaR8NKdIjL5dfzAnsm4NoS9L1CLBZGWu8UBJqLNMJBRtGMbrDgajoJiOJ6rAFl0e75gi2ZzAcbAlA9al"
    "UvWZ54mCGJnyxTdL1YaBu+n118QTlA/x7bR3VknofOd4MHHCFWkB3hfRm4OUzTFw5znOYQ1dguEF5IbfTeb3wBVWocO2XAJMkbRh"
    "J1339UQpe3odlGfIDNJVkdaeirrr1gypWbOavGbFzrsFNqhZ2o1wepPWrzYxevO32TZs1rbqMtuGYfsjGjvbeZftV0yMaV8LDW0u"
    "ICRV250XETLR7fRNb7ph5dhrgiRRiMKEeXthMXbYJS7eIquEDixA/AhVhBK9sHZmmLN8jxgCcuzqWz9s0MS7BK8S1HEYcsIspe8g"
    "wb4loR4QQ0NOkAdBF2EkCoPmSOIxHWUShoKgOnPLsUmXDJiOQIljVlxnjNeh6LfWNg6dsoEOhK9I7/BA37vy9gMZpS5gMSEPJuTB"
    "5GXI+B8WuaFy2XspGzm8TaxJe2JNTHBwOfTbaSwvCw422orRVrZCW4Hnk8vfzs9fSl05Zp5jjToFqkpYM1dNoUmb5zSUckSN3N0s"
    "uRsUIlk3G1FC0kJBpHd4WCU/zuFheX4crMsdDKuDcNi8heiuJ81CWVhr+XnH8rDWegcem4b2Jk48vuhZrB//D3e0gUA="
)
