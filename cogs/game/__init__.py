"""The game service and its delivery (DESIGN.md, "The game layer"): not an extension itself.

For now: :mod:`cogs.game.render`, the engine's events as localized sentences.
"""
