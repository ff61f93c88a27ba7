"""The one allow-list of the dead-code check (`make test` runs vulture over the source folders
with this file; settings in pyproject.toml `[tool.vulture]`).

Vulture reports a name nothing in the source folders reads. Each line below names one that is
read all the same, by a framework calling it by name or by the tests, and says who reads it;
mypy checks that every name still exists. A name goes here only with such a reader: a name
nothing reads is deleted instead. The file is read by vulture and mypy, never run.
"""
# ruff: noqa: B018 (a line that names a name and does nothing else is the point here)

import aiosqlite
import discord
from discord.ext import commands

from bot.i18n.catalog import check_pattern
from bot.i18n.words import Reader
from bot.tools.fakediscord import world
from bot.tools.fakediscord.bots import BotProcess
from bot.tools.fakediscord.gateway import Gateway
from bot.tools.fakediscord.ratelimits import RateLimiter
from bot.tools.fakediscord.users import ScriptedUser
from rendering.kit.scene import Speech
from storage.outbox import OutboxStore
from storage.rows import Row
from storage.tables import TableStore

# -- called by discord.py, which overrides of its hooks vulture cannot see -----------------------
discord.Client.on_error  # an event handler raised: GameBot logs it and serves on
discord.Client.before_identify_hook  # ShardedGameBot paces its shards' IDENTIFY
commands.Cog.cog_load  # a cog's start (the clock's and the outbox's loops)
commands.Cog.cog_unload  # a cog's stop
commands.Cog.cog_app_command_error  # every cog's refusal of a failed command
discord.ui.DynamicItem.from_custom_id  # a pressed persistent button, rebuilt from its id
discord.ui.Item.callback  # a pressed button's handler

# -- called by Python or a library through syntax or a setting -----------------------------------
Reader.__call__  # vulture 2.16 reports a __call__ with positional-only parameters
Speech.__call__  # (the same)
Row.__getitem__  # (the same, for row["column"])
aiosqlite.Connection.row_factory  # sqlite3 reads it to build each row: storage/sqlbase.py

# -- read by the tests only, kept because what they test is the product's ------------------------
check_pattern  # the catalog tests parse every text of every locale as the bot's Fluent does
OutboxStore.post_of  # the outbox tests read back what an action stored to announce
TableStore.spectators  # the seat tests read back who follows a table (the service only writes)
# The local Discord's controls, by which the e2e tests play a gateway's faults and a crash:
Gateway.reconnect  # ask the bot to reconnect (op 7)
Gateway.request_heartbeat  # ask for a heartbeat (op 1)
RateLimiter.force_429  # a 429 from another bot's traffic
ScriptedUser.press  # press a button by its label
BotProcess.family  # a killed bot's processes, to check that its renderers end with it
BotProcess.all_gone  # (the same)
world.MANAGER_PERMISSIONS  # the e2e tests' server owner


def gateway_counters(gateway: Gateway) -> None:
    """The gateway's counters, an instance's."""
    gateway.identifies  # IDENTIFY count (a resume must not identify again)
    gateway.resumes  # RESUME count
    gateway.heartbeats  # HEARTBEAT count


gateway_counters
