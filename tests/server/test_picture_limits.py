"""What one upload, one room or one host may cost the server: pixels and shape a photo has, memory bounded by
the decoder's worker process, rooms taking turns at the decoder within a budget, and pictures kept small and
within a quota per room and in all."""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import random
import socket
import struct
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import procs
import pytest
from helpers import wait_for
from PIL import Image
from starlette.testclient import TestClient
from test_pictures import auth, client, encode, photo, stella_room  # noqa: F401  (client: a fixture)
from websockets.sync.client import connect

from tischrunde.server import decoding
from tischrunde.server.app import create_app
from tischrunde.server.routes import pictures


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_of_rows(width: int, height: int, *, colour: int = 0, channels: int = 1, bits: int = 8) -> bytes:
    """A real, complete PNG of ``height`` rows of zeros, packed as tight as zlib goes."""
    row = b"\x00" * (1 + (width * channels * bits + 7) // 8)
    packer = zlib.compressobj(9)
    per_block = max(1, 1_000_000 // len(row))
    parts, left = [], height
    while left:
        take = min(left, per_block)
        parts.append(packer.compress(row * take))
        left -= take
    parts.append(packer.flush())
    ihdr = struct.pack(">IIBBBBB", width, height, bits, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")
    )


def post(client: TestClient, code: str, token: str, data: bytes) -> Any:  # noqa: F811
    return client.post(f"/api/rooms/{code}/pictures", content=data, headers=auth(token))


def refusal(answer: Any) -> tuple[int, str]:
    body = answer.json()
    assert body["message"], body
    return answer.status_code, body["code"]


def peak_rss_kb() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


def reset_peak_rss() -> None:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # the peak resident size starts again from the current one


# --- item 4: what a photo is, and bounded memory ------------------------------------------------------


def test_tall_huge_and_tightly_packed_pictures_are_refused_from_their_header(client: TestClient) -> None:  # noqa: F811
    code, (host, _), _ = stella_room(client)
    tall = png_of_rows(1, 49_999_999)  # about 97 KB
    assert len(tall) < 120_000
    assert refusal(post(client, code, host, tall)) == (400, "too_many_pixels")
    square = png_of_rows(7000, 7000, colour=6, channels=4)  # RGBA, about 190 KB
    assert refusal(post(client, code, host, square)) == (400, "too_many_pixels")
    # a strip a photo never is, well within the pixel cap
    assert refusal(post(client, code, host, png_of_rows(20_000, 400, colour=2, channels=3))) == (
        400,
        "aspect_ratio",
    )
    # 16 MP of 1-bit zeros in a few KB: under the pixel cap, yet far more pixels per byte than a photo has
    flat = png_of_rows(4000, 4000, bits=1)
    assert len(flat) * 1_000 < 16_000_000  # over 1000 pixels a byte
    assert refusal(post(client, code, host, flat)) == (400, "decompression_bomb")
    # within every cap: a panorama of 1:6 and a 24-megapixel picture are fine
    assert post(client, code, host, encode(photo((3000, 500)), "JPEG")).status_code == 201
    big = png_of_rows(6000, 4000, colour=2, channels=3)
    reset_peak_rss()
    before = peak_rss_kb()
    assert post(client, code, host, big).status_code == 201
    # decoded in the worker process: this process held the upload and the kept copy, not the 72 MB of pixels
    assert peak_rss_kb() - before < 40_000
    assert client.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["count"] == 2


@contextlib.contextmanager
def serving(web_dir: Path, tmp_path: Path) -> Iterator[TestClient]:
    """An app made now (after a test has set the limits it reads when it is made)."""
    with TestClient(create_app(tmp_path / "fresh", web_dir=web_dir)) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def test_a_picture_needing_more_memory_than_a_worker_has_is_refused_and_the_next_one_is_fine(
    web_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decoding, "MEMORY_LIMIT", 160 * 2**20)  # read when the app is made
    with serving(web_dir, tmp_path) as c:
        code, (host, _), _ = stella_room(c)
        big = png_of_rows(6000, 4000, colour=6, channels=4)  # 96 MB of pixels, and more to scale them
        assert refusal(post(c, code, host, big)) == (400, "picture_too_large")
        assert post(c, code, host, encode(photo(), "JPEG")).status_code == 201  # a fresh worker
        assert c.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["count"] == 1


def test_a_picture_that_takes_too_long_is_stopped_and_the_worker_replaced(
    web_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decoding, "DECODE_TIMEOUT_S", 0.05)  # read when the app is made
    with serving(web_dir, tmp_path) as c:
        code, (host, _), _ = stella_room(c)
        assert refusal(post(c, code, host, slow_picture(2))) == (400, "decode_timeout")
        decoder = c.app.state.pictures.decoder  # type: ignore[attr-defined]
        decoder.timeout = 60.0
        assert post(c, code, host, encode(photo(), "JPEG")).status_code == 201
        assert decoder.workers[0].started == 2  # the stopped worker was replaced by a fresh one


# --- item 6: rooms take turns, each within a budget ---------------------------------------------------


def slow_picture(seed: int) -> bytes:
    """A 24 MP PNG that takes the worker a while (noise does not compress: every byte is decoded)."""
    rnd = random.Random(seed)
    tile = Image.frombytes("RGB", (600, 400), rnd.randbytes(600 * 400 * 3))
    return encode(tile.resize((6000, 4000), Image.Resampling.NEAREST), "PNG", compress_level=1)


def test_another_rooms_small_picture_does_not_wait_for_one_rooms_queue(
    web_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pictures, "UPLOADS_PER_ROOM", 8)  # read when the app is made
    monkeypatch.setattr(pictures, "UPLOADS_PER_ADDRESS", 16)
    monkeypatch.setattr(pictures, "UPLOADS_TOTAL", 16)
    with serving(web_dir, tmp_path) as fresh:
        fair_turns(fresh)


def fair_turns(client: TestClient) -> None:  # noqa: F811
    busy_code, (busy_host, _), _ = stella_room(client)
    code, (host, _), _ = stella_room(client)
    done: list[str] = []
    slow = [slow_picture(1)] * 5  # the same picture: each upload is decoded anyway (then kept once)

    def upload(room: str, token: str, data: bytes, name: str) -> None:
        answer = post(client, room, token, data)
        assert answer.status_code in (200, 201), answer.text
        done.append(name)

    threads = [
        threading.Thread(target=upload, args=(busy_code, busy_host, data, f"busy{i}"))
        for i, data in enumerate(slow)
    ]
    for thread in threads:
        thread.start()
    decoder = client.app.state.pictures.decoder  # type: ignore[attr-defined]
    wait_for(lambda: len(decoder.queues.get(busy_code, ())) >= 3, timeout=20)  # the busy room's queue waits
    small = threading.Thread(target=upload, args=(code, host, encode(photo((64, 64)), "JPEG"), "small"))
    small.start()
    for thread in [*threads, small]:
        thread.join(60)
    assert sorted(done) == sorted([*(f"busy{i}" for i in range(5)), "small"])
    # the small one waits for the picture being decoded, not for the busy room's queue
    assert done.index("small") <= 1, done


def test_a_room_past_its_decoding_budget_waits_and_others_do_not(
    client: TestClient,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(decoding, "BUDGET_S", 0.05)
    monkeypatch.setattr(decoding, "BUDGET_PER_MINUTE_S", 0.6)  # 0.01 s a second
    code, (host, _), _ = stella_room(client)
    other, (other_host, _), _ = stella_room(client)
    assert post(client, code, host, slow_picture(1)).status_code == 201  # uses more than the budget
    answer = post(client, code, host, encode(photo(), "JPEG"))
    assert refusal(answer) == (429, "decode_budget")
    assert int(answer.headers["retry-after"]) >= 1
    assert post(client, other, other_host, encode(photo(), "JPEG")).status_code == 201
    assert client.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["count"] == 1


# --- item 7: small copies, quotas ---------------------------------------------------------------------


def noise_webp() -> bytes:
    """About 2 MB of lossy WebP noise with transparency: the worst case for a kept copy."""
    rnd = random.Random(3)
    image = Image.frombytes("RGBA", (1400, 1100), rnd.randbytes(1400 * 1100 * 4))
    return encode(image, "WEBP", quality=80, method=0)


def test_a_picture_is_kept_small_whatever_was_uploaded(client: TestClient) -> None:  # noqa: F811
    code, (host, _), _ = stella_room(client)
    source = noise_webp()
    assert len(source) > 2_000_000
    made = post(client, code, host, source)
    assert made.status_code == 201, made.text
    served = client.get(made.json()["url"])
    assert len(served.content) <= decoding.MAX_STORED_BYTES
    assert served.headers["content-type"] == "image/webp"
    with Image.open(io.BytesIO(served.content)) as out:
        assert max(out.size) <= decoding.MAX_SIDE and out.mode == "RGBA"


def test_pictures_kept_as_png_by_an_earlier_version_are_still_served(client: TestClient) -> None:  # noqa: F811
    code, (host, _), _ = stella_room(client)
    old = encode(photo(mode="RGBA"), "PNG")
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    picture_id = "ab" * 16
    assert client.portal.call(store.add_picture, code, picture_id, old, 300) == 1  # type: ignore[union-attr]
    served = client.get(f"/api/rooms/{code}/pictures/{picture_id}")
    assert served.status_code == 200 and served.headers["content-type"] == "image/png"
    assert served.content == old
    # and listed with the new ones, in the order they came
    fresh = post(client, code, host, encode(photo(), "JPEG")).json()
    listed = client.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["pictures"]
    assert [p["id"] for p in listed] == [picture_id, fresh["id"]]


def test_room_and_total_quotas_refuse_with_their_own_code(
    client: TestClient,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, (host, _), _ = stella_room(client)
    first = post(client, code, host, encode(photo(), "JPEG")).json()
    size = len(client.get(first["url"]).content)
    monkeypatch.setattr(pictures, "ROOM_QUOTA_BYTES", size + size // 2)
    assert refusal(post(client, code, host, encode(photo().rotate(180), "JPEG"))) == (409, "quota_room")
    assert client.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["count"] == 1
    # removing a picture makes room again
    assert client.delete(first["url"], headers=auth(host)).status_code == 200
    assert post(client, code, host, encode(photo().rotate(180), "JPEG")).status_code == 201
    # all rooms together
    monkeypatch.setattr(pictures, "ROOM_QUOTA_BYTES", 64 * 2**20)
    monkeypatch.setattr(pictures, "TOTAL_QUOTA_BYTES", size + size // 2)
    other, (other_host, _), _ = stella_room(client)
    full = post(client, other, other_host, encode(photo(), "JPEG"))
    assert refusal(full) == (507, "quota_total")
    assert "full" in full.json()["message"]
    assert client.get(f"/api/rooms/{other}/pictures", headers=auth(other_host)).json()["count"] == 0


# --- item 5: uploads under way are capped before their bodies are read (a real server process) ----------


def http_json(port: int, method: str, path: str, body: bytes = b"", token: str = "") -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if path == "/api/rooms":
        headers["content-type"] = "application/json"
    try:
        conn.request(method, path, body=body or None, headers=headers)
        answer = conn.getresponse()
        return answer.status, (json.loads(answer.read()), dict(answer.getheaders()))
    finally:
        conn.close()


class HeldUpload:
    """An upload that has sent its headers and half its body, and waits."""

    def __init__(self, port: int, code: str, token: str, data: bytes) -> None:
        self.data = data
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        head = (
            f"POST /api/rooms/{code}/pictures HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.sock.sendall(head.encode() + data[: len(data) // 2])

    def finish(self) -> int:
        self.sock.sendall(self.data[len(self.data) // 2 :])
        reply = self.sock.makefile("rb").readline()
        self.sock.close()
        return int(reply.split()[1])


def test_uploads_beyond_the_caps_are_refused_before_their_bodies_are_read(tmp_path: Path) -> None:
    port = procs.free_port()
    data = tmp_path / "data"
    data.mkdir()
    server = procs.start_server(data, port, toy=False)
    sockets = contextlib.ExitStack()
    held: list[HeldUpload] = []
    try:
        rooms = []
        for _ in range(3):
            status, (room, _) = http_json(port, "POST", "/api/rooms", json.dumps({"game": "stella"}).encode())
            assert status == 201, room
            ws = sockets.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
            ws.send(json.dumps({"type": "hello", "room": room["code"], "name": "Host"}))
            welcome = next(f for f in (json.loads(ws.recv(10)) for _ in range(10)) if f["type"] == "welcome")
            rooms.append((room["code"], welcome["token"]))
        (code, token), (code_b, token_b), (code_c, token_c) = rooms
        picture = encode(photo(), "JPEG")
        held = [HeldUpload(port, code, token, picture) for _ in range(pictures.UPLOADS_PER_ROOM)]

        def busy() -> bool:
            status, _ = http_json(
                port, "POST", f"/api/rooms/{code}/pictures", encode(photo((64, 48)), "JPEG"), token
            )
            return status == 503

        wait_for(busy, timeout=10)  # once the held uploads are counted, the room's next one is refused
        # refused from the headers alone: no body at all is sent, and the answer comes at once
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.putrequest("POST", f"/api/rooms/{code}/pictures")
        conn.putheader("Authorization", f"Bearer {token}")
        conn.putheader("Content-Length", str(8 * 2**20 - 1))
        conn.endheaders()
        answer = conn.getresponse()
        body = json.loads(answer.read())
        conn.close()
        assert (answer.status, body["code"]) == (503, "uploads_busy") and body["message"]
        assert int(answer.getheader("retry-after") or 0) >= 1
        # another room of the same address is still served, up to the address's cap
        held += [HeldUpload(port, code_b, token_b, picture) for _ in range(pictures.UPLOADS_PER_ADDRESS - 2)]
        wait_for(
            lambda: http_json(port, "POST", f"/api/rooms/{code_c}/pictures", picture, token_c)[0] == 503,
            timeout=10,
        )
        # the held uploads go through, and then there is room again
        assert sorted(h.finish() for h in held) == [200] * (len(held) - 2) + [201, 201]
        held = []
        assert http_json(port, "POST", f"/api/rooms/{code_c}/pictures", picture, token_c)[0] == 201
        assert "Traceback" not in (tmp_path / f"server-{port}.log").read_text()
    finally:
        for upload in held:
            upload.sock.close()
        sockets.close()
        procs.stop(server)
