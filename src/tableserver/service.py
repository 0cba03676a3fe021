"""The game service: what the routes and the table sockets ask, made of parts with one job each: the live
tables (registry.py), moves, bots and turn clocks (play.py), seats and their tokens (seats.py), the table chat
(chat.py), and idle tables expiring (expiry.py)."""

from __future__ import annotations

from .chat import TableChat
from .expiry import IdleExpiry
from .hub import Hub
from .play import Play
from .registry import TableRegistry
from .repository import Repository
from .seats import Seats
from .settings import ServerSettings
from .writer import Writer


class GameService:
    def __init__(self, repository: Repository, writer: Writer, hub: Hub, settings: ServerSettings) -> None:
        self.hub = hub
        self.play = Play(writer, hub, settings)
        self.tables = TableRegistry(repository, writer, hub, settings, self.play.install)
        self.seats = Seats(self.tables, self.play, writer, hub, settings)
        self.chat = TableChat(writer, hub)
        self._expiry = IdleExpiry(self.tables, writer, hub, settings.idle_expiry)

    async def start(self) -> None:
        """Let every unfinished game carry on where it stopped."""
        await self.tables.load_unfinished()
        self._expiry.start()

    async def stop(self) -> None:
        await self._expiry.stop()
        await self.play.stop(self.tables.live())
