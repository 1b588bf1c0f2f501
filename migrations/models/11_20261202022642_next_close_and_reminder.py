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
    "eJztXVtz2ziy/isovcSukr2OEic53ic7cTI+40vK8cxO7XhLgUhY4jEFaAjQsnY3//10g3"
    "eRlEVdKQZPtgA0SH6NS9/Q+E9rKGzmysMzoa6Yoq0T8p8Wp0MG/0xXtUmLjkZJBRYo2nN1"
    "255Q3WHUqieVRy0F5Q/UlQyKbCYtzxkpR3BsfTdgBCheSSLGnMghdV1oainZJr0JeWQTss"
    "cO+4dEQbsBlQMiHvT/LpWKyAm3mE0sMRxSbhPlMbZ/iM+1hQUPdnh/fY/wufOXz7pK9Bk0"
    "9uBBf/4Lih1us2cmo5+jx+6Dw1w7gyY8EnvQFV01GenCjwPqfdZN8f17XUu4/pCnmo8mai"
    "B43B6+D0v7jDOPKmanIOa+64bciIqCt4UC5fksfk07KbDZA/VdZBRSB6+QlLW63eubu+63"
    "87tut5VjYkSRAj0ssgTHAeBwJTUCQ/rcdRnvqwH8fPf2R/CcBIigFT7w99Pbj7+c3u69e7"
    "uPDxQwioLhdR3WdHTVD90FVTToROOeAP1EXfjoHNR37FkVQx0TrAbsqCBBO5kFG4B7Brx3"
    "53/cYc9DKf9y07DuXZ3+oREfTsKay5vrL1HzFBs+Xt6cafgTuP2RjeB0qcpj/glqlDNkxb"
    "hnKafAt0PSw+ifHWRFy2PUvuHuJJxxs1hzcXX+7e706muGP59O786xppPhTVS6925qlsSd"
    "kH9c3P1C8Cf55831uYZXSNX39BOTdnf/bOE7UV+JLhfjLrXTGEXF0dvj0vbwmJpzWNCj1u"
    "OYenY3VyM6oqxtvmrYGU6XUE77mmcILr5muB99CQZebp/S5TM3qX7U4sUN6oYzgq1xV7ii"
    "Dw4lDieU9H3HtU+IoyRxnQdmTQD4tt42YHlzgEYqGJ1k73+/3VwTBQvOPtH7BzSwPTrO71"
    "JrfM4SW5Vj56fyBS9ZPYPGU7MXZsD0fA23nPpuU318hYPO67fv33548+7tB2iiXzMueT9j"
    "/l5c372wLWmedougPXP6peimqV7GeLE1cQso/0+n8+bN+87Rm3cfjt++f3/84SiGO181C/"
    "eziy8IfWYZjHiRYG8BPn3hTSrDP0W4EAdCeGuzKW2HAwPKOXOrMyBDZ/BfFP8BbP+VwU8R"
    "rWvt+QmgR0GkiuYXtW+ENpJV/l6/m0P5ez0t1ibKH1ZlwVWOciuhGxMsBG/d1pIsukdH88"
    "B7dFSOL9ZlAXZFrzfpDpmUII1XXkGKqM0ivuhK4gmXyTwDUAsohj8mmFauHUuR/4JuIXcQ"
    "+xkwIhKzDRzTtox2VjPGDqYNHKhr+QWw4xpzzv2hhv4CXpFyi+VYkFCvaz3Pie8t6fS5P2"
    "pVw7/17eLL9W9fT0hAfc9vf7u+vrj+ckI8n3NgyD3/fHF98e2X80/wFg535IDZ9/zj6fXH"
    "88tLLLQQANdl9rSau52tYTSgstLWEBM0b2v4MAe4H0qx/TANrU0nXRj5PeZVMBRkiTYnUB"
    "6tdw9Y0mCQslszT+IrzI9oisLAOQ2nNpFVcQPEBE2Y/pv2AkgLdgO/SBQvl07SNEZAWVxA"
    "sQbCsZiED6G263C2gCumpIsV+GR2hzc1d8HookK+W66QyzA9TW84XmeOPwm13Dwv7MDwvP"
    "48X3SO56kNt+vMbQ7i6cLMzhFvhNebdB82idUeGwKIC7A5Q2hYXGMWYwCho4aMF/C43A6V"
    "pWqCNrqeEMCU9slYgWOiHOGoffOwfd2Zx9QHrcoNqZ2cuc/y2IIhfllKE+JXl9UrHMMzFy"
    "8T2Nk0rq8gsDPlA3CkJaA6jNApcJCdhT18/vWWuVQVW6pTwZsfg552cDz8iGZAVJqMi5y5"
    "ZhU4YUdNhYk9MWy+NErnT2wng5TmAmnk0gnzVoDSV91RU2HS1o/lQfpdqMZON+GrnnheDq"
    "Mb3cctbCgNBWkkhAvyTEn8TRWovuqeboW7u3a2PFTrPu0RCQYlhz5ScsPssx+RrKJbvngG"
    "5JR8CkQcEpLhIQ2qj2sEZwiBDWTPEn15iGWHknlPzCOByiPxMMaw4FziSnq95/f8QkkSha"
    "cHZ0NGfs91rKhfGRQOhdfHUcSoNYD2PYczFR8WwQDfVzKiONFl+NR7rrcFDPOxg2eSAfNY"
    "9H7mfEkNz5cgY6rYQKL2Jsx4jliycOJUsuIlJM0zM73pzIHwm04pwlhVmwMitVwnNn0+x5"
    "j4GmbsmcfEp4WiSrtxiqJJR4KW2pVz5rMswHl0PwuPOX3+K5vkYsfLldAdBLdMYYBij45j"
    "wTA9qODb4YuZCjbX028fTz+dt35s76B5aGsr1TwiS9yLikfc8GW9gxOoF54WzJGMPAgPVA"
    "RQA3rB8XAdqN4m/giUAxgMJ0niEsEZGTtckr3bA1wfDt4WqSBreECBNvBnPPrjwPpsCLh+"
    "CfwHH6yHt89b/zJKxBaViA2fmajbgmUOTezMGE5wjZeRecdsTNDAMbv62IpocZ4X3ah9A8"
    "Fdw/Fl6vWrmRUSiuZZFVY/eFGiqABu2Lx5yK7BImYMBj+hwcDEBDWN62UxQcZMZMxExkw0"
    "r5koCDYqsRLFkUgvGIlY3G6uBLpI80oSTUVc0W8T6J9x+0DAInQSZQoMwqnIXvD3UP/pwl"
    "THE7b7aO0Rns284vy5K3/CTCuRZH8Z689WrT/IgflRDVub9X13cznsEKI4aPNwlicXiNov"
    "lVigbqBuOrNAEFGUh/0Mo9goLzEJx0RT2PeAqlmgn93cXGZAP7uYzpXx29XZOajWmgPQyF"
    "HGAf+TaFbGAW80q3osXbusWYUHFEpUq+T4wgu61ShpOEfgb9BaZ8JjNvFHoYM8CNIFjSZI"
    "kRcoNm0ydtQAaq0BxX6BDl8UHeSXF5/PD14XBgGv4QkzlStfMg85DHinNC79kK5+SLYG++"
    "/iFSRGIdumQhZxLS+AzYiITBE1aYfYcEBkZm7MP7KnyZrEgZXpcrxwUy53y0XtG+hSXr3L"
    "M166KwLcXemNUw0H2Whr5dAbbc1oa0Zb+zm1NX1SukRXi05Rv6CpPUXN5tDTbDp5JQlSnO"
    "jI5BGoRvjL0/9BbZtwpo9PDiiHl0aV6febu/ODTqFStmx3MzWwbCSn7tZoV1vVrkxA7pqc"
    "X3psVxA/YwIje84he248ZvRnA9gI9+XQG+HeCPdGuP8JhXu8h/QbUwq+MeD5tISfaTBbzN"
    "d3msp027ku5PXEWAviUQKVMDXKnu5vn6gBVbFkTknY/98JdI7xa0NGuSR4DXzIW1l8He9a"
    "nrJEspS63BtbB1VgIz6AcoXBBa77MD+qyF5pmuadK1nxEUmUiv4Nmncl4TZFsznxtnXue2"
    "LE/nYlYJUYt3ZU0g3OptMFL0cuojaXOy7qcNSX7WKGucWu6U1RGh4sygMUVgAj4S3GiEJy"
    "w41FueGKfnfRtFB5WsOHRfmgxJh3R46lfK9gZ54ZCzxNusGI4Eg8TbMhFllNIPAu6tANtj"
    "6Zg7VN43qE0RLJ9tdp0LkS9kdM3VNgyomq2rOMOFAEsr+c21UbykbwmyAZuk6vbj7tt4kE"
    "eYnZpMce4G9sdXEkUcLHC0LJnt07TKgLHber6xwz615r9x5UohkoMP8cku/fpWKj7981sc"
    "6GZdtYDYX6t80sR+oXEMORD5Pr70AS/Y9kCujYs2pDMaDqOrp0PKDqno+pJGEZ2aMkFiPJ"
    "kE5CW1PwDD94zTbR34eBv9CbY7PhSCjGrQnGcEGvQ/rIoMd7bgsf2EUs17EeiQ4w9pjyJt"
    "q5jUAFnwVLwffvJ5gTzHkC3rHnkQNf34a2T+KRlWb7/TNjZAp9osajvU2Pdl1shdveMbYi"
    "JlcOJTBhBDPDCOoa/N5Uu3cqgMMRyT0GcwdxpIkaGGew+pTX4uGBha7OOVeMFIVZMooObY"
    "A0VgHOqLnBssgOEcquVdaANE0Dl4DXR0dzrAHQqjyPGtZNpa8MBP8qMKdIDMrzoQwKMy8C"
    "eab1MiHaoN0yLtnZVAY9NLtXxTohMlhXwFpbl4a+qmqYz9AZxCsgnjj5FncPGl17SQ3FY1"
    "QWqSd37LkE/ISiCVE4s2zg53/cZYZ6LhFQbAK/vLn+EjWfzg6UxZs9OXaxrlIupaRpmoB5"
    "Vko5nktKOZ4hpRznpRQpfK8ayAnFBmOf8IJ6yqOX2bnUxdriXQnkiGBdGOdMSq3AGL8ZhF"
    "ccxGcc2Ast2/V2XeY91oGbSC7A5izlCthcs42iSVz2APnxAjxO0xkO15nDU+7jKvtiAelq"
    "dsjtOmnXb40y0T7l6Jton/VE+9yykfAKc5Qnle2XIn68pN0cMT9B6+CC69g9GAbnHHT28T"
    "ppSoYMveBBdIrNFMPLmdrk/3wbD1g5PLzE2j5wRb8o9GctzzB3W5u4lvnWxuYHAwQTbIFQ"
    "jClCY+1cmAXUsnzJqk+ALJ1hgAmIqXdAzJBJCfJL13X4YxWkp+maZ23uzKWFdGZoIZ28Fo"
    "LhyFVcKFH7JsC7aQdK/WzOBXZ9MWJ8N03OVLLqqbymqBp0QHBlQWADym0XJIhegV1o5pHk"
    "DF2DkN2w4GGMc5s3zhn/1UK7Zr2NcYHduz7WuFmplNLV7ZcsctXSKJ2G59leyfSZuaiPE+"
    "L5LusJ8RgZ0F7vt2ODmWwTFLAx7ZFlCR+GRHAfIHWL7HJreY4+nScwRdNJeOjO5FjayR2u"
    "3NQXjYw8K8rvekvTLHXfW81kjhngruW6t3gGVgE/Q2TQXxz9YNGrAn1CYXBfHPdgb6liCE"
    "kojCmkuinEOL/Lt2Dj/F6DuH3jq554vtXvlRO2k8qZorbQzeYVssOLs6N8E+zhAbbIOBuF"
    "vs0Nxdc4tQOmFKXoqiGO0ikpgscV5rpYWd8oTP/Dc5RiPPKBS7xWDr6OS4w/BYmdynTCU0"
    "K5DTK36zzp9Bj0QTEP2SPRyx7I47pucs/HwnvErKmW6MvDqHj/hLBn6NnFDBQWdGd5Qkpi"
    "eVQOMGEF9D7yhMWkZBJTUwTZLMKEG8GHvpL3PGXZINAEU2ZIBjMJwOAwjX2G0QDx52ALGK"
    "aScKEGgOI+JuawGd5jLruCwwOwKWZ9HQ+EZPdQAqMepjXU7LHD/iFevBco9tASJyig7+hM"
    "sPBmmEmDM2ZL7NVlaFEUY1hzvn//W/QbNBjHDR5zz8Pvi5CC90G2wJyBr8AXBMyUzt4hMO"
    "nseMACxuieQGviUOGr0tsmTJDCFoMUHh1e6RRn1L6BrsHVx+wHVxhUVtEzZMYBvrAdGl4C"
    "1ttK3sIUSSNG+KbF5Irm/mVM/NMKSZ0s/J25LPydGRb+Ts7CP6ITV9CCpaR8NKdIjM5XfT"
    "An8lYFwSNL1CAn4srcs4GgWmWZSCiaMIzXHZBEQTkajlSBPbQ85i5FsjmB42hHBqxLpeoy"
    "zxMFcRrli2+WqgkDd9Prr/Fplw/x3bS5zZNU+MHxYOKEK9ICvC+iN4f56mNkzXOcwxq6BM"
    "MLyA2/68zvniusQqdhuQSYImnCTrruK3JSNt0qKE+RGaTnRVpby6uuW1OkZs2q85oVO5AW"
    "2KCmaTfC6U1av5rEaHOjqrlRdf1TZVdvVP2K6RntW6GxzYUlpGrbs+ISRrqdvm9MN5w7Ap"
    "ggSeQoHzHvICzGDtvExbtMldDubcSPUEUo0Utra4o5y/eIgQinrr57wgZdvE3wQjsdDSBH"
    "zFL6JgzsWxLqATE05AR5EHQRxkMwaI4kHtOxDmFAAio09xybtEmP6TiIOHLCdYZ4KYd+a2"
    "3l0IkDaE/4inSOj/TtH28/kEHqGhDjeK+j470u0dvblRy2lB1gkXsSl70dsZbDe8PAm2iT"
    "NUabmBDVcuh301xeFqK6XX2lZlaGRqkrNcN2WW0Fnk+uf7u83Ja6cso8xxq0ClSVsGammk"
    "KTNi9pKOWIGrm7XnI3KESyak6chKSBgkjn+HieLC3Hx+VZWrAudzypCsJh8waiu57D/mWB"
    "reWn7soDW6sdu6sb2ps4d7fVE0E//h9btdSf"
)
