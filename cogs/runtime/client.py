"""The bot object: the service, the table code and the cogs, wired together in setup_hook."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from cogs.runtime.games import game_kinds, presenters
from cogs.runtime.gate import DRAIN_SECONDS, Gate, Gated
from cogs.runtime.outages import OUTAGES, install_outage_log
from cogs.runtime.status_server import StatusServer
from cogs.table.clock_notices import start_clocks, stop_clocks
from cogs.table.components import DYNAMIC_ITEMS
from cogs.table.languages import CommandTranslator
from cogs.table.play import Play
from cogs.table.repair import Repair
from cogs.table.replies import GameTree
from cogs.table.table import Tables
from host.clock_scheduler import Scheduler
from host.clocks import Clocks
from host.departures import DEFAULT_FORGET_DAYS, purge_departed, server_left
from host.service import GameService
from host.sharding import Shards
from host.store import Store

log = logging.getLogger(__name__)

PURGE_EVERY_SECONDS = 6 * 3600.0
SHARED_EXTENSIONS = ("cogs.commands.history", "cogs.commands.rematch", "cogs.commands.server")
"""Loaded by every bot before the games' own command groups (each module's ``setup``): the
Undo button and the replay file of a finished game, the Rematch button, the forget-me
confirmation."""


def bot_intents() -> discord.Intents:
    """The default intents without any privileged one."""
    intents = discord.Intents.default()
    intents.members = False
    intents.presences = False
    intents.message_content = False
    return intents


class GameBot(commands.Bot):
    """A bot that hosts games. ``service``, ``tables`` and ``play`` exist after setup_hook."""

    service: GameService
    tables: Tables
    play: Play
    clocks: Clocks
    scheduler: Scheduler

    def __init__(
        self,
        *,
        db_path: str,
        extensions: Sequence[str],
        store: Store | None = None,
        dev_guild: int | None = None,
        sync_commands: bool = True,
        seed_source: Callable[[], int] | None = None,
        shards: Shards | None = None,
        clock_speed: float = 1.0,
        http_port: int | None = None,
        http_host: str = "127.0.0.1",
        forget_days: float = DEFAULT_FORGET_DAYS,
    ) -> None:
        sharding: dict[str, Any] = {}
        if shards is not None:
            sharding = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            tree_cls=GameTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.db_path = db_path
        self.extension_names = tuple(extensions)
        self.store = store
        self._owns_store = store is None
        self.dev_guild = dev_guild
        self.sync_on_start = sync_commands
        self.seed_source = seed_source
        self.owned_shards = shards
        self.repaired: asyncio.Event = asyncio.Event()
        self._repair_task: asyncio.Task[None] | None = None
        self.clock_speed = clock_speed
        self._clock_task: asyncio.Task[None] | None = None
        self.gate = Gate()
        """Every click and command passes it; a stop closes it (cogs/runtime/gate.py)."""
        self.set_up = False
        """True once setup_hook has begun (after the login went through)."""
        self.forget_days = forget_days
        """How long a server's data is kept after it removed the bot."""
        self._purge_task: asyncio.Task[None] | None = None
        self.gateway_up = False
        """Connected to Discord's gateway now (for /healthz)."""
        self.status_server: StatusServer | None = (
            None if http_port is None else StatusServer(self, http_host, http_port)
        )
        install_outage_log()

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register buttons and selects; each must pass the gate (``Gated``) so that a stop
        can turn new clicks away and wait for those in flight."""
        for item in items:
            if not issubclass(item, Gated):
                raise TypeError(f"{item.__name__} must derive from cogs.runtime.gate.Gated")
        super().add_dynamic_items(*items)

    async def setup_hook(self) -> None:
        self.set_up = True
        if self.store is None:
            self.store = await Store.open(self.db_path)
        if self.seed_source is None:
            self.service = GameService(self.store, kinds=game_kinds(), shards=self.owned_shards)
        else:
            self.service = GameService(
                self.store,
                kinds=game_kinds(),
                seed_source=self.seed_source,
                shards=self.owned_shards,
            )
        self.tables = Tables(self, self.service, presenters())
        self.repair = Repair(self.tables)
        self.play = Play(self.service, self.tables)
        self.clocks, self.scheduler = start_clocks(self.tables, self.clock_speed)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CommandTranslator())
        for name in (*SHARED_EXTENSIONS, *self.extension_names):
            await self.load_extension(name)
        if self.sync_on_start:
            await self.sync_commands()
        self._repair_task = asyncio.create_task(self._repair_when_ready())
        if self.status_server is not None:
            await self.status_server.start()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        """Register the slash commands: to the dev guild at once if set, else globally."""
        if self.dev_guild is not None:
            guild = discord.Object(id=self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d commands", len(synced))
        return synced

    async def _repair_when_ready(self) -> None:
        await self.wait_until_ready()
        try:
            count = await self.repair.repair_all()
            if count:
                log.info("Start-up repair re-posted %d tables", count)
        except Exception:
            log.exception("Start-up repair failed")
        finally:
            self.repaired.set()
        self._clock_task = asyncio.create_task(self.scheduler.run())
        self._purge_task = asyncio.create_task(self._purge_departed_servers())

    async def _purge_departed_servers(self) -> None:
        """Every few hours (of the clocks' time), delete the data of servers that removed the
        bot longer ago than the grace period."""
        while True:
            try:
                gone = await purge_departed(self.service, forget_days=self.forget_days)
                for guild_id, games in gone.items():
                    log.info("Deleted the data of server %s (%d games)", guild_id, games)
            except Exception:
                log.exception("Could not delete the data of servers that removed the bot")
            await asyncio.sleep(PURGE_EVERY_SECONDS / self.clock_speed)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        ended = await server_left(self.service, guild.id)
        log.info(
            "Removed from server %s: %d open games ended; its data goes in %g days",
            guild.id,
            len(ended),
            self.forget_days,
        )

    async def on_guild_join(self, guild: discord.Guild) -> None:
        if await self.service.store.servers.returned(guild.id):
            log.info("Back in server %s within the grace period: nothing was deleted", guild.id)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Events that arrive after the bot closed (discord.py's delayed READY, for one) are
        dropped: their handlers would be scheduled on a loop that is gone."""
        if self.is_closed():
            return
        super().dispatch(event_name, *args, **kwargs)

    async def on_ready(self) -> None:
        self.gateway_up = True
        OUTAGES.back()
        await self._note_servers_back()

    async def _note_servers_back(self) -> None:
        """Servers that invited the bot back while it was stopped keep their data too."""
        rows = self.service.store.servers
        for guild_id in await rows.departed_before(float("inf")):
            if self.get_guild(guild_id) is not None and await rows.returned(guild_id):
                log.info("Back in server %s within the grace period: nothing was deleted", guild_id)

    async def on_resumed(self) -> None:
        self.gateway_up = True
        OUTAGES.back()

    async def on_disconnect(self) -> None:
        self.gateway_up = False

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await self._table_deleted(payload.channel_id, [payload.message_id])

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        await self._table_deleted(payload.channel_id, sorted(payload.message_ids))

    async def _table_deleted(self, channel_id: int, message_ids: Sequence[int]) -> None:
        """Someone deleted messages: a running game's table among them is posted again."""
        for message_id in message_ids:
            try:
                await self.repair.table_deleted(channel_id, message_id)
            except discord.HTTPException as error:
                log.warning("Could not post a deleted table again in %s: %s", channel_id, error)

    async def close(self) -> None:
        # Clicks and commands still being handled finish first (a stop signal closed the
        # gate already; a plain close, as in the tests, closes it here).
        await self.gate.close(DRAIN_SECONDS)
        if self._purge_task is not None:
            self._purge_task.cancel()
        if self._repair_task is not None and not self._repair_task.done():
            self._repair_task.cancel()
        if hasattr(self, "scheduler"):
            await stop_clocks(self.scheduler, self._clock_task)
        if getattr(self, "tables", None) is not None:
            await self.tables.computers.stop()  # start-up repair resumes them
        await super().close()
        if self.status_server is not None:
            await self.status_server.stop()
        if self._owns_store and self.store is not None:
            await self.store.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot over discord.py's AutoShardedClient: it runs the shards in ``shards``
    (``shard_count`` in all; the other shards run in other processes on the same
    PostgreSQL database) and repairs only the games of those shards' servers."""
