"""A real PostgreSQL server for the tests, and a fresh database for each test.

The server is the one `GM_TEST_POSTGRES` names (a postgresql:// URL of a role that may
create databases), else one of our own: Debian's `postgresql` binaries
(/usr/lib/postgresql/<version>/bin, installed by `make install`) initialise a cluster in a
temporary directory and serve it on a unix socket there only (no TCP port), as an
unprivileged user: PostgreSQL refuses to run as root, and CI runs the tests as root, so root
runs it as Debian's `postgres` user, or creates a system user of its own when that is
missing. Durability is off (fsync, synchronous commit): the server lives for one session.

Each test gets a database of its own, copied from a template that the migrations already
brought up to date (CREATE DATABASE ... TEMPLATE copies files: milliseconds), and dropped
after the test.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import asyncpg

from storage import PostgresRepository

ENV_URL = "GM_TEST_POSTGRES"
BIN_ROOT = Path("/usr/lib/postgresql")
FALLBACK_USER = "gm-postgres"  # created when Debian's `postgres` user is missing
SUPERUSER = "gm"
PORT = 5432  # names the socket file only: the server listens on no TCP port
START_TIMEOUT = 60
SETTINGS = {"listen_addresses": "''", "fsync": "off", "synchronous_commit": "off",
            "full_page_writes": "off", "max_connections": "200"}


class Unavailable(Exception):
    """No server can be had here; the message says why and how to get one."""


@dataclass
class Server:
    """A server the tests may create databases on, through `admin_url`."""

    admin_url: str
    template: str = ""

    def url(self, database: str) -> str:
        """The URL of `database` on this server (same role, host and options)."""
        return re.sub(r"(postgres(?:ql)?://[^/?]*)/?[^?]*", rf"\1/{database}", self.admin_url,
                      count=1)

    async def prepare(self) -> None:
        """Creates the template, migrated, named after this process (so two test sessions
        may share one server)."""
        self.template = f"gm_template_{os.getpid()}"
        await self._admin(f'DROP DATABASE IF EXISTS "{self.template}"',
                          f'CREATE DATABASE "{self.template}" ENCODING \'UTF8\''
                          " TEMPLATE template0")
        async with PostgresRepository(self.url(self.template), pool_size=1):
            pass

    async def create(self, name: str, *, empty: bool = False) -> str:
        """A database with the latest schema, or `empty` (not even migrated)."""
        source = "template0 ENCODING 'UTF8'" if empty else f'"{self.template}"'
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE {source}')
        return self.url(name)

    async def drop(self, name: str) -> None:
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def _admin(self, *statements: str) -> None:
        conn = await asyncpg.connect(self.admin_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()


class Databases:
    """Fresh databases on `server`, one per test."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self._numbers = itertools.count(1)

    @contextmanager
    def fresh(self, *, empty: bool = False) -> Iterator[str]:
        name = f"gm_test_{os.getpid()}_{next(self._numbers)}"
        url = asyncio.run(self.server.create(name, empty=empty))
        try:
            yield url
        finally:
            asyncio.run(self.server.drop(name))


@contextmanager
def postgres_server() -> Iterator[Server]:
    """The server of `GM_TEST_POSTGRES`, else one started here for as long as the context
    lasts. Raises Unavailable when neither can be had."""
    given = os.environ.get(ENV_URL)
    if given:
        server = Server(given)
        _prepare(server)
        try:
            yield server
        finally:
            asyncio.run(server._admin(f'DROP DATABASE IF EXISTS "{server.template}"'))
        return
    with _local_server() as server:
        _prepare(server)
        yield server


def _prepare(server: Server) -> None:
    try:
        asyncio.run(server.prepare())
    except (OSError, asyncpg.PostgresError) as error:
        raise Unavailable(f"cannot create databases on the test server: {error}") from error


@contextmanager
def _local_server() -> Iterator[Server]:
    bin_dir = _bin_dir()
    user = _server_user()
    folder = Path(tempfile.mkdtemp(prefix="gm-postgres-"))
    try:
        if user is not None:
            shutil.chown(folder, user.pw_uid, user.pw_gid)
        data, log = folder / "data", folder / "server.log"
        _run(user, bin_dir / "initdb", "-D", data, "-U", SUPERUSER, "--auth=trust",
             "--encoding=UTF8", "--locale=C", "--no-sync")
        options = " ".join(f"-c {key}={value}" for key, value in SETTINGS.items())
        _run(user, bin_dir / "pg_ctl", "-D", data, "-l", log, "-w", "-t", START_TIMEOUT,
             "-o", f"-k {folder} -p {PORT} {options}", "start", log=log)
        try:
            yield Server(f"postgresql://{SUPERUSER}@/postgres?host={quote(str(folder))}"
                         f"&port={PORT}")
        finally:
            _run(user, bin_dir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _bin_dir() -> Path:
    """The newest installed version's binaries."""
    found = sorted((path.parent for path in BIN_ROOT.glob("*/bin/initdb")),
                   key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0)
    if not found:
        raise Unavailable(f"no PostgreSQL server under {BIN_ROOT}: install Debian's "
                          f"`postgresql` package (`make install` does as root), or set "
                          f"{ENV_URL} to a server's URL")
    return found[-1]


def _server_user() -> pwd.struct_passwd | None:
    """Whom the server runs as: ourselves, unless we are root (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", FALLBACK_USER):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    FALLBACK_USER], check=True, capture_output=True)
    return pwd.getpwnam(FALLBACK_USER)


def _run(user: pwd.struct_passwd | None, *command: object, log: Path | None = None) -> None:
    """Runs a server binary as `user` (None: as ourselves); Unavailable if it fails, with
    its output and the server's log."""
    argv = [str(part) for part in command]
    if user is not None:
        argv = ["runuser", "-u", user.pw_name, "--", *argv]
    done = subprocess.run(argv, capture_output=True, text=True, cwd="/")
    if done.returncode != 0:
        told = done.stdout + done.stderr
        if log is not None and log.exists():
            told += log.read_text(errors="replace")
        raise Unavailable(f"{' '.join(argv)} failed ({done.returncode}): {told.strip()}")
