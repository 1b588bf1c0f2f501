"""Statistics and ratings (issue 22): each counted game's result and seats, the servers'
rating pools, the ratings and each game's rating changes (db.stats_models, db.ratings).

Five new tables; like the earlier migrations, this one carries SQLite's and PostgreSQL's SQL,
chosen by the connection it runs on; tests/test_db_schema.py proves both end at the models'
schema. Nothing to copy: the tables are derived from the stored games, and
``python -m db.rebuild_ratings`` fills them from the games finished before this migration.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "game_result" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "mode" VARCHAR(16) NOT NULL,
    "winners" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(32) NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL UNIQUE REFERENCES "game" ("id") ON DELETE CASCADE
) /* A finished game as counted: its kind, its winners, when it ended. */;
CREATE INDEX IF NOT EXISTS "idx_game_result_guild_i_735e5a" ON "game_result" ("guild_id", "ended_at");
CREATE TABLE IF NOT EXISTS "game_seat" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "user_id" BIGINT NOT NULL,
    "dealt_role" VARCHAR(16) NOT NULL,
    "final_role" VARCHAR(16) NOT NULL,
    "roles" VARCHAR(200) NOT NULL,
    "side" VARCHAR(16) NOT NULL,
    "won" INT NOT NULL,
    "survived" INT NOT NULL,
    "cop_hits" INT NOT NULL,
    "checks_found" INT NOT NULL,
    "saves" INT NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_game_seat_game_id_7ffa61" UNIQUE ("game_id", "user_id")
) /* One player of a counted game: his roles, his side, what came of it, what he did. */;
CREATE INDEX IF NOT EXISTS "idx_game_seat_guild_i_3a6cd9" ON "game_seat" ("guild_id", "user_id");
CREATE TABLE IF NOT EXISTS "rating_pool" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_pool_guild_i_d19b65" UNIQUE ("guild_id", "pool")
) /* A server's rating pool: forum games, quick games, or all of them. */;
CREATE TABLE IF NOT EXISTS "rating" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu" REAL NOT NULL,
    "sigma" REAL NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_guild_i_ef825f" UNIQUE ("guild_id", "pool", "subject")
) /* An openskill rating (mu, sigma) of a player or of a side in a server's pool. */;
CREATE TABLE IF NOT EXISTS "rating_change" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu_before" REAL NOT NULL,
    "sigma_before" REAL NOT NULL,
    "mu_after" REAL NOT NULL,
    "sigma_after" REAL NOT NULL,
    "ended_at" TIMESTAMP NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_rating_chan_game_id_8fa121" UNIQUE ("game_id", "pool", "subject")
) /* What one game did to one rating: before and after. */;
CREATE INDEX IF NOT EXISTS "idx_rating_chan_guild_i_d7f662" ON "rating_change" ("guild_id", "pool", "ended_at");"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "game_result" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "mode" VARCHAR(16) NOT NULL,
    "winners" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(32) NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL UNIQUE REFERENCES "game" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "idx_game_result_guild_i_735e5a" ON "game_result" ("guild_id", "ended_at");
COMMENT ON TABLE "game_result" IS 'A finished game as counted: its kind, its winners, when it ended.';
CREATE TABLE IF NOT EXISTS "game_seat" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "user_id" BIGINT NOT NULL,
    "dealt_role" VARCHAR(16) NOT NULL,
    "final_role" VARCHAR(16) NOT NULL,
    "roles" VARCHAR(200) NOT NULL,
    "side" VARCHAR(16) NOT NULL,
    "won" BOOL NOT NULL,
    "survived" BOOL NOT NULL,
    "cop_hits" INT NOT NULL,
    "checks_found" INT NOT NULL,
    "saves" INT NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_game_seat_game_id_7ffa61" UNIQUE ("game_id", "user_id")
);
CREATE INDEX IF NOT EXISTS "idx_game_seat_guild_i_3a6cd9" ON "game_seat" ("guild_id", "user_id");
COMMENT ON TABLE "game_seat" IS 'One player of a counted game: his roles, his side, what came of it, what he did.';
CREATE TABLE IF NOT EXISTS "rating_pool" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_pool_guild_i_d19b65" UNIQUE ("guild_id", "pool")
);
COMMENT ON TABLE "rating_pool" IS 'A server''s rating pool: forum games, quick games, or all of them.';
CREATE TABLE IF NOT EXISTS "rating" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INT NOT NULL,
    CONSTRAINT "uid_rating_guild_i_ef825f" UNIQUE ("guild_id", "pool", "subject")
);
COMMENT ON TABLE "rating" IS 'An openskill rating (mu, sigma) of a player or of a side in a server''s pool.';
CREATE TABLE IF NOT EXISTS "rating_change" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "guild_id" BIGINT NOT NULL,
    "pool" VARCHAR(8) NOT NULL,
    "subject" VARCHAR(48) NOT NULL,
    "mu_before" DOUBLE PRECISION NOT NULL,
    "sigma_before" DOUBLE PRECISION NOT NULL,
    "mu_after" DOUBLE PRECISION NOT NULL,
    "sigma_after" DOUBLE PRECISION NOT NULL,
    "ended_at" TIMESTAMPTZ NOT NULL,
    "game_id" INT NOT NULL REFERENCES "game_result" ("id") ON DELETE CASCADE,
    CONSTRAINT "uid_rating_chan_game_id_8fa121" UNIQUE ("game_id", "pool", "subject")
);
CREATE INDEX IF NOT EXISTS "idx_rating_chan_guild_i_d7f662" ON "rating_change" ("guild_id", "pool", "ended_at");
COMMENT ON TABLE "rating_change" IS 'What one game did to one rating: before and after.';"""

DOWN = """
DROP TABLE IF EXISTS "rating_change";
DROP TABLE IF EXISTS "rating";
DROP TABLE IF EXISTS "rating_pool";
DROP TABLE IF EXISTS "game_seat";
DROP TABLE IF EXISTS "game_result";"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return DOWN


MODELS_STATE = (
    "eJztXdty2zgS/RWUX2JXKV5HcS7rebITJ+MdX1KOZ3Zqx1MyREIS1xSgIUAr2t38+3aDd5"
    "GUSd3F4CWxCDRIHoBA9+lG4797Q2EzVx6eCXXFFN07If/d43TI4I/pohbZo6NRUoAXFO26"
    "um5XqM4wqtWVyqOWgus96koGl2wmLc8ZKUdwrH03YAQkXkgixpzIIXVdqGop2SLdCXlkE7"
    "LPDvuHREG9AZUDInr6b5dKReSEW8wmlhgOKbeJ8hg7OMT72sKCGzu8v7pb+Nz5y2cdJfoM"
    "Kntwoz/+hMsOt9k3JqOfo8dOz2GunUETbokt6IKOmoz0xQ8D6n3SVfH5ux1LuP6Qp6qPJm"
    "ogeFwf3g+v9hlnHlXMTkHMfdcNeyO6FDwtXFCez+LHtJMLNutR38WOQungEZJre53O9c1d"
    "5+v5Xaezl+vESCIFenjJEhwHgMOV1AgM6beOy3hfDeDn2+PvwX0SIIJaeMPfTm8//Hx6u/"
    "/2+ABvKGAUBcPrOixp66LvugmqaNCIxj0B+om68NI5qO/YN1UMdSywHLCjCwnayVewBrhn"
    "wHt3/vsdtjyU8i83Dev+1envGvHhJCy5vLn+HFVPdcOHy5szDX8Ctz+yEZwOVXnMP0KJco"
    "asGPes5BT4dih6GP2xg12x5zFq33B3En5xs7rm4ur8693p1ZdM/3w8vTvHknamb6Kr+2+n"
    "vpK4EfLPi7ufCf4k/7q5PtfwCqn6nr5jUu/uX3v4TNRXosPFuEPtNEbR5ejpcWrrPaa+Ob"
    "zQpdbjmHp2J1ci2qKsbr5o2B5OX6Gc9nWfIbj4mOF69DkYeLl1Sl+fuUj1oxrPLlA3nBGs"
    "javCFe05lDicUNL3Hdc+IY6SxHV6zJoA8C29bMD05oCMVDA6yf4/vt5cEwUTzgHR6wdUsD"
    "06zq9SK7zPAkuVY+c/5QteMnsGlae+XvgCpr/XcMnZ3mWqj4/wsv3q+N3x+9dvj99DFf2Y"
    "8ZV3M77fi+u7Z5Yl3aedImjPnH4pummp5zGeb07cAMp/b7dfv37XPnr99v2b43fv3rw/iu"
    "HOF83C/eziM0KfmQajvkiwtwCfvvAmteGfEpyrB0J4t2ZR2kwPDCjnzK3fARk5g/+8+A9g"
    "+a8NfkpoVXPPDwA9KiJ1LL+ofiOskazx9+ptBePv1bRamxh/WJQFVznKrYVuLDAXvNs2l2"
    "TRPTqqAu/RUTm+WJYF2BXd7qQzZFKCNl57BimSNpP4vDOJJ1wm8x2AVkAx/LHAtHHtWIr8"
    "D2wLuYPYz4ARkZhNcExzGa2sZYwNTBMcaGv5BbDjHHPO/aGG/gIekXKL5bogkV7VfJ5T3/"
    "ek0+f+aK8e/ntfLz5f//rlhATS9/z21+vri+vPJ8TzOYcOueefLq4vvv58/hGewuGOHDD7"
    "nn84vf5wfnmJFy0EwHWZPW3mbmZpGA2orLU0xALNWxreVwD3fSm276ehtemkAyO/y7waRE"
    "FWaH0K5dFq14AFCYMUb808iY9QHdGUhIFzGk5NkdVxA8QCTfj81+0FkBasBn6RKl6unaRl"
    "jIIyv4JiDYRjMQkvQm3X4WwOV0xJE0vwyexO32y5C0ZfKux3yxVykU5Py5se3+YefxJqse"
    "+8sAHT59vf5/N+43lp09vb3NsYcuSoIeMFPV1uuWalmqC/riZoKKWvMlZAZZYjHNVvHrav"
    "2lXIAahVTr20cwSB5bE5g4KykiYoaFtmr3AMz5y8TChY03p9CaFgKdbQkZaA4tCnX0Cpn4"
    "UtfPrllrlUFXNbqXCvD0FLOzgevkdfQHQ1GRc5A28ZOGFDTYWJPTGsvjBK509sJ8MaKoE0"
    "cumEeUtA6YtuqKkwaXtpcZB+E6qxn5vwVVd8WwyjG93GLSwoDQVpJIQL+kyJx74OVF90S7"
    "fC3V3LPA9VrfjwVAAEk/h8pXjecHYn4J9qH+lt3FqDUK0ZSB9pUCXx9CkFa3ZYfaTU6ZrP"
    "htefko+BLkhCMYx/pzoSPtieBciSfUv05SFeO5TMe2IeCWxDiXHuw4ItX0tp9Z7f8wslSR"
    "T5G4Tdj/yu61hRuzK4OBReHwcGo9YA6ncdzlQch4+xky9kJHGir+Fd77lePzGCwg7uSQbM"
    "Y9HzmdD9LQzdx46pQxZF9U0EZ4UwnfDDqUV3JiLN4+Netysg/LpdijAWbU3s/VbOE+ve+m"
    "C40IaxYlW4UK0U1VqNUxJN2m2x0Kqc4xmzAOfR/SQ85vT5L2ySC8stNwR2ENwyGwAue3Qc"
    "K4bpQQXvDm/MVLC4nn79cPrxfO/75vbwhqRkqeURUZbPGh5xxeftDk6gXHhaMUcx0hMemA"
    "hgBnSDnbc6BrhF/BEYBzAYTpKcEIIzMna4JPu3L3F+eHlcZIKs4AYF1sAf8eiPY5az0bX6"
    "IfAPvLEe3j7f+9MYERs0ItYcjr5tE5aJR9+ZMZzgGk8jVcdsLNDAMbv8IJRocq6KblS/ge"
    "CuYGco9fr1aIVEonmswvIHL2oUNcANqzcP2RUwYoYw+AEJAxM81bReLwueMjSRoYkMTVSV"
    "JgqiskpYojhk6xmSiMX1KuUmRZkXkmgp4op+i0D7jNsvBUxCJ1EStiDujOwH/x/q/zrwqe"
    "PmxQNke4RnM684NenS7zCTJZLsL8P+bJT9wR6ojmpY28zvu7tNfocQxUGbh7N833ZUf6E9"
    "29sG6ro3bQcRRXnYzzDcj/ISSjgWmsK+C1LNAv3s5uYyA/rZxXQagl+vzs7BtNY9AJUcZR"
    "zwP4hlZRzwxrLajqlrly2rcCdHiWmV7PN4xrYaJRUrBP4GtXWSMWYTfxQ6yIMgXbBoguxj"
    "gWHTImNHDaDUGlBsF+TwQdFBfnnx6fzlq8Ig4BXcYaZx5UvmYQ8D3imLS9+ko2+SLcH2O3"
    "i6gzHINmmQRb2WV8BmRESmhJq0Qqw5IDLzbVQf2dNiTeqBpdlyvHBRLnfLRfUb6FJevssz"
    "nrprAtxZ6mE+DQfZFRatl9I5kTDeZeNdNtawsYaNNWys4brWsN6yX2ILR9v5n7GEn6JqFe"
    "xgm05eSIISJzryewSmJ/7y9F9Q2iKc6e2pA8rhodEk/e3m7vxlu9DoXbS5mRZuNlJWN2us"
    "141arybgeUXORT22a+iesYDR7Svo9muPyf3RADbKfTn0Rrk3yr1R7n9A5R6P0PzKlIJ3DP"
    "p8WsPPVJit5uvjOGW6bqWzZD0x1op4lKAmTD2zr9s7IGpAVayZUxK2/xOBxjE+cMgolwRP"
    "MA/7VhafJLuSuyyQjGZbjjzdBlNgLT6WcoPBhV734fuoxaumZJrHrC55CypqRf8By7uWcp"
    "uSWZ96u3fue2LE/nYlYJYY7+2ophvs/adznutbJG3OJZzXoavPicVUh/OdMJuSNH0wbx+g"
    "sgIYCW++jigUN70xb2+4ot+ZN+1WXtb0w7z9oMSYd0aOpXyvYGWeGWs9LbrGiOtIPU13Q6"
    "yymkDrXbShG8w+mY3LTev1CKMFTn1YJaFzJewPmBqpgMqJilqzSBy4BLq/rOyqDXUj+E1Q"
    "DF2nVzcfD1pEgr7EbNJlPfg/Zl0cSZTw8WxLsm93DxPpQsft8hrHzMXX2r0HhUgDBfTPIX"
    "l4kIqNHh60sM42ZttYDBf1b5tZjtQPIIYjHz6un0Ak+hvFFMixb6oFlwFV19FXxwOq7vmY"
    "ShJeI/uUxGokGdJJyDUF9/CDx2wR/X4YWA2tOTYbjoRi3JpgjBy0OqSPDFq857bwobuI5T"
    "rWI9EB3B5T3kQ7txGo4LVgKnh4OMGca84T9B37NnLg7VtQ90k8stJsyn9kSKbQJ2o82pv0"
    "aG8LV7jpFWMjanLtUAITRjAzjGBbNxc0lfdOBXA4Ijn6oXIQR1qogXEGy08pLno9Fro6K8"
    "4YKQkzZRQeV89GNeCMqhssi3iIUHetMwekZRo4Bbw6OqqykeDoqHwnAZZNpQcNFP86MKdE"
    "DMrVUAaDmReBPJO9TITWyFvGV3Y2VUQXafe6WCdCBusaWGt2aeirusR8Rs4gXgPxxMk3v3"
    "vQ2NoLWigeo7LIPLlj30rATySaEIUziwM///0uM9RziZZiCvzy5vpzVH06+1IWb/bk2MW2"
    "SrmWkpZpAuZZLeVNJS3lzQwt5U1eS5HC9+qBnEisMfYJ1Pwh5dHD7NzmXc141wI5ElgVxj"
    "lKaS8g49eD8JKD+IwDe65pe7tdl3mPdeAmknN0c1ZyCd28ZQtFk3rZA+THc/RxWs708Db3"
    "8JT7uM66WCC6nBVys07a1bNRJtqnHH0T7bOaaJ9bNhJeYQ74pLD1XMSPl9SrEPMT1A4OEI"
    "/dg2Fwzsv2AR7XTcmQoRc8iE6xmWJ4+FWL/Nu3cYOVw8NDwu2XrugXhf6s5B7m7HAT11Jt"
    "bmx+MEDwgc0RijElaNjOubuAWpYvWf0PICtnOsAExGx3QMyQSQn6S8d1+GMdpKflmsc2ty"
    "tZIe0ZVkg7b4VgOHIdF0pUvwnwrtuBsn2ccwGvL0aM7yblTCWrn8prSqpBGwSXFgQ2oNx2"
    "QYPoFvBCM7ckZ+QahOyaFQ9Dzq2fnDP+q7lWze0m4wLee3vYuFmplNLFrecYuXpplE7D/W"
    "wvZHrPXNTGCfF8l3WFeIwItFcHrZgwky2CCjamPbIs4cOQCM5bpG4RL7eS++jdeQJTNJ2E"
    "m+5MjqWdXOHKqb5oZOS7ovwsvbTMQufpbZnOMQPclRynF3+BdcDPCBn050c/mPTqQJ9IGN"
    "znxz1YW+oQIYmEoULqUyHG+V2+BBvn9wrU7RtfdcW3W/1cOWU7KZypagtdraqSHR5MHuWb"
    "YL0eLJFxNgp9Wh6qr3FqB0wpStFVQxylU1IEtyvMdbG0tlGZ/qfnKMV45AOXeGwfvB2XGH"
    "8KGjuV6YSnhHIbdG7XedLpMWhPMQ+7R6KXPdDHddnkno+F94hZUy3Rl4fR5YMTwr5Byy5m"
    "oLCgOcsTUhLLo3KACSug9ZEnLCYlk5iaIshmESbcCF70hbznKWaDQBVMmSEZfEkABofP2G"
    "cYDRC/DtaAYSoJF2oAKB5gYg6b4TnxsiM43ACrYtbX8UBIdg9XYNTDZw0l++ywf4gHGwaG"
    "PdTEDxTQd3QmWHgyzKTBGbMltuoyZBTFGOach4e/Rb/BgnHc4Db3PHy/CCl4HuwW+GbgLf"
    "ABATOls3cITDo7HrCgY3RLYDVxKPBV6WkTJkhhg0EKjw6vtYszqt9A1+DyY/aDIwxqm+gZ"
    "MeMAn5uHhoeA+baWtzAl0ogRvm41uSbdvwjFP22QbBPD367E8LdnMPztHMM/ohNX0IKppH"
    "w0p0SMzVd/MCf6Vg3FIyvUICfi0tyzgaJaZ5pIJJowjFcdkETBOBqOVAEfWh5zlxJZn8Jx"
    "tCMD1qVSdZjniYI4jfLJNyvVhIG77vnX+LTLh/hucm5Vkgr3HA8+nHBGmqPvi+TNZr7tIV"
    "nzPc5hDl2gwwvETX9vc393XWEVOg3LNcCUSBNW0lUfkZPidOugPCVmkK6KtGbL685bU6Jm"
    "ztrmOSt2IM2xQE3LrqWn18l+NamjzYmq5kTV1X8qu3qi6hdMz2jfCo1tLiwhVdqaFZcw0v"
    "X0eWO6YuUIYIIikaN8xLyX4WVssEVcPMtUCe3eRvwIVYQSPbXuTXXO4i1iIMKpq8+esMEW"
    "bxE80E5HA8gRs5Q+CQPbloR6IAwVOcE+CJoI4yEYVEcRj+lYhzAgAQ2ae45VWqTLdBxEHD"
    "nhOkM8lEM/tWY5dOIA2hW+Iu03R/r0j+P3ZJA6BsQ43rfR8b4t0dub1Rw2lB1gnnMSFz0d"
    "cSuH95qBN9EmK4w2MSGq5dDvJl1eFqK6WXtly1iGRpkrW4btotYK3J9c/3p5uSlzBVG/DY"
    "IHCsyVVOlMc0W/XRKDUMVc6TnckXhUX2A1SKL3BDL7RB+ph8taS/81djiMB9kKgmYdhRZB"
    "eHjdlLmyYItorlxA8QjeA/Nbh8ftobmRskXCNoNA53SEsh2ZSMHd05HJFa2L7MF7+qFwvf"
    "nTWB3G6vhB4lGN9ruqVCo4addBNqrfQGSXb1eEK0odfFMiDYR4+V7EspNBZoVELnQyyHYD"
    "vPyYyFjfyEH8TNb3lFwD7eLdtYO30nG386pjjb2vqSxxjBYFG5+FYp9+uWWlKSVTlthXRn"
    "dRlSwzkbPzO8UUMp1gQ+qCWN3qtj7oppqEV54HeI6EueHsTsA/K/YYb/SrXo2/eGFSRX+s"
    "JZRK9CE/Q6jIqNqzdAp0MRm5dILJ0DFjesRSYDMnBDc0a0drS/8pHZsh+aF3kA+1a9dR4Q"
    "Xc7O0UsCvLvoHepJ78DtI+9eAdA8LFFf2QfrGYp6BTyb7e/C5GLyTcAlNHBb+HQ0dKivmo"
    "LOF5zFL33Bow6zGsAO+gBJZK+sTkT8TuHmpk9Z1KeZk/4q8pOnb8z5lUTaaWYWoMU2OYGs"
    "PUzM3URLNJrVGdEjKDeu5BbTPqqjjoqurQzko1cIAvnzDrOZy6tYHOShmgKwCttbJarFkk"
    "0EB4V5JtH5XdOgBH9RuI7wqI9SLKd+YB6ONCYmCVR59vhnxc4snn0veenKei3WYzkU6LGb"
    "irww1GbAdN2BoWYVrEJB/IAaoN/k5P+EUmSTmoU2IG2NzEgKRJDUTj+gbKaSiNd81411bv"
    "Xdu0NrgzcaZJTOOOQbzjm+MCz9xegVskLGnNcop4SZ3nA0w5wWOv5KPjuiQQJPtDv0Wk0x"
    "/Sg8CLEXk0QqcGmmaYMpcmp1zgJreCWNMlNo6ekIcH6Xf/zSz18BB4QgJZqIK8HnHsVnDG"
    "LbaBzgzlaZMraA6BIvvQBBSeqLF4iX/YJ0qMod1ZPo40ER4q7OFj5PwdxrFhHBs/CAccfQ"
    "pV+ZyofgP5nCU7NqLJpQa4KZEG4ntcBeDjcoSP81G+foGC5ApaMmUE1aeQ7WH9HcR2BpYf"
    "b349uzwnX27PP1x8vQjPGomNB12YZW1uz08vczwvLO210I0lDMBVAEaVtQ7bENc3bEPNwM"
    "TVa/hh7F2pnp/E5j2n7YcRgdWUfh1RFGeisB07ykwRtHVCuqwH5qJOKKFPucir9vWbQAX+"
    "Dg+y4HiChPSHQ+pNyMcrIgdiLGNDAEOUgtM2gsMzsP3DYMtahUCk5xT0YnXe7CEzCrxR4I"
    "0CbxT43VHgO8ECU1OPT0kZbbOyOj8P1tOCBu4qcMMI1dpS3WEdCxmYq4/q+khPyRmwq4Bt"
    "fLrGp2t8usana3y68HaY2HSvlO/5EtpYz7I9kTFWPeHpCxl5YFEWqgvPH2r2RrbIX75jPU"
    "Y/0IXqumGanmF5wtO5W0Qm6FJn4SfjgeOybBZTHJESXba4F04KosYCr+NZo5pgirKtQjX9"
    "W6/G2huszw9t3fPwNFfh2Qy9wR7rImMA/yPDJPUhsMGDz9zaNs0TGV+voYo2PgcaqqhZVJ"
    "Fx5jTBmXPKPMcaFC3rYcnMJZ0mdZ5bzcvBNUm5t2u9AhVFOvUSMaVEGjhxtt+8qbKp7M2b"
    "8k1lWDZ1QCV8VDUQDqs3EN1XlbbsvZqxZe9Vfste6anX//h6c122A6fs1GvbsRT5H3EduY"
    "t61wxwEYwMT5M7sHL6bMpWloDBBs42vZh9/z9YXv89"
)
