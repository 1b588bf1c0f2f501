"""REST: interaction callbacks and the interaction webhook (follow-ups, @original edits).

Discord's rules enforced here: one callback per interaction, within the deadline (3 s; a late
answer gets 404 code 10062 and is recorded as a problem), of a type allowed for the interaction
(8 only for autocomplete, 6/7 only for components and modals, ...); follow-ups only after the
acknowledgement, and only while the token lives (15 minutes from the interaction's creation on
the emulator's clock; afterwards 401 code 50027).  Ephemeral messages are reached only through
these routes.  The same ``/webhooks/{id}/{token}`` routes also serve real webhooks.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from . import interactions as I
from .rest_messages import (
    create_message,
    delete_message,
    edit_message,
    execute_webhook,
    find_message,
    refuse_empty,
    webhook_message,
)
from .routes import ApiError, Req, invalid_form_body, route
from .state import EPHEMERAL, LOADING, snowflake_time
from .validation import autocomplete_limits

#: Discord: "Interaction tokens are valid for 15 minutes".
TOKEN_LIFETIME = dt.timedelta(minutes=15)


def _record(req: Req, token_param: str) -> I.InteractionRecord | None:
    return req.emu.interactions.get(req.params[token_param])


def _token_alive(req: Req, record: I.InteractionRecord) -> None:
    """A follow-up or an edit of the answer after 15 minutes: 401 50027, as Discord answers."""
    age = req.emu.clock.now() - snowflake_time(record.id)
    if age > TOKEN_LIFETIME:
        err = ApiError(401, 50027, "Invalid Webhook Token")
        err.detail = f"interaction {record.label!r} is {age} old; its token lived 15 minutes"  # type: ignore[attr-defined]
        raise err


def _meta(record: I.InteractionRecord) -> dict[str, Any]:
    """A message's ``interaction_metadata``: who triggered it, and from which message."""
    meta = {
        "id": str(record.id),
        "type": record.type,
        "user": record.payload["member"]["user"] if "member" in record.payload else record.payload["user"],
        "authorizing_integration_owners": record.payload.get("authorizing_integration_owners", {}),
    }
    if record.source_message_id is not None:
        meta["interacted_message_id"] = str(record.source_message_id)
    return meta


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
def callback(req: Req) -> Any:
    emu = req.emu
    record = _record(req, "interaction_token")
    if record is None or record.id != req.id("interaction_id"):
        raise ApiError(404, 10062, "Unknown interaction")
    if record.acked:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    elapsed = emu.clock.monotonic() - record.created
    if elapsed > emu.interaction_deadline:
        if not record.reported:  # usually the deadline timer has already reported it
            emu.problem(f"interaction {record.label!r} acknowledged after {elapsed:.2f}s (limit {emu.interaction_deadline}s)")
            record.reported = True
        record.refused_after = elapsed
        raise ApiError(404, 10062, "Unknown interaction")
    body = req.body or {}
    kind = body.get("type")
    if kind not in I.ALLOWED_CALLBACKS.get(record.type, set()):
        err = ApiError(400, 50035, "Invalid Form Body")
        err.detail = f"callback type {kind} is not allowed for interaction type {record.type} ({record.label!r})"  # type: ignore[attr-defined]
        raise err
    data = body.get("data") or {}
    world = emu.world
    channel = world.channels[record.channel_id]
    resource: dict[str, Any] | None = None
    if kind in (I.CHANNEL_MESSAGE, I.DEFERRED_CHANNEL_MESSAGE):
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        flags = LOADING if kind == I.DEFERRED_CHANNEL_MESSAGE else 0
        if kind == I.DEFERRED_CHANNEL_MESSAGE:
            data = {"flags": data.get("flags") or 0}
        msg = create_message(
            req, channel, world.bot.to_json(), data,
            visible_to=record.user_id if ephemeral else None,
            interaction=_meta(record), flags=flags, placeholder=kind == I.DEFERRED_CHANNEL_MESSAGE,
        )
        record.original_message_id = msg.id
        if kind == I.CHANNEL_MESSAGE:
            resource = {"type": kind, "message": msg.to_json()}
    elif kind in (I.DEFERRED_UPDATE, I.UPDATE_MESSAGE):
        msg = find_message(channel, record.source_message_id, ephemeral_ok=True) if record.source_message_id else None
        if msg is None:
            raise ApiError(400, 50035, "Invalid Form Body")
        record.original_message_id = msg.id
        if kind == I.UPDATE_MESSAGE:
            edit_message(req, msg, data)
            resource = {"type": kind, "message": msg.to_json()}
    elif kind == I.AUTOCOMPLETE_RESULT:
        problems = autocomplete_limits(data.get("choices"), f"{req.method} {req.template}")
        if problems:
            raise invalid_form_body(problems, "BASE_TYPE_MAX_LENGTH")
        record.choices = list(data.get("choices") or [])
    elif kind == I.MODAL:
        record.modal = data
    record.callback_type = kind
    record.callback_body = body
    record.acked_after = elapsed
    if record.timer is not None:
        record.timer.cancel()
    record.changed()
    answer: dict[str, Any] = {
        "interaction": {
            "id": str(record.id),
            "type": record.type,
            "response_message_id": str(record.original_message_id) if record.original_message_id else None,
            "response_message_loading": kind == I.DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
        }
    }
    if resource is not None:
        answer["resource"] = resource
    return answer


def _acked_record(req: Req) -> I.InteractionRecord | None:
    record = _record(req, "webhook_token")
    if record is None:
        return None
    if record.id and req.id("webhook_id") != req.emu.world.bot.id:
        raise ApiError(404, 10015, "Unknown Webhook")
    if not record.acked:
        raise ApiError(404, 10015, "Unknown Webhook")
    _token_alive(req, record)
    return record


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
def followup(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        return execute_webhook(req)
    world = req.emu.world
    channel = world.channels[record.channel_id]
    body = req.body or {}
    ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
    if record.callback_type == I.DEFERRED_CHANNEL_MESSAGE and record.original_edits == 0:
        # Discord: the first follow-up after a deferral replaces the "thinking" message.
        msg = find_message(channel, record.original_message_id, ephemeral_ok=True)  # type: ignore[arg-type]
        refuse_empty(body)
        edit_message(req, msg, body)
        record.original_edits += 1
        record.changed()
        return msg.to_json()
    msg = create_message(
        req, channel, world.bot.to_json(), body,
        visible_to=record.user_id if ephemeral else None, interaction=_meta(record),
    )
    record.followup_ids.append(msg.id)
    record.changed()
    return msg.to_json()


def _original(req: Req, record: I.InteractionRecord):
    channel = req.emu.world.channels[record.channel_id]
    if record.original_message_id is None:
        raise ApiError(404, 10008, "Unknown Message")
    return channel, find_message(channel, record.original_message_id, ephemeral_ok=True)


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
def get_original(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        raise ApiError(404, 10015, "Unknown Webhook")
    return _original(req, record)[1].to_json()


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
def edit_original(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        raise ApiError(404, 10015, "Unknown Webhook")
    _, msg = _original(req, record)
    edit_message(req, msg, req.body or {})
    record.original_edits += 1
    record.changed()
    return msg.to_json()


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
def delete_original(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        raise ApiError(404, 10015, "Unknown Webhook")
    channel, msg = _original(req, record)
    delete_message(req, channel, msg)
    record.changed()
    return None


def _followup_message(req: Req, record: I.InteractionRecord):
    channel = req.emu.world.channels[record.channel_id]
    mid = req.id("message_id")
    if mid != record.original_message_id and mid not in record.followup_ids:
        raise ApiError(404, 10008, "Unknown Message")
    return channel, find_message(channel, mid, ephemeral_ok=True)


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def get_followup(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        return webhook_message(req)[1].to_json()
    return _followup_message(req, record)[1].to_json()


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def edit_followup(req: Req) -> Any:
    record = _acked_record(req)
    if record is None:
        _, msg = webhook_message(req)
        return edit_message(req, msg, req.body or {}).to_json()
    _, msg = _followup_message(req, record)
    edit_message(req, msg, req.body or {})
    record.changed()
    return msg.to_json()


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
def delete_followup(req: Req) -> Any:
    record = _acked_record(req)
    channel, msg = webhook_message(req) if record is None else _followup_message(req, record)
    delete_message(req, channel, msg)
    if record is not None:
        record.changed()
    return None
