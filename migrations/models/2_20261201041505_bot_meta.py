"""The bot's own key/value facts (db/meta.py): e.g. the hash of the last synced command tree.

Like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL, chosen by the
connection it runs on. On PostgreSQL it also corrects the comment of ``game.status`` that
migration 1 wrote with real line breaks where tortoise writes ``\\n`` (tests/test_db_schema.py).
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "bot_meta" (
    "key" VARCHAR(64) NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMP NOT NULL
) /* The bot's own small facts, by key (e.g. the hash of the last synced command tree). */;"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "bot_meta" (
    "key" VARCHAR(64) NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL
);
COMMENT ON TABLE "bot_meta" IS 'The bot''s own small facts, by key (e.g. the hash of the last synced command tree).';
COMMENT ON COLUMN "game"."status" IS 'SIGNUP: signup\\nRUNNING: running\\nFINISHED: finished\\nCANCELLED: cancelled';"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
DROP TABLE IF EXISTS "bot_meta";"""


MODELS_STATE = (
    "eJztXVtT4zoS/iuqvAxUBRYyDLDsU4DAZA8kU5CZPXXOnHIptkhcY0seSSaTPct/X0m+35"
    "I45IbxE4nULSlfS63uVkv83bCJgSx2eEn4PeKwcQH+bmBoI/EhXdUEDeg4UYUs4HBoKdoh"
    "4ZodUA0Zp1DnovwJWgyJIgMxnZoONwmW1IMxAoLjAwNkggGzoWUJUp2zJhhOwQ80BXvocH"
    "QIuKAbQzYG5El9tiDjgE2xjgygE9uG2ACcIrR/KPs1iC46NvFofV242PzpIo2TERLEVHT0"
    "51+i2MQG+oVY8NX5oT2ZyDISaIouZQuqQuNTRxVejSG9UaRy/ENNJ5Zr4xi5M+VjgkN68f"
    "tk6QhhRCFHRgxi7FqWL42gyButKODUReEwjajAQE/QtaSgJLc3hKisoWm9/kB77Aw0rZER"
    "YsARA90v0gmWE8DEnCkEbPhLsxAe8bH4enry4vUTAeFRyQ6/tR+uPrcf9k5P9mWHRMwib3"
    "r1/JqWqnpRTUAOvUYU7hHQz9ASPzoD9QD94vlQhwyrATsoiNCOVsEG4J4B76Dz+0C2bDP2"
    "04rDunff/l0hbk/9mrt+7zYgj4nh6q5/qeCP4HYdQ4KjQZ7F/FrUcNNG+bgnOVPgGz7rYf"
    "DhDYqiQRE0+tia+itulmi6953HQfv+S0I+1+1BR9a0ErIJSvdOU6skbAT8pzv4DORX8Ee/"
    "11HwEsZHVPUY0Q3+aMgxQZcTDZOJBo04RkFxMHqp2p5+xNacLBhC/ccEUkPL1JAWKaLNVt"
    "ktO10CMRwpmUlw5TD9/ejWm3iZfUqVz9ykRgHF3A2qjxGQ1HJXuIdPJgQmBhCMXNMyLoDJ"
    "GbDMJ6RPBfBNtW0I9WYKHsbF7AR7/37s9wAXCmcfqP1DEBgUTrK71Br7ecVWZRrZpdzFBd"
    "rTI06tXrEC0uvV33J2d5saySEctI5Pzk7OP56enAsSNcyw5GzG+u32BnO2JSVTLQ/aS3NU"
    "iG6caz7Gy+nELaD8z1br48ez1tHH0/NPJ2dnn86PQrizVbNwv+zeSugTajCQRYS9LvAZET"
    "otDX+KcSkJ+PDuzKa0HQmMIcbIKi+ABF+N/7L4j8X2Xxr8GNO6dM87gF4aImU8v4C+Et5I"
    "0vk7Pl3A+TtOm7WR8yerkuBKQ8hl+fB2sGsriLtiSFB49BmoI+7Ngd1g5gi7TqMc4I3H7m"
    "3v65cL4HF/xw9fe71u7/YCUBdjIYHv+Kbb6z5+7lyLTk1ssjEyvuOrdu+qc3cnC3WJgGUh"
    "I22EbkdwzhiyUssiZFhKVLu2CSTQPV8A3PNCbM/T0BpwqompP0S0hBmfZNqcuj/aaXM+NV"
    "/Lw5pmq4FNA6tc2TLhupChCopg09E6pot9wbVyAJexhALAYzzpKJ2pc/A/YJnsDVriM7CX"
    "YMzGPg1zMxlikw2ksTcQNCwToyVCpSnWFcRK58tik2GBtxsZVUVJV5fYtslthHOkXGzeJL"
    "mqoNrWc+4TU2UI5fizxQgH9NXD9ri1iAUpqIrt81bGitQpWvJcJ8lZn+vsivby5/BM5VWf"
    "5lVN6is4zYuHcYmpo5x4y6XPePPbA7KggjY7C2IHdVeqoTc4C16CeR+URrMhggk9I0n+ap"
    "Q6z+hNBloXAsmx4BTRFaD0RTVUVZieCV/FgvtGeKWW27ozDHwFVZBnEKmv2dkGmh4Rzk06"
    "aGMg6gn9wIDHBp4IBRA8Izr08gJUNKkJXIchKkR4EWWsEYzAxMQM7D0cyA3h4CQnJ24dHe"
    "SkGfwZJlqEMdtkdFENQn6QHTf+qtMStpiWsOE4/K7plzoQ/2bmcIRrqD8WnbMhQwXn7OoD"
    "K0orl0A3oK8guKs/9+SQip2yDLwRR/UiV6ufvCMXlwHXJ68esqufuXVAsBj6txkaqgOC71"
    "HqRQHBhBaVvmspfyvGUdusvs2aCbEmAc6ie0MoMkf4NzTN5K0VR3beILhFUR1RTOEkdP3j"
    "k0r8dvGLEff28/bjVfu603jZ3g0ULzRbEB4K47ZzokMopFvoyqTk+cCA4gIWGTWBaB9h44"
    "AIJXQR3A3xgs9gz/t7qP5oYqnLXI19GeYh1EA0/8bkynuYGR5i6Gcd/dlq9EdKYHFUfepa"
    "v1chP/ANYSunbxbT4oS1gP5VyWq7Buqms9Ucd2iZes7BEyEWgrhgOodMKeyHgqtaoF/2+3"
    "cJ0C+76fzLr/eXHeFkKwkIItMzXnIuR9WedcV8rEU869rHqn2s2sea5WP5iR0FTlaU9jHH"
    "y3Iiwvln8MCjVveskAFcxz8jly01pW/jXcDyXJwmmJh8LGr1MZTtCj45UHlGfte96Rwc5x"
    "3Cr6OHmW6WyxCVEhZ4x3wv1YmmOknWyPY1+fxM7Zpt0zULpJY1wGbc2I0xVWmH2PCN3cTa"
    "WHxmp9mqJIGV+XI4d1MuPqAL6Ct4uLz6w89QdZcEWFvpa2MVB7n21oqhr7212lurvbX36a"
    "2pDPMCXy3IPp/jqT0HZAv4aQacfmBAclyo5GRHuEbyG1WfRG0TYPQsPsonhMSgpcv0rT/o"
    "HLRynbLXNjfTA0vmdKpma+9qq95VnZq7HvPem9slzM+QobY9F7A9N549+t4Aro37Yuhr47"
    "427mvj/h0a9/IN2kfEufiNnszTFn6CYLaZr96zZXHahR5jpmSiDPFrk+mEGoAhKo3xPdXe"
    "PuBjyEPLHAK//X8B0bjMZLMRxAzIfwHgy5blP8W8ll5e8RDzrrwZvAuuwEbOAIodBktI3R"
    "Xro4ztFefZ4AOT1G1sxPpa8W1JaRb9V7jepazbGM8GEe64lDjoH/dEqInJZsBew00pdT99"
    "2Zex87jr55mXPXFULy1TYuVboXPfaI5x1jJYVgbSWhEYEbqcIHLZa2ksKw2LjLRlH43P8t"
    "ZyWFYOdUCkWCDVDYjUtz6rJvUAox39p05tRE193MgJLvg1zVlRBRjRzIsmFMu5/odJu3VE"
    "94wo8581W/gwKWKp4GlH69OnBXxAQVXoBKq61Fs6jlMGYZ+8gugeHx0t8mLG0VHxkxmyLm"
    "U9EcxzH4IuvrwWY6nvr5W8v7bVzezl/whz/As="
)
