"""Moderation by the chat rulebook (R-MOD): cases and the ladder, the server's rulebook, reports
and complaints, and the detectors.

The engine (``engine.moderation``) decides the ladder's step; this package applies it:

- ``rulebook``: a server's rulebook (the R-MOD catalogue with its overrides, added and retired
  violations and wording, R-MOD-1) and its problems;
- ``cases``: one function per thing a moderator does (open a case, pardon, revoke, edit, lift a
  ban), each storing the change with its Discord effects as outbox rows in one transaction
  (``db.moderation``, issue 17), which cogs.delivery performs — nothing here calls Discord
  but the interaction's own answer and reads;
- ``case_effects``: a new case's rows (the member's DM, then his timeout or ban; the linked
  accounts' bans; the mod-log's post) and the moderator's notes of what was ordered;
- ``modlog``: one post per case and per change in the server's mod-log channel (rows);
- ``report_effects``: a report's post with its buttons, its edit once judged, the reporter's DM;
- ``texts``: how a step, a duration or a violation reads in a language;
- ``expiry``: the restart-safe worker that lifts temporary bans and renews long mutes;
- ``next_step``: what the ladder would give a member next, without storing anything;
- ``settings`` and ``rules_admin``: the services behind ``/mod settings`` and ``/mod rules``;
- the extensions: ``commands`` (``/mod``, made of ``case_commands``, ``rulebook_commands`` and
  ``settings_commands`` on the groups of ``command_groups``), ``reports`` (``/report``, the
  "Report" menu, ``/complaint``), ``detectors`` (what the bot can see by itself).
"""
