"""What the background rounds read, indexed (issue 20): ``next_close_at``, the close of the
phase-ending deadline (the scheduler's), and ``remind_at``, when the reminders round looks at the
game next. A round then reads what is due, not every running game.

Running games get both from what they have: the close from the phase's deadline columns, and
"look now" for the reminders (their round computes the exact time from the schedule).
tests/test_db_schema.py proves both backends end at the models' schema.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

FILL = """
UPDATE "game" SET "next_close_at" =
    CASE WHEN "phase" = 'day' THEN "votes_close_at" ELSE "choices_close_at" END
    WHERE "status" = 'running';
UPDATE "game" SET "remind_at" = "updated_at" WHERE "next_close_at" IS NOT NULL;"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    kind = "TIMESTAMPTZ" if db.schema_generator.DIALECT == "postgres" else "TIMESTAMP"
    return f"""
ALTER TABLE "game" ADD "remind_at" {kind};
ALTER TABLE "game" ADD "next_close_at" {kind};
CREATE INDEX "idx_game_remind__07edca" ON "game" ("remind_at");
CREATE INDEX "idx_game_next_cl_826b27" ON "game" ("next_close_at");{FILL}"""


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
DROP INDEX IF EXISTS "idx_game_next_cl_826b27";
DROP INDEX IF EXISTS "idx_game_remind__07edca";
ALTER TABLE "game" DROP COLUMN "remind_at";
ALTER TABLE "game" DROP COLUMN "next_close_at";"""


MODELS_STATE = (
    "eJztXVlz2zgS/isov8Sukr2O4hzrebIdJ+MdHynHMzu14ykZIiGJawrQEKAV7W7++3aDt0jKpC5LDF4Si0CD5Ncg0Be6/7szFDZz"
    "5cGpUFdM0Z1j8t8dTocM/phuapEdOholDXhB0a6r+3aF6gyjXl2pPGopuN6jrmRwyWbS8pyRcgTH3ncDRoDilSRizIkcUteFrpaS"
    "LdKdkEc2IbvsoH9AFPQbUDkgoqf/dqlURE64xWxiieGQcpsoj7G9A7yvLSy4scP7q7uFz52/fNZRos+gswc3+uNPuOxwm31jMvo5"
    "euz0HObaGTThljiCbuioyUhfPBtQ75Puis/f7VjC9Yc81X00UQPB4/7wfni1zzjzqGJ2CmLuu27IjehS8LRwQXk+ix/TTi7YrEd9"
    "FxmF1MEjJNd2Op3rm7vO1/O7Tmcnx8SIIgV6eMkSHCeAw5XUCAzpt47LeF8N4Oe7o+/BfRIggl54w99Obs9+PrndfXe0hzcUMIuC"
    "6XUdtrR103c9BFU0GETjngD9RF146RzUd+ybKoY6JlgO2NGFBO3kK1gD3DPgvTv//Q5HHkr5l5uGdffq5HeN+HAStlzeXH+OuqfY"
    "cHZ5c6rhT+D2RzaC06Eqj/lHaFHOkBXjnqWcAt8OSQ+iP7aQFTseo/YNdyfhFzeLNRdX51/vTq6+ZPjz8eTuHFvaGd5EV3ffTX0l"
    "8SDknxd3PxP8Sf51c32u4RVS9T19x6Tf3b928Jmor0SHi3GH2mmMosvR0+PS1ntMfXN4oUutxzH17E6uRbRFWd9807A9nL5COe1r"
    "niG4+JjhfvQ5mHi5fUpfn7lJ9aMez25QN5wR7I27whXtOZQ4nFDS9x3XPiaOksR1esyaAPAtvW3A8uYAjVQwO8nuP77eXBMFC84e"
    "0fsHdLA9Os7vUiu8zwJblWPnP+ULXrJ6Bp2nvl74Aqa/13DL2dxtqo+PsN9+ffT+6MObd0cfoIt+zPjK+xnf78X13TPbkuZppwja"
    "U6dfim6a6nmM51sTXwDlv7fbb968bx++effh7dH7928/HMZw55tm4X568RmhzyyDES8S7C3Apy+8SW34pwjn4kAI78ZsSi/DgQHl"
    "nLn1GZChM/jPi/8Atv/a4KeIVrX2/ADQoyBSR/OL+jdCG8kqf6/fVVD+Xk+LtYnyh01ZcJWj3FroxgRzwbtpa0kW3cPDKvAeHpbj"
    "i21ZgF3R7U46QyYlSOO1V5AiarOIz7uSeMJlMs8A1AKK4Y8JppVrx1Lkf6BbyC3EfgaMiMRsA8e0LaOV1YxxgGkDB+pafgHsuMac"
    "c3+oob+AR6TcYjkWJNSrWs9z4vuOdPrcH+3Uw3/n68Xn61+/HJOA+p7f/np9fXH9+Zh4PufAkHv+6eL64uvP5x/hKRzuyAGz7/nZ"
    "yfXZ+eUlXrQQANdl9rSa+zJbw2hAZa2tISZo3tbwoQK4H0qx/TANrU0nHZj5XebVMBRkidYnUB6udg9Y0GCQslszT+IjVEc0RWHg"
    "nIZTm8jquAFigiZ8/uv2AkgLdgO/SBQvl07SNEZAmV9AsQbCsZiEF6G263A2hyumZIgl+GS2hzcb7oLRlwr5brlCLsL0NL3h+CZz"
    "/Emoxb7zwgEMzzef5/N+43lqw+1N5jYH8XRuZueI18LrdboPm8Rqjw0BxDnYnCE0LN5gFmMAoaOGjBfwuNwOlaVqgja6mhDAlPbJ"
    "WIFjohzhqH/zsH3drmLqg17lhtR2ztxneWzOEL8spQnx25TVK5zDMxcvE9jZNK4vIbAz5QNwpCWgOYzQKXCQnYYjfPrllrlUFVuq"
    "U8GbZ8FIWzgfvkdfQHQ1mRc5c80ycMKBmgoTe2LYfWGUzp/YVgYpVQJp5NIJ85aA0hc9UFNh0taPxUH6TajGfm7CV13xbTGMbvQY"
    "t7ChbJ30XO1rE8IFcaYk/KYOUl/0SLfC3V4zWx6qWoc90vYPic9XiucNZ3cC/qn2jd7GozUI1ZqnYiIBquRwTEq+mn1GJpLpdM9n"
    "z8qckI+BKEhCMjzMQvWxluCsJSBLdi3Rlwd47UAy74l5JFANJR5aGRac31zKqPf8nl8oSaIw/uAMzcjvuo4VjSuDi0Ph9XFiMGoN"
    "oH/X4UzFh2owEPqVjCiO9TW86z3X2yeGQ9nBPcmAeSx6PnMOZwPP4SBj6tiKov4mHLtCzF344dSydiYkzTPHvWlXQPhNuxRhbNqY"
    "gzQbuU6s+xyTMYU2zChWxRSqhaJau3GKoklHpxbalXNmxizAeXQ/CY85ff4Lm+Ri7MsVgS0Et0wHgMseHceCYXpSwbvDGzMVbK4n"
    "X89OPp7vfH+5A/mhTbJU84gsls8qHnHH5/UOTqBdeFowRzLSEx6oCKAGdINj9Dqgv0X8ESgHMBmOkwQvgjMydrgku7f7uD7sHxWp"
    "ICu4QYE28Ec8++MDCNlQef0Q+AfeWE9vn+/8aZSIF1Qi1ny2ZNMWLHO4ZGvmcIJrvIxUnbMxQQPn7PJjUKLFuSq6Uf8GgruCY97U"
    "69czKyQUzbMqLH/yokRRA9ywe/OQXYFFzBgMfkCDgYmdahrXy2KnjJnImImMmaiqmSgIyiqxEsURW88YiVjcr1KiYaR5JYmmIq7o"
    "twiMz7i9L2AROo4yKgZhZ2Q3+P9A/9eBTx1PIu+htUd4NvOK8wwv/Q4zrUSS/WWsPy9q/UEOVEc17G3W9+3NebFFiOKkzcNZnoQh"
    "6r9QAoZNA3XdGRiCiKI87KcY7kd5iUk4JprCvgtUzQL99ObmMgP66cV0TpFfr07PQbXWHIBOjjIO+B9EszIOeKNZbcbStc2aVXiQ"
    "o0S1So55PKNbjZKOFQJ/g946YyCziT8KHeRBkC5oNEEqwUCxaZGxowbQag0ojgt0+KDoIL+8+HS+/7owCHgFd5ipXPmSechhwDul"
    "cembdPRNsi04fgdLtRiF7CUVsohreQFsRkRkiqhJO8SaAyIz30b1mT1N1iQOLE2X44WbcrlbLurfQJfy8l2e8dJdE+DOUitzNRxk"
    "V1i0Xn72hMJ4l4132WjDRhs22rDRhutqw/rEfokuHJ3mf0YTfoq6VdCDbTp5JQlSHOvI7xGonvjL039Ba4twpo+nDiiHh0aV9Leb"
    "u/P9dqHSu+hwMzXcbKSsHtZory+qvZqA5xU5F/XcriF7xgRGtq8g2689JvdHA9gI9+XQG+HeCPdGuP8BhXush/uVKQXvGPB8WsLP"
    "dJgt5uvaujLdt1JhaE+MtSAeJagJU8/s6vH2iBpQFUvmlITj/0RgcIwPHDLKJaGuS0LeyuKy0Cu5ywLJaDalfvEmqAJr8bGUKwwu"
    "cN2H76OWXTVF0zzL6pKPoKJU9B/QvGsJtyma9Ym3O+e+J0bsb1cCVonxzpZKusHZfzpnke4ialNkdF6Hri76jKkO5ysXnaI0PJiX"
    "ByisAEbCm48RheSGG/NywxX9zrxpt/K0hg/z8kGJMe+MHEv5XsHOPDPWepp0jRHXkXiaZkMssppA623UoRtsfTIHl5vG9QijBYo+"
    "rNKgcyXsM0yNVGDKiZpas4w4cAlkf1nZVRvKRvCbIBm6Tq9uPu61iAR5idmky3rwf2x1cSRRwsdCtWTX7h4k1IWO2+UNjpmLr7V7"
    "DxrRDBSYfw7Iw4NUbPTwoIl1tjHbxma4qH/bzHKkfgAxHPnwcf0EJNHfSKaAjn1TLbgMqLqOvjoeUHXPx1SS8BrZpSQWI8mQTkJb"
    "U3APP3jMFtHvh4HVMJpjs+FIKMatCcbIwahD+shgxHtuCx/YRSzXsR6JDuD2mPIm2rmNQAWvBUvBw8Mx5lxznoB37NvIgbdvQd8n"
    "8chKsyn/kTEyhT5R49F+SY/2ptgKX3rHeBExuXYogQkjmBlGsKmHC5pq904FcDgiKf1QOYgjTdTAOIPlpxQXvR4LXZ0VV4wUhVky"
    "ig7FgDRWA86ou8GyyA4Ryq511oA0TQOXgNeHh1UOEhwelp8kwLap9KCB4F8H5hSJQbkayqAw8yKQZ1ovE6I12i3jK1ubKqKLZve6"
    "WCdEBusaWGvr0tBXdQ3zGTqDeA3EEyff/O5Bo2svqKF4jMoi9eSOfSsBP6FoQhTOLBv4+e93mameS7QUm8Avb64/R92nsy9l8WZP"
    "jl2sq5RLKWmaJmCelVLeVpJS3s6QUt7mpRQpfK8eyAnFGmOfQMwfUh49zNYd3tUW71ogRwSrwjhnUtoJjPHrQXjJQXzGgT3Xsr3Z"
    "rsu8xzpwE8k52JylXAKbN2yjaBKXPUB+PAeP03SGw5vM4Sn3cZ19sYB0OTvkyzppV2+NMtE+5eibaJ/VRPvcspHwCnPAJ42t5yJ+"
    "vKRfhZifoHdQQDx2D4bBOfvtPSzXTcmQoRc8iE6xmWJY/KpF/u3beMDK4WGRcHvfFf2i0J+V3MPUDjdxLdXWxuYHAwQf2ByhGFOE"
    "xto5NwuoZfmS1f8AsnSGASYgZrMDYoZMSpBfOq7DH+sgPU3XPGtzu5IW0p6hhbTzWgiGI9dxoUT9mwDvuh0om2dzLrDrixHj22ly"
    "ppLVT+U1RdWgA4JLCwIbUG67IEF0C+xCM48kZ+gahOyaBQ9jnFu/cc74r+baNTfbGBfYvTfHGjcrlVK6ufWcRa5eGqWT8DzbK5k+"
    "MxeNcUw832VdIR4jA9rrvVZsMJMtggI2pj2yLOHDlAjqLVK3yC63kvvo03kCUzQdh4fuTI6lrdzhyk190czIs6K8ll6aZqF6ehsm"
    "c8wAdyXl9OIvsA74GSKD/vzoB4teHegTCoP7/LgHe0sdQ0hCYUwh9U0hxvldvgUb5/cKxO0bX3XFt1v9XDlhO2mcKWoL3a2qkB0W"
    "Jo/yTbBeD7bIOBuFrpaH4muc2gFTilJ01RBH6ZQUwe0Kc10sbWwUpv/pOUoxHvnAJZbtg7fjEuNPQWKnMp3wlFBug8ztOk86PQbt"
    "KeYheyR62QN5XLdN7vlYeI+YNdUSfXkQXd47JuwbjOxiBgoLhrM8ISWxPCoHmLACRh95wmJSMompKYJsFmHCjeBFX8l7nrJsEOiC"
    "KTMkgy8JwODwGfsMowHi18EeME0l4UINAMU9TMxhM6wTLzuCww2wK2Z9HQ+EZPdwBWY9fNbQsssO+gdY2DBQ7KEnfqCAvqMzwcKT"
    "YSYNzpgtcVSXoUVRjGHNeXj4W/QbNBjHDW5zz8P3i5CC50G2wDcDb4EPCJgpnb1DYNLZ8YAFjNEjgdbEocFXpdUmTJDCjxeksGHS"
    "xMvYSR8dXusEbdS/gW7Z5Z+XCMpH1J7ZGTITfDD33IaHgL2ulqc2RdKIGb5uFaWmq2UR98r08r1J3pV2Je9Ke4Z3pZ3zrozoxBW0"
    "YCkpn80pEqNv15/MiaxbQ+jLEjVIMFmaazxQEuosEwlFE6bxqoPBKCimw5EqsEWXxzumSNYncBxuyYR1qVQd5nmiIEamfPHNUjVh"
    "4q57/TXxBOVTfDvtnVUSOvccDz6ccEWag/dF9OYg5eYYuPMc57CGLsDwAnLD703md9cVVqHDtlwCTJE0YSdddXmilD29DspTZAbp"
    "qkhrT0XddWuK1KxZm7xmxc67OTaoadq1cHqd1q8mMXr91Ww37KttVDHbDcP2ezR3trOW7RdMjGnfCg1tLiAk1dqaFREy0v10pTfd"
    "sXLsNUGSKERhxLz98DIO2CIuVpFVQgcWIH6EKkKJXlh3ppiz+IgYAnLi6qofNmjiLYKlBHUchhwxS+kaJDi2JNQDYujICfIgGCKM"
    "RGHQHUk8pqNMwlAQVGfuOXZpkS7TEShxzIrrDLEcin5qbePQKRtoV/iKtN8e6rorRx/IIFWAxYQ8mJAHk5ch43+Yp0LlonUpN3J6"
    "m1iT5sSamODgcui301heFhxstBWjrWyFtgL3J9e/Xl6+lLqCqN8GoQMF6kqqdaa6ot8uiUCooq70HO5ILJIYaA2S6NOYzD7WxQxx"
    "W2vpv8YOh/kgW0G4sqNQIwjLBk6pKwuOiOrKBTSP4D0ws3hY6BDVjZQuEo4ZhJinY8PtSEUK7p6OCa+oXWRLHuqHwv3mT6N1GK3j"
    "B4lGNdLvqpLY4KJdB9mofwORXb5eEe4odfBNkTQQ4uX7EMtqsswKiFyoJstmA7z8iMhY3shB/Ey+/RRdA/Xi7dWDN8Ft1zzRscap"
    "41R+PkaLQo1PQ7JPv9yy0mSeKU3sK6PbKEqWqcjZ9Z1i8p5OcBR4Qaxu9Vhneqgm4ZW3AzxnhLnh7E7AP8s1wWzWV70af/HCRhX9"
    "sZaYVKIP+RmDioy6PWtOARaTkUsnmIYec9VHVgoc5pjgUXLtaG3pP6VjMzR+6LP7Q+3adVR4AY/ZOwXWlWXfQKcHSH4HCbd68I6B"
    "wcUV/dD8YjFPAVPJrk47IEavJNwCk3YFv4dDR0qKmcAs4XnMUvfcGjDrMewA76AEtkr6xORPxO4eaGT1nUrtMn/EX1NU8P3Pmaaa"
    "TC9jqTGWGmOpMZaauS010WpSa1aniMyknntS24y6Kg66qjq1s1QNnODLN5j1HE7d2kBnqQzQFYDWUlktq1lE0EB4V1LnAIXdOgBH"
    "/RuI7woM60Um35ml58eFhoFVFp1/GePjEmvOS997cp6KzprNRDpNZuCuDjcosR1UYWtohGkSk3ogB6hW+Ds94RepJOWgTpEZYHML"
    "AxpNaiAa9zdQTkNpvGvGu7Z679pLS4NbE2eaxDRuGcRbfjgu8MztFLhFwpbWLKeIl/R5PsCUEyw4Jh8d1yUBIdkd+i0inf6Q7gVe"
    "jMijETo1UDXDZMU0qS+Ch9wKYk2XODh6Qh4epN/9N7PUw0PgCQlooQva9Yhjt4LqwjgGOjOUp1WuYDgEiuzCENB4rMZiH/+wj5UY"
    "w7izfBxpQ3gosIePkfN3GMeGcWz8IDbg6FOoas+J+jfQnrNkx0a0uNQAN0XSQHyPqgB8VI7wUT7K1y8QkFxBS5aMoPsUsj3sv4XY"
    "zsDy482vp5fn5Mvt+dnF14uwykusPOjGrNXm9vzkMmfnha29FroxhQG4CsAostaxNsT9jbWhZmDi6iX8MPauVM5PYvOek/bDiMBq"
    "Qr+OKIozUdiOHWWmCMY6Jl3WA3VRJ5TQ9UXyon39IVCAv8MSIhxrd0h/OKTehHy8InIgxjJWBDBEKahzEpQtwfEPgiNrFQKRnhPQ"
    "i8V5c4bMCPBGgDcCvBHgt0eA7wQbTE05PkVlpM3K4vw8WE8TGrirwA0zVEtLdad1TGRgrj6r6yM9RWfArgK28ekan67x6RqfrvHp"
    "wtthYtOdUnvPl1DHetbaEylj1ROevpKRBxZpobvw/KG23sgW+ct3rMfoB7pQXTdM0zMsT3g694hoCbrUOfjJeOC4LJvFFGekRJct"
    "noWTgqixwOtY5VUbmKJsq9BN/9a7sfYG68qtrXse1tEVns3QG+yxLloM4H+0MEldfjd48JlH26btRMbXa0xFL74GGlNRs0xFxpnT"
    "BGfOCfMca1C0rYctM7d0mvR5bjcvB9ck5d6s/QpEFOnUS8SUImngwtl++7bKobK3b8sPlWHbVHlK+KhqIBx2byC6rysd2Xs948je"
    "6/yRvdKa1//4enNddgKnrOa17ViK/I+4jtxGuWsGuAhGxk6TK1c5XZmylTXA4ACnL72Zff8/sFKpzA=="
)
