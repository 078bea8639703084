"""Frames written straight to the socket (``direct_writer``) are valid WebSocket frames and never overtake
frames that had to wait for a paused socket."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import Any

import pytest
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from tischrunde.server.conn import Conn
from tischrunde.server.middleware import RAW_SEND
from tischrunde.server.sessions import direct_writer, write_frames


class FakeTransport:
    def __init__(self) -> None:
        self.data = bytearray()
        self.closing = False

    def write(self, data: bytes) -> None:
        self.data += data

    def is_closing(self) -> bool:
        return self.closing


class FakeProtocol(WebSocketsSansIOProtocol):
    """uvicorn's protocol with only the fields ``direct_writer`` reads (no server behind it)."""

    def __init__(self) -> None:  # the real one needs a server config and an event loop
        self.transport = FakeTransport()
        self.writable = asyncio.Event()
        self.writable.set()
        self.close_sent = False
        self.disconnected = False
        self.sent: list[Any] = []

    async def send(self, message: Any) -> None:
        await self.writable.wait()
        self.sent.append(message)


class FakeWebSocket:
    def __init__(self, proto: FakeProtocol) -> None:
        self.scope = {RAW_SEND: proto.send}
        self.closed = False

    async def close(self) -> None:
        self.closed = True


def _frames(data: bytes | bytearray) -> list[Frame]:
    """Parse server-to-client frames with the websockets library's own client-side parser."""
    reader = StreamReader()
    reader.feed_data(bytes(data))
    reader.feed_eof()
    out = []
    while reader.buffer:
        parser: Generator[None, None, Frame] = Frame.parse(reader.read_exact, mask=False)
        try:
            next(parser)
        except StopIteration as done:
            out.append(done.value)
            continue
        pytest.fail("a frame is cut short")
    return out


async def test_frames_of_every_length_form_parse() -> None:
    proto = FakeProtocol()
    write = direct_writer(FakeWebSocket(proto))  # type: ignore[arg-type]
    assert write is not None
    payloads = [b'{"a":1}', b"[" + b"1," * 200 + b"1]", ('"' + "ä" * 40_000 + '"').encode()]
    for payload in payloads:
        assert write(payload)
    frames = _frames(proto.transport.data)
    assert [(f.opcode, f.fin, f.data) for f in frames] == [(Opcode.TEXT, True, p) for p in payloads]
    assert [len(p) < 126 for p in payloads] == [True, False, False]
    assert len(payloads[2]) >= 65536


async def test_no_direct_write_when_the_socket_cannot_take_it() -> None:
    proto = FakeProtocol()
    write = direct_writer(FakeWebSocket(proto))  # type: ignore[arg-type]
    assert write is not None
    proto.writable.clear()
    assert not write(b"1")
    proto.writable.set()
    proto.close_sent = True
    assert not write(b"2")
    proto.close_sent = False
    proto.transport.closing = True
    assert not write(b"3")
    assert proto.transport.data == b""


async def test_other_servers_get_no_direct_writer() -> None:
    class Other:
        async def send(self, message: Any) -> None:
            pass

    ws = FakeWebSocket(FakeProtocol())
    ws.scope = {RAW_SEND: Other().send}
    assert direct_writer(ws) is None  # type: ignore[arg-type]


async def test_frames_keep_their_order_through_a_pause() -> None:
    proto = FakeProtocol()
    ws = FakeWebSocket(proto)
    conn = Conn("test")
    conn.direct = direct_writer(ws)  # type: ignore[arg-type]
    writer = asyncio.create_task(write_frames(ws, conn))  # type: ignore[arg-type]
    conn.send(b"1")  # written at once
    proto.writable.clear()  # the client reads slowly: the transport pauses
    conn.send(b"2")
    conn.send(b"3")
    await asyncio.sleep(0)  # the writer takes 2 and 3 and waits for the transport
    assert conn.writing
    proto.writable.set()
    conn.send(b"4")  # the socket could take it, but 2 and 3 are still on their way: 4 waits behind them
    for _ in range(10):
        await asyncio.sleep(0)
    assert not conn.writing
    conn.send(b"5")  # nothing in between any more: at once again
    written = [f.data for f in _frames(proto.transport.data)]
    queued = [m["text"].encode() for m in proto.sent]
    assert written == [b"1", b"5"]
    assert queued == [b"2", b"3", b"4"]
    conn.close()
    await asyncio.wait_for(writer, 5)
    assert ws.closed
