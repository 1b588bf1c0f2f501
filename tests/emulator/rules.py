"""Discord's rules that the OpenAPI description cannot express: components, empty messages,
command registration, channel names and topics.

Why: the JSON schema accepts a message whose two buttons share a ``custom_id``, a select whose
``min_values`` exceeds its options, or a command named ``Vote``; Discord refuses each with
400 50035 (Invalid Form Body) naming the field, so the emulator must too.  Each function returns
problems as "METHOD /route: body field 'a/b': what is wrong" so ``routes.invalid_form_body``
nests them the way Discord does.  Sources: Discord's "Message Components", "Application
Commands" and "Channel" documentation; where it is silent, discord.py's own checks (its
``ui.View`` and ``app_commands`` validation mirror Discord's answers), as noted below.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}
LINK, PREMIUM = 5, 6  # button styles
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40

# -- messages ------------------------------------------------------------------------------------


def is_empty_message(body: Any) -> bool:
    """Discord's 50006 "Cannot send an empty message": no content, embeds, components,
    attachments, stickers or poll."""
    if not isinstance(body, dict):
        return True
    return not any(body.get(k) for k in ("content", "embeds", "components", "attachments", "sticker_ids", "poll"))


def _walk(components: list[Any], path: str):
    """Every component with its field path, depth first (rows, containers, sections)."""
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        here = f"{path}/{i}"
        yield here, comp
        if isinstance(comp.get("components"), list):
            yield from _walk(comp["components"], f"{here}/components")
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from _walk([comp[key]], f"{here}/{key}")


def component_problems(body: Any, where: str) -> list[str]:
    """Rules for a message's ``components`` (channel messages, webhooks, interaction answers)."""
    if not isinstance(body, dict) or not isinstance(body.get("components"), list):
        return []
    components = body["components"]
    v2 = bool((body.get("flags") or 0) & IS_COMPONENTS_V2)
    out: list[str] = []

    def bad(field: str, text: str) -> None:
        out.append(f"{where}: body field '{field}': {text}")

    if v2:
        total = sum(1 for _ in _walk(components, "components"))
        if total > MAX_V2_COMPONENTS:
            bad("components", f"{total} components, Discord allows {MAX_V2_COMPONENTS} with IS_COMPONENTS_V2")
        if body.get("content") or body.get("embeds"):
            bad("content", "a message with IS_COMPONENTS_V2 cannot have content or embeds")
    else:
        if len(components) > MAX_ROWS:
            bad("components", f"{len(components)} action rows, Discord allows {MAX_ROWS} (without IS_COMPONENTS_V2)")
        for i, row in enumerate(components):
            if isinstance(row, dict) and row.get("type") != ACTION_ROW:
                bad(f"components/{i}", "top-level components must be action rows (without IS_COMPONENTS_V2)")
    for i, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            continue
        children = [c for c in row.get("components") or [] if isinstance(c, dict)]
        kinds = [c.get("type") for c in children]
        if any(k in SELECTS for k in kinds) and len(children) > 1:
            bad(f"components/{i}/components", "a select menu must be alone in its action row")
        if kinds.count(BUTTON) > MAX_ROW_BUTTONS:
            bad(f"components/{i}/components", f"{kinds.count(BUTTON)} buttons, Discord allows {MAX_ROW_BUTTONS} per row")
        if not children:
            bad(f"components/{i}/components", "an action row needs at least one component")
    seen: dict[str, str] = {}
    for field, comp in _walk(components, "components"):
        cid = comp.get("custom_id")
        if isinstance(cid, str):
            if cid in seen:
                bad(f"{field}/custom_id", f"custom_id {cid!r} is also used at {seen[cid]}; they must be unique")
            seen.setdefault(cid, field)
        if comp.get("type") == BUTTON:
            out += [f"{where}: body field '{field}/{f}': {t}" for f, t in _button_problems(comp)]
        elif comp.get("type") in SELECTS:
            out += [f"{where}: body field '{field}/{f}': {t}" for f, t in _select_problems(comp)]
    return out


def _button_problems(comp: dict[str, Any]) -> list[tuple[str, str]]:
    style = comp.get("style")
    if style == LINK:
        out = [] if comp.get("url") else [("url", "a link button needs a url")]
        if comp.get("custom_id") is not None:
            out.append(("custom_id", "a link button cannot have a custom_id"))
        return out
    if style == PREMIUM:
        return [] if comp.get("sku_id") else [("sku_id", "a premium button needs a sku_id")]
    out = [] if comp.get("custom_id") else [("custom_id", "a non-link button needs a custom_id")]
    if comp.get("url") is not None:
        out.append(("url", "only link buttons have a url"))
    return out


def _select_problems(comp: dict[str, Any]) -> list[tuple[str, str]]:
    low = comp.get("min_values", 1)
    high = comp.get("max_values", 1)
    out = []
    if not comp.get("custom_id"):
        out.append(("custom_id", "a select menu needs a custom_id"))
    if low is not None and high is not None and low > high:
        out.append(("min_values", f"min_values {low} is greater than max_values {high}"))
    if comp.get("type") == STRING_SELECT:
        options = comp.get("options") or []
        if high is not None and high > len(options):
            out.append(("max_values", f"max_values {high} is greater than the {len(options)} options"))
        values = [o.get("value") for o in options if isinstance(o, dict)]
        if len(set(values)) != len(values):
            out.append(("options", "option values must be unique"))
    return out


# -- application commands ----------------------------------------------------------------------

#: Discord: CHAT_INPUT names match ``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`` and are lower
#: case where the letter has a lower case.  Python's ``re`` has no \p{..}: categories instead.
_NAME_MAX = 32


def _name_ok(name: Any) -> bool:
    if not isinstance(name, str) or not 1 <= len(name) <= _NAME_MAX:
        return False
    for ch in name:
        if ch in "-_":
            continue
        cat = unicodedata.category(ch)
        devanagari_or_thai = "DEVANAGARI" in unicodedata.name(ch, "") or "THAI" in unicodedata.name(ch, "")
        if not (cat[0] in "LN" or (devanagari_or_thai and cat[0] == "M")):
            return False
    return name == name.lower()


def _join(base: str, field: str) -> str:
    return f"{base}/{field}" if base else field


def _text_problems(node: dict[str, Any], base: str, *, chat_input: bool) -> list[tuple[str, str]]:
    """Name and description (and their localizations) of a command or an option."""
    if not chat_input:  # user and message commands: free names, empty descriptions
        return []
    out = []
    names = [("name", node.get("name"))] + [
        (f"name_localizations/{loc}", v) for loc, v in (node.get("name_localizations") or {}).items()
    ]
    for field, value in names:
        if not _name_ok(value):
            out.append((_join(base, field), f"{value!r} must be 1-32 lower case letters, digits, '-' or '_'"))
    texts = [("description", node.get("description"))] + [
        (f"description_localizations/{loc}", v) for loc, v in (node.get("description_localizations") or {}).items()
    ]
    for field, value in texts:
        if not isinstance(value, str) or not 1 <= len(value) <= 100:
            out.append((_join(base, field), f"a description must be 1-100 characters, got {value!r}"))
    return out


def _options_problems(options: list[Any], base: str) -> list[tuple[str, str]]:
    out = []
    if len(options) > 25:
        out.append((base, f"{len(options)} options, Discord allows 25"))
    names = [o.get("name") for o in options if isinstance(o, dict)]
    if len(set(names)) != len(names):
        out.append((base, f"option names must be unique: {names}"))
    optional_seen = False
    for i, opt in enumerate(options):
        if not isinstance(opt, dict):
            continue
        here = f"{base}/{i}"
        out += _text_problems(opt, here, chat_input=True)
        if opt.get("type") in (1, 2):  # subcommand (group): its own options
            out += _options_problems(opt.get("options") or [], f"{here}/options")
            continue
        if opt.get("required"):
            if optional_seen:
                out.append((f"{here}/required", "required options must come before optional ones"))
        else:
            optional_seen = True
        if len(opt.get("choices") or []) > 25:
            out.append((f"{here}/choices", f"{len(opt['choices'])} choices, Discord allows 25"))
    return out


def command_problems(commands: list[Any], where: str, *, bulk: bool) -> list[str]:
    """Command registration (a bulk overwrite, or one command when not ``bulk``): names,
    descriptions, names unique per type, required options before optional ones, at most 25
    options and choices."""
    found: list[tuple[str, str]] = []
    keys = [(c.get("name"), c.get("type", 1)) for c in commands if isinstance(c, dict)]
    for name, kind in sorted({k for k in keys if keys.count(k) > 1}, key=str):
        found.append(("(body)", f"command {name!r} (type {kind}) is registered twice"))
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            continue
        base = str(i) if bulk else ""
        found += _text_problems(cmd, base, chat_input=cmd.get("type", 1) == 1)
        found += _options_problems(cmd.get("options") or [], _join(base, "options"))
    return [f"{where}: body field '{field}': {text}" for field, text in found]


# -- channels ----------------------------------------------------------------------------------

#: Channel types whose names Discord stores lower case with dashes (text, announcement, forum,
#: media); categories, voice and stage channels and threads keep the name as given.
DASHED_TYPES = {0, 5, 15, 16}
TOPIC_MAX = {0: 1024, 5: 1024, 15: 4096, 16: 4096}


def stored_channel_name(name: str, kind: int) -> str:
    """The name as Discord stores it: text channels lower case, whitespace runs become one
    '-' (what Discord's client and API do; the exact set of stripped symbols is undocumented,
    so only case and spaces are emulated)."""
    if kind not in DASHED_TYPES:
        return name
    return re.sub(r"\s+", "-", name.strip()).lower()


def topic_problems(body: Any, kind: int, where: str) -> list[str]:
    """Text channel topics: 1024 characters (the spec's 4096 is the forum's limit)."""
    topic = body.get("topic") if isinstance(body, dict) else None
    limit = TOPIC_MAX.get(kind)
    if isinstance(topic, str) and limit is not None and len(topic) > limit:
        return [f"{where}: body field 'topic': {len(topic)} characters, Discord allows {limit} for channel type {kind}"]
    return []


#: What a user sees of a message: a body that sets any of these is "a message body" for the
#: allowed_mentions check (a deferral's flags-only body, or a bare attachments change, is not).
SHOWN_FIELDS = ("content", "embeds", "components")


def missing_allowed_mentions(body: Any, where: str) -> str | None:
    """The project's rule (DESIGN: user text the bot repeats is inert): every message body the
    bot sends or edits carries ``allowed_mentions``. Discord accepts a body without it (and
    pings whatever the content names), so the emulator records it as a problem that fails the
    test rather than refusing it."""
    if not isinstance(body, dict) or "allowed_mentions" in body:
        return None
    if not any(key in body for key in SHOWN_FIELDS):
        return None
    shown = ", ".join(key for key in SHOWN_FIELDS if key in body)
    return f"{where}: the bot's message body ({shown}) carries no allowed_mentions"
