"""The chat's quick game on Discord (CHAT-GAME.md, issue 21): one channel, no host, phases of
seconds decided by the bot's clock.

- ``settings``: a server's settings for it; ``model``: its stored state (the engine's
  ``ChatState`` and the stage of the round); ``service``: registration, start, choices, stage
  ends, leave, last words — each a session step; ``rounds``: what each stage's end makes of the
  game and the effects of the next; ``effects`` and ``texts``: outbox rows and sentences;
  ``delivery``: the ``quick`` outbox kind (the channel's permissions, the role, the cabinets);
  ``views``: its persistent components; ``commands``: ``/mafia quick``, ``/server quick``, the
  last words' DMs, its scheduler; ``hooks``: ``/mafia act`` and ``/mafia leave`` for a quick game.

Why the cabinets are private threads of the game channel, not channels: the game is one
channel (DESIGN.md), a thread costs no channel slot and no category, it disappears from view
when archived, and membership is one call per member (no overwrite per member per channel).
"""
