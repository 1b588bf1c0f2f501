"""Statistics and ratings on Discord (issue 22): ``/mafia stats`` and ``/mafia top``
(:mod:`cogs.stats.commands`), rendered by :mod:`cogs.stats.render` from db.stats."""
