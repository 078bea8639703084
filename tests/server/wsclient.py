"""A small protocol client over real WebSockets (the ``websockets`` package)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


class Client:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []

    @classmethod
    async def open(cls, port: int) -> Client:
        return cls(await connect(f"ws://127.0.0.1:{port}/ws", max_size=2**22))

    async def send(self, **frame: Any) -> None:
        await self.ws.send(json.dumps(frame))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        data = await asyncio.wait_for(self.ws.recv(), timeout)
        text = data if isinstance(data, str) else data.decode()
        self.raw.append(text)
        frame = json.loads(text)
        assert isinstance(frame, dict)
        self.frames.append(frame)
        return frame

    async def until(self, kind: str, check: Any = None, timeout: float = 10.0) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.01, end - loop.time()))
            if frame["type"] == kind and (check is None or check(frame)):
                return frame

    async def hello(self, room: str, **fields: Any) -> dict[str, Any]:
        await self.send(type="hello", room=room, **fields)
        return await self.until("welcome")

    async def close(self) -> None:
        await self.ws.close()
