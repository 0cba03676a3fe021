"""Table chat: the seated players talk among themselves and the spectators among themselves; neither side sees
the other's talk while the game is on, so a spectator cannot tip a player. Every message is stored with the table
and shown in its replay. A message is one line of at most `MAX_TEXT` characters, a table keeps at most
`MAX_PER_CHANNEL` per side, and each client address may send only so many a minute (limits.ClientLimits.chat).
Text is kept as typed: pages show it as text, never as markup. Muting someone is each reader's own choice, made
in the page (by `author`: a seat, or a spectator's connection)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from .errors import ServiceError, bad_request
from .language import _
from .live import LiveTable
from .localize import seat_name
from .repository import Repository, now

if TYPE_CHECKING:
    from .hub import Client, Hub
    from .writer import Writer

PLAYERS, SPECTATORS = "players", "spectators"
MAX_TEXT = 300
MAX_PER_CHANNEL = 500
HISTORY = 200  # the latest messages of its side a (re)connecting client is sent


def channel_of(seat: int | None) -> str:
    return SPECTATORS if seat is None else PLAYERS


def history(table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """What `seat` (None: a spectator) may read of the table's chat, the latest last."""
    channel = channel_of(seat)
    return [message for message in table.chat if message["channel"] == channel][-HISTORY:]


class TableChat:
    def __init__(self, writer: Writer, hub: Hub) -> None:
        self._writer = writer
        self._hub = hub

    async def say(self, table: LiveTable, client: Client, text: str, name: str | None) -> dict[str, Any]:
        """Store what `client` said and send it to its side of the table; the message as sent."""
        line = " ".join(text.split())  # one line: no control characters, no runs of blank space
        if not line:
            raise bad_request("a chat message needs some text")
        if len(line) > MAX_TEXT:
            raise bad_request("a chat message has at most {most} characters, this one has {length}", most=MAX_TEXT,
                              length=len(line))
        channel = channel_of(client.seat)
        if client.seat is None:
            who = " ".join((name or "").split())[:40] or _("Spectator", client.lang)
        else:
            who = seat_name(table.seats[client.seat], client.lang)
        async with table.lock:  # numbered in the order said, also against other tabs
            if sum(message["channel"] == channel for message in table.chat) >= MAX_PER_CHANNEL:
                raise ServiceError("chat_full", "this table's chat already holds {most} messages", 409,
                                   most=MAX_PER_CHANNEL)
            message = {"number": len(table.chat), "channel": channel, "author": client.author, "name": who,
                       "text": line, "seq": table.seq, "at": now().isoformat()}
            try:
                await self._writer.write(partial(Repository.add_chat, table_id=table.id, message=message))
            except Exception:
                raise ServiceError("unavailable", "the message could not be saved, so it was not sent; please try"
                                   " again", 503) from None
            table.chat.append(message)
            self._hub.send_chat(table, message)
        return message
