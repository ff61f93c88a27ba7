"""`/game pack upload|list|show|remove`: a server's data packs, for every game that declares
them (`Game.packs`, bot/service/packs.py), and the packs a new table may run on (the `pack`
option of `/game new`). The command bodies live here; GameCog (cogs/game.py) holds the tree,
because a subcommand group of `/game` must be declared beside `/game` itself."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import t, text
from bot.service import ServiceError
from bot.service.models import PackInfo
from bot.service.options import CHOICE_LENGTH, DESIGNED_PACK, SUGGESTIONS
from cogs.common import master, reader_locale, reply_lines
from cogs.moderation import moderator

MAX_PACK_BYTES = 512 * 1024  # a designed pack is far smaller; a bigger file is a mistake


async def upload(interaction: discord.Interaction, game: str, file: discord.Attachment,
                 name: str | None) -> None:
    """A moderator's pack file, refused before it is read when too big, and before it is
    parsed when it is not UTF-8 text; the service checks the rest (the game's schema)."""
    by = await moderator(interaction)
    if file.size > MAX_PACK_BYTES:
        raise ServiceError(text("packs.too_big", file=file.filename, size=f"{file.size:,}",
                                most=f"{MAX_PACK_BYTES:,}"))
    try:
        content = (await file.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise ServiceError(text("packs.not_utf8", file=file.filename)) from None
    info = await master(interaction).upload_pack(
        _guild(interaction), by, game, name or file.filename.rsplit(".", 1)[0], content,
        source=file.filename)
    locale = await reader_locale(interaction)
    await reply_lines(interaction, [t("packs.ready", locale, name=info.name, game=game),
                                    *pack_lines(info, locale)])


async def listing(interaction: discord.Interaction, game: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    infos = await master(interaction).packs(_guild(interaction), game)
    locale = await reader_locale(interaction)
    lines = [t("packs.designed", locale, name=DESIGNED_PACK)]
    lines += [t("packs.entry", locale, name=i.name, title=i.title, hash=i.hash,
                changes=_counted(i.changed), when=_when(i.uploaded_at)) for i in infos]
    await reply_lines(interaction, lines)


async def show(interaction: discord.Interaction, game: str, name: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await master(interaction).pack(_guild(interaction), game, name)
    await reply_lines(interaction, pack_lines(info, await reader_locale(interaction)))


async def remove(interaction: discord.Interaction, game: str, name: str) -> None:
    by = await moderator(interaction)
    await master(interaction).remove_pack(_guild(interaction), by, game, name)
    await interaction.edit_original_response(
        content=t("packs.removed", await reader_locale(interaction), name=name))


async def suggested(interaction: discord.Interaction, game: object, current: str, *,
                    designed: bool) -> list[app_commands.Choice[str]]:
    """The server's packs of `game` matching what is typed (with the designed data first
    where a table may choose it); none for a game without packs (autocomplete cannot
    refuse)."""
    if interaction.guild_id is None or game not in master(interaction).pack_games():
        return []
    names = [DESIGNED_PACK] if designed else []
    names += await master(interaction).pack_names(interaction.guild_id, str(game))
    typed = current.strip().lower()
    return [app_commands.Choice(name=n[:CHOICE_LENGTH], value=n)
            for n in names if typed in n.lower()][:SUGGESTIONS]


# -- texts ---------------------------------------------------------------------------------
def pack_lines(info: PackInfo, locale: str) -> list[str]:
    """A pack as the server's members read it; its title and provenance are the pack's own
    words, only the labels around them are ours."""
    return [f"**{info.name}**: {info.title}",
            t("packs.hash", locale, hash=info.hash, counts=_counted(info.counts)),
            t("packs.changes", locale, changes=_counted(info.changed)),
            t("packs.provenance", locale, provenance=info.provenance)]


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{section}: {n}" for section, n in counts.items())


def _when(timestamp: float) -> str:
    """Discord shows a timestamp tag in each reader's own time zone ("3 days ago")."""
    return f"<t:{int(timestamp)}:R>"


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise ServiceError(text("packs.server_only"))
    return interaction.guild_id
