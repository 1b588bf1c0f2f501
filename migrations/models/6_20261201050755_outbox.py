"""The outbox: a game's Discord effects (posts, DMs) stored with the change that caused them, in
the same transaction, and delivered afterwards exactly once (cogs.game.outbox).

Like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL, chosen by the
connection it runs on; tests/test_db_schema.py proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

COMMENT = "A game's Discord effect (a post, a DM), stored with the change that caused it."

SQLITE = f"""
CREATE TABLE IF NOT EXISTS "outbox" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "target_id" BIGINT NOT NULL,
    "content" TEXT NOT NULL,
    "attempts" INT NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMP NOT NULL,
    "delivered_at" TIMESTAMP,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE
) /* {COMMENT} */;
CREATE INDEX IF NOT EXISTS "idx_outbox_deliver_99775c" ON "outbox" ("delivered_at");"""

POSTGRES = f"""
CREATE TABLE IF NOT EXISTS "outbox" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "kind" VARCHAR(8) NOT NULL,
    "target_id" BIGINT NOT NULL,
    "content" TEXT NOT NULL,
    "attempts" INT NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ NOT NULL,
    "delivered_at" TIMESTAMPTZ,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "idx_outbox_deliver_99775c" ON "outbox" ("delivered_at");
COMMENT ON TABLE "outbox" IS '{COMMENT.replace("'", "''")}';"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
DROP TABLE IF EXISTS "outbox";"""


MODELS_STATE = (
    "eJztXVlz2zgS/isovUSukr2y4jhe75MPJaMdW07ZSmZqxlMMREISKxSgEKAdzWz++6LBQ6"
    "RIytQt0XiyDHQD4Nc4uhsN4J/KkFnE4UeXTNwSgSvn6J8KxUMif0xn1VAFj0aTDEgQuOso"
    "2i4TxjCk6nLhYlPI9B52OJFJFuGma4+EzShQdwYESY43HLFnivgQO44kNQWvoe4YfSNjVC"
    "VH/SMkJN0A8wFiPfXbwVwgPqYmsZDJhkNMLSRcQg6OoF6LmbJim/bXV4VH7e8eMQTrE0ns"
    "yor+/Esm29QiPwgP/x19M3o2cawEmrJKKEFlGGI8UolXA+x+UKTQ/q5hMscb0hj5aCwGjE"
    "b08vsgtU8ocbEgVgxi6jlOII0wyW+tTBCuR6JmWpMEi/Sw54CggNtvwiStYhjtu47x0OwY"
    "RiUlxJAjBnqQZDIKHcCmgisEhviH4RDaFwP57+nJT7+eCRA+FVT45eL+6peL++rpyQFUyG"
    "Qv8rtXO8hpqKyfqggssF+Iwn0C9BN25EenoO6QHyIb6ohhNWCHCRO0J6NgA3DPgLfT/L0D"
    "JQ85/+7EYa3eXvyuEB+Og5ybu/bHkDwmhqubu0sF/wRub2QBOAYWacyvZY6whyQb9yTnFP"
    "hWwHoU/thDUVRcgq076oyDETdLNK3b5kPn4vZTQj7XF50m5DQSsglTq6dToyQqBP3W6vyC"
    "4F/0x127qeBlXPRdVeOErvNHBdqEPcEMyp4NbMUxCpPD1sPU1vsWG3OQ0MXmt2fsWkYqhz"
    "VYHm06a9gYTqdgivtKZgAuNDNYjz76HS+1Tqn0mYtUP6R4cYG6owQBNawKt7hnY2RThFHf"
    "sx3rHNmCI8fuEXMsga+pZUNOb7bk4UL2TlT978NdGwk54RwgtX5IAsvFz+lVao31LLFU2V"
    "Z6KLdozuzpE0+NXjkCpsdrsOTs7jLVhyYcNo5P3p+cvT09OZMkqplRyvsZ47fV7rywLCmZ"
    "GlnQXtr9XHTjXC9jvNicuAWU/91ovH37vlF/e3r27uT9+3dn9QjudNYs3C9bHwH6xDQYym"
    "KCvSnx6TN3PDf8U4wLSSCAd2cWpe1IYIApJc78AkjwafwXxX8gl/+5wY8xrWvueQXQgyIy"
    "j+UX0pfCGkkaf8enBYy/42m1dmL8QVYSXGELZy50I4aF4N21uSSJbr1eBN56PR9fyEsC7L"
    "Bud2wMCedSG597Bsni1pP4ojOJyxzC0wIAKyAb/ohh2ri2TYH+J20LvofYz4ARkJjt4Jj2"
    "ZdSSljEUMO3gAFvLy4Ad5pgm9YYK+pZsIqYmSYlgwr2u+Tylvle43afeqDIf/pWH1sf250"
    "/nyOd+pPef2+1W++M5cj1KpUAe6YdWu/XwS/NatsKmNh8Q65FeXbSvmjc3kGgCAI5DrGkz"
    "dztLw2iA+VxLQ8RQvqXhrAC4Z7nYnk1Da+GxIXt+l7hzOAqSTJtTKOvrXQOWdBjE/NbE5d"
    "CE4ojGODSc03AqF9k82wARQxmG/6Z3AbgpVwMvSxXP107iPFpBWVxBMQfMNgmXH4Itx6Zk"
    "ga2YnCJWsCezP7LZ8S0YlZQpd9NhfBmhx/m1xHdZ4k9MLDfOMwvQMt99mS86xtPcWtq7LG"
    "0IObLFkNAMSedbrkmuMuiv6wkaiumrhGS4MvMRDunLh+1xo4hzQFLlu14aKQeB6ZIFg4KS"
    "nDooaFdmr6APz5y8dChY2aS+glCwmNfQ5iaT2cGefoZL/TIo4cOv98TBItu3FQv3uvJL2s"
    "P+8DMcAWHqpF+kDLxV4AQFlRUm8kSAfGmUmk9kL8MaCoE0cvCYuCtA6ZMqqKwwKXtpeZC+"
    "MFHa4cY80WU/lsPoTpVxLxeUkoI0YsyR+kzOjv08UH1SJd0zZ38t8zRU644PDxWDnDDxmN"
    "4wO1o81FUU5YtR4xfo2ldxUMAGYd1YBXj7p46kGFDVZH1+BGlHnLhPxEW+ycMhfHuYcZJp"
    "JaU+0kfaEhyFAa1+NPnI6zq2GZbL/cQhc/vQiwg2B5K+a1MiovByCAl8w0OOc5UGtT5StS"
    "xAYIDl14kGxCVh+3RE+g5GpINg5vGBhPQ6MLFA9EkwcOby4k1YyudmetsogPDbRi7CkLUz"
    "IeU7OU9sOqJfu/hK5uwp4uJTStFcq3GMo0yHCJZalVPusyTAaXQ/MJfYfforGaeiTfON0D"
    "0EN89gkMkufo4Uw3inkt8uv5gIf3G9eLi6uG5Wfm7vaGrga8u1PEJP3IuGR0T4st1Bkcxn"
    "rlLMgQ31mCtNBGkGdP0DpSq0tYa8kTQOZGc4n1x1wChBzzblqHp/CPPD4UmWCbKGCjKsgT"
    "+j3h+F4iaDRlUj4AdUXPlLWw9btB42HF69azOVjq/emz48wTWaP4r22YihhH129UEValae"
    "A92QvoTgruGkI3b78/kTJhzlcyesvvP2vYyjF/ngBuTlQ3YNrjDtKXiFngIdDFQ2qecFA2"
    "n/kPYPaf9QUf+QH2WU4x6KQpBe8A6RiK7QXZvA84YjxYUc1q8hWT6h1iGTk9B5eKmYH0eF"
    "qv7fI/XHkEMdDuMdgJuHuRZxs6/aXHkNM91DnHzX3p+ten9AAsVRDaj1/L6/x773CFHotG"
    "k4888hh/RLnUHeNVA3fQjZDyVKw34J4WuY5riEI6Yp7LuSq1ygX97d3SRAv2xNH6v/fHvZ"
    "lKa1koAksoXeeX8llpXeedeW1W5MXftsWQUnE3JMq8m5hRdsq9GEsEDEr0+tLs0iFvJGwc"
    "64H50rLRr/Ni3fsKmhZ1sMZK45wFCu5IOGws74TetD8/A4M/p3DTXMNK48TlyQsMQ7ZnGp"
    "SgxVSTIHyjfgtQJtkG3TIAulllbAZoRCxpjKtEJsOBIyMTaK9+xptjJJYGW2HM1clPO35U"
    "L6Em4pr37LM5q65wTYWOnjNCUHWVtr+dBra01ba9pae53WmjoinWOrhcenX7DUnkKyAnaa"
    "hcdvOAKOcxWSPJKmEfznql8yt4YoUecmB5jKRoPJ9OWu0zxsZBplyxY30wJLRnKqYrV1tV"
    "XrSgfkrmnzS/XtOdTPiEHrngV0z43HjL42gLVynw+9Vu61cq+V+1eo3MOThQ9ECPmNvsyn"
    "NfwEwWw1Xz1/yOO0hd7udNmzUsTDm1OCO1GqqrwDJAZYRJo5RkH5/0GycIhfGxJMOYIXow"
    "PZ8uyXO9dSyxK3pOzKE5O7YApsZA8g32BwpNQ9OT7m0b3iPOU7V7LiI5KgFf0tLe+5lNsY"
    "z+bU20rTc9mI/OuWyVniubKnmq5/KB0v+I5qFrd+B27RDUf1LidcLbfYi54xTi2DRWUAyo"
    "rEiLmLCSKTXUtjUWk4rG8seh9UmlfLYVE5aH9IvkDK6w/RRz3LJvUQoyXufV+ni2FyfXCG"
    "eyFxt3C+a2FyjXGR7cPgfFto6ZNej5gCVTECUGvSur++PaghLhd0aeurGEy4AMk3/gNHAP"
    "a4zLNF1nbiKouHq15/c20hCIXwUCDkEAMqv5Fy+ZnymxDmce+Eut1VAmQ/ESgf9wRxQUgc"
    "rm8Ffh+rR/rM3G/EPUfkhyzHGSNGTclsuoxzZLqYDwiXrbQhVd0ea3OkXB2qxbbgiD1TRB"
    "VXNfjWN/yRfv1KaI+5JjFU3tevuXukehNU3xdbRmeG2nWbW3NNsJVpX2HTWiujIvPFrfzH"
    "YmMspejes/SSdbwXi+XyNBxlvdqR29vjLPq545QFjLkwiOtm3W+W342TXGVwOm+6I2uLN7"
    "+L76ftU8TijZTlBeQ+zbuRBzk3qYfuiZwzbFwd6rGehUqHepQz1CP2NlGGIyb5clG+Jyb2"
    "VlJRd0wQaQEs8BqOesuGuIdBMhRYQw54HgRT4dmAH8ICYaSm1gwPzJIlgtPlAub1GoLXtW"
    "vqoRzlV+EjYgrY6VFlc4RdySwJKQIZ+EWEtydJcmBxifLlBM4XKrW3Rxo890OUnydyFDn2"
    "ENwqqtVKnwDnThV3mSdQ411dRaecnKGB+uF/i/at7KJvZVdCd7arOWzH/F9oA3fZbdud7N"
    "4bBl47FNd4667elMuHfj8N07xNue3aKzvm/ymVubJj2C5rrcj6Ufvzzc22zJUL4trmoJJh"
    "qgQ5M80UPKF5yULJR1Tr3buld+fevjnz1Yqc6zfLoIg03r0roIlIqlxVROVN7fbIQTUHwg"
    "F5CdE9rteL6Hn1er6iB3kFty/zrzzN377Ut56ev3Dr6VZjoH7+H8O4EAA="
)
