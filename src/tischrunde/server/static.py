"""The web app's files, light on a slow network: versioned URLs cached for a year, gzip made once.

Every file of the web folder is read and (for text) gzip-compressed once, when the app starts. The
version is a hash of all of them, so it changes whenever any file does:

- ``/static/<version>/PATH``: immutable, ``Cache-Control: public, max-age=31536000, immutable``. The shell
  page refers to its style sheet and module through this prefix, and every relative import or ``new
  URL(..., import.meta.url)`` inside the modules then stays under it too.
- ``/static/PATH`` (no version): the same bytes with ``no-cache`` and an ETag, for anything that names a
  file by its plain path.
- The shell page (``index.html``) and the service worker (``/sw.js``) are never cached long: they carry
  the version, so a new server version reaches a phone on its next load and the worker updates itself.

Compression: ``Content-Encoding: gzip`` when the request accepts it (``Vary: Accept-Encoding``); images
that are already compressed (PNG) are sent as they are.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

YEAR = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSIBLE = {".js", ".css", ".svg", ".html", ".json", ".webmanifest", ".md", ".txt"}
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".md": "text/markdown; charset=utf-8",
}
VERSION_MARK = "__VERSION__"


class StaticFile:
    """One file's bytes, its gzip form (None when not worth it), type and ETag."""

    __slots__ = ("body", "etag", "gzipped", "media_type")

    def __init__(self, body: bytes, media_type: str, *, compress: bool) -> None:
        self.body = body
        self.media_type = media_type
        packed = gzip.compress(body, compresslevel=9, mtime=0) if compress else None
        self.gzipped = packed if packed is not None and len(packed) < len(body) else None
        self.etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


def _media_type(path: Path) -> str:
    return TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


class WebFiles:
    """The web folder in memory, with its version; ``respond`` answers one GET for a file."""

    def __init__(self, web_dir: Path) -> None:
        self.web_dir = web_dir
        self.files: dict[str, StaticFile] = {}
        digest = hashlib.sha256()
        if web_dir.is_dir():
            for path in sorted(p for p in web_dir.rglob("*") if p.is_file()):
                rel = path.relative_to(web_dir).as_posix()
                if rel.startswith(".") or "/." in rel:
                    continue
                body = path.read_bytes()
                digest.update(rel.encode() + b"\0" + body + b"\0")
                self.files[rel] = StaticFile(body, _media_type(path), compress=path.suffix in COMPRESSIBLE)
        self.version = digest.hexdigest()[:12]
        self.prefix = f"/static/{self.version}/"
        self.shell = self._versioned("index.html", paths=True)
        self.worker = self._versioned("sw.js", paths=False)
        self.manifest_file = self._versioned("manifest.webmanifest", paths=True)

    def _versioned(self, rel: str, *, paths: bool) -> StaticFile | None:
        """A file whose text names the version: ``paths`` turns each ``/static/`` into the versioned
        prefix (the shell page, the manifest), and ``__VERSION__`` becomes the version (the worker)."""
        found = self.files.get(rel)
        if found is None:
            return None
        text = found.body.decode().replace(VERSION_MARK, self.version)
        if paths:
            text = text.replace("/static/", self.prefix)
        return StaticFile(text.encode(), found.media_type, compress=True)

    def respond(self, request: Request, found: StaticFile | None, cache: str) -> Response:
        """The file (or 404), gzip when accepted, 304 when the client's ETag matches."""
        if found is None:
            return Response(b"not found", status_code=404, media_type="text/plain")
        headers = {"cache-control": cache, "etag": found.etag, "vary": "accept-encoding"}
        if request.headers.get("if-none-match") == found.etag:
            return Response(status_code=304, headers=headers)
        body = found.body
        if found.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
            body = found.gzipped
            headers["content-encoding"] = "gzip"
        if request.method == "HEAD":
            headers["content-length"] = str(len(body))
            return Response(status_code=200, headers=headers, media_type=found.media_type)
        return Response(body, headers=headers, media_type=found.media_type)

    async def static(self, request: Request) -> Response:
        """``/static/<version>/PATH`` (a year) or ``/static/PATH`` (revalidate)."""
        path = str(request.path_params["path"])
        head, _, rest = path.partition("/")
        if rest and head == self.version:
            return self.respond(request, self.files.get(rest), YEAR)
        if rest and len(head) == len(self.version) and all(c in "0123456789abcdef" for c in head):
            # an older version's URL (a phone with an old page): the current bytes, not cached long
            return self.respond(request, self.files.get(rest), REVALIDATE)
        return self.respond(request, self.files.get(path), REVALIDATE)

    async def page(self, request: Request) -> Response:
        """The shell page for ``/`` and ``/r/CODE``."""
        if self.shell is None:
            return Response(b"the web app is not installed", status_code=503, media_type="text/plain")
        return self.respond(request, self.shell, REVALIDATE)

    async def service_worker(self, request: Request) -> Response:
        """``/sw.js`` at the site's root, so that its scope is the whole app."""
        response = self.respond(request, self.worker, REVALIDATE)
        response.headers["service-worker-allowed"] = "/"
        return response

    async def manifest(self, request: Request) -> Response:
        """``/manifest.webmanifest`` (its icons point under the versioned prefix)."""
        return self.respond(request, self.manifest_file, REVALIDATE)
