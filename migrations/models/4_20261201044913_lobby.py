"""The lobby: a game's title, its lobby post (signup list and Join / Leave buttons) and the
host's choice of roles (R-BAL).

Like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL, chosen by the
connection it runs on; tests/test_db_schema.py proves both end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True


def _upgrade(json: str) -> str:
    return f"""
ALTER TABLE "game" ADD "title" VARCHAR(100);
ALTER TABLE "game" ADD "lobby_message_id" BIGINT;
ALTER TABLE "game" ADD "roles" {json};"""


DOWNGRADE = """
ALTER TABLE "game" DROP COLUMN "title";
ALTER TABLE "game" DROP COLUMN "lobby_message_id";
ALTER TABLE "game" DROP COLUMN "roles";"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return _upgrade("JSONB" if db.schema_generator.DIALECT == "postgres" else "JSON")


async def downgrade(db: BaseDBAsyncClient) -> str:
    return DOWNGRADE


MODELS_STATE = (
    "eJztXVtT4zoS/iuqvAxUBRYyDLDsU4DAZA8kU5CZPXXOnHIptkhc40geSyaTPct/X0m+35"
    "I49xg9xZG6JflrXbpbLevv2ogYyKLH14Q9IgZrV+DvGoYjxB/SWXVQg7YdZYgEBvuWpO0T"
    "po0Cqj5lDtQZT3+BFkU8yUBUd0ybmQQL6t4QAc7xgQIyxoCOoGVxUp3ROuhPwA80AQfoeH"
    "AMGKcbQjoE5EU+W5AyQCdYRwbQyWgEsQGYg9DhsajXIDqv2MSD9VXhYvOnizRGBogTO7yi"
    "P//iySY20C9Eg7/2D+3FRJaRQJNXKUqQGRqb2DLxZgidO0kq2t/XdGK5IxwjtydsSHBIz9"
    "9PpA4QRg5kyIhBjF3L8qURJHmt5QnMcVHYTCNKMNALdC0hKMHtNSFKq2lap9vTnls9Tatl"
    "hBhwxED3k3SCRQcwMaMSgRH8pVkID9iQ/z0/e/PqiYDwqESF35pPN5+bTwfnZ4eiQsJ7kd"
    "e9On5OQ2a9ySIgg14hEvcI6Fdo8ZfOQN1Dv1g+1CHDasAOEiK0o1GwAbinwNtr/d4TJY8o"
    "/WnFYT14bP4uER9N/JyHbuc+II+J4eahey3hj+B2bUOAo0GWxfyW5zBzhPJxT3KmwDd81u"
    "PgYQ9FUXMQNLrYmvgjbppo2o+t517z8UtCPrfNXkvkNBKyCVIPzlOjJCwE/Kfd+wzEX/BH"
    "t9OS8BLKBo6sMaLr/VETbYIuIxomYw0acYyC5KD1Ymp7+REbcyKhD/UfY+gYWiaHNEgRbT"
    "Zr1BilUyCGAykzAa5opr8e3XsdL7NOyfSpi9QgoJi5QHUxAoJarAqP8MWEwMQAgoFrWsYV"
    "MBkFlvmC9AkHvi6XDT69mZyHMt47wcG/n7sdwPiEcwjk+sEJDAeOs6vUGutZYqkyjexQbu"
    "OC2dMjTo1ePgLS49VfcnZ3mRqIJhw1Ts8uzi4/np9dchLZzDDlYsr4bXd6M5YlKVMtD9pr"
    "c1CIbpxrNsaLzYlbQPmfjcbHjxeNk4/nl5/OLi4+XZ6EcGezpuF+3b4X0CemwUAWEfY6x2"
    "dAnElp+FOMC0nAh3dnFqXtSGAIMUZWeQEk+BT+i+I/5Mt/afBjTOuae94B9EIRKWP5BfSV"
    "sEaSxt/p+RzG32larY2MP5GVBJeZzCqFbsiwELy7Npck0T05mQfek5NifEVeEmCL9PsTbY"
    "Qo5dp46Rkkj1tN4ovOJA6xEM0KQFgB+fCHDGnj2tQZ+B+3LegeYj8FRoHEdAdH2pdRT1rG"
    "ooC0g0PYWm4O7GKOaWF3JKFv8yZCrKOMCCLudc3nGfW9Rs0Bdu1aOfxrz+37ztcvV8Dj/o"
    "6fvnY67c79FXBcjLlAvuO7dqf9/Ll1y1thYpMOkfEd3zQ7N62HB5GoCwAsCxlpM3c7S4M9"
    "hLTU0hAyVG9puJwD3MtCbC/T0BpwovGe30dOCUdBkmlzCuXJeteAJR0GMb81cqhowvyIxj"
    "gUnGk4pYuszDZAyFCF4b/pXQCq89XAzVPFi7WTOI9SUBZXUPQhMXVE+YtAwzIxWmArpqCI"
    "FezJ7I9sdnwLRiblyl23CF1G6HF+JfFdlvgrYcuN89wClMx3X+aLjvEst5L2LktbhByZbI"
    "RwjqSLLdckVxX01/UEDcX0VYRyXJnFCAf01cP2tDGPc4BTFbteGhkHge6gBYOCkpwqKGhX"
    "Zi+/D0+dvFQoWNWkvoJQsIy9krOD5DPe/faELMjyXVqxKK8bWdAe9oK3oN8HqVFviGBCr0"
    "iQL41S6xXt5S79XCDZFpwgZwUofZEFVRUmqf4vD9I3wio13NYdnupPUAVBqtH0NT1UVdMj"
    "wpkRq00MeD5xPlDgsYEX4gAIXpHT94JK5fZWHbg2RQ4X4VV03IFgBMYmpuDg6UgsCEdnOQ"
    "cq1lFBTozqn2GUbrgdl9w4ko0QD6Li2l8qpnWLMa0b3mLdtflF7bHuTR+OcA3nj3n7bMhQ"
    "wT67eseKnJVLoBvQVxDcNUQ7QoevlGXgjTiq57lafecduDnhF8Xg+uTVQ3b1PVc5BIuh30"
    "/XkHIIvkepFzkEE7OosF1L2VsxDqWz+jprxsWaBDiL7h1xkDnAv6FJJiK52LOzh+AWeXV4"
    "sgPHoekf71T83fkbI+at583nm+Ztq/a2vePLnmu2wD0U+m1neIdQSDfX9zYEzwcKJBewyK"
    "AOePkIG0eET0JXwcFiz/kMDrzfY/mj8aEuAvIOhZuHOAZy8j+3sfIaprqHKPqpvD9b9f4I"
    "CcyPqk+t5vf9Df3eI0RFp83CWRyLHNAvFYe8a6BuOhDZdvuWqedsNxFiIYgLXMIhUwr7Pu"
    "eqFujX3e5DAvTrdjq0/uvjdYub1lICnMj0VJac8/TKnq6YZTWPPa0sK2VZKctqmmXlh3MU"
    "mFZRsMcM28qOCGfvvAOPWh6cRQZwbX9nXJRUFxaNd6LWM2zqYGyyIc/Vh1CUy/lEQ8XO+E"
    "P7rnV0mrf1vo4aphpXLkWOkDDHO2ZxyUo0WUkyR5SviS8WKoNsmwZZILWsAjblEw0xpiqt"
    "EBv+NENibMzfs9NsVZLAymw5nLsoF2/LBfQV3FJe/ZZnOHWXBFhb6QdqKw6ystaKoVfWmr"
    "LWlLX2Pq01GVdeYKsFMeczLLXXgGwOO82Akw8UCI4rGZJsc9NI/HPkE8+tA4xe+aP46iRv"
    "tDCZvnV7raNGrlG2bHFTLbBkJKcsVllXW7WuVEDumja/ZN8uoX6GDEr3nEP33HjM6HsDWC"
    "n3xdAr5V4p90q5f4fKvbi24Bkxxt/Rk3law08QTFfz5RUINE471/0dDhlLRfzWpDpxDECR"
    "I5TxA1neIWBDyELNHAK//H8BXriIXxshiCkQt0b5sqX5t3espZYl7u7YlWsmdsEU2MgeQL"
    "HBYHGpu3x8lNG94jzVO1ey4iOSQiv6L7e8Sym3MZ7Nqbe1lusQG/3jkfBZYlzbU03XO5S+"
    "6F0qedzqW/CLbjjKuznE990Xu9UjxqlksKgMhLLCMSLOYoLIZVfSWFQaFhloi14zlOVVcl"
    "hUDsofUiyQ6vpD1FHPqkk9wGhHrwFtIsfUh7Uc34KfU5/mVIARzSxnQrGc1RWbu7VDV3iM"
    "aurnRwrOUVVhs6Px6dMcNiCnKjQCZV7qAzq2XQZhn7yC6K7lvjVeI8v9+nPx2bUYizq+Vv"
    "L42lYXs7f/Awe6Olk="
)
