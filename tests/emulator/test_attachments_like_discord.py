"""Files as Discord handles them: a file sent with a message (multipart ``files[n]`` named by the
body's ``attachments``) is kept and served from its URL as the CDN serves it; a command's
attachment option (type 11) arrives in ``resolved.attachments`` and the bot downloads it; an
``attachments`` entry without its upload is refused (400, 50035)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.emulator.story import wait_until


class FileBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),  # the emulator flags a body without
        )

    async def setup_hook(self) -> None:
        @app_commands.command(name="upload", description="Read a file and send it back")
        async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
            content = await file.read()
            await interaction.response.send_message(
                f"{file.filename}: {len(content)} bytes",
                file=discord.File(io.BytesIO(content.upper()), filename="back.txt"),
                ephemeral=True,
            )

        self.tree.add_command(upload)
        await self.tree.sync()


async def test_a_file_option_is_downloaded_and_a_file_answer_kept(emu: Any, start_bot: Any) -> None:
    guild = emu.make_guild(members=["alice"])
    bot = (await start_bot(FileBot())).bot
    handle = await guild.member("alice").run("/upload", file=("notes.txt", b"hello"))
    reply = await handle.reply()
    assert reply.ephemeral and reply.text == "notes.txt: 5 bytes"
    assert reply.files == {"back.txt": b"HELLO"}
    # In a channel too, and the URL serves the same bytes.
    channel = bot.get_channel(guild.channel("general").id)
    sent = await channel.send("log", file=discord.File(io.BytesIO(b"data"), filename="log.json"))
    assert [a.filename for a in sent.attachments] == ["log.json"]
    assert await sent.attachments[0].read() == b"data"
    seen = await wait_until(lambda: guild.channel("general").last_message, 2, "the post")
    assert seen.files == {"log.json": b"data"}


async def test_an_attachment_entry_without_its_upload_is_refused(emu: Any, start_bot: Any) -> None:
    guild = emu.make_guild(members=["alice"])
    bot = (await start_bot(FileBot())).bot
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=guild.channel("general").id)
    body = {"content": "x", "attachments": [{"id": 0, "filename": "missing.txt"}]}
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(route, json=body)
    assert (err.value.status, err.value.code) == (400, 50035)
    emu.take_problems("Invalid Form Body")


async def test_a_files_alt_text_is_kept_and_files_need_attach_files(
    emu: Any, start_bot: Any
) -> None:
    """Discord keeps an attachment's ``description`` (its alt text) and refuses a file in a
    channel where the bot lacks ATTACH_FILES (403, 50013), while a text post there goes."""
    from tests.emulator import permissions as P
    from tests.emulator.story import DEFAULT_BOT_PERMISSIONS

    guild = emu.make_guild(
        members=["alice"],
        bot_permissions=DEFAULT_BOT_PERMISSIONS & ~P.ATTACH_FILES,
        everyone_permissions=P.DEFAULT_EVERYONE & ~P.ATTACH_FILES,
    )
    bot = (await start_bot(FileBot())).bot
    channel = bot.get_channel(guild.channel("general").id)
    picture = discord.File(io.BytesIO(b"png"), filename="town.png", description="Anna, Boris")
    with pytest.raises(discord.Forbidden) as err:
        await channel.send("the town", file=picture)
    assert err.value.code == 50013
    emu.take_problems("ATTACH_FILES")
    await channel.send("words only")
    guild.raw.roles[guild.id].permissions |= P.ATTACH_FILES  # @everyone's role allows it now
    again = discord.File(io.BytesIO(b"png"), filename="town.png", description="Anna, Boris")
    sent = await channel.send("the town", file=again)
    assert sent.attachments[0].description == "Anna, Boris"
    seen = await wait_until(lambda: guild.channel("general").last_message, 2, "the post")
    assert seen.raw.files[0].description == "Anna, Boris" and seen.files == {"town.png": b"png"}
