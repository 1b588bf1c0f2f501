"""Issue 17's rule, kept: no Discord effect is performed outside the delivery package
(cogs/delivery) but an interaction's own answer. Every other effect is an outbox row stored
with the change that causes it.

An AST walk over the bot's code: an awaited call of a method that changes something on Discord
(a send, an edit, a deletion, a member or channel change) is allowed only in cogs/delivery or
on the interaction's answer (``interaction.response``, ``interaction.followup``, the original
response). Reads (``fetch_*``, ``history``) are not effects."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EFFECTS = frozenset({
    "send", "edit", "delete", "ban", "unban", "kick", "timeout", "add_roles", "remove_roles",
    "create_thread", "set_permissions", "pin", "unpin", "create_text_channel", "create_category",
    "create_role", "add_reaction", "clear_reactions", "add_user", "remove_user", "purge",
    "move_to", "edit_message", "delete_messages",
})  # fmt: skip
ANSWERS = ("response", "followup", "original_response")
#: Our own services whose method names look like Discord's (their bodies are walked too).
SERVICES = frozenset({"lobby_service", "cases", "enforce", "service"})


def _calls(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Await) and isinstance(node.value, ast.Call)):
            continue
        func = node.value.func
        if not isinstance(func, ast.Attribute) or func.attr not in EFFECTS:
            continue
        receiver = ast.unparse(func.value)
        if any(answer in receiver for answer in ANSWERS) or receiver in SERVICES:
            continue
        found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: {receiver}.{func.attr}")
    return found


def _outside_delivery() -> list[str]:
    paths = [ROOT / "bot.py", *sorted((ROOT / "cogs").rglob("*.py"))]
    return [c for p in paths if "delivery" not in p.relative_to(ROOT).parts for c in _calls(p)]


def test_the_walk_sees_the_deliverys_own_calls() -> None:
    """The check can fail: it finds the calls the delivery package does make."""
    inside = [c for p in sorted((ROOT / "cogs" / "delivery").rglob("*.py")) for c in _calls(p)]
    assert any(c.endswith(".send") for c in inside) and any(".edit" in c for c in inside)


def test_no_discord_effect_outside_the_delivery_package() -> None:
    assert _outside_delivery() == []


def test_every_form_is_opened_through_guarded_modal() -> None:
    """Forms are shown with GuardedModal.open (cogs.support.views): a custom_id of its own and
    an answer when the bot no longer holds it, never 'interaction failed'."""
    opened = [
        f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"
        for path in sorted((ROOT / "cogs").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "send_modal"
    ]
    assert [where.split(":")[0] for where in opened] == ["cogs/support/views.py"]
