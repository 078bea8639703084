"""Uploaded pictures cleaned in a worker process: bounded memory, a time limit, and the rooms take turns.

``clean`` decodes one upload and draws it anew (rules: ``routes.pictures``). It refuses before decoding what a
photo never is: more than ``MAX_PIXELS`` pixels (``too_many_pixels``), a side more than ``MAX_ASPECT`` times
the other (``aspect_ratio``), more than ``BOMB_PIXELS_PER_BYTE`` pixels per byte of file
(``decompression_bomb``). A JPEG is decoded at a reduced scale (``Image.draft``); every picture is turned
upright and scaled once it is small. The kept copy is at most ``MAX_SIDE`` px on its longer side and at most
``MAX_STORED_BYTES``: a JPEG, or a lossy WebP when it has transparency (lower quality, then fewer pixels,
until it fits).

``Decoder`` runs ``clean`` in worker processes (``python -m tischrunde.server.decoding``), never in the
server: a worker's address space is capped (``MEMORY_LIMIT``, ``RLIMIT_AS``: a picture that needs more is
refused with ``picture_too_large``), a picture gets ``DECODE_TIMEOUT_S`` (then the worker is killed:
``decode_timeout``), a worker that dies or grows past ``RECYCLE_RSS`` is replaced by a fresh one, and one
idle for ``IDLE_S`` is stopped. Waiting pictures are taken one room at a time, in turn, so one room's queue
never holds up another room's upload for longer than one picture per room; each room has a decoding budget
(``BUDGET_S`` seconds of worker time, refilled at ``BUDGET_PER_MINUTE_S`` a minute): a room past it is
refused with ``decode_budget`` (HTTP 429, ``retry_after``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import io
import logging
import math
import os
import resource
import select
import struct
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import IO

import msgspec
from PIL import Image, UnidentifiedImageError

MAX_UPLOAD_BYTES = 8 * 1024 * 1024
#: the most pixels an upload may have (a 24-megapixel phone photo is fine)
MAX_PIXELS = 24_000_000
#: the longer side may be at most this many times the shorter (a phone's panorama is about 1:4)
MAX_ASPECT = 8
#: more pixels per byte of file than this is a decompression bomb (a photo has well under 100)
BOMB_PIXELS_PER_BYTE = 1_000
#: the kept copy's longer side: a card of the grid on a 4K screen, or a phone's zoomed card
MAX_SIDE = 1024
#: the kept copy's most bytes (a phone photo at 1024 px is about 150-250 KB as JPEG)
MAX_STORED_BYTES = 400 * 1024
JPEG_QUALITY = 85
#: (longer side, quality) tried in turn until the copy fits ``MAX_STORED_BYTES`` (the last one is kept anyway)
_ATTEMPTS = ((MAX_SIDE, JPEG_QUALITY), (MAX_SIDE, 65), (MAX_SIDE, 45), (768, 45), (512, 45), (384, 40))
log = logging.getLogger(__name__)
_FORMATS = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}
#: EXIF orientation -> the turn that makes the picture upright
_UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}

#: a worker's address space; a 24-megapixel picture with transparency needs about 300 MB of it
MEMORY_LIMIT = 640 * 2**20
DECODE_TIMEOUT_S = 20.0
#: a worker that holds more than this after a picture is replaced (memory a big picture left behind)
RECYCLE_RSS = 160 * 2**20
IDLE_S = 60.0
WORKERS = 1
BUDGET_S = 60.0
BUDGET_PER_MINUTE_S = 30.0


class PictureError(Exception):
    """An upload the server refuses; ``code`` names the reason."""

    def __init__(self, code: str, message: str, status: int = 400, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after


class CleanPicture(msgspec.Struct, frozen=True):
    id: str
    data: bytes
    media_type: str


def sniff(data: bytes) -> str:
    """The format the file's first bytes say it is (JPEG, PNG, WEBP), or a refusal."""
    for magic, name in _FORMATS.items():
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"<"):
        kind = "SVG" if b"<svg" in head else "HTML or XML"
        raise PictureError("not_an_image", f"this is {kind}, not a photo: upload a JPEG, PNG or WebP file")
    raise PictureError("unsupported_type", "upload a JPEG, PNG or WebP file (this is none of them)")


def media_type(data: bytes) -> str:
    """The content type of bytes the server made (JPEG, WebP, or PNG: kept by earlier versions)."""
    if data.startswith(b"\x89PNG"):
        return "image/png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return "image/jpeg"


def clean(data: bytes) -> CleanPicture:
    """Decode an upload and draw it anew: upright, at most ``MAX_SIDE`` px, no metadata. Raises PictureError."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise PictureError("too_large", f"a picture may be at most {MAX_UPLOAD_BYTES // 2**20} MB", 413)
    if not data:
        raise PictureError("corrupt", "the upload is empty")
    kind = sniff(data)
    if kind == "WEBP" and int.from_bytes(data[4:8], "little") + 8 > len(data):
        raise PictureError("truncated", "the file ends too early (truncated)")
    try:
        result = _redraw(_decode(data, kind))
    except PictureError:
        raise
    except Image.DecompressionBombError as exc:  # Pillow's own cap, far above ours
        raise PictureError("decompression_bomb", f"refused as a decompression bomb ({exc})") from exc
    except OSError as exc:
        if "truncated" in str(exc).lower() or "end of file" in str(exc).lower():
            raise PictureError("truncated", "the file ends too early (truncated)") from exc
        raise PictureError("corrupt", f"the {kind} file cannot be read ({exc})") from exc
    except (UnidentifiedImageError, SyntaxError, ValueError, EOFError, IndexError, TypeError) as exc:
        if "decompressed data too large" in str(exc).lower():
            raise PictureError("decompression_bomb", "a chunk unpacks to too much data") from exc
        raise PictureError("corrupt", f"the {kind} file cannot be read ({exc})") from exc
    return CleanPicture(hashlib.sha256(result).hexdigest()[:32], result, media_type(result))


def check_size(width: int, height: int, size: int) -> None:
    """Refuse what a photo never is, from its header alone: too many pixels, too long, packed too tight."""
    pixels = width * height
    if pixels > BOMB_PIXELS_PER_BYTE * size:
        raise PictureError(
            "decompression_bomb",
            f"{width}x{height} pixels packed into {size} bytes: refused as a decompression bomb",
        )
    if pixels > MAX_PIXELS:
        raise PictureError(
            "too_many_pixels", f"{width}x{height} is more than {MAX_PIXELS // 1_000_000} megapixels"
        )
    if max(width, height) > MAX_ASPECT * max(1, min(width, height)):
        raise PictureError(
            "aspect_ratio", f"{width}x{height}: one side may be at most {MAX_ASPECT} times the other"
        )


def _decode(data: bytes, kind: str) -> Image.Image:
    """The upload's first frame, decoded (reduced where the format allows) and turned upright, once its size
    is known to be within the caps."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the caps here are ours
        image: Image.Image = Image.open(io.BytesIO(data), formats=[kind])
        check_size(*image.size, len(data))
        turn = _UPRIGHT.get(int(image.getexif().get(0x0112, 1) or 1))
        if kind == "JPEG":
            image.draft("RGB", (MAX_SIDE, MAX_SIDE))  # decode at a smaller scale: less memory and time
        image.load()
        factor = max(image.size) // (2 * MAX_SIDE)  # a cheap box reduction first, the fine scaling later
        if factor > 1 and image.mode in ("RGB", "RGBA", "L", "LA", "I", "F"):
            image = image.reduce(factor)
        return image if turn is None else image.transpose(turn)


def _redraw(image: Image.Image) -> bytes:
    """A new picture with the pixels only (no metadata), at most ``MAX_SIDE`` px and ``MAX_STORED_BYTES``:
    a lossy WebP if see-through, else a JPEG."""
    if image.mode in ("I", "F") or image.mode.startswith("I;16"):  # 16-bit grey: 0..65535
        if _band_range(image)[1] > 255:
            image = image.convert("I").point(lambda v: v / 257)
        image = image.convert("L")
    image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    if alpha:  # an animated WebP is RGBA even when nothing in it is see-through
        alpha = _band_range(image.convert("RGBA").getchannel("A"))[0] < 255
    fresh = Image.new("RGBA" if alpha else "RGB", image.size)  # a new image: nothing of the old one's info
    fresh.paste(image.convert(fresh.mode))
    data = b""
    for side, quality in _ATTEMPTS:
        scaled = fresh
        if max(fresh.size) > side:
            scaled = fresh.copy()
            scaled.thumbnail((side, side), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        if alpha:
            scaled.save(out, "WEBP", quality=quality, alpha_quality=quality, method=4)
        else:
            scaled.save(out, "JPEG", quality=quality, optimize=True)
        data = out.getvalue()
        if len(data) <= MAX_STORED_BYTES:
            break
    return data


def _band_range(image: Image.Image) -> tuple[float, float]:
    """The lowest and highest value of a one-band image."""
    low, high = image.getextrema()
    assert isinstance(low, (int, float)) and isinstance(high, (int, float))
    return low, high


# --- the worker process ------------------------------------------------------------------------------

_HEAD = struct.Struct(">I")
_encode = msgspec.msgpack.Encoder()


class _Answer(msgspec.Struct, array_like=True):
    """What a worker says about one picture: ``ok`` with id, data and type, or a refusal's code and
    message; ``leaving``: the worker ends after this answer (it holds too much memory)."""

    ok: bool
    code: str
    message: str
    status: int
    data: bytes
    leaving: bool


_decode_answer = msgspec.msgpack.Decoder(_Answer)


def _read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _rss() -> int:
    with open("/proc/self/statm", "rb") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _work(limit: int, idle_s: float) -> None:
    """The worker's loop: a picture in, an answer out, until the pipe closes or nothing comes for ``idle_s``."""
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    stdin = sys.stdin.buffer
    stdout = os.fdopen(os.dup(1), "wb")  # the answers; anything else printed goes to stderr
    os.dup2(2, 1)
    while True:
        ready, _, _ = select.select([stdin], [], [], idle_s)
        if not ready:
            return
        head = _read_exactly(stdin, _HEAD.size)
        if head is None:
            return
        data = _read_exactly(stdin, _HEAD.unpack(head)[0])
        if data is None:
            return
        try:
            picture = clean(data)
            answer = _Answer(True, picture.id, picture.media_type, 200, picture.data, False)
        except PictureError as exc:
            answer = _Answer(False, exc.code, exc.message, exc.status, b"", False)
        except MemoryError:
            answer = _Answer(
                False,
                "picture_too_large",
                f"decoding this picture needs more than the {limit // 2**20} MB a picture may use",
                400,
                b"",
                True,
            )
        del data
        answer.leaving = answer.leaving or _rss() > RECYCLE_RSS
        body = _encode.encode(answer)
        stdout.write(_HEAD.pack(len(body)) + body)
        stdout.flush()
        if answer.leaving:
            return


class _Gone(Exception):
    """The worker ended before it answered."""


class Worker:
    """One worker process, started when needed; ``run`` blocks (call it in a thread)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.proc: subprocess.Popen[bytes] | None = None
        self.last_used = 0.0
        self.started = 0  # how many processes this worker has started (a test reads it)

    def _start(self) -> subprocess.Popen[bytes]:
        here = str(Path(__file__).resolve().parents[2])  # the folder holding the tischrunde package
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": here if not path else here + os.pathsep + path}
        self.started += 1
        return subprocess.Popen(
            [sys.executable, "-m", "tischrunde.server.decoding", str(self.limit), str(IDLE_S)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )

    def _ready(self) -> subprocess.Popen[bytes]:
        proc = self.proc
        idle = time.monotonic() - self.last_used > IDLE_S * 0.8  # it is about to stop by itself
        if proc is not None and (proc.poll() is not None or idle):
            self.stop()
            proc = None
        if proc is None:
            proc = self.proc = self._start()
        return proc

    def run(self, data: bytes, timeout: float) -> _Answer:
        proc = self._ready()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(_HEAD.pack(len(data)) + data)
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.stop()
            raise _Gone from None
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        if not ready:
            self.stop()
            raise TimeoutError
        head = _read_exactly(proc.stdout, _HEAD.size)
        body = None if head is None else _read_exactly(proc.stdout, _HEAD.unpack(head)[0])
        if body is None:
            self.stop()
            raise _Gone
        self.last_used = time.monotonic()
        answer = _decode_answer.decode(body)
        if answer.leaving:
            self.stop()
        return answer

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


class _Job:
    __slots__ = ("data", "done")

    def __init__(self, data: bytes, done: asyncio.Future[CleanPicture]) -> None:
        self.data = data
        self.done = done


class Decoder:
    """Cleans pictures in ``workers`` worker processes; rooms take turns, each within its decoding budget."""

    def __init__(self, workers: int | None = None, limit: int | None = None, timeout: float | None = None):
        self.workers = [Worker(limit or MEMORY_LIMIT) for _ in range(workers or WORKERS)]
        self.timeout = timeout or DECODE_TIMEOUT_S
        self.queues: dict[str, collections.deque[_Job]] = {}
        self.served: dict[str, float] = {}  # room -> when the decoder last took one of its pictures
        self.budgets: dict[str, tuple[float, float]] = {}  # room -> (seconds left, when)
        self.busy = 0  # workers busy now
        self.wake: asyncio.Event | None = None
        self.runners: list[asyncio.Task[None]] = []

    def _budget(self, room: str, now: float) -> float:
        left, when = self.budgets.get(room, (BUDGET_S, now))
        return min(BUDGET_S, left + (now - when) * BUDGET_PER_MINUTE_S / 60.0)

    def _spend(self, room: str, seconds: float) -> None:
        now = time.monotonic()
        self.budgets[room] = (self._budget(room, now) - seconds, now)
        if len(self.budgets) > 10_000:  # forget rooms whose budget is full again
            for code in [c for c in self.budgets if self._budget(c, now) >= BUDGET_S][:5_000]:
                del self.budgets[code]

    async def clean(self, room: str, data: bytes) -> CleanPicture:
        """The cleaned picture (in turn with the other rooms' uploads), or a PictureError."""
        left = self._budget(room, time.monotonic())
        if left <= 0:
            wait = math.ceil(-left * 60.0 / BUDGET_PER_MINUTE_S) + 1
            raise PictureError(
                "decode_budget",
                f"this room's pictures have used their decoding time ({BUDGET_PER_MINUTE_S:g} s a minute): "
                f"wait {wait} s",
                429,
                wait,
            )
        loop = asyncio.get_running_loop()
        done: asyncio.Future[CleanPicture] = loop.create_future()
        self.queues.setdefault(room, collections.deque()).append(_Job(data, done))
        if self.wake is None or all(task.done() for task in self.runners):
            self.wake = asyncio.Event()
            self.runners = [asyncio.create_task(self._run(worker)) for worker in self.workers]
        self.wake.set()
        return await done

    def _next(self) -> tuple[str, _Job] | None:
        """The first waiting picture of the room whose turn it is: of the rooms with pictures waiting, the one
        the decoder served longest ago (or never)."""
        while self.queues:
            room = min(self.queues, key=lambda code: self.served.get(code, -math.inf))
            queue = self.queues[room]
            job = queue.popleft()
            if not queue:
                del self.queues[room]
            self.served[room] = time.monotonic()
            if len(self.served) > 10_000:
                self.served = {code: self.served[code] for code in self.queues}
            if not job.done.done():  # its request went away
                return room, job
        return None

    async def _run(self, worker: Worker) -> None:
        assert self.wake is not None
        try:
            while True:
                picked = self._next()
                if picked is None:
                    self.wake.clear()
                    await self.wake.wait()
                    continue
                room, job = picked
                started = time.monotonic()
                try:
                    picture = await asyncio.shield(asyncio.to_thread(self._one, worker, job.data))
                except PictureError as exc:
                    outcome: CleanPicture | PictureError = exc
                except Exception:  # a fault of ours, not of the picture: say so, and keep serving
                    log.exception("the picture decoder failed")
                    await asyncio.to_thread(worker.stop)
                    outcome = PictureError("decode_failed", "the server could not decode this picture", 500)
                else:
                    outcome = picture
                self._spend(room, time.monotonic() - started)
                if job.done.done():
                    continue
                if isinstance(outcome, PictureError):
                    job.done.set_exception(outcome)
                else:
                    job.done.set_result(outcome)
        finally:
            await asyncio.to_thread(worker.stop)

    def _one(self, worker: Worker, data: bytes) -> CleanPicture:
        """One picture through ``worker`` (in a thread: it blocks)."""
        for attempt in range(2):
            try:
                answer = worker.run(data, self.timeout)
            except TimeoutError:
                raise PictureError(
                    "decode_timeout", f"the picture took longer than {self.timeout:g} s to decode"
                ) from None
            except _Gone:
                if attempt == 0:
                    continue  # a worker that had ended by itself: once more with a fresh one
                raise PictureError(
                    "picture_too_large", "the decoder stopped on this picture (it needs too much)"
                ) from None
            if not answer.ok:
                raise PictureError(answer.code, answer.message, answer.status)
            return CleanPicture(answer.code, answer.data, answer.message)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        for task in self.runners:
            task.cancel()
        for task in self.runners:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.runners = []
        for worker in self.workers:
            worker.stop()


if __name__ == "__main__":
    _work(int(sys.argv[1]), float(sys.argv[2]))
