"""The server feature: ``/server``, the settings a server's managers set (cogs.server.settings)."""
