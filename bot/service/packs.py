"""Data packs, for any game that declares the capability (`Game.packs`, games/core/packs.py):
a server's moderators upload a group's printed values; a new table names a pack and freezes
its text into its options, so editing or removing the pack later never changes that game.
"""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import Text, game_title, text
from bot.service.base import GameBase, engine_of, require_moderator
from bot.service.jsontext import JsonRefused, bounded_loads
from bot.service.models import PackInfo, Player, ServiceError
from bot.service.options import DESIGNED_PACK, parse_options
from games.core import Game
from games.core.packs import PackError, PackFormat, PackSummary
from storage import NotFound
from storage.models import PackRecord

PACK_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{0,39}")


class PacksMixin(GameBase):
    async def upload_pack(self, guild_id: int, by: Player, game: str, name: str,
                          pack_text: str, *, source: str = "pack.json") -> PackInfo:
        """Validate a moderator's pack file and offer it for new games of the server under
        `name` (replacing a pack of that name: games already created keep their copy)."""
        require_moderator(by)
        packs = pack_format(engine_of(game))
        name = _pack_name(name)
        _check_bounds(pack_text)
        summary = _summary(packs, pack_text, source)
        record = await self.repo.save_pack(guild_id=guild_id, game=game, name=name,
                                           text=pack_text, digest=summary.hash,
                                           uploaded_by=by.user_id)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="pack_upload", detail={"name": name, "hash": summary.hash})
        return _pack_info(record, summary)

    async def packs(self, guild_id: int, game: str) -> list[PackInfo]:
        packs = pack_format(engine_of(game))
        return [_pack_info(r, _summary(packs, r.text, r.name))
                for r in await self.repo.packs(guild_id, game)]

    async def pack_names(self, guild_id: int, game: str) -> list[str]:
        """Names only, without parsing a pack (autocomplete must answer fast)."""
        return [r.name for r in await self.repo.packs(guild_id, game)]

    async def pack(self, guild_id: int, game: str, name: str) -> PackInfo:
        record = await self._pack_record(guild_id, game, name)
        return _pack_info(record, _summary(pack_format(engine_of(game)), record.text,
                                           record.name))

    async def remove_pack(self, guild_id: int, by: Player, game: str, name: str) -> None:
        """New games can no longer choose it; running games keep the copy frozen in them."""
        require_moderator(by)
        record = await self._pack_record(guild_id, game, name)
        await self.repo.remove_pack(guild_id, game, record.name)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="pack_remove", detail={"name": name, "hash": record.hash})

    async def _pack_record(self, guild_id: int, game: str, name: str) -> PackRecord:
        try:
            return await self.repo.get_pack(guild_id, game, name.strip())
        except NotFound:
            raise ServiceError(_no_such_pack(game, name)) from None

    async def _with_pack_text(self, game: str, guild_id: int | None,
                              options: dict[str, Any]) -> dict[str, Any]:
        """A table names a pack; the game gets the pack's text, so the stored options freeze
        it: editing or removing the pack later never changes this game or its replay."""
        packs = engine_of(game).packs
        if packs is None or packs.option not in options:
            return options
        name = str(options[packs.option])
        rest = {k: v for k, v in options.items() if k != packs.option}
        if name == DESIGNED_PACK:
            return rest
        if guild_id is None:
            raise ServiceError(text("tables.packs_need_server"))
        return {**rest, packs.option: (await self._pack_record(guild_id, game, name)).text}


def chosen_pack(engine: Game, options: dict[str, Any], pack: str | None) -> dict[str, Any]:
    """A pack chosen by name for a new table goes into the game's own pack option (a name
    that cannot be a pack's is refused here, so it is never looked up)."""
    if pack is None:
        return options
    packs = pack_format(engine)
    name = pack.strip()
    if name != DESIGNED_PACK and not PACK_NAME.fullmatch(name):
        raise ServiceError(_no_such_pack(engine.name, name))
    return {**options, packs.option: name}


def pack_format(engine: Game) -> PackFormat:
    if engine.packs is None:
        raise ServiceError(text("tables.no_packs", title=game_title(engine.name)))
    return engine.packs


def _no_such_pack(game: str, name: str) -> Text:
    return text("tables.no_such_pack", name=name, game=game, title=game_title(game))


def _summary(packs: PackFormat, pack_text: str, source: str) -> PackSummary:
    try:
        return packs.summary(pack_text, source)
    except PackError as error:
        raise ServiceError(str(error)) from None


def _check_bounds(pack_text: str) -> None:
    """Nesting and number lengths a game's own parser would crash on are refused first."""
    try:
        bounded_loads(pack_text)
    except JsonRefused as refused:
        raise ServiceError(refused.reason) from None
    except ValueError:
        return  # not JSON at all: the game's reader names the line at fault


def _pack_name(name: str) -> str:
    name = name.strip()
    if name.lower() == DESIGNED_PACK:
        raise ServiceError(text("tables.pack_name_designed", designed=DESIGNED_PACK))
    if not PACK_NAME.fullmatch(name) or parse_options([f"pack={name}"])["pack"] != name:
        raise ServiceError(text("tables.pack_name_bad"))
    return name


def _pack_info(record: PackRecord, summary: PackSummary) -> PackInfo:
    return PackInfo(record.name, summary.title, summary.hash, summary.provenance,
                    summary.counts, summary.changed, record.uploaded_by, record.uploaded_at)
