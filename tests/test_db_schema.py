"""The migrations build exactly the schema the models describe, on SQLite and on PostgreSQL.

Every migration of ``migrations/`` is applied to an empty database (``db.init_db``); tortoise's
``generate_schemas`` builds the models' own schema in a second empty one; both are read back from
the database's catalogue and must be equal: tables, columns (type, nullability, default, primary
key), indexes and unique constraints (columns, uniqueness, name where the schema names it),
foreign keys, and on PostgreSQL the comments. So a migration may say anything (``ALTER TABLE``,
a table rebuilt on SQLite) as long as the result is the models' schema.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from tortoise import Tortoise, connections

from db import close_db, init_db

Schema = dict[str, Any]


async def _rows(sql: str, values: list[Any] | None = None) -> list[dict[str, Any]]:
    return list(await connections.get("default").execute_query_dict(sql, values))


async def _sqlite_schema() -> Schema:
    tables = [
        r["name"]
        for r in await _rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    schema: Schema = {}
    for table in sorted(tables):
        columns = {
            r["name"]: (r["type"].upper(), bool(r["notnull"]), r["dflt_value"], r["pk"])
            for r in await _rows(f'PRAGMA table_info("{table}")')
        }
        indexes = set()
        for index in await _rows(f'PRAGMA index_list("{table}")'):
            names = tuple(
                r["name"]
                for r in sorted(
                    await _rows(f'PRAGMA index_info("{index["name"]}")'), key=lambda r: r["seqno"]
                )
            )
            # Unique constraints and primary keys get sqlite_autoindex_* names: not the schema's.
            named = index["name"] if index["origin"] == "c" else index["origin"]
            indexes.add((named, names, bool(index["unique"])))
        foreign = {
            (r["from"], r["table"], r["to"], r["on_delete"], r["on_update"])
            for r in await _rows(f'PRAGMA foreign_key_list("{table}")')
        }
        schema[table] = {"columns": columns, "indexes": indexes, "foreign_keys": foreign}
    return schema


async def _postgres_schema() -> Schema:
    (current,) = await _rows("SELECT current_schema() AS name")
    namespace = current["name"]
    schema: Schema = {}
    for r in await _rows(
        "SELECT table_name, column_name, data_type, character_maximum_length, is_nullable,"
        " column_default, col_description(format('%I', table_name)::regclass, ordinal_position)"
        " AS comment FROM information_schema.columns WHERE table_schema = $1",
        [namespace],
    ):
        table = schema.setdefault(
            r["table_name"], {"columns": {}, "indexes": set(), "constraints": set()}
        )
        table["columns"][r["column_name"]] = (
            r["data_type"],
            r["character_maximum_length"],
            r["is_nullable"],
            r["column_default"],
            r["comment"],
        )
    for r in await _rows(
        "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1", [namespace]
    ):
        definition = r["indexdef"].replace(f"{namespace}.", "")
        schema[r["tablename"]]["indexes"].add((r["indexname"], definition))
    for r in await _rows(
        "SELECT c.relname AS table_name, k.conname, pg_get_constraintdef(k.oid) AS definition"
        " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
        " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1",
        [namespace],
    ):
        schema[r["table_name"]]["constraints"].add((r["conname"], r["definition"]))
    for name, table in schema.items():
        (comment,) = await _rows(
            "SELECT obj_description(format('%I', $1::text)::regclass, 'pg_class') AS comment",
            [name],
        )
        table["comment"] = comment["comment"]
    return schema


async def _schema() -> Schema:
    client = connections.get("default")
    if client.schema_generator.DIALECT == "postgres":
        return await _postgres_schema()
    return await _sqlite_schema()


@pytest.fixture
async def models_url(empty_url: str, tmp_path: Path) -> AsyncIterator[str]:
    """A second empty database of the same backend, for the models' own schema: another SQLite
    file, or another PostgreSQL schema (``?schema=``, tortoise's search_path) beside ``public``."""
    if empty_url.startswith("sqlite://"):
        yield f"sqlite://{tmp_path / 'models.sqlite3'}"
        return
    await init_db(empty_url, migrate=False)
    try:
        await connections.get("default").execute_script('CREATE SCHEMA "from_models"')
    finally:
        await close_db()
    yield f"{empty_url}?schema=from_models"


async def _migrated(url: str) -> Schema:
    await init_db(url)
    try:
        return await _schema()
    finally:
        await close_db()


async def _from_models(url: str) -> Schema:
    await init_db(url, migrate=False)
    try:
        await Tortoise.generate_schemas(safe=False)
        return await _schema()
    finally:
        await close_db()


def _differences(migrated: Schema, expected: Schema) -> list[str]:
    """What the migrations got wrong, one line per item, e.g. ``game.columns.version: …``."""
    lines = [f"table {t}: missing" for t in sorted(expected.keys() - migrated.keys())]
    lines += [f"table {t}: not in the models" for t in sorted(migrated.keys() - expected.keys())]
    for table in sorted(expected.keys() & migrated.keys()):
        for part, want in expected[table].items():
            got = migrated[table][part]
            if isinstance(want, dict):
                for key in sorted(want.keys() | got.keys()):
                    if want.get(key) != got.get(key):
                        lines.append(f"{table}.{part}.{key}: {got.get(key)} != {want.get(key)}")
            elif isinstance(want, set):
                lines += [f"{table}.{part}: extra {item}" for item in sorted(got - want)]
                lines += [f"{table}.{part}: missing {item}" for item in sorted(want - got)]
            elif got != want:
                lines.append(f"{table}.{part}: {got!r} != {want!r}")
    return lines


async def test_the_migrations_build_the_models_schema(empty_url: str, models_url: str) -> None:
    migrated = await _migrated(empty_url)
    expected = await _from_models(models_url)
    assert {"game", "guild_settings", "bot_meta", "aerich"} <= expected.keys()  # not two empties
    assert _differences(migrated, expected) == []


def test_a_difference_is_reported() -> None:
    """The comparison itself sees a renamed column, a lost index and a changed comment."""
    expected: Schema = {
        "t": {"columns": {"version": ("INT", True)}, "indexes": {("i", ("a",))}, "comment": "x"}
    }
    migrated: Schema = {
        "t": {"columns": {"phase_number": ("INT", True)}, "indexes": set(), "comment": "y"},
        "old": {},
    }
    assert _differences(migrated, expected) == [
        "table old: not in the models",
        "t.columns.phase_number: ('INT', True) != None",
        "t.columns.version: None != ('INT', True)",
        "t.indexes: missing ('i', ('a',))",
        "t.comment: 'y' != 'x'",
    ]
    assert _differences(expected, expected) == []
