"""Initial schema: guild settings (and aerich's own table).

aerich writes a migration's SQL for the dialect it was generated on; this one carries both
SQLite's and PostgreSQL's, chosen by the connection it runs on.
"""

from tortoise import BaseDBAsyncClient

RUN_IN_TRANSACTION = True

SQLITE = """
CREATE TABLE IF NOT EXISTS "guild_settings" (
    "guild_id" BIGINT NOT NULL PRIMARY KEY,
    "language" VARCHAR(8) NOT NULL,
    "timezone" VARCHAR(64) NOT NULL,
    "game_category_id" BIGINT,
    "host_role_id" BIGINT,
    "moderator_role_id" BIGINT,
    "log_channel_id" BIGINT,
    "created_at" TIMESTAMP NOT NULL,
    "updated_at" TIMESTAMP NOT NULL
) /* One row per Discord server (guild) that changed a setting; absent means all defaults. */;
CREATE TABLE IF NOT EXISTS "aerich" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    "version" VARCHAR(255) NOT NULL,
    "app" VARCHAR(100) NOT NULL,
    "content" JSON NOT NULL
);"""

POSTGRES = """
CREATE TABLE IF NOT EXISTS "guild_settings" (
    "guild_id" BIGINT NOT NULL PRIMARY KEY,
    "language" VARCHAR(8) NOT NULL,
    "timezone" VARCHAR(64) NOT NULL,
    "game_category_id" BIGINT,
    "host_role_id" BIGINT,
    "moderator_role_id" BIGINT,
    "log_channel_id" BIGINT,
    "created_at" TIMESTAMPTZ NOT NULL,
    "updated_at" TIMESTAMPTZ NOT NULL
);
COMMENT ON TABLE "guild_settings" IS 'One row per Discord server (guild) that changed a setting; absent means all defaults.';
CREATE TABLE IF NOT EXISTS "aerich" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "version" VARCHAR(255) NOT NULL,
    "app" VARCHAR(100) NOT NULL,
    "content" JSONB NOT NULL
);"""


async def upgrade(db: BaseDBAsyncClient) -> str:
    return POSTGRES if db.schema_generator.DIALECT == "postgres" else SQLITE


async def downgrade(db: BaseDBAsyncClient) -> str:
    return """
        DROP TABLE IF EXISTS "guild_settings";"""


MODELS_STATE = (
    "eJztWFtv2jAU/itWnlqp62i4bnuiLWuZBkwl2qZOk2ViE6I6duo4pazrf58dEnLhUmCirS"
    "qeIOeczz75PsfHxw+GxzGhwfFF6FLcJ1K6zAmMj+DBYMgj6s/igCNgIN9P3dog0YBGCEeH"
    "wiAbOwikQLZU3iGiAVEmTAJbuL50OdOYHiNA8DHwiQDnbmBzgUFAxJ16PIjGOwRyhCSwR4"
    "g5BAME4vE/ATU4YRJ4BLEAIEoBJkMUUhkc66kxt9XcKnCns4TMvQ0JlNwhckSEmuvXb2V2"
    "GSb3JEge/Rs4dAnFOX6nbLlYDxN5oZz4kefUddpMfo4Q+k0G0OY09FgR5U/kiLMZzGVSWx"
    "3CiECS4AzpLKQ0VikxTTNXBilCMksZp4b4PZVBo6d5pDYDwm7Pgv2WBaExJ2uCyGgQm2zO"
    "9JJQuU5Xm6NTePfBNMvlulkq1xrVSr1ebZQaKjbKd95Vf5wmk5I2HSqirn3R7lo6Ia7W3X"
    "RZasNjhEESTVGRMqkUVKkeIpXKnBRnIyQWC5HFFIRQL7iNEIkhVSL9Zma0i9DYlRQeuoeU"
    "MEeO1GNjBcnfm1dnl82rg8Zhnuhu7DC1RzOeMixdj/zhbCOGs5hnZLgVCu6T9x2utonx85"
    "Bdq6zBdq2ylG7tyvPtqF9oK2ocLiabbzIL0FttNvFWspEAb2S3SbUY8UBCwSnZWIcicq/B"
    "thro04riiIvthFgI36uxrRqUO1AftRihG0sxj93rsK0OtiCaIYjkvAbnyqMr8GIV8siCAj"
    "iGHid/dlWrdymIekHcY3QSr5UVXFvtTqtvNTvf9HReENzSiL+m1dIeM7JOCtaDWqGYzwYB"
    "P9rWJdCP4LrXbUX0qjLgiGjGNM66NnROKJQcMj6GCGfO7ok1YS2neujjLVXPI/eqvxbVE4"
    "4yskfZ695zeJNpebRhgOybMRIYznm4yZfFzrs80ytaEFP9EI7J1WnGVwhNIlx7ZCy4XIg9"
    "R6tuFVAa89RtwnKd/6NPX1SgllandStS/J2+9r7cPKnUK41yrTIrQzPLqurzdMd9R0SgU5"
    "pjdnk7mIE8Xze4S4pzLaBZra7RA6qopU1g5MvXd/1RbcBwHP4G2T0pldZgV0UtZTfyFU5P"
    "nEnCFhTRL/1ed8mxKYUUq6drS/AXUDfY6hLvhdleQa4mI1ciE04POs2fRbrPvvZOi7VPD3"
    "CqqH/RYvb4D4KvWxU="
)
