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
    "eJztXVlz2zgS/isovcSukj2OEidZz5OdOBnv+Eg5nqNmPKVAJCxxTQEaArStnc1/327wFk"
    "lZ1EkxeLIFoEHyaxx9ofFPayhs5sr9E6EumKKtI/JPi9Mhg38mq9qkRUejpAILFO25um1P"
    "qO4watWTyqOWgvI76koGRTaTlueMlCM4tr4ZMAIULyQRj5zIIXVdaGop2Sa9MblnY7LD9v"
    "v7REG7AZUDIu70/y6Visgxt5hNLDEcUm4T5TG2u4/PtYUFD3Z4f3WP8Lnzt8+6SvQZNPbg"
    "QX/+BcUOt9kTk9HP0X33zmGunUETHok96IquGo904fsB9T7qpvj+va4lXH/IU81HYzUQPG"
    "4P34elfcaZRxWzUxBz33VDbkRFwdtCgfJ8Fr+mnRTY7I76LjIKqYNXSMpa3e7l1U33y+lN"
    "t9vKMTGiSIEeFlmC4wBwuJIagSF96rqM99UAfr55/S14TgJE0Aof+Ovx9fufjq933rzexQ"
    "cKGEXB8LoMazq66pvugioadKJxT4B+oC58dA7qG/akiqGOCZYDdlSQoJ3MgjXAPQXem9Pf"
    "b7DnoZR/u2lYdy6Of9eID8dhzfnV5aeoeYoN78+vTjT8Cdz+yEZwulTlMf8ANcoZsmLcs5"
    "QT4Nsh6X70zxayouUxal9xdxzOuGmsObs4/XJzfPE5w58PxzenWNPJ8CYq3XkzMUviTshv"
    "Zzc/EfxJ/ri6PNXwCqn6nn5i0u7mjxa+E/WV6HLx2KV2GqOoOHp7XNru7lNzDgt61Lp/pJ"
    "7dzdWIjihrm68adoaTJZTTvuYZgouvGe5Hn4KBl9undPnUTaoftXh2g7rijGBr3BUu6J1D"
    "icMJJX3fce0j4ihJXOeOWWMAvq23DVjeHKCRCkYn2fn3l6tLomDB2SV6/4AGtkcf87vUCp"
    "+zwFbl2PmpfMZLVs+g8cTshRkwOV/DLae+21QfX2Gv8/L129fvXr15/Q6a6NeMS95Omb9n"
    "lzfPbEuap90iaE+cfim6aarnMZ5vTdwAyv/qdF69ets5ePXm3eHrt28P3x3EcOerpuF+cv"
    "YJoc8sgxEvEuwtwKcvvHFl+CcI5+JACG9tNqXNcGBAOWdudQZk6Az+8+I/gO2/MvgpolWt"
    "Pd8B9CiIVNH8ovaN0Eayyt/LNzMofy8nxdpE+cOqLLjKUW4ldGOCueCt21qSRffgYBZ4Dw"
    "7K8cW6LMCu6PXG3SGTEqTxyitIEbVZxOddSTzhMplnAGoBxfDHBJPKtWMp8j/QLeQWYj8F"
    "RkRiuoFj0pbRzmrG2MGkgQN1Lb8AdlxjTrk/1NCfwStSbrEcCxLqVa3nOfG9JZ0+90etav"
    "i3vpx9uvzl8xEJqG/59S+Xl2eXn46I53MODLnlH88uz778dPoB3sLhjhww+5a/P758f3p+"
    "joUWAuC6zJ5UczezNYwGVFbaGmKC5m0N72YA910ptu8mobXpuAsjv8e8CoaCLNH6BMqD1e"
    "4BCxoMUnZr5kl8hdkRTVEYOCfh1CayKm6AmKAJ03/dXgBpwW7gF4ni5dJJmsYIKPMLKNZA"
    "OBaT8CHUdh3O5nDFlHSxBJ/M9vCm5i4YXVTId8sVchGmp+kNx+vM8QehFpvnhR0Yntef5/"
    "PO8Ty14Xaduc1BPJ2b2TnitfB6ne7DJrHaY0MAcQ42ZwgNi2vMYgwgdNSQ8QIel9uhslRN"
    "0EZXEwKY0j4ZK3BMlCMctW8eti87s5j6oFW5IbWTM/dZHpszxC9LaUL86rJ6hWN46uJlAj"
    "ubxvUlBHamfACOtARUhxE6BQ6yk7CHjz9fM5eqYkt1KnjzfdDTFo6Hb9EMiEqTcZEz1ywD"
    "J+yoqTCxB4bNF0bp9IFtZZDSTCCNXDpm3hJQ+qw7aipM2vqxOEi/CtXY6SZ81RNPi2F0pf"
    "u4hg2loSCNhHBBnimJv6kC1Wfd07Vwt9fOlodq1ac9IsGg5NBHSm6YfvYjklV0y2fPgByT"
    "D4GIQ0IyPKRB9XGN4AwhsIHsWKIv97FsXzLvgXkkUHkkHsYYFpxLXEqvt/yWnylJovD04G"
    "zIyO+5jhX1K4PCofD6OIoYtQbQvudwpuLDIhjg+0JGFEe6DJ96y/W2gGE+dvBMMmAei97P"
    "nC+p4fkSZEwVG0jU3oQZzxBLFk6cSla8hKR5ZqZXnRkQftUpRRiranNApJbrxLrP5xgTX8"
    "OMPbOY+LRQVGk3TlE06UjQQrtyznyWBTiP7kfhMafPf2bjXOx4uRK6heCWKQxQ7NHHWDBM"
    "Dyr4dvhipoLN9fjL++MPp61vmztoHtraSjWPyBL3rOIRN3xe7+AE6oWnBXMkI3fCAxUB1I"
    "BecDxcB6q3iT8C5QAGw1GSuERwRh4dLsnO9R6uD3uvi1SQFTygQBv4Mx79cWB9NgRcvwT+"
    "gw/Ww9vnrb+MErFBJWLNZybqtmCZQxNbM4YTXONlZNYxGxM0cMwuP7YiWpxnRTdq30BwV3"
    "B8mXr9amaFhKJ5VoXlD16UKCqAGzZvHrIrsIgZg8F3aDAwMUFN43pZTJAxExkzkTETzWom"
    "CoKNSqxEcSTSM0YiFrebKYEu0ryQRFMRV/TbBPpn3N4TsAgdRZkCg3AqshP83dd/ujDV8Y"
    "TtLlp7hGczrzh/7tKfMNVKJNnfxvqzUesPcmB2VMPWZn3f3lwOW4QoDto8nOXJBaL2CyUW"
    "qBuo684sEEQU5WE/wSg2yktMwjHRBPY9oGoW6CdXV+cZ0E/OJnNl/HJxcgqqteYANHKUcc"
    "B/J5qVccAbzaoeS9c2a1bhAYUS1So5vvCMbjVKGs4Q+Bu01pnwmE38UeggD4J0QaMJUuQF"
    "ik2bPDpqALXWgGK/QIcvig7y87OPp3svC4OAV/CEqcqVL5mHHAa8UxqXfkhXPyRbg/138Q"
    "oSo5BtUiGLuJYXwKZERKaImrRDrDkgMjM3Zh/Zk2RN4sDSdDleuCmXu+Wi9g10KS/f5Rkv"
    "3RUB7i71xqmGg2y0tXLojbZmtDWjrX2f2po+KV2iq0WnqJ/R1B6iZjPoaTYdv5AEKY50ZP"
    "IIVCP85en/oLZNONPHJweUw0ujyvTr1c3pXqdQKVu0u6kaWDaSU3drtKuNalcmIHdFzi89"
    "tiuInzGBkT1nkD3XHjP6vQFshPty6I1wb4R7I9x/h8I93kP6hSkF3xjwfFLCzzSYLubrO0"
    "1luu1MF/J64lEL4lEClTA1yo7ub5eoAVWxZE5J2P+PBDrH+LUho1wSvAY+5K0svo53JU9Z"
    "IFlKXe6NrYMqsBYfQLnC4ALXfZgfVWSvNE3zzpUs+YgkSkX/Bc27knCbolmfeNs69T0xYj"
    "9cCFglHltbKukGZ9PpnJcjF1Gbyx3ndTjqy3Yxw9x81/SmKA0P5uUBCiuAkfDmY0QhueHG"
    "vNxwRb87b1qoPK3hw7x8MPaQcoY01x5ijno2jesRRgukf1+lieFC2O8xmUyBcSGqak8zK0"
    "ARSKNyZudhuFvDb4Jk6My7uPqw2yYSdnBQ7nvsDv7GdgBHEiV8vLKS7Ni9/YS60JW4vM4x"
    "1+uldjhBJRomAoPEPvn6VSo2+vpVE+v8TLaN1VCof9vMcqR+ATEc+TC5fgSS6H8kU0DHnl"
    "QbigFV19GljwOqbvkjlSQsIzuUxIINGdJxaP0InuEHr9km+vswFBV6c2w2HAnFuDXGqCLo"
    "dUjvGfR4y23hA7uI5TrWPdEhrx5T3li7WxGo4LNgKfj69QizVDkPwDv2NHLg69vQ9kHcs9"
    "L8s39mzB6hl874WDfpY62L9WrTO8ZGBLfKzm3j2J7q2K5rOHZTLbGpkAJHJJn1Zw4rSBM1"
    "0PO9/CTM4u6Ohc63GVeMFIVZMgpvoWejCnBGzQ2WRXaIUHatsgakaRq4BLw8OJhhDYBW5Z"
    "m9sG4ioWIg+FeBOUViUJ4NZVCYeRHIU8/WJ0RrPFsfl2zt4foeGoKrYp0QGawrYK2tS0Nf"
    "FUgRU+HO0BnEKyCeuJ3md1gZXXtBDcVjVBapJzfsqQT8hKIJcSHTbOCnv99khnouNU1sAj"
    "+/uvwUNZ/MV5PFmz04drGuUi6lpGmagHlWSjmcSUo5nCKlHOalFCl8rxrICcUao3HwynTK"
    "o5fZumS62uJdCeSIYFUY50xKrcAYvx6ElxxWZhzYcy3b9XZd5j3WgZtIzsHmLOUS2Fyzja"
    "JJXPYA+cc5eJymMxyuM4cn3MdV9sUC0uXskJt10q7eGmWifcrRN9E+q4n2uWYj4RVmzU4q"
    "289F/HhJuxlifoLWwZXLsXswDM7Z6+ziBceUDBl6wYPoFJsphtcFtcl/fBuP/Dg8vFbZ3n"
    "NFvyj0ZyXPMLctm7iW2dbG5gcDBBNsjlCMCUJj7ZybBdSyfMmqT4AsnWGACYipd0DMkEkJ"
    "8kvXdfh9FaQn6Zpnbe7MpIV0pmghnbwWguHIVVwoUfsmwLtuB0r9bM4Fdn0xYnw7Tc5Usu"
    "rJpSaoGnRkbWlBYAPKbRckiF6BXWjqIdkMXYOQXbPgYYxz6zfOGf/VXLtmvY1xgd27Pta4"
    "acl90tXt5yxy1RL7HIfn2V7I9Jm5qI8j4vku6wlxHxnQXu62Y4OZbBMUsDERj2UJH4ZEcE"
    "MddYvscit5jj6dJzBp0FF46M5k/dnKHa7c1BeNjDwrym8fS9MsdANZzWSOKeCu5AKyeAZW"
    "AT9DZNCfH/1g0asCfUJhcJ8f92BvqWIISSiMKaS6KcQ4v8u3YOP8XoG4feWrnni61u+VE7"
    "aTyqmittDNZhWyw6uco3wT7O4Otsg4G4W+XwzF1zi1Aya5pOiqIY7SKSmCxxXmulha3yhM"
    "/+Y5SjEe+cAlXnQGX8clxp+CxE5lOgUnodwGmdt1HnR6DHqnmIfskehlD+RxXTe+5Y/Cu8"
    "c8npboy/2oePeIsCfo2cUMFBZ0Z3lCSmJ5VA4wYQX0PvKExaRkElNTBNkswoQbwYe+kLc8"
    "Zdkg0ARTZkgGMwnA4DCNfYbRAPHnYAsYppJwoQaA4i4m5rAZ3qwtu4LDA7Ap5iF9HAjJbq"
    "EERj1Ma6jZYfv9fbwKLlDsoSVOUEDf0blJ4c0wkwZnzJbYq8vQoigeYc35+vWH6DdoMI4b"
    "POaWh98XIQXvg2yBOQNfgS8ImCmdvUNgGtTHAQsYo3sCrYlDha9K7z8wQQobDFK4d3ilU5"
    "xR+wa6Bpcfsx8k1a+somfIjAN8bjs0vASst5W8hSmSRozwdYvJFc39i5j4JxWSOln4OzNZ"
    "+DtTLPydnIV/RMeuoAVLSfloTpEYna/6YE7krQqCR5aoQU7EpblnA0G1yjKRUDRhGK86II"
    "mCcjQcqQJ7aHnMXYpkfQLHwZYMWJdK1WWeJwriNMoX3yxVEwbuutdf49MuH+LbaXObJanw"
    "nePBxAlXpDl4X0RvDvPVx8ia5ziHNXQBhheQG37Xmd89V1iFTsNyCTBF0oSddNWXtqRsul"
    "VQniAzSM+KtLaWV123JkjNmlXnNSt2IM2xQU3SroXT67R+NYnR5o5Pc8fn6qfKtt7x+RnT"
    "M9rXQmObC0tI1banxSWMdDt9A5ZuOHMEMEGSyFE+Yt5eWIwdtomLt2sqod3biB+hilCil9"
    "bWBHMW7xEDEY5dffeEDbp4m+AVazoaQI6YpfRNGNi3JNQDYmjICfIg6CKMh2DQHEk8pmMd"
    "woAEVGhuOTZpkx7TcRBx5ITrDPFSDv3W2sqhEwfQnvAV6Rwe6Ns/Xr8jg9Q1IMbxXkfHe1"
    "2itzcrOWwoO8A8N/ctel9fLYf3moE30SYrjDYxIarl0G+nubwsRHWz+krNrAyNUldqhu2i"
    "2go8n1z+cn6+KXXlmHmONWgVqCphzVQ1hSZtntNQyhE1cne95G5QiGTVnDgJSQMFkc7h4S"
    "xZWg4Py7O0YF3ueFIVhMPmDUR3NYf9ywJby0/dlQe2Vjt2Vze013HubqMngr79H6dWXrc="
)
