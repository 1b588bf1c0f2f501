"""Every Discord effect of a game is an outbox row (issue 17): the row gets an idempotency key,
the kind's arguments (payload), a dependency on another row and the result it waits for, the
retry's schedule, a permanent error's block, and a lease (owner, until) so that each row is
delivered by exactly one process (cogs.delivery).

SQLite rebuilds the table (its rows copied); PostgreSQL adds the columns. tests/test_db_schema.py
proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

COMMENT = "A game's Discord effect, stored with the change that caused it (db.outbox)."
OLD_COMMENT = "A game's Discord effect (a post, a DM), stored with the change that caused it."
COPIED = (
    '"id", "kind", "target_id", "content", "attempts", "last_error", "created_at",'
    ' "delivered_at", "game_id"'
)
NEW_COLUMNS = """    "key" VARCHAR(120) UNIQUE,
    "payload" TEXT,
    "depends_on" INT,
    "result" VARCHAR(32),"""
LATER_COLUMNS = """    "first_attempt_at" TIMESTAMP,
    "next_attempt_at" TIMESTAMP,
    "blocked" VARCHAR(64),
    "lease_owner" VARCHAR(64),
    "lease_until" TIMESTAMP,"""


def _sqlite(kind_length: int, extra: bool, comment: str) -> str:
    return f"""
CREATE TABLE "outbox_new" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "kind" VARCHAR({kind_length}) NOT NULL,
    "target_id" BIGINT NOT NULL,
    "content" TEXT NOT NULL,
{NEW_COLUMNS if extra else ""}
    "attempts" INT NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMP NOT NULL,
{LATER_COLUMNS if extra else ""}
    "delivered_at" TIMESTAMP,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE
) /* {comment} */;
INSERT INTO "outbox_new" ({COPIED}) SELECT {COPIED} FROM "outbox";
DROP TABLE "outbox";
ALTER TABLE "outbox_new" RENAME TO "outbox";
CREATE INDEX IF NOT EXISTS "idx_outbox_deliver_99775c" ON "outbox" ("delivered_at");"""


POSTGRES_UP = f"""
ALTER TABLE "outbox" ALTER COLUMN "kind" TYPE VARCHAR(16);
ALTER TABLE "outbox" ADD COLUMN "key" VARCHAR(120) UNIQUE;
ALTER TABLE "outbox" ADD COLUMN "payload" TEXT;
ALTER TABLE "outbox" ADD COLUMN "depends_on" INT;
ALTER TABLE "outbox" ADD COLUMN "result" VARCHAR(32);
ALTER TABLE "outbox" ADD COLUMN "first_attempt_at" TIMESTAMPTZ;
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" TIMESTAMPTZ;
ALTER TABLE "outbox" ADD COLUMN "blocked" VARCHAR(64);
ALTER TABLE "outbox" ADD COLUMN "lease_owner" VARCHAR(64);
ALTER TABLE "outbox" ADD COLUMN "lease_until" TIMESTAMPTZ;
COMMENT ON TABLE "outbox" IS '{COMMENT.replace("'", "''")}';"""

POSTGRES_DOWN = f"""
ALTER TABLE "outbox" DROP COLUMN "key";
ALTER TABLE "outbox" DROP COLUMN "payload";
ALTER TABLE "outbox" DROP COLUMN "depends_on";
ALTER TABLE "outbox" DROP COLUMN "result";
ALTER TABLE "outbox" DROP COLUMN "first_attempt_at";
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";
ALTER TABLE "outbox" DROP COLUMN "blocked";
ALTER TABLE "outbox" DROP COLUMN "lease_owner";
ALTER TABLE "outbox" DROP COLUMN "lease_until";
ALTER TABLE "outbox" ALTER COLUMN "kind" TYPE VARCHAR(8);
COMMENT ON TABLE "outbox" IS '{OLD_COMMENT.replace("'", "''")}';"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return POSTGRES_UP
    return _sqlite(16, True, COMMENT)


async def downgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return POSTGRES_DOWN
    return _sqlite(8, False, OLD_COMMENT)


MODELS_STATE = (
"eJztXVlz2zgS/isovcSukj2OEidZz5OdOBnv+Eg5nqNmPKVAJCxxTQEaArStnc1/327wlE"
    "jKpE6KwZMtAA2SX+PoC41/WkNhM1funwh1wRRtHZF/WpwOGfwzXdUmLToaJRVYoGjP1W17"
    "QnWHUaueVB61FJTfUVcyKLKZtDxnpBzBsfXNgBGgeCGJeOREDqnrQlNLyTbpjck9G5Mdtt"
    "/fJwraDagcEHGn/3epVESOucVsYonhkHKbKI+x3X18ri0seLDD+6t7hM+dv33WVaLPoLEH"
    "D/rzLyh2uM2emIx+ju67dw5z7Qk04ZHYg67oqvFIF74fUO+jborv3+tawvWHPNV8NFYDwe"
    "P28H1Y2meceVQxOwUx91035EZUFLwtFCjPZ/Fr2kmBze6o7yKjkDp4haSs1e1eXt10v5ze"
    "dLutDBMjihToYZElOA4AhyupERjSp67LeF8N4Oeb19+C5yRABK3wgb8eX7//6fh6583rXX"
    "yggFEUDK/LsKajq77pLqiiQSca9wToB+rCR2egvmFPKh/qmGA5YEcFCdrJLFgD3DPgvTn9"
    "/QZ7Hkr5t5uGdefi+HeN+HAc1pxfXX6KmqfY8P786kTDn8Dtj2wEp0tVFvMPUKOcIcvHfZ"
    "JyCnw7JN2P/tlCVrQ8Ru0r7o7DGTeLNWcXp19uji8+T/Dnw/HNKdZ0JngTle68mZolcSfk"
    "t7Obnwj+JH9cXZ5qeIVUfU8/MWl380cL34n6SnS5eOxSO41RVBy9PS5td/epOYcFPWrdP1"
    "LP7mZqREcUtc1WDTvD6RLKaV/zDMHF1wz3o0/BwMvsU7p85ibVj1o8u0FdcUawNe4KF/TO"
    "ocThhJK+77j2EXGUJK5zx6wxAN/W2wYsbw7QSAWjk+z8+8vVJVGw4OwSvX9AA9ujj9ldao"
    "XPWWCrcuzsVD7jBatn0Hhq9sIMmJ6v4ZZT322qj6+w13n5+u3rd6/evH4HTfRrxiVvZ8zf"
    "s8ubZ7YlzdNuHrQnTr8Q3TTV8xjPtyZuAOV/dTqvXr3tHLx68+7w9du3h+8OYrizVbNwPz"
    "n7hNBPLIMRLxLsLcCnL7xxZfinCOfiQAhvbTalzXBgQDlnbnUGTNAZ/OfFfwDbf2XwU0Sr"
    "Wnu+A+hREKmi+UXtG6GNTCp/L9+UUP5eTou1ifKHVZPgKke5ldCNCeaCt25rySS6Bwdl4D"
    "04KMYX6yYBdkWvN+4OmZQgjVdeQfKozSI+70riCZfJLANQC8iHPyaYVq4dS5H/gW4htxD7"
    "GTAiErMNHNO2jPakZowdTBs4UNfyc2DHNeaU+0MN/Rm8IuUWy7AgoV7Vep4R31vS6XN/1K"
    "qGf+vL2afLXz4fkYD6ll//cnl5dvnpiHg+58CQW/7x7PLsy0+nH+AtHO7IAbNv+fvjy/en"
    "5+dYaCEArsvsaTV3M1vDaEBlpa0hJmje1vCuBLjvCrF9Nw2tTcddGPk95lUwFEwSrU+gPF"
    "jtHrCgwSBlt2aexFcoj2iKwsA5Dac2kVVxA8QETZj+6/YCSAt2Az9PFC+WTtI0RkCZX0Cx"
    "BsKxmIQPobbrcDaHK6agiyX4ZLaHNzV3weiiXL5brpCLMD1NbzheZ44/CLXYPM/twPC8/j"
    "yfd45nqQ2368xtDDly1JDxHE4Xa66TVE2QX1cTNJSSVxnLMWUWIxy1bx62LztljAPQqtj0"
    "0skYCCyPzRkUNElpgoLqsnqFY3jm4mVCwZrG9SWEgqWsho60BFSHPv0ck/pJ2MPHn6+ZS1"
    "W+bSsV7vU+6GkLx8O3aAZEpcm4yCh4y8AJO2oqTOyBYfOFUTp9YFsZ1lAKpJFLx8xbAkqf"
    "dUdNhUnrS4uD9KtQjZ1uwlc98bQYRle6j2vYUBoK0kgIF+SZAo99Fag+656uhbu9mnkWql"
    "XHh0eCQUGYeEpumB0tHskquuWzUePH5EMg4pCQDMO6qQ7wDk4dARvIjiX6ch/L9iXzHphH"
    "ApVHYvj2MOck01J6veW3/ExJEgW0BtHkI7/nOlbUrwwKh8Lr4yhi1BpA+57DmYrDyzEk8I"
    "WMKI50GT71luttAQMD7OCZZMA8Fr2fiUivYUQ6MqaKDSRqbwITS0SfhBOnkhUvIWmemelV"
    "pwTCrzqFCGNVbULKa7lOrDui35j4GmbsKWPi00JRpd04RdGkQwQL7coZ89kkwFl0PwqPOX"
    "3+Mxtnok2LldAtBLdIYYBijz7GgmF6UMG3wxczFWyux1/eH384bX3b3NHU0NZWqHlElrhn"
    "FY+44fN6BydQLzwtmCMZuRMeqAigBvSCA6U6tLVN/BEoBzAYjpJUB4Iz8uhwSXau93B92H"
    "udp4Ks4AE52sCf8eiPQ3Eng0b1S+A/+GA9vH3e+ssoERtUItYcZV23BcuEWW/NGE5wjZeR"
    "smM2JmjgmF1+bEW0OJdFN2rfQHBXcOCRev1qZoWEonlWheUPXpQoKoAbNm8esiuwiBmDwX"
    "doMDAxQU3jelFMkDETGTORMROVNRMFwUYFVqI4EukZIxGL25VKuYk0LyTRVMQV/TaB/hm3"
    "9wQsQkdRbrEgnIrsBH/39Z8uTHU8k7eL1h7h2czLz7i59CfMtBJJ9rex/mzU+oMcKI9q2N"
    "qs79t7+nuLEMVBm4Wz+Dhy1H6ho8h1A3XdZ5GDiKIs7CcYxUZ5gUk4JprCvgdUzQL95Orq"
    "fAL0k7Pp0/W/XJycgmqtOQCNHGUc8N+JZmUc8EazqsfStc2aVXhAoUC1So4vPKNbjZKGJQ"
    "J/g9Y6dxaziT8KHeRBkC5oNEFSrUCxaZNHRw2g1hpQ7Bfo8EXRQX5+9vF072VuEPAKnjBT"
    "ufIl85DDgHdK49IP6eqHTNZg/128tMAoZJtUyCKuZQWwGRGRKaIm7RBrDoicmBvlR/Y0WZ"
    "M4sDRdjuduysVuuah9A13Ky3d5xkt3RYC7S72jpuEgG22tGHqjrRltzWhr36e2pk9KF+hq"
    "0SnqZzS1h6hZCT3NpuMXkiDFkY5MHoFqhL88/R/Utgln+vjkgHJ4aVSZfr26Od3r5Cpli3"
    "Y3UwObjOTU3RrtaqPalQnIXZHzS4/tCuJnTGBkzxKy59pjRr83gI1wXwy9Ee6NcG+E++9Q"
    "uMebC78wpeAbA55PS/gTDWaL+foWRJluW+oKT088akE8SqASpkbZ0f3tEjWgKpbMKQn7/5"
    "FA5xi/NmSUS4IXR4e8lfkXeK7kKQskS6nLTZN1UAXW4gMoVhhc4LoP86OK7JWmad65kiUf"
    "kUSp6L+geVcSblM06xNvW6e+J0bshwsBq8Rja0sl3eBsOp3zOtU8anMd3LwOR309J2aYm+"
    "9izxSl4cG8PEBhBTAS3nyMyCU33JiXG67od+dNC5WlNXyYlw/GHlLMkObaQ8xRz6ZxPcJo"
    "gfTvqzQxXAj7PSaTyTEuRFXtWWYFKAJpVJZ2Hoa7NfwmSIbOvIurD7ttImEHB+W+x+7gb2"
    "wHcCRRwsdL7siO3dtPqHNdicvrHHO9XmqHE1SiYSIwSOyTr1+lYqOvXzWxzs9k21gNhfq3"
    "zSxH6hcQw5EPk+tHIIn+RzIFdOxJtaEYUHUdXfo4oOqWP1JJwjKyQ0ks2JAhHYfWj+AZfv"
    "CabaK/D0NRoTfHZsORUIxbY4wqgl6H9J5Bj7fcFj6wi1iuY90THfLqMeWNtbsVgQo+C5aC"
    "r1+PMEuV8wC8Y08jB76+DW0fxD0rzD/754TZI/TSGR/rJn2sdbFebXrH2IjgVtm5bRzbMx"
    "3bdQ3HbqolNhVS4Igks37psII0UQM938tPwizu7ljofCu5YqQozJKRe281G1WAM2pusMyz"
    "Q4Sya5U1IE3TwCXg5cFBiTUAWhVn9sK6qYSKgeBfBeYUiUG5HMqgMPM8kGeerU+I1ni2Pi"
    "7Z2sP1PTQEV8U6ITJYV8BaW5eGvsqRImbCPUFnEK+AeOJ2mt9hZXTtBTUUj1GZp57csKcC"
    "8BOKJsSFzLKBn/5+MzHUM6lpYhP4+dXlp6j5dL6aSbzZg2Pn6yrFUkqapgmYT0oph6WklM"
    "MZUsphVkqRwveqgZxQrDEaB69Mpzx6ma1Lpqst3pVAjghWhXHGpNQKjPHrQXjJYWXGgT3X"
    "sl1v12XWYx24ieQcbJ6kXAKba7ZRNInLHiD/OAeP03SGw3Xm8JT7uMq+mEO6nB1ys07a1V"
    "ujTLRPMfom2mc10T7XbCS83KzZSWX7uYgfL2lXIuYnaB1cuRy7B8PgnL3OLl5wTMmQoRc8"
    "iE6xmWJ4XVCb/Me38ciPw8Nrle09V/TzQn9W8gxz27KJaym3NjY/GCCYYHOEYkwRGmvn3C"
    "ygluVLVn0CTNIZBpiAmHoHxAyZlCC/dF2H31dBepquedbmTiktpDNDC+lktRAMR67iQona"
    "NwHedTtQ6mdzzrHrixHj22lyppJVTy41RdWgI2tLCwIbUG67IEH0cuxCMw/JTtA1CNk1Cx"
    "7GOLd+45zxX821a9bbGBfYvetjjZuV3Cdd3X7OIlctsc9xeJ7thUyfmYv6OCKe77KeEPeR"
    "Ae3lbjs2mMk2QQEbE/FYlvBhSAQ31FE3zy63kufo03kCkwYdhYfuTNafrdzhik190cjIsq"
    "L49rE0zUI3kNVM5pgB7kouIItnYBXwJ4gM+vOjHyx6VaBPKAzu8+Me7C1VDCEJhTGFVDeF"
    "GOd38RZsnN8rELevfNUTT9f6vTLCdlI5U9QWullZITu8yjnKN8Hu7mCLjLNR6PvFUHyNUz"
    "tgkkuKrhriKJ2SInhcbq6LpfWNwvRvnqMU45EPXOJFZ/B1XGL8KUjsVKZTcBLKbZC5XedB"
    "p8egd4p5yB6JXvZAHtd141v+KLx7zONpib7cj4p3jwh7gp5dzEBhQXeWJ6QklkflABNWQO"
    "8jT1hMSiYxNUWQzSJMuBF86At5y1OWDQJNMGWGZDCTAAwO09hnGA0Qfw62gGEqCRdqACju"
    "YmIOm+HN2rIrODwAm2Ie0seBkOwWSmDUw7SGmh2239/Hq+ACxR5a4gQF9B2dmxTeDDNpcM"
    "Zsib26DC2K4hHWnK9ff4h+gwbjuMFjbnn4fRFS8D7IFpgz8BX4goCZ0tk7BKZBfRywgDG6"
    "J9CaOFT4qvD+AxOksMEghXuHVzrFGbVvoGtw+TH7QVL9yir6BJlxgM9th4aXgPW2krcwRd"
    "KIEb5uMbmiuX8RE/+0QlInC3+nlIW/M8PC38lY+Ed07Aqas5QUj+YUidH5qg/mRN6qIHhM"
    "EjXIibg092wgqFZZJhKKJgzjVQckUVCOhiOVYw8tjrlLkaxP4DjYkgHrUqm6zPNETpxG8e"
    "I7SdWEgbvu9df4tIuH+Hba3MokFb5zPJg44Yo0B+/z6M1hvvoYWbMc57CGLsDwHHLD7zrz"
    "u+cKK9dpWCwBpkiasJOu+tKWlE23CspTZAbpskhra3nVdWuK1KxZdV6zYgfSHBvUNO1aOL"
    "1O61eTGG3u+DR3fK5+qmzrHZ+fMT2jfS00tpmwhFRte1Zcwki30zdg6YalI4AJkkSO8hHz"
    "9sJi7LBNXLxdUwnt3kb8CFWEEr20tqaYs3iPGIhw7Oq7J2zQxdsEr1jT0QByxCylb8LAvi"
    "WhHhBDQ06QB0EXYTwEg+ZI4jEd6xAGJKBCc8uxSZv0mI6DiCMnXGeIl3Lot9ZWDp04gPaE"
    "r0jn8EDf/vH6HRmkrgExjvc6Ot7rEr29WclhQ9kB5rm5b9H7+mo5vNcMvIk2WWG0iQlRLY"
    "Z+O83lRSGqm9VXamZlaJS6UjNsF9VW4Pnk8pfz802pK8fMc6xBK0dVCWtmqik0afOchlKM"
    "qJG76yV3g0Ikq+bESUgaKIh0Dg/LZGk5PCzO0oJ1meNJVRAOmzcQ3dUc9i8KbC0+dVcc2F"
    "rt2F3d0F7HubuNngj69n/5bifu")
