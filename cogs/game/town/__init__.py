"""The picture of the town in the morning post (issue 22): the living and the dead in signup
order with the day's number, no role before the end (DESIGN.md: nothing about a role in a public
channel before the reveal); at the end the same picture with every role.

- :mod:`cogs.game.town.picture`: the drawing (Pillow), a pure function of its labels;
- :mod:`cogs.game.town.post`: the labels from a game's state, attached to the morning post and
  the reveal as outbox rows (db.outbox_files), when the server wants it (``/server picture``).
"""
