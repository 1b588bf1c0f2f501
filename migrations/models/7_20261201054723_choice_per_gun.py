"""A choice is per actor, verb and gun: the woodman may fire two taken guns in one night
(R-NIGHT-10), which the old key (actor, verb) made the second replace the first.

SQLite cannot change a table's UNIQUE constraint: the table is rebuilt (created anew, rows copied,
put in the old one's place). PostgreSQL swaps the constraint. tests/test_db_schema.py proves both
end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

COLUMNS = (
    '"id", "phase", "day_number", "actor", "verb", "target", "gun", "created_at", "updated_at", '
    '"game_id"'
)
OLD = "uid_game_choice_game_id_3d1655"
NEW = "uid_game_choice_game_id_3f2d80"


def _sqlite(name: str, columns: str) -> str:
    return f"""
CREATE TABLE "game_choice_new" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "phase" VARCHAR(8) NOT NULL,
    "day_number" INT NOT NULL,
    "actor" VARCHAR(64) NOT NULL,
    "verb" VARCHAR(16) NOT NULL,
    "target" VARCHAR(64),
    "gun" VARCHAR(16),
    "created_at" TIMESTAMP NOT NULL,
    "updated_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game" ("id") ON DELETE CASCADE,
    CONSTRAINT "{name}" UNIQUE ({columns})
) /* An actor's choice for a verb in a phase, upserted: the last one wins (R-TIME-4). */;
INSERT INTO "game_choice_new" ({COLUMNS}) SELECT {COLUMNS} FROM "game_choice";
DROP TABLE "game_choice";
ALTER TABLE "game_choice_new" RENAME TO "game_choice";"""


KEY = '"game_id", "phase", "day_number", "actor", "verb"'


async def upgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return f"""
ALTER TABLE "game_choice" DROP CONSTRAINT "{OLD}";
ALTER TABLE "game_choice" ADD CONSTRAINT "{NEW}" UNIQUE ({KEY}, "gun");"""
    return _sqlite(NEW, f'{KEY}, "gun"')


async def downgrade(db: BaseDBAsyncClient) -> str:
    if db.schema_generator.DIALECT == "postgres":
        return f"""
ALTER TABLE "game_choice" DROP CONSTRAINT "{NEW}";
ALTER TABLE "game_choice" ADD CONSTRAINT "{OLD}" UNIQUE ({KEY});"""
    return _sqlite(OLD, KEY)


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
    "+j3h+F4iaDRlUj4AdUrLq3Ryt/aSNii0bEhqOsd23C0mHWe9OHJ7hG00jRPhsxlLDPrj62"
    "Ipyci6Ib0pcQ3DUceMRufz63woSjfF6F1Xde0CjmADcgLx+ya/CIaYfBK3QY6Jigskk9Ly"
    "ZIu4m0m0i7iYq6ifxgoxwvURSJ9IKTiER0ha7cBJ43HCku5LB+DcnyCbUOmZyEzsO7xfxw"
    "KlT1/x6pP4Yc6nAm7wC8Pcy1iJt94+bKa5jpJeLku/b+bNX7AxIojmpAref3/T39vUeIQq"
    "dNw5l/HDmkX+oo8q6BuumzyH5EURr2S4hiwzTHJRwxTWHflVzlAv3y7u4mAfpla/p0/efb"
    "y6Y0rZUEJJEt9Ab8K7Gs9Aa8tqx2Y+raZ8sqOKCQY1pNji+8YFuNJoQFAn99anV3FrGQNw"
    "o2yP0gXWnR+Jdq+YZNDT3bYiBzzQGGciUfNBQ2yG9aH5qHx5lBwGuoYaZx5XHigoQl3jGL"
    "S1ViqEqSOVC+AY8WaINsmwZZKLW0AjYjIjLGVKYVYsMBkYmxUbxnT7OVSQIrs+Vo5qKcvy"
    "0X0pdwS3n1W57R1D0nwMZK36gpOcjaWsuHXltr2lrT1trrtNbUSekcWy08Rf2CpfYUkhWw"
    "0yw8fsMRcJyryOSRNI3gP1f9krk1RIk6PjnAVDYaTKYvd53mYSPTKFu2uJkWWDKSUxWrra"
    "utWlc6IHdNm1+qb8+hfkYMWvcsoHtuPGb0tQGslft86LVyr5V7rdy/QuUeXi58IELIb/Rl"
    "Pq3hJwhmq/nqFUQepy30hKfLnpUiHl6gElyNUlXlHSAxwCLSzDEKyv8PkoVD/NqQYMoRPB"
    "wdyJZnP+C5llqWuCxlV16a3AVTYCN7APkGgyOl7snxMY/uFecp37mSFR+RBK3ob2l5z6Xc"
    "xng2p95Wmp7LRuRft0zOEs+VPdV0/bPpeMHnVLO49XNwi244quc54Ya5xR72jHFqGSwqA1"
    "BWJEbMXUwQmexaGotKw2F9Y9FrodK8Wg6LykH7Q/IFUl5/iD7qWTaphxgtcf37Ol0Mk1uE"
    "M9wLiSuG810Lk9uMi2wfBufbQkuf9HrEFKiKEYBak9b99e1BDXG5oEtbX8Vgwj1IvvEfOA"
    "Kwx2WeLbK2E1dZPNz4+ptrC0EohIcCIYcYUPmNlMvPlN+EMI97J9QlrxIg+4lA+bgniAtC"
    "4nCLK/D7WD3SZ+Z+I+45Ij9kOc4YMWpKZtNlnCPTxXxAuGylDanqElmbI+XqUC22BUfsmS"
    "KquKrBt77hj/TrV0J7zDWJofK+fs3dI9WboPra2DI6M9Su29yaa4KtTPsKm9ZaGRWZD2/l"
    "vxkbYylF956ll6zj2Vgsl6fhKOvxjtzeHmfRrx6nLGDMhUFcN+t+s/xunOQqg9N50x1ZW7"
    "z5XXw/bZ8iFm+kLC8g92nejbzLuUk9dE/knGHj6lCP9SxUOtSjnKEesSeKMhwxyQeM8j0x"
    "sSeTirpjgkgLYIFHcdSTNsQ9DJKhwBpywPMgmArPBvwQFggjNbVmeGCWLBGcLhcwr9cQPL"
    "JdU+/lKL8KHxFTwE6PKpsj7EpmSUgRyMAvIrw9SZIDi0uULydwvlCpvT3S4NUfovw8kaPI"
    "sYfgVlGtVvoEOHequMs8gRrv6io65eQMDdQP/1u0b2UXfSu7ErqzXc1hO+b/Qhu4y27b7m"
    "T33jDw2qG4xlt39aZcPvT7aZjmbcpt117ZMf9PqcyVHcN2WWtF1o/an29utmWuXBDXNgeV"
    "DFMlyJlppuAJzUsWSj6iWu/eLb079/bNma9W5Fy/WQZFpPHuXQFNRFLlqiIqb2q3Rw6qOR"
    "AOyEuI7nG9XkTPq9fzFT3IK7h9mX/laf72pb719PyFW0+3GgP18/8TARHa"
)
