"""The service of the game layer (DESIGN.md: "The game layer"): a :class:`GameSession` per
thing that happens to a game, reading the game once and committing its change once, under the
version guard, with the project's only retry loop (:func:`cogs.service.session.run`). It knows
Discord only as ids; its refusals are the project's own errors, each with a code."""
