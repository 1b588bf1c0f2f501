"""REST: the bot's identity, its application, the gateway URL and application commands.

Commands are stored as the bot synced them; the story API only lets a member run a command that
was actually synced (globally or to that guild), so a forgotten ``tree.sync()`` fails a test just
as it would leave users without the command on Discord.
"""

from __future__ import annotations

from typing import Any

from .gateway import PRIVILEGED
from .routes import ApiError, Req, invalid_form_body, route
from .rules import command_problems


def _flags(req: Req) -> int:
    """The application's flags: the GATEWAY_*_LIMITED flag of each privileged intent switched
    on in the portal (an unverified bot's)."""
    flags = 0
    for intent in req.emu.privileged_intents:
        flags |= PRIVILEGED[intent]
    return flags


def _app_json(req: Req) -> dict[str, Any]:
    bot = req.emu.world.bot
    return {
        "id": str(bot.id),
        "name": bot.username,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "verify_key": "0" * 64,
        "bot_public": True,
        "bot_require_code_grant": False,
        "flags": _flags(req),
        "flags_new": str(_flags(req)),
        "role_connections_verification_url": None,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": [],
        "owner": bot.to_json(),
        "team": None,
        "rpc_origins": [],
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "bot": bot.to_json(),
        "approximate_guild_count": len(req.emu.world.guilds),
        "integration_types_config": {"0": {}},
    }


@route("GET", "/users/@me")
def get_me(req: Req) -> Any:
    return req.emu.world.bot.to_json() | {"verified": True, "mfa_enabled": False, "locale": "en-US"}


@route("GET", "/users/{user_id}")
def get_user(req: Req) -> Any:
    user = req.emu.world.users.get(req.id("user_id"))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return user.to_json()


@route("GET", "/oauth2/applications/@me")
def get_app(req: Req) -> Any:
    return _app_json(req)


@route("GET", "/applications/@me")
def get_app2(req: Req) -> Any:
    return _app_json(req)


@route("GET", "/gateway")
def get_gateway(req: Req) -> Any:
    return {"url": req.emu.gateway_url.rstrip("/")}


@route("GET", "/gateway/bot")
def get_gateway_bot(req: Req) -> Any:
    return {
        "url": req.emu.gateway_url.rstrip("/"),
        "shards": req.emu.gateway.recommended_shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    }


# -- application commands ----------------------------------------------------------------------


def _check_app(req: Req) -> None:
    if req.id("application_id") != req.emu.world.bot.id:
        raise ApiError(403, 50001, "Missing Access")


def _store(req: Req, table: dict[int, dict[str, Any]], body: dict[str, Any], guild_id: int | None,
           old: dict[str, Any] | None = None) -> dict[str, Any]:
    world = req.emu.world
    cmd = dict(old or {})
    cmd.update(body)
    cmd.setdefault("type", 1)
    cmd.setdefault("description", "")
    cmd.setdefault("options", [])
    cmd.setdefault("default_member_permissions", None)
    cmd.setdefault("nsfw", False)
    if cmd.get("integration_types") is None:
        cmd["integration_types"] = [0]
    if cmd.get("default_member_permissions") is not None:
        cmd["default_member_permissions"] = str(cmd["default_member_permissions"])
    cmd["id"] = (old or {}).get("id") or str(world.ids.next())
    cmd["application_id"] = str(world.bot.id)
    cmd["version"] = str(world.ids.next())
    if guild_id is not None:
        cmd["guild_id"] = str(guild_id)
    table[int(cmd["id"])] = cmd
    return cmd


def _check_commands(req: Req, commands: list[Any], *, bulk: bool) -> None:
    """Discord refuses the whole registration (400 50035) when one command breaks its rules."""
    problems = command_problems(commands, f"{req.method} {req.template}", bulk=bulk)
    if problems:
        raise invalid_form_body(problems, "APPLICATION_COMMAND_INVALID")


def _table(req: Req) -> tuple[dict[int, dict[str, Any]], int | None]:
    _check_app(req)
    if "guild_id" in req.params:
        guild = req.guild()
        return req.emu.world.guild_commands.setdefault(guild.id, {}), guild.id
    return req.emu.world.global_commands, None


@route("GET", "/applications/{application_id}/commands")
@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
def list_commands(req: Req) -> Any:
    table, _ = _table(req)
    return list(table.values())


@route("PUT", "/applications/{application_id}/commands")
@route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
def bulk_overwrite(req: Req) -> Any:
    table, guild_id = _table(req)
    _check_commands(req, req.body, bulk=True)
    by_name = {(c["name"], c.get("type", 1)): c for c in table.values()}
    table.clear()
    return [_store(req, table, body, guild_id, by_name.get((body["name"], body.get("type", 1)))) for body in req.body]


@route("POST", "/applications/{application_id}/commands")
@route("POST", "/applications/{application_id}/guilds/{guild_id}/commands")
def create_command(req: Req) -> Any:
    table, guild_id = _table(req)
    _check_commands(req, [req.body], bulk=False)
    old = next((c for c in table.values() if c["name"] == req.body["name"]), None)
    return _store(req, table, req.body, guild_id, old)


def _command(req: Req) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
    table, _ = _table(req)
    cmd = table.get(req.id("command_id"))
    if cmd is None:
        raise ApiError(404, 10063, "Unknown application command")
    return table, cmd


@route("GET", "/applications/{application_id}/commands/{command_id}")
@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
def get_command(req: Req) -> Any:
    return _command(req)[1]


@route("PATCH", "/applications/{application_id}/commands/{command_id}")
@route("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
def edit_command(req: Req) -> Any:
    table, cmd = _command(req)
    _check_commands(req, [{**cmd, **req.body}], bulk=False)
    return _store(req, table, req.body, cmd.get("guild_id") and int(cmd["guild_id"]), cmd)


@route("DELETE", "/applications/{application_id}/commands/{command_id}")
@route("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
def delete_command(req: Req) -> Any:
    table, cmd = _command(req)
    del table[int(cmd["id"])]
    return None
