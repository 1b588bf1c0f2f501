"""Request validation against Discord's official OpenAPI description, plus limits it omits.

Why: a bot that passes tests against a lenient fake can still be refused by Discord.  Every
request is matched to a path template of ``shared/discord-openapi.json`` (found beside the
repository, never copied into it), its path parameters are checked, and its JSON body is checked
with jsonschema Draft 2020-12 through a ``referencing`` registry, which gives messages naming the
field.  Known quirks of discord.py that Discord accepts are normalised first (see
``_normalise``).  The limits Discord enforces but the spec does not state (2000 characters per
message, embed sizes, 25 autocomplete choices) are checked by ``message_limits`` and
``autocomplete_limits``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parents[3] / "shared" / "discord-openapi.json"
SPEC_URI = "urn:discord-openapi"
METHODS = ("get", "put", "post", "patch", "delete")


@dataclass(frozen=True)
class Template:
    """A path template compiled for matching; literal segments win over parameters."""

    template: str
    regex: re.Pattern[str]
    params: tuple[str, ...]
    literal_score: tuple[int, ...]

    @classmethod
    def compile(cls, template: str) -> Template:
        parts = template.strip("/").split("/")
        pattern, params, score = "", [], []
        for part in parts:
            m = re.fullmatch(r"\{(\w+)\}", part)
            if m:
                params.append(m.group(1))
                pattern += r"/([^/]+)"
                score.append(0)
            else:
                pattern += "/" + re.escape(part)
                score.append(1)
        return cls(template, re.compile(pattern + "$"), tuple(params), tuple(score))

    def match(self, path: str) -> dict[str, str] | None:
        m = self.regex.match(path)
        return dict(zip(self.params, m.groups(), strict=True)) if m else None


def sort_templates(templates: list[Template]) -> list[Template]:
    """Order so that ``/users/@me`` is tried before ``/users/{user_id}``."""
    return sorted(templates, key=lambda t: tuple(-s for s in t.literal_score))


def match(templates: list[Template], path: str) -> tuple[str, dict[str, str]] | None:
    for t in templates:
        params = t.match(path)
        if params is not None:
            return t.template, params
    return None


@lru_cache(maxsize=1)
def load_spec() -> dict[str, Any] | None:
    """The spec, parsed once per process; None (validation skipped) if the file is absent."""
    if not SPEC_PATH.exists():
        return None
    return json.loads(SPEC_PATH.read_text(encoding="utf-8"))


def skip_reason() -> str | None:
    if load_spec() is None:
        return f"OpenAPI validation skipped: {SPEC_PATH} not found"
    return None


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _is_snowflake_schema(schema: Any) -> bool:
    return isinstance(schema, dict) and (
        schema.get("format") == "snowflake" or schema.get("$ref", "").endswith("/SnowflakeType")
    )


def _type_allowing_int_snowflakes(validator: Any, types: Any, instance: Any, schema: Any):
    """discord.py sends some snowflakes as ints (``recipient_id``, message references, role
    lists); Discord accepts both, so an int where a snowflake string is wanted is fine."""
    if (
        isinstance(instance, int)
        and not isinstance(instance, bool)
        and instance >= 0
        and schema.get("format") == "snowflake"
    ):
        return
    yield from jsonschema._keywords.type(validator, types, instance, schema)


_QuirkValidator = jsonschema.validators.extend(
    Draft202012Validator, {"type": _type_allowing_int_snowflakes}
)


BITFIELD_KEYS = frozenset({"permissions", "allow", "deny", "default_member_permissions"})


def _normalise(template: str, body: Any) -> Any:
    """Known discord.py quirk that Discord accepts: permission bitfields (``permissions``,
    overwrite ``allow``/``deny``, ``default_member_permissions``) sent as decimal strings where
    the spec says integers (Discord itself serialises them as strings)."""
    if isinstance(body, list):
        return [_normalise(template, item) for item in body]
    if not isinstance(body, dict):
        return body
    out = {}
    for key, value in body.items():
        if key in BITFIELD_KEYS and isinstance(value, str) and value.isdigit():
            out[key] = int(value)
        elif isinstance(value, dict | list):
            out[key] = _normalise(template, value)
        else:
            out[key] = value
    return out


def _narrow_union(schema: dict[str, Any], body: Any, resolve) -> str | None:
    """For a top-level anyOf of typed requests (interaction callbacks), pick the branch whose
    ``type`` enum holds the body's ``type`` so errors name real fields, not "not valid under any
    of the given schemas"."""
    branches = schema.get("anyOf") or schema.get("oneOf")
    if not branches or not isinstance(body, dict) or "type" not in body:
        return None
    for branch in branches:
        ref = branch.get("$ref")
        if not ref:
            continue
        target = resolve(ref)
        enum = target.get("properties", {}).get("type", {}).get("enum")
        if enum and body["type"] in enum:
            return ref
    return None


class SpecValidator:
    """Matches requests to the spec and validates them; stateless apart from caches."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.registry = Registry().with_resource(
            SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
        )
        self.templates = sort_templates([Template.compile(p) for p in spec["paths"]])
        self._validators: dict[str, Any] = {}

    def _validator(self, pointer: str) -> Any:
        v = self._validators.get(pointer)
        if v is None:
            v = _QuirkValidator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=self.registry)
            self._validators[pointer] = v
        return v

    def _resolve(self, ref: str) -> dict[str, Any]:
        node: Any = self.spec
        for part in ref.lstrip("#/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def operation(self, method: str, template: str) -> dict[str, Any] | None:
        return self.spec["paths"].get(template, {}).get(method.lower())

    def match(self, method: str, path: str) -> tuple[str, dict[str, str]] | None:
        return match(self.templates, path)

    def _param_pointers(self, method: str, template: str, where: str) -> dict[str, str]:
        """``(in, name)`` → JSON pointer of the parameter's schema (operation wins over path)."""
        item = self.spec["paths"][template]
        out: dict[str, str] = {}
        for owner, suffix in ((item, ()), (item[method.lower()], (method.lower(),))):
            for idx, p in enumerate(owner.get("parameters", [])):
                if "schema" in p:
                    out[f"{p.get('in')}:{p['name']}"] = "/" + _pointer(
                        "paths", template, *suffix, "parameters", str(idx), "schema"
                    )
        return out

    def validate(
        self, method: str, template: str, params: dict[str, str], body: Any, has_body: bool,
        query: dict[str, str] | None = None,
    ) -> list[str]:
        """Problems with this request, each naming the route and the field."""
        where = f"{method} {template}"
        item = self.spec["paths"].get(template)
        if item is None:
            return [f"{where}: path is not in Discord's OpenAPI description"]
        op = item.get(method.lower())
        if op is None:
            return [f"{where}: method not allowed by Discord's OpenAPI description"]
        problems: list[str] = []
        pointers = self._param_pointers(method, template, where)
        for name, value in params.items():
            ptr = pointers.get(f"path:{name}")
            if ptr is None:
                continue
            err = jsonschema.exceptions.best_match(self._validator(ptr).iter_errors(value))
            if err is not None:
                problems.append(f"{where}: path parameter {name}={value!r}: {err.message}")
        for name, raw in (query or {}).items():
            ptr = pointers.get(f"query:{name}")
            if ptr is None:
                continue  # Discord ignores query parameters it does not know
            errors = []
            for value in _query_candidates(raw):
                err = jsonschema.exceptions.best_match(self._validator(ptr).iter_errors(value))
                if err is None:
                    break
                errors.append(err)
            else:
                problems.append(f"{where}: query parameter {name}={raw!r}: {_short(errors[0])}")
        request_body = op.get("requestBody")
        if request_body is None:
            return problems
        if not has_body:
            # discord.py sends some bodies the spec marks required as query parameters or not at
            # all (PUT bans: delete_message_seconds in the query); Discord accepts that, so an
            # absent body is validated as {} (still failing if the schema requires fields).
            body = {}
        content = request_body.get("content", {})
        if "application/json" not in content:
            return problems
        pointer = "/" + _pointer("paths", template, method.lower(), "requestBody", "content", "application/json", "schema")
        schema = content["application/json"]["schema"]
        narrowed = _narrow_union(schema, body, self._resolve)
        if narrowed:
            pointer = narrowed.lstrip("#")
        body = _normalise(template, body)
        errors = list(self._validator(pointer).iter_errors(body))
        if errors:
            err = jsonschema.exceptions.best_match(errors)
            field = "/".join(str(p) for p in err.absolute_path) or "(body)"
            problems.append(f"{where}: body field '{field}': {_short(err)}")
        return problems


    def validate_response(self, method: str, template: str, status: int, body: Any) -> list[str]:
        """The emulator's own answer checked against the documented response (fidelity)."""
        op = self.operation(method, template)
        if op is None:
            return []
        where = f"{method} {template} → {status}"
        response = op.get("responses", {}).get(str(status))
        if response is None:
            if status < 400:
                return [f"{where}: status not documented (documented: {sorted(op.get('responses', {}))})"]
            return []
        if "application/json" not in response.get("content", {}):
            return [] if body is None else [f"{where}: documented without a body"]
        pointer = "/" + _pointer("paths", template, method.lower(), "responses", str(status), "content", "application/json", "schema")
        errors = list(self._validator(pointer).iter_errors(body))
        out = []
        for err in errors[:5]:
            field = "/".join(str(p) for p in err.absolute_path) or "(body)"
            out.append(f"{where}: response field '{field}': {_short(err)}")
        return out


def _query_candidates(raw: str) -> list[Any]:
    """Query values are strings on the wire: the value may stand for a string, a number or a
    boolean (Discord accepts ``1``/``0``/``true``/``false``); any reading the schema accepts is fine."""
    out: list[Any] = []
    for convert in (int, float):
        try:
            out.append(convert(raw))
        except ValueError:
            pass
    if raw.lower() in ("true", "1"):
        out.append(True)
    if raw.lower() in ("false", "0"):
        out.append(False)
    return out + [raw]


def _short(err: jsonschema.ValidationError) -> str:
    """jsonschema's message with a long offending value abbreviated."""
    text = err.message
    shown = repr(err.instance)
    if len(shown) > 60:
        length = f" ({len(err.instance)} long)" if isinstance(err.instance, str | list | dict) else ""
        text = text.replace(shown, f"{shown[:40]}…{shown[-1]}{length}")
    return text


@lru_cache(maxsize=1)
def spec_validator() -> SpecValidator | None:
    spec = load_spec()
    return SpecValidator(spec) if spec is not None else None


# -- limits the spec does not carry ------------------------------------------------------------

EMBED_LIMITS = {"title": 256, "description": 4096}


def message_limits(body: Any, where: str) -> list[str]:
    """Discord's message limits: 2000 chars of content, ≤10 embeds and the embed size rules."""
    if not isinstance(body, dict):
        return []
    out: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > 2000:
        out.append(f"{where}: body field 'content': {len(content)} characters, Discord allows 2000")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        out.append(f"{where}: body field 'embeds': {len(embeds)} embeds, Discord allows 10")
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue

        def check(value: Any, limit: int, field: str, i: int = i) -> int:
            if isinstance(value, str):
                if len(value) > limit:
                    out.append(
                        f"{where}: body field 'embeds/{i}/{field}': {len(value)} characters, "
                        f"Discord allows {limit}"
                    )
                return len(value)
            return 0

        total += check(embed.get("title"), 256, "title")
        total += check(embed.get("description"), 4096, "description")
        total += check((embed.get("footer") or {}).get("text"), 2048, "footer/text")
        total += check((embed.get("author") or {}).get("name"), 256, "author/name")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            out.append(f"{where}: body field 'embeds/{i}/fields': {len(fields)} fields, Discord allows 25")
        for j, f in enumerate(fields):
            total += check(f.get("name"), 256, f"fields/{j}/name")
            total += check(f.get("value"), 1024, f"fields/{j}/value")
    if total > 6000:
        out.append(f"{where}: body field 'embeds': {total} characters in embeds, Discord allows 6000")
    return out


def autocomplete_limits(choices: Any, where: str) -> list[str]:
    if isinstance(choices, list) and len(choices) > 25:
        return [f"{where}: body field 'data/choices': {len(choices)} choices, Discord allows 25"]
    return []
