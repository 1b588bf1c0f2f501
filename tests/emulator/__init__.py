"""A Discord emulator for end-to-end tests of the real, unmodified discord.py client.

An aiohttp server on 127.0.0.1 (random port) in the test's process: REST under ``/api/v10``,
the gateway at ``/``.  It keeps guilds, roles, members, channels, overwrites, messages, DMs, bans
and timeouts in memory, computes permissions as Discord does and refuses what Discord refuses
(its rules beyond the schema, caps, per-route limits, token expiry), validates every request
against Discord's OpenAPI description, and records every problem (bad request body, unknown
route, interaction not acknowledged within 2.5 s, a third rename in 10 minutes, a task dying
silently) so the test fails at teardown.  Time is ``emu.clock``: a test advances it (hours in
microseconds) and the bot's clock (``cogs.support.clock``) follows, in-process or in its own
process.

Usage (the ``emu`` fixture lives in tests/conftest.py)::

    from tests.emulator.botrunner import run_bot

    async def test_join(emu):
        guild = emu.make_guild(members=["alice", {"name": "boris", "locale": "ru"}])
        async with run_bot(emu, create_bot(Settings(database_url="sqlite://:memory:"))):
            h = await guild.member("boris").run("/mafia join", locale="ru")
            reply = await h.reply()                 # waits for the bot's answer (≤ 2 s)
            assert reply.ephemeral and "..." in reply.text

Modules: ``server`` (the Emulator, request pipeline), ``gateway``, ``rest_app`` /
``rest_channels`` / ``rest_members`` / ``rest_messages`` / ``rest_interactions`` (routes), ``state`` (the in-memory
Discord), ``clock`` (Discord's time), ``permissions`` (the algorithm), ``checks`` (what the bot
may do), ``validation`` (OpenAPI + limits), ``rules`` (components, empty messages, command
registration, channel names), ``ratelimit`` (buckets, known limits, Discord's global 50/s enforced, injected
faults incl. "applied, then failed"), ``interactions`` (ack tracking),
``story`` / ``views`` / ``commands`` (the test-facing API), ``botrunner`` / ``botprocess`` (start a bot in-process or in its
own process), ``fixtures``, ``testbot`` (the emulator's own test bot), ``bench``.
"""
