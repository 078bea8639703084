"""A Stella room's own pictures: upload, clean (no metadata, at most 1024 px), store, list, serve, remove.

Every accepted and refused kind is tested with real image bytes made here (Pillow, or by hand for headers
that Pillow would not write: bombs and files over the pixel cap).
"""

from __future__ import annotations

import contextlib
import io
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import create_room, hello, open_ws, until
from PIL import Image
from starlette.testclient import TestClient

from tischrunde.server import decoding
from tischrunde.server.app import create_app
from tischrunde.server.decoding import MAX_SIDE, PictureError, clean
from tischrunde.server.routes import pictures

GPS_TAG = 0x8825
ORIENTATION_TAG = 0x0112
WHERE = "Gartenweg 7, Musterstadt"  # a place name in the EXIF that must not survive


def exif_with_gps(orientation: int = 1) -> Image.Exif:
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x010E] = WHERE  # ImageDescription
    exif[ORIENTATION_TAG] = orientation
    exif.get_ifd(GPS_TAG).update({1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)})
    return exif


def photo(size: tuple[int, int] = (640, 480), mode: str = "RGB") -> Image.Image:
    """A picture with some structure (so JPEG has work to do): a gradient with a block."""
    image = Image.linear_gradient("L").resize(size).convert(mode)
    block = Image.new(mode, (size[0] // 4, size[1] // 4), "red" if mode != "L" else 90)
    image.paste(block, (size[0] // 8, size[1] // 8))
    if mode == "RGBA":  # real transparency: a see-through band
        image.paste((0, 0, 255, 60), (0, size[1] // 2, size[0], size[1] // 2 + 40))
    return image


def encode(image: Image.Image, fmt: str, **params: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **params)
    return out.getvalue()


def png_header_only(width: int, height: int, padding: int = 0) -> bytes:
    """A valid PNG start that claims ``width`` x ``height`` (1-bit grey), with ``padding`` bytes of text."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    text = chunk(b"tEXt", b"Comment\x00" + b"x" * padding) if padding else b""
    idat = chunk(b"IDAT", zlib.compress(b"\x00" * 1000, 9))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + text + idat + chunk(b"IEND", b"")


# --- cleaning ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "mode", "params", "kept_as"),
    [
        ("JPEG", "RGB", {"quality": 90}, "image/jpeg"),
        ("PNG", "RGB", {}, "image/jpeg"),  # an opaque PNG becomes a JPEG
        ("PNG", "RGBA", {}, "image/webp"),  # transparency is kept (in a lossy WebP)
        ("PNG", "P", {"transparency": 0}, "image/webp"),
        ("PNG", "L", {}, "image/jpeg"),
        ("WEBP", "RGB", {"quality": 80}, "image/jpeg"),
        ("WEBP", "RGBA", {"lossless": True}, "image/webp"),
    ],
)
def test_every_accepted_kind_is_drawn_anew(fmt: str, mode: str, params: dict[str, Any], kept_as: str) -> None:
    source = photo(mode="RGB" if mode == "P" else mode)
    if mode == "P":
        source = source.convert("P")
    data = encode(source, fmt, exif=exif_with_gps(), **params)
    picture = clean(data)
    assert picture.media_type == kept_as
    assert picture.data != data
    with Image.open(io.BytesIO(picture.data)) as out:
        assert out.format == ("WEBP" if kept_as == "image/webp" else "JPEG")
        assert out.size == (640, 480)
        assert not out.getexif() and not out.info.get("exif") and "icc_profile" not in out.info
    assert b"GPS" not in picture.data and WHERE.encode() not in picture.data
    assert len(picture.id) == 32 and clean(data).id == picture.id  # content-addressed, deterministic


def test_a_big_photo_is_scaled_and_turned_upright_by_its_exif() -> None:
    data = encode(photo((3000, 2000)), "JPEG", quality=85, exif=exif_with_gps(orientation=6))  # 90° turned
    picture = clean(data)
    with Image.open(io.BytesIO(picture.data)) as out:
        assert out.size == (round(MAX_SIDE * 2000 / 3000), MAX_SIDE)  # upright: taller than wide
        assert ORIENTATION_TAG not in out.getexif()


def test_odd_modes_and_animations_become_plain_pictures() -> None:
    deep = Image.linear_gradient("L").resize((256, 64)).convert("I").point(lambda v: v * 257)  # 16-bit grey
    for data in (
        encode(deep.convert("I;16"), "PNG"),
        encode(photo().convert("CMYK"), "JPEG"),
        encode(photo().convert("1"), "PNG"),
        encode(photo(), "PNG", save_all=True, append_images=[photo().rotate(90)]),  # APNG
        encode(photo(), "WEBP", save_all=True, append_images=[photo().rotate(90)]),  # animated WebP
        encode(photo(), "JPEG", progressive=True) + b"<script>alert(1)</script>",  # junk after the end
    ):
        picture = clean(data)
        assert b"<script" not in picture.data
        with Image.open(io.BytesIO(picture.data)) as out:
            assert out.mode == "RGB" and getattr(out, "n_frames", 1) == 1
            low, high = out.convert("L").getextrema()
            assert high - low > 100  # the picture survived: not flattened to white or black


def png_with_text() -> bytes:
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Location", WHERE)
    info.add_itxt("Author", "Oma Erna")
    return encode(photo(), "PNG", pnginfo=info, exif=exif_with_gps())


def test_png_text_chunks_and_exif_are_gone() -> None:
    data = png_with_text()
    assert WHERE.encode() in data and b"Oma Erna" in data  # the source has them
    with Image.open(io.BytesIO(data)) as source:
        assert GPS_TAG in source.getexif()
    picture = clean(data)
    assert WHERE.encode() not in picture.data and b"Oma Erna" not in picture.data


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (
            b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            "not_an_image",
        ),
        (b"\xef\xbb\xbf  <svg onload='x'/>", "not_an_image"),
        (b"<!doctype html><html><body><img src=x onerror=alert(1)></body></html>", "not_an_image"),
        (encode(photo(), "GIF"), "unsupported_type"),
        (encode(photo(), "BMP"), "unsupported_type"),
        (b"%PDF-1.7\n" + b"0" * 100, "unsupported_type"),
        (b"", "corrupt"),
        (encode(photo(), "JPEG")[:2000], "truncated"),
        (encode(photo(), "PNG")[: len(encode(photo(), "PNG")) // 2], "truncated"),
        (encode(photo(), "WEBP")[:400], "truncated"),
        (b"\xff\xd8\xff\xe0" + b"\x13" * 5000, "corrupt"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 200, "corrupt"),
        (b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x01" * 64, "corrupt"),
        (png_header_only(30_000, 30_000), "decompression_bomb"),  # 900 MP in a few hundred bytes
        (png_header_only(8_000, 7_000), "decompression_bomb"),  # 56 MP: over our cap, under Pillow's
        (png_header_only(8_000, 7_000, padding=70_000), "too_many_pixels"),  # over the cap, not packed tight
    ],
    ids=[
        "svg",
        "svg-bom",
        "html",
        "gif",
        "bmp",
        "pdf",
        "empty",
        "jpeg-truncated",
        "png-truncated",
        "webp-truncated",
        "jpeg-corrupt",
        "png-corrupt",
        "webp-corrupt",
        "bomb",
        "bomb-under-pillow-cap",
        "pixel-cap",
    ],
)
def test_refused_uploads_name_the_reason(data: bytes, code: str) -> None:
    with pytest.raises(PictureError) as caught:
        clean(data)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message


def test_an_upload_over_8_mb_is_refused_before_decoding() -> None:
    with pytest.raises(PictureError) as caught:
        clean(b"\xff\xd8\xff" + b"\x00" * decoding.MAX_UPLOAD_BYTES)
    assert caught.value.code == "too_large" and caught.value.status == 413


# --- over HTTP -----------------------------------------------------------------------------------


@pytest.fixture
def client(web_dir: Path, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "data", web_dir=web_dir)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        c.stack = stack  # type: ignore[attr-defined]
        yield c


def stella_room(client: TestClient, people: int = 2) -> tuple[str, list[str], list[Any]]:
    code = create_room(client, "stella")
    sockets = [open_ws(client) for _ in range(people)]
    tokens = [hello(ws, code, name=f"P{i}")["token"] for i, ws in enumerate(sockets)]
    return code, tokens, sockets


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_host_uploads_and_every_seat_sees_the_cleaned_pictures(client: TestClient) -> None:
    code, (host, guest), _ = stella_room(client)
    jpeg = encode(photo(), "JPEG", exif=exif_with_gps())
    png = encode(photo((400, 300)), "PNG", exif=exif_with_gps())
    first = client.post(f"/api/rooms/{code}/pictures", content=jpeg, headers=auth(host))
    assert first.status_code == 201, first.text
    body = first.json()
    assert body["count"] == 1 and body["url"] == f"/api/rooms/{code}/pictures/{body['id']}"
    again = client.post(f"/api/rooms/{code}/pictures", content=jpeg, headers=auth(host))
    assert again.status_code == 200 and again.json() == body  # content-addressed: kept once
    second = client.post(f"/api/rooms/{code}/pictures", content=png, headers=auth(host)).json()
    assert second["count"] == 2

    listing = client.get(f"/api/rooms/{code}/pictures", headers=auth(guest))
    assert listing.status_code == 200
    assert listing.json() == {
        "pictures": [{"id": p["id"], "url": p["url"]} for p in (body, second)],
        "count": 2,
        "min": 15,
        "max": 300,
    }
    served = client.get(second["url"])
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/jpeg"
    assert served.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in served.headers["content-security-policy"]
    with Image.open(io.BytesIO(served.content)) as out:
        assert out.format == "JPEG" and out.size == (400, 300)
        assert not out.getexif()
    assert b"GPS" not in served.content and WHERE.encode() not in served.content


def test_a_png_with_gps_is_served_without_it(client: TestClient) -> None:
    code, (host, _), _ = stella_room(client)
    source = encode(photo(mode="RGBA"), "PNG", exif=exif_with_gps())
    with Image.open(io.BytesIO(source)) as original:
        assert original.getexif().get_ifd(GPS_TAG)  # the upload has its GPS position
    url = client.post(f"/api/rooms/{code}/pictures", content=source, headers=auth(host)).json()["url"]
    served = client.get(url)
    assert served.headers["content-type"] == "image/webp"
    with Image.open(io.BytesIO(served.content)) as out:
        assert not out.getexif().get_ifd(GPS_TAG) and not out.getexif()
        assert "exif" not in out.info
    assert (
        b"eXIf" not in served.content
        and b"EXIF" not in served.content
        and b"GPS" not in served.content
        and WHERE.encode() not in served.content
    )


def test_refusals_over_http_name_the_reason_and_keep_nothing(client: TestClient) -> None:
    code, (host, guest), _ = stella_room(client)
    url = f"/api/rooms/{code}/pictures"
    cases = [
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", auth(host), 400, "not_an_image"),
        (encode(photo(), "JPEG")[:1500], auth(host), 400, "truncated"),
        (png_header_only(30_000, 30_000), auth(host), 400, "decompression_bomb"),
        (b"\xff\xd8\xff" + b"\x00" * (decoding.MAX_UPLOAD_BYTES + 1), auth(host), 413, "too_large"),
        (encode(photo(), "JPEG"), auth(guest), 403, "not_host"),
        (encode(photo(), "JPEG"), {}, 401, "not_a_seat"),
        (encode(photo(), "JPEG"), auth("made-up-token"), 401, "not_a_seat"),
        (encode(photo(), "JPEG"), {"Authorization": f"Basic {host}"}, 401, "not_a_seat"),
    ]
    for data, headers, status, code_ in cases:
        response = client.post(url, content=data, headers=headers)
        assert (response.status_code, response.json()["code"]) == (status, code_), response.text
        assert response.json()["message"]
    assert client.get(url, headers=auth(host)).json()["count"] == 0
    assert client.get(url).status_code == 401  # the list is for the room's seats only
    assert client.post("/api/rooms/ZZZZZ/pictures", content=b"x", headers=auth(host)).status_code == 404


def test_the_host_removes_a_picture_and_unknown_ids_are_not_found(client: TestClient) -> None:
    code, (host, guest), _ = stella_room(client)
    made = client.post(
        f"/api/rooms/{code}/pictures", content=encode(photo(), "WEBP"), headers=auth(host)
    ).json()
    assert client.delete(made["url"], headers=auth(guest)).json()["code"] == "not_host"
    assert client.delete(made["url"], headers=auth(host)).json() == {"count": 0}
    assert client.delete(made["url"], headers=auth(host)).status_code == 404
    assert client.get(made["url"]).status_code == 404
    assert client.get(f"/api/rooms/{code}/pictures/../../games").status_code == 404
    assert client.get(f"/api/rooms/{code}/pictures/{'0' * 32}").json()["code"] == "unknown_picture"


def test_a_picture_is_served_only_under_its_own_room(client: TestClient) -> None:
    code, (host, _), _ = stella_room(client)
    other, _, _ = stella_room(client)
    made = client.post(
        f"/api/rooms/{code}/pictures", content=encode(photo(), "JPEG"), headers=auth(host)
    ).json()
    assert client.get(f"/api/rooms/{other}/pictures/{made['id']}").status_code == 404
    assert client.get(made["url"]).status_code == 200


def test_only_a_lobby_whose_game_takes_pictures_takes_them(client: TestClient) -> None:
    toy = create_room(client, "toy")
    ws = open_ws(client)
    token = hello(ws, toy, name="A")["token"]
    response = client.post(f"/api/rooms/{toy}/pictures", content=encode(photo(), "JPEG"), headers=auth(token))
    assert response.json()["code"] == "no_own_pictures"

    code, tokens, sockets = stella_room(client, people=3)
    host = tokens[0]
    sockets[0].send_json({"type": "host", "op": "start"})
    for ws in sockets:
        until(ws, "state")
    response = client.post(f"/api/rooms/{code}/pictures", content=encode(photo(), "JPEG"), headers=auth(host))
    assert (response.status_code, response.json()["code"]) == (409, "not_in_lobby")


def test_a_room_holds_at_most_300_pictures(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pictures, "MAX_PICTURES", 2)
    code, (host, _), _ = stella_room(client)
    for shade in (10, 20):
        data = encode(Image.new("RGB", (32, 32), (shade, 0, 0)), "PNG")
        assert client.post(f"/api/rooms/{code}/pictures", content=data, headers=auth(host)).status_code == 201
    full = client.post(f"/api/rooms/{code}/pictures", content=encode(photo(), "PNG"), headers=auth(host))
    assert (full.status_code, full.json()["code"]) == (409, "too_many_pictures")
    assert client.get(f"/api/rooms/{code}/pictures", headers=auth(host)).json()["count"] == 2


def test_a_room_may_upload_only_so_often(
    web_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pictures, "UPLOADS_PER_MINUTE", 3)  # read when the app is made
    with TestClient(create_app(tmp_path / "d", web_dir=web_dir)) as client, contextlib.ExitStack() as stack:
        client.stack = stack  # type: ignore[attr-defined]
        code, (host, _), _ = stella_room(client)
        url = f"/api/rooms/{code}/pictures"
        answers = [client.post(url, content=b"<svg/>", headers=auth(host)).status_code for _ in range(4)]
        assert answers == [400, 400, 400, 429]  # refused uploads count too: each one was work
        assert (
            client.post(url, content=encode(photo(), "JPEG"), headers=auth(host)).json()["code"]
            == "rate_limited"
        )
