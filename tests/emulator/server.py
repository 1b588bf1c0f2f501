"""The emulator: one aiohttp server (REST under /api/v10, gateway at /) in the test's process.

Every REST request goes through ``Emulator._rest``: match the path to a Discord route template,
record it, apply injected faults and rate limits, validate it against the OpenAPI description and
Discord's size limits, then call the handler from ``routes.ROUTES``.  Anything wrong that is the
bot's fault (invalid body, unknown route, late or missing interaction acknowledgement) is added to
``emu.problems``; the pytest fixture fails the test if any remain at teardown.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import aiohttp.web_app
from aiohttp import web

from . import rest_app, rest_channels, rest_interactions, rest_members, rest_messages, story  # noqa: F401  (register routes)
from .changes import notify_change
from .gateway import PRIVILEGED, Gateway
from .interactions import InteractionRecord
from .ratelimit import Fault, RateLimits, too_many_requests
from .routes import ROUTES, ApiError, Created, Req, invalid_form_body, json_response
from .state import World
from .validation import Template, match, skip_reason, sort_templates, spec_validator

log = logging.getLogger(__name__)

#: Refusals that are always the bot's own mistake (a malformed body, an empty message): recorded
#: as problems so the test fails even when the bot swallows the error.
BOT_MISTAKES = {50035, 50006}
IMPLEMENTED = sort_templates([Template.compile(t) for t in {t for _, t in ROUTES}])
TOKEN_ROUTES = ("{webhook_token}", "{interaction_token}")


@dataclass(frozen=True)
class Call:
    """One REST request as the bot sent it, named by Discord's route template."""

    method: str
    route: str
    status: int
    ms: float


class Emulator:
    """A fake Discord for one test.  Use ``async with Emulator() as emu`` or the fixture."""

    def __init__(
        self,
        *,
        validate: bool = True,
        interaction_deadline: float = 3.0,
        members_in_guild_create: bool = True,
        known_limits: bool = True,
        enforce_global: bool = True,
    ) -> None:
        self.world = World()
        #: Discord's time (``clock.py``): ``emu.clock.advance(minutes=15)`` moves snowflakes,
        #: token expiry, rate-limit windows and timeouts; a bot reads it via cogs.support.clock.
        self.clock = self.world.clock
        self.gateway = Gateway(self)
        self.rate_limits = RateLimits(self.clock, known_limits=known_limits, enforce_global=enforce_global)
        self.validator = spec_validator() if validate else None
        self.validation_skipped: str | None = skip_reason() if validate else "validation disabled"
        self.interaction_deadline = interaction_deadline
        self.members_in_guild_create = members_in_guild_create
        #: The privileged intents switched on in the Developer Portal (all, unless a test turns
        #: one off): the application's flags say so, and IDENTIFY asking for another is closed.
        self.privileged_intents: set[int] = set(PRIVILEGED)
        self.problems: list[str] = []
        #: When true, the emulator's own JSON answers are checked against the documented
        #: responses (an emulator-fidelity check; findings go to ``response_problems``).
        self.check_responses = False
        self.response_problems: list[str] = []
        self.calls: list[Call] = []
        self.refusals: list[str] = []  # 4xx answers with the reason, for debugging tests
        self.interactions: dict[str, InteractionRecord] = {}
        self.host = "127.0.0.1"
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._background: set[asyncio.Task[None]] = set()
        self._closing = asyncio.Event()  # releases the requests a fault keeps unanswered

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> Emulator:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{id}/{filename}", self._attachment)
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0, backlog=4096)
        await site.start()
        sockets = self._runner.addresses
        self.port = sockets[0][1]
        return self

    async def close(self) -> None:
        self._closing.set()
        for record in self.interactions.values():
            if record.timer is not None:
                record.timer.cancel()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.clock.close()
        cache = getattr(aiohttp.web_app, "_cached_build_middleware", None)
        if cache is not None and hasattr(cache, "cache_clear"):
            cache.cache_clear()

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://{self.host}:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/"

    # -- problems and accounting -------------------------------------------------------------
    def problem(self, message: str) -> None:
        log.warning("emulator problem: %s", message)
        self.problems.append(message)

    def take_problems(self, containing: str = "") -> list[str]:
        """Remove and return the problems a test expected (those containing the text)."""
        taken = [p for p in self.problems if containing in p]
        self.problems = [p for p in self.problems if containing not in p]
        return taken

    def check_interactions(self) -> None:
        """Record every interaction never acknowledged, or deferred ("thinking") and never
        answered (called at teardown, after the bot stopped)."""
        for record in self.interactions.values():
            if not record.acked and not record.reported:
                record.reported = True
                self.problem(f"interaction {record.label!r} was never acknowledged")
            elif (record.callback_type == 5 and record.original_edits == 0 and not record.reported):
                record.reported = True  # the user is left looking at "Bot is thinking..."
                self.problem(f"interaction {record.label!r} was deferred but never answered")

    def count(self, method: str, route: str) -> int:
        return sum(1 for c in self.calls if c.method == method and c.route == route)

    def route_counts(self) -> Counter[str]:
        return Counter(f"{c.method} {c.route}" for c in self.calls)

    # -- faults ------------------------------------------------------------------------------
    def fail_next(
        self,
        method: str,
        route: str,
        *,
        status: int | None = None,
        retry_after: float = 0.05,
        drop_gateway: bool = False,
        times: int = 1,
        after_apply: bool = False,
        params: dict[str, Any] | None = None,
        until: Any = None,
        code: int | None = None,
        hang: bool = False,
    ) -> Fault:
        """Answer the next ``times`` matching requests with ``status`` (429 or 5xx), or answer
        normally and then drop the gateway connection (``drop_gateway=True``).

        ``after_apply=True`` is "applied, then failed", the case exactly-once code must survive:
        the request takes effect (state changed, gateway events sent) and then the answer is
        ``status`` (e.g. 502, which discord.py retries) or, with ``status=None``, the connection
        is closed unanswered. ``params``: only requests with these path parameters (a set of ids:
        any of them — one game's channels); ``until``: every matching request fails until the
        emulator's clock reaches that instant (a spell of outage, instead of ``times``);
        ``code``: a 4xx answer's Discord error code (403 defaults to 50013 Missing Permissions,
        404 to 10003 Unknown Channel); ``hang``: the request is never answered (applied first with
        ``after_apply``) — the moment a test kills the bot's process at."""
        fault = Fault(method.upper(), route, status, retry_after, drop_gateway, times, after_apply=after_apply,
                      params=params, until=until, code=code, hang=hang)
        self.rate_limits.faults.append(fault)
        return fault

    async def drop_gateway(self) -> None:
        await self.gateway.drop()

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.gateway.dispatch(event, data)
        notify_change()

    # -- the story API (see story.py) ---------------------------------------------------------
    def make_guild(self, **kw: Any) -> story.GuildHandle:
        """A guild with the bot in it; see ``story.make_guild`` for the arguments."""
        return story.make_guild(self, **kw)

    def permissions(self, member: story.MemberHandle, channel: story.ChannelHandle | None = None) -> int:
        """Discord's computed permissions of ``member`` (in ``channel``), as an int bitfield."""
        return member.permissions(channel)

    async def wait_until(self, pred: Any, within: float = 2.0, what: str = "condition") -> Any:
        return await story.wait_until(pred, within, what)

    # -- the REST entry point ----------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        started = time.perf_counter()
        method = request.method
        path = "/" + request.match_info["tail"]
        found = match(IMPLEMENTED, path)
        known = self.validator.match(method, path) if self.validator else None
        template = found[0] if found else (known[0] if known else path)
        status = 500
        try:
            response = await self._answer(request, method, path, found, known)
            status = response.status
            return response
        finally:
            self.calls.append(Call(method, template, status, (time.perf_counter() - started) * 1000))
            notify_change()

    async def _answer(self, request, method, path, found, known) -> web.Response:
        if found is None or (method, found[0]) not in ROUTES:
            name = (known[0] if known else path)
            if known and method.lower() in self.validator.spec["paths"][known[0]]:  # type: ignore[union-attr]
                self.problem(f"{method} {name}: route exists in Discord's API but the emulator does not implement it")
            else:
                self.problem(f"{method} {path}: no such route in Discord's API")
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        template, params = found
        if not any(t in template for t in TOKEN_ROUTES) and not request.headers.get("Authorization"):
            self.problem(f"{method} {template}: request without Authorization header")
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)

        limits = self.rate_limits
        wait = limits.take_global(template)
        if wait is not None:
            limits.limited += 1
            return too_many_requests(wait, is_global=True)
        fault = limits.fault_for(method, template, params, self.clock.now())
        if fault is not None and fault.hang and not fault.after_apply:
            await self._closing.wait()
            return web.Response(status=503)
        if fault is not None and fault.status is not None and not fault.after_apply:
            return self._fault_response(fault.status, fault.retry_after, fault.code)
        major = next((params[k] for k in ("channel_id", "guild_id", "webhook_id") if k in params), "")
        bucket, wait = limits.check(method, template, major)
        if wait is not None:
            limits.limited += 1
            return too_many_requests(wait, bucket=bucket, now=self.clock.monotonic())

        has_body, body, files = await self._read_body(request)
        if self.validator is not None:
            problems = self.validator.validate(method, template, params, body, has_body, dict(request.query))
            if problems:
                for p in problems:
                    self.problem(f"request does not match Discord's OpenAPI description: {p}")
                return json_response(invalid_form_body(problems).body(), status=400)
        wait = limits.check_known(method, template, major, body)
        if wait is not None:
            limits.limited += 1
            self.problem(
                f"{method} {path}: a third channel name/topic edit within 10 minutes: Discord answers "
                f"429 (retry after {wait:.0f}s) and discord.py waits that long"
            )
            return too_many_requests(wait)
        reason = request.headers.get("X-Audit-Log-Reason")
        req = Req(self, method, template, params, dict(request.query), body, reason, files)
        try:
            result = ROUTES[(method, template)](req)
            if inspect.isawaitable(result):
                result = await result
        except ApiError as err:
            detail = getattr(err, "detail", "") or err.message
            self.refusals.append(f"{method} {template}: {err.status} {err.code} {detail}")
            log.warning("emulator refused %s %s: %s %s %s", method, template, err.status, err.code, detail)
            if err.code in BOT_MISTAKES:
                where = f"{method} {template}"
                self.problem(detail if detail.startswith(where) else f"{where}: {detail}")
            response = json_response(err.body(), status=err.status)
        except Exception as exc:  # an emulator bug or a body it cannot handle: fail fast, loudly
            # (a 500 would make discord.py retry for ~25 s); 400 surfaces at once in the bot.
            log.exception("emulator handler crashed on %s %s", method, template)
            self.problem(f"{method} {template}: the emulator could not handle this request: {exc!r}")
            return json_response({"message": f"emulator error: {exc!r}", "code": 50035}, status=400)
        else:
            if result is None:
                response = web.Response(status=204)
                if self.check_responses and self.validator is not None:
                    self.response_problems += self.validator.validate_response(method, template, 204, None)
            elif isinstance(result, web.Response):
                response = result
            else:
                response = json_response(result, status=201 if isinstance(result, Created) else 200)
                if self.check_responses and self.validator is not None:
                    self.response_problems += self.validator.validate_response(method, template, response.status, result)
        if bucket is not None:
            response.headers.update(bucket.headers(self.clock.monotonic()))
        if fault is not None and fault.after_apply and response.status < 400:
            if fault.hang:
                await self._closing.wait()
                return web.Response(status=503)
            if fault.status is None:
                return self._drop_connection(request)
            return self._fault_response(fault.status, fault.retry_after, fault.code)
        if fault is not None and fault.drop_gateway:
            task = asyncio.get_running_loop().create_task(self.gateway.drop())
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        return response

    @staticmethod
    def _fault_response(status: int, retry_after: float, code: int | None = None) -> web.Response:
        if status == 429:
            return too_many_requests(retry_after)
        if status == 403:
            return json_response({"message": "Missing Permissions", "code": code or 50013}, status=403)
        if status == 404:
            return json_response({"message": "Unknown Channel", "code": code or 10003}, status=404)
        message = {502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}.get(status, "Internal Server Error")
        return json_response({"message": message, "code": 0}, status=status)

    @staticmethod
    def _drop_connection(request: web.Request) -> web.Response:
        """Close the socket without answering (what a bot sees when Discord's edge drops the
        connection after the request was applied): aiohttp raises ServerDisconnectedError."""
        if request.transport is not None:
            request.transport.close()
        return web.Response(status=204)

    async def _read_body(self, request: web.Request) -> tuple[bool, Any, dict[str, tuple[str, str, bytes]]]:
        files: dict[str, tuple[str, str, bytes]] = {}
        if not request.can_read_body:
            return False, None, files
        ctype = request.content_type
        if ctype == "multipart/form-data":
            payload: Any = None
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":  # type: ignore[union-attr]
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif part.name:  # type: ignore[union-attr]
                    content = bytes(await part.read())  # type: ignore[union-attr]
                    kind = part.headers.get("Content-Type", "application/octet-stream")  # type: ignore[union-attr]
                    files[part.name] = (part.filename or part.name, kind, content)  # type: ignore[union-attr]
            return payload is not None, payload, files
        raw = await request.read()
        if not raw:
            return False, None, files
        try:
            return True, json.loads(raw), files
        except ValueError:
            self.problem(f"{request.method} {request.path}: body is not JSON")
            return True, None, files

    async def _attachment(self, request: web.Request) -> web.Response:
        """A kept file, as Discord's CDN serves it (no authorization: the URL is the key)."""
        found = self.world.attachments.get(int(request.match_info["id"]))
        if found is None or found.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=found.content, content_type=found.content_type.split(";")[0])

    @property
    def cdn_base(self) -> str:
        return f"http://{self.host}:{self.port}"
