"""A small TEST bot (test code only) exercising what the real bot uses, through real discord.py.

Slash command groups with options and autocomplete, ephemeral replies in the user's locale, DMs
(and the closed-DM refusal), buttons, selects, modals, a category and channel created with
overwrites, roles added, timeouts, deferrals and follow-ups, a handler held until the test
releases it, and a poll closing at 21:00 Moscow time on the bot's clock.  The emulator's own
tests drive it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands

from cogs.support import clock

demo = app_commands.Group(name="demo", description="Emulator demo commands")


def _t(interaction: discord.Interaction, en: str, ru: str) -> str:
    return ru if interaction.locale == discord.Locale.russian else en


@demo.command(name="echo", description="Say something in public")
async def echo(interaction: discord.Interaction, text: str, times: app_commands.Range[int, 1, 3] = 1) -> None:
    await interaction.response.send_message(" ".join([text] * times))


@demo.command(name="secret", description="An ephemeral reply in your language")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(_t(interaction, "a secret", "секрет"), ephemeral=True)


async def member_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    assert interaction.guild is not None
    names = sorted(m.name for m in interaction.guild.members if not m.bot and m.name.startswith(current))
    return [app_commands.Choice(name=n, value=n) for n in names[:25]]


@demo.command(name="pick", description="Pick a member by name")
@app_commands.autocomplete(target=member_names)
async def pick(interaction: discord.Interaction, target: str) -> None:
    await interaction.response.send_message(f"picked {target}", ephemeral=True)


@demo.command(name="dm", description="Send a DM")
async def dm(interaction: discord.Interaction, member: discord.Member, text: str) -> None:
    try:
        await member.send(text)
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"cannot DM {member.name} ({exc.code})", ephemeral=True)
        return
    await interaction.response.send_message("sent", ephemeral=True)


class Press(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="demo:press", style=discord.ButtonStyle.primary)
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"pressed by {interaction.user.name}", view=None)

    @discord.ui.select(custom_id="demo:colour", options=[discord.SelectOption(label=c, value=c) for c in ("red", "blue")])
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


@demo.command(name="button", description="A message with a button and a select")
async def button(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("press it", view=Press())


class Feedback(discord.ui.Modal, title="Feedback"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="demo:answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.answer.value}", ephemeral=True)


@demo.command(name="modal", description="Open a modal")
async def modal(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback())


@demo.command(name="room", description="Create a private room for a member")
async def room(interaction: discord.Interaction, name: str, member: discord.Member) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    guild = interaction.guild
    assert guild is not None
    overwrites = {
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        member: discord.PermissionOverwrite(view_channel=True, send_messages=True),
        guild.me: discord.PermissionOverwrite(view_channel=True, send_messages=True),
    }
    category = await guild.create_category(f"{name}-category", overwrites=overwrites)
    channel = await guild.create_text_channel(name, category=category, overwrites=overwrites)
    await channel.send(f"welcome {member.mention}")
    await interaction.followup.send(f"created {channel.mention}", ephemeral=True)


@demo.command(name="promote", description="Give a role to a member")
async def promote(interaction: discord.Interaction, member: discord.Member, role: discord.Role) -> None:
    try:
        await member.add_roles(role, reason="demo")
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"refused ({exc.code})", ephemeral=True)
        return
    await interaction.response.send_message(f"{member.name} is now {role.name}", ephemeral=True)


@app_commands.command(name="mute", description="Time a member out")
@app_commands.default_permissions(moderate_members=True)
@app_commands.guild_only()
async def mute(interaction: discord.Interaction, member: discord.Member, minutes: int) -> None:
    try:
        await member.timeout(dt.timedelta(minutes=minutes), reason="demo")
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"refused ({exc.code})", ephemeral=True)
        return
    await interaction.response.send_message(f"muted {member.name}", ephemeral=True)


@demo.command(name="silent", description="Never answers (tests the 3-second rule)")
async def silent(interaction: discord.Interaction) -> None:
    return None


@demo.command(name="slow", description="Answers after 0.3 s")
async def slow(interaction: discord.Interaction) -> None:
    await asyncio.sleep(0.3)
    await interaction.response.send_message("finally")


@demo.command(name="thread", description="Open a thread with a webhook post")
async def thread(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.defer()
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    th = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    hook = await channel.create_webhook(name="Narrator")
    await hook.send("The night falls.", username="Narrator", avatar_url="https://example.com/moon.png", wait=True)
    await interaction.edit_original_response(content=f"thread {th.name} opened")


class DemoCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.events: list[str] = []

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        self.events.append(f"join {member.name}")

    @commands.Cog.listener()
    async def on_member_remove(self, member: discord.Member) -> None:
        self.events.append(f"leave {member.name}")

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if before.nick != after.nick:
            self.events.append(f"nick {after.name} {after.nick}")

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.events.append(f"message {message.author.name}: {message.content}")


@demo.command(name="held", description="Answers when the test releases it")
async def held(interaction: discord.Interaction) -> None:
    gate = asyncio.Event()
    interaction.client.held.put_nowait(gate)  # type: ignore[attr-defined]
    await gate.wait()
    await interaction.response.send_message("released")


MOSCOW = ZoneInfo("Europe/Moscow")


def next_21h_moscow(after: dt.datetime) -> dt.datetime:
    local = after.astimezone(MOSCOW)
    close = local.replace(hour=21, minute=0, second=0, microsecond=0)
    if close <= local:
        close = (local + dt.timedelta(days=1)).replace(hour=21, minute=0, second=0, microsecond=0)
    return close.astimezone(dt.UTC)


async def _close_poll(channel: discord.abc.Messageable, closes: dt.datetime) -> None:
    await clock.sleep_until(closes)
    await channel.send("poll closed")


@demo.command(name="poll", description="Open a poll that closes at 21:00 Moscow time")
async def poll(interaction: discord.Interaction) -> None:
    bot = interaction.client
    closes = next_21h_moscow(clock.now())
    bot.poll_closes = closes  # type: ignore[attr-defined]
    await interaction.response.send_message(f"vote until <t:{int(closes.timestamp())}:t>")
    assert interaction.channel is not None
    bot.poll_task = asyncio.create_task(_close_poll(interaction.channel, closes))  # type: ignore[attr-defined,arg-type]


@demo.command(name="vote", description="Vote in the open poll")
async def vote(interaction: discord.Interaction) -> None:
    # Judged by when the user acted (the interaction's snowflake time), not when it was handled.
    in_time = interaction.created_at < interaction.client.poll_closes  # type: ignore[attr-defined]
    await interaction.response.send_message("counted" if in_time else "too late", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self, **options: object) -> None:
        intents = discord.Intents.default()
        intents.members = True
        intents.message_content = True
        # Every body it sends with content carries allowed_mentions, as the project's bot does
        # (the emulator flags a bot body without it: rules.missing_allowed_mentions).
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05, **options)  # type: ignore[arg-type]
        self.held: asyncio.Queue[asyncio.Event] = asyncio.Queue()  # gates of running /demo held

    async def setup_hook(self) -> None:
        self.tree.add_command(demo)
        self.tree.add_command(mute)
        self.add_view(Press())
        await self.add_cog(DemoCog(self))
        await self.tree.sync()

    @property
    def cog(self) -> DemoCog:
        return self.get_cog("DemoCog")  # type: ignore[return-value]


def record_interactions(bot: commands.Bot) -> list[discord.Interaction]:
    """Every interaction the bot receives from now on, for tests that answer through
    discord.py's own ``Interaction`` (follow-ups, edits, raw callbacks)."""
    seen: list[discord.Interaction] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)

    bot.add_listener(on_interaction)
    return seen


def make_demo_bot(**options: object) -> DemoBot:
    """The demo bot; ``options`` go to ``commands.Bot`` (e.g. ``max_ratelimit_timeout=30``)."""
    return DemoBot(**options)
