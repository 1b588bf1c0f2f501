"""Moderation by the chat rulebook (R-MOD): cases and the ladder, the server's rulebook, reports
and complaints, and the detectors.

The engine (``engine.moderation``) decides the ladder's step; this package applies it:

- ``rulebook``: a server's rulebook (the R-MOD catalogue with its overrides, added and retired
  violations and wording, R-MOD-1) and its problems;
- ``cases``: one function per thing a moderator does (open a case, pardon, revoke, edit), each
  storing the case first (``db.moderation``) and then touching Discord (``enforce``);
- ``enforce``: the Discord side (timeouts chained past 28 days, a ban after a DM, lifting);
- ``modlog``: one post per case and per change in the server's mod-log channel;
- ``texts``: how a step, a duration or a violation reads in a language;
- ``expiry``: the restart-safe worker that lifts temporary bans and renews long mutes;
- ``next_step``: what the ladder would give a member next, without storing anything;
- ``settings`` and ``rules_admin``: the services behind ``/mod settings`` and ``/mod rules``;
- the extensions: ``commands`` (``/mod``, made of ``case_commands``, ``rulebook_commands`` and
  ``settings_commands`` on the groups of ``command_groups``), ``reports`` (``/report``, the
  "Report" menu, ``/complaint``), ``detectors`` (what the bot can see by itself).
"""
