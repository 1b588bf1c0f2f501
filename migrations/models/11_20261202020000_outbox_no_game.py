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
    "eRlEndTDF4sgV0g+TXuHQ3Go3/dMbCZq7cPxHqginaOSL/6XA6ZvDPbFWXdOhkklRggaID"
    "V9MOhOqPI6qBVB61FJTfUVcyKLKZtDxnohzBkfpmxAhwvJJEPHIix9R1gdRSsksGU3LPpm"
    "SH7Q/3iQK6EZUjIu70/y6Visgpt5hNLDEeU24T5TG2u4/PtYUFD3b4cH2P8Lnzl8/6SgwZ"
    "EHvwoD//BcUOt9kTk9HPyX3/zmGunUETHokt6Iq+mk504ccR9T5rUnz/Qd8Srj/mKfLJVI"
    "0Ej+nh+7B0yDjzqGJ2CmLuu24ojagoeFsoUJ7P4te0kwKb3VHfRUEhd/AKSVmn37+8uul/"
    "O73p9zs5IUYcKdDDIktw7AAOV1IjMKZPfZfxoRrBz3dvfwTPSYAIqPCBvx9ff/zl+Hrn3d"
    "tdfKCAXhR0r8uwpqerfugmqKJBIxr3BOgH6sJH56C+YU+qGOqYYTVgRwUJ2sko2ADcc+C9"
    "Of3jBlseS/mXm4Z15+L4D434eBrWnF9dfonIU2L4eH51ouFP4PYnNoLTpyqP+SeoUc6YFe"
    "Oe5ZwB3w5Z96N/tlAUHY9R+4q703DEzRPN2cXpt5vji68Z+Xw6vjnFml5GNlHpzruZURI3"
    "Qv5xdvMLwZ/kn1eXpxpeIdXQ009M6G7+2cF3or4SfS4e+9ROYxQVR2+PU9vdfWrMYcGAWv"
    "eP1LP7uRrRE2W0+apxbzxbQjkdapkhuPia4Xr0Jeh4uXVKl89dpIYRxbML1BVnBKlxVbig"
    "dw4lDieUDH3HtY+IoyRxnTtmTQH4rl42YHpzgEcq6J1k53+/XV0SBRPOLtHrBxDYHn3Mr1"
    "JrfM4SS5Vj54fyGS+ZPQPimdELI2B2vIZLTnOXqSG+wl7v9dv3bz+8eff2A5Do14xL3s8Z"
    "v2eXN88sS1qm/SJoT5xhKbpprucxXmxOfAGU/6fXe/Pmfe/gzbsPh2/fvz/8cBDDna+ah/"
    "vJ2ReEPjMNRrJIsLcAn6HwprXhn2FcSAIhvI1ZlF5GAiPKOXPrCyDDZ/BfFP8RLP+1wU8x"
    "rWvu+QmgR0WkjuUX0bfCGskaf6/fVTD+Xs+qtYnxh1VZcJWj3FroxgwLwdu0uSSL7sFBFX"
    "gPDsrxxboswK4YDKb9MZMStPHaM0gRt5nEF51JPOEymRcAWgHF8McMs8a1YynyX7At5BZi"
    "PwdGRGK+g2PWl9HNWsbYwKyDA20tvwB2nGNOuT/W0J/BK1JusZwIEu51zec59b0jnSH3J5"
    "16+He+nX25/O3rEQm4b/n1b5eXZ5dfjojncw4CueWfzy7Pvv1y+gnewuGOHDH7ln88vvx4"
    "en6OhRYC4LrMnjVzX2ZpmIyorLU0xAztWxo+VAD3Qym2H2ahtem0Dz1/wLwajoIs0+YUyo"
    "P1rgFLOgxSfmvmSXyF6oimOAycs3BqF1mdbYCYoQ3Df9O7ANKC1cAvUsXLtZM0j1FQFldQ"
    "rJFwLCbhQ6jtOpwtsBVT0sQK9mS2RzYN34LRRYVyt1whlxF6mt9IvMkSfxBquXFe2ICRef"
    "NlvugYz3MbaTdZ2hhy5Kgx4wWSLrdcs1xt0F/XEzSU0lcZK3BlliMc0bcP29e9Ks4BoCp3"
    "vfRyDgLLYwsGBWU5TVBQU2avsA/PnbxMKFjbpL6CULCU19CRloDqcE+/wKV+Erbw+ddr5l"
    "JV7NtKhXt9DFrawv7wIxoBUWnSL3IG3ipwwobaChN7YEi+NEqnD2wrwxoqgTRx6ZR5K0Dp"
    "q26orTBpe2l5kH4XqrXDTfhqIJ6Ww+hKt3ENC8rWac/VRpsQLqgzJRv2dZD6qlu6Fu72Gu"
    "Z5qNYdHh7pBSVR4im1YX6weKSqaMpng8aPyadAwyEhG0Z1Ux3fHRw6AjGQHUsM5T6W7Uvm"
    "PTCPBBaPxOjtccFBppW0estv+ZmSJIpnDYLJJ/7AdayoXRkUjoU3xF7EqDUC+oHDmYqjyz"
    "Ei8JWMOI50GT71lutVAeMC7OCZZMQ8Fr2fCUhvYEA6CqaOCySiN3GJFYJPwoFTy4mXsLTP"
    "y/SmVwHhN71ShLGqMRHljZwnNh3Qbzx8LfP1VPHwaaWo1mqc4mjTGYKlVuWc9ywLcB7dz8"
    "JjzpD/yqa5YNNyG3QLwS0zGKDYo4+xYpjuVPDt8MVMBYvr8bePx59OOz9e7mRq6GortTwi"
    "R9yzhkdM+LzdwQnUC08r5shG7oQHJgKYAYPgPKmObO0SfwLGAXSGoyTTgeCMPDpckp3rPZ"
    "wf9t4WmSBreECBNfBn3PvjSNxszKh+CfwHH6y7t887/zJGxAsaERsOsm7ahGWirLemDye4"
    "xtNI1T4bM7Swz64+tCKanKuiG9G3ENw1nHek3rCeWyHhaJ9XYfWdFzWKGuCG5O1Ddg0eMe"
    "Mw+AkdBiYkqG1SLwsJMm4i4yYybqKqbqIg1qjESxQHIj3jJGIxXaWMm8jzShLNRVwx7BJo"
    "n3F7T8AkdBSlFguiqchO8Hdf/+nDUMcjebvo7RGezbzihJsrf8JcL5Fkfxnvz4t6f1AC1V"
    "ENqc38vr2Hv7cIUey0eTjLTyNH9EudRG4aqJs+ihxEFOVhP8EoNspLXMIx0wz2A+BqF+gn"
    "V1fnGdBPzmYP1/92cXIKprWWABA5ymzA/ySWldmAN5ZVM6aubbaswvMJJaZVcnrhGdtqkh"
    "BWCPwNqHXqLGYTfxJukAdBumDRBDm1AsOmSx4dNYJaa0SxXeDDF8UN8vOzz6d7rwuDgNfw"
    "hLnGlS+ZhxIGvFMWl35IXz8kW4Pt9/HOAmOQvaRBFkktr4DNiYhMMbVphdhwQGRmbFTv2b"
    "NsbZLAymw5Xrgol2/LRfQt3FJe/ZZnPHXXBLi/0itqWg6ysdbKoTfWmrHWjLX2c1pr+qB0"
    "ia0WHaJ+xlJ7iMgq2Gk2nb6SBDmOdGTyBEwj/OXp/6C2SzjTxydHlMNLo8n0+9XN6V6v0C"
    "hbtrm5Flg2klM3a6yrF7WuTEDumja/dN+uoX7GDEb3rKB7bjxm9GcD2Cj35dAb5d4o90a5"
    "/wmVe7y48BtTCr4xkPmshp8hmK/m60sQZZq20g2ennjUiniUQCVMjbKj29slakRVrJlTEr"
    "b/dwKNY/zamFEuCd4bHcpWFt/fuZanLJEspSkXTTbBFNjIHkC5weCC1H0YH3V0rzRP+86V"
    "rPiIJGpF/wbLu5Zym+LZnHrbOfU9MWF/uxAwSzx2tlTTDc6m0wVvUy3iNrfBLbrhqG/nxA"
    "xzi93rmeI0MlhUBqisAEbCW0wQhexGGotKwxXD/qJpofK8Rg6LykGJR96fOJbyvYKVeW4s"
    "8CzrBiOCI/U0LYZYZTWBwNtoQ7fY+2QO1rZN6hFGS+TaX6dD50LYHzF1T4ErJ6rqznPiQB"
    "Ho/rLyVm2oG8Fvgmy4dXpx9Wm3SyToS8wmA3YHf2OviyOJEj7eKEh27MF+wl24cbu6xjGz"
    "7qXe3oNKdAMF7p998v27VGzy/btm1tmwbBuroVD/tpnlSP0CYjzxYXD9HVii/5FNAR97Ul"
    "0oBlRdR5c+jqi65Y9UkrCM7FASq5FkTKehryl4hh+8Zpfo78PAX2jNsdl4IhTj1hRjuKDV"
    "Mb1n0OItt4UP4iKW61j3RAcYe0x5U725jUAFnwVTwffvR5gTzHkA2bGniQNf3wXaB3HPSr"
    "P9/plxMoV7omZH+yV3tJviK3zpFeNF1OTaoQQmjGBuGEFTg9/b6vdOBXA4IrnHoHIQR5qp"
    "hXEGq095Le7uWLjVWXHGSHGYKaPwknA2qQFnRG6wLPJDhLprnTkgzdPCKeD1wUGFOQCoyv"
    "OoYd1M+spA8a8Dc4rFoFwNZTCYeRHIc72XCdMG/ZZxydamMhig270u1gmTwboG1tq7NPZV"
    "Xcd8hs8gXgPxZJNv8e1BY2svaaF4jMoi8+SGPZWAn3C0IQpnng/89I+bTFfPJQKKXeDnV5"
    "dfIvLZ7EBZvNmDYxfbKuVaSpqnDZhntZTDSlrK4Rwt5TCvpUjhe/VATjg2GPuE99NTHr3M"
    "1qUu1h7vWiBHDOvCOOdS6gTO+M0gvOIgPrOBvdC03eyty/yOdbBNJBcQc5ZzBWJu2ELRJi"
    "l7gPzjAjJO8xkJN1nCM9vHddbFAtbVrJAvu0m7fm+UifYpR99E+6wn2ueaTYRXmKM8qew+"
    "F/HjJXQVYn4C6uCC63h7MAzO2evt4nXSlIwZ7oIH0Sk2UwwvZ+qS//NtPGDl8PASa3vPFc"
    "Oi0J+1PMPcbW3iWqrNje0PBggG2AKhGDOMxtu5sAioZfmS1R8AWT4jABMQ0+yAmDGTEvSX"
    "vuvw+zpIz/K1z9vcq2SF9OZYIb28FYLhyHW2UCL6NsC76Q2U5vmcC/z6YsL4drqcqWT1U3"
    "nNcLXogODKgsBGlNsuaBCDAr/Q3CPJGb4WIbthxcM45zbvnDP7Vwutms12xgV+7+Z44+al"
    "UkpXd5/zyNVLo3Qcnmd7JdNn5qI2jojnu2wgxH3kQHu9240dZrJLUMHGtEeWJXzoEsF9gN"
    "Qt8sut5Tn6dJ7AFE1H4aE7k2NpK1e4cldf1DPyoii/6y3Ns9R9bw3TOeaAu5br3uIRWAf8"
    "DJNBf3H0g0mvDvQJh8F9cdyDtaWOIyThMK6Q+q4Qs/ldvgSbze81qNtXvhqIp2v9XjllO6"
    "mcq2oLTVZVyQ4vzo7yTbC7O1gi42wU+jY3VF/j1A6YUpTiVg1xlE5JETyuMNfFytpGZfof"
    "nqMU49EeuMRr5eDruMT4U9DYqUwnPCWU26Bzu86DTo9B7xTzUDwSd9kDfVzXTW/5o/DuMW"
    "uqJYZyPyrePSLsCVp2MQOFBc1ZnpCSWB6VI0xYAa1PPGExKZnE1BRBNosw4Ubwoa/kLU95"
    "NgiQYMoMyWAkARgchrHPMBog/hykgG4qCRdqBCjuYmIOm+E95rIvODwASTHr6+NISHYLJd"
    "DrYVhDzQ7bH+7jxXuBYQ+UOEABfUdngoU3w0wanDFbYqsuQ4+ieIQ55/v3v0W/wYJx3OAx"
    "tzz8vggpeB8UC4wZ+Ap8QcBM6ewdApPOPo5YIBjdElhNHCp8VXrbhAlS+PmCFBqmTbyMn/"
    "Te4bVO0Eb0LdyWXf15ieD6iNo9O8Nmgg8W7tvwErDW1dqpTbG0oodv2kSpudWyzPbK7PTd"
    "pN2VXqXdld6c3ZVebndlQqeuoAVTSXlvTrEYe7t+Z0503RpKX5apRYrJyrbGAyOhzjSRcL"
    "ShG687GIyCYTqeqAJfdHm8Y4plcwrHwZZ0WJdK1WeeJwpiZMon3yxXGzrupudfE09Q3sW3"
    "099ZJaHznePBwAlnpAVkX8RvDlI2x8GdlziHOXQJgRewG3k3Wd4DV1iFG7blGmCKpQ0r6b"
    "qvJ0r50+ugPMNmkK6KtN6pqDtvzbCaOavJc1a8ebfAAjXLuxFJb9L71SZBb/4224aN2lZd"
    "ZtswbH9EfWc777L9iokx7Wuhoc0FhKRqu/MiQiaaTt/0pgkrx14TZIlCFCbM2wuLscEucf"
    "EWWSV0YAHiR6gilOiJtTMjnOVbxBCQY1ff+mGDJd4leJWgjsOQE2YpfQcJti0J9YAZCDlB"
    "GQRNhJEoDMiRxWM6yiQMBUFz5pYjSZcMmI5AiWNWXGeM16Hot9Y+Dp2ygQ6Er0jv8EDfu/"
    "L2AxmlLmAxIQ8m5MHkZcjsPyxyQ+Wy91I2snubWJP2xJqY4OBy6LfTWV4WHGysFWOtbIW1"
    "As8nl7+dn7+UuXLMPMcadQpMlbBmrplCE5rnLJRyRI3e3Sy9GwwiWTcbUcLSQkWkd3hYJT"
    "/O4WF5fhysyx0Mq4NwSN5CdNeTZqEsrLX8vGN5WGu9A49NQ3sTJx5f9CzWj/8HT44RnA==")
