"""A small Hugging Face hub stand-in on 127.0.0.1 for end-to-end tests.

It answers the few routes the real ``huggingface_hub`` client uses to list a
dataset, describe paths and read (ranges of) files, and to commit files
(directly or as a pull request, through ``create_commit``). It logs every
request with its byte range and every commit with the files it received, and
can refuse anonymous requests to a gated dataset, refuse a commit from a
token without write access, or cut a file off in the middle.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

GOOD_TOKEN = "hf_fake_token_for_tests_only"  # reads gated datasets, writes the model repo
READ_ONLY_TOKEN = "hf_fake_read_only_token"  # reads, but may not commit


def git_blob_id(data: bytes) -> str:
    """The hub's id of a (non-LFS) file: git's blob hash."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class Repo:
    files: dict[str, bytes] = field(default_factory=dict)
    gated: bool = False
    # Each file's git blob id, as computed for the bytes object it is kept with: every
    # request answers the commit id and files' ids, and hashing every file again each time
    # (the datasets' parquet files too) took seconds of the suite. Tests may replace a file
    # in `files` directly; a new object is hashed anew.
    _blob_ids: dict[str, tuple[bytes, str]] = field(default_factory=dict, repr=False)

    def blob_id(self, path: str) -> str:
        data = self.files[path]
        kept = self._blob_ids.get(path)
        if kept is None or kept[0] is not data:
            kept = self._blob_ids[path] = (data, git_blob_id(data))
        return kept[1]

    @property
    def commit(self) -> str:
        """A commit id that changes with the content, as the hub's does."""
        digest = hashlib.sha1()
        for path in sorted(self.files):
            digest.update(path.encode() + b"\0" + self.blob_id(path).encode())
        return digest.hexdigest()


@dataclass
class Commit:
    """One commit the hub received, as it received it."""

    repo: str
    revision: str
    create_pr: bool
    summary: str
    description: str
    files: dict[str, bytes]
    deleted: list[str]
    pr_number: int | None  # the pull request it opened, if create_pr
    merged: bool = False


@dataclass
class Request:
    method: str
    repo: str
    path: str
    byte_range: tuple[int, int] | None  # inclusive start, exclusive end
    revision: str | None = None  # a file's, as its URL names it (this hub serves any)


class FakeHub:
    def __init__(self) -> None:
        self.repos: dict[str, Repo] = {}
        self.requests: list[Request] = []
        self.drop_after: dict[str, list[int]] = {}  # path -> byte counts to cut at, per GET
        self.commits: list[Commit] = []
        self.delay = 0.0  # seconds each file download waits before its answer (a slow hub)
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def add(
        self, repo_id: str, path: str, data: bytes, gated: bool = False, repo_type: str = "dataset"
    ) -> None:
        """A file of a dataset (kept under its id) or a model (under ``model:<id>``)."""
        repo = self.repos.setdefault(repo_key(repo_id, repo_type), Repo())
        repo.files[path] = data
        repo.gated = repo.gated or gated

    def remove(self, repo_id: str, path: str, repo_type: str = "dataset") -> None:
        """A file deleted upstream: the repository's next commit no longer has it."""
        del self.repos[repo_key(repo_id, repo_type)].files[path]

    def merge(self, pr_number: int) -> None:
        """A maintainer merges the pull request on the hub: its files land on main."""
        commit = next(c for c in self.commits if c.pr_number == pr_number)
        commit.merged = True
        repo = self.repos[commit.repo]
        repo.files.update(commit.files)
        for path in commit.deleted:
            repo.files.pop(path, None)

    def pull_requests(self, repo_id: str) -> list[Commit]:
        return [c for c in self.commits if c.repo == repo_key(repo_id, "model") and c.create_pr]

    def cut_connection(self, path: str, after_bytes: int, times: int = 1) -> None:
        """The next ``times`` GETs of ``path`` stop after ``after_bytes`` bytes."""
        self.drop_after[path] = [after_bytes] * times

    def log(self, request: Request) -> None:
        with self._lock:
            self.requests.append(request)

    def start(self) -> FakeHub:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def repo_key(repo_id: str, repo_type: str) -> str:
    return repo_id if repo_type == "dataset" else f"model:{repo_id}"


def _entry(repo: Repo, path: str) -> dict:
    return {"type": "file", "path": path, "size": len(repo.files[path]), "oid": repo.blob_id(path)}


def _folders(files) -> set[str]:
    folders = set()
    for path in files:
        parts = path.split("/")[:-1]
        folders.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return folders


def _handler(hub: FakeHub):
    api = re.compile(
        r"^/api/(datasets|models)/([^/]+/[^/]+)"
        r"(?:/(revision|tree|paths-info|preupload|commit)/([^/]+)(/.*)?)?$"
    )
    discussions = re.compile(r"^/api/(datasets|models)/([^/]+/[^/]+)/discussions$")
    resolve = re.compile(r"^/(datasets/)?([^/]+/[^/]+)/resolve/([^/]+)/(.+)$")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # one small response must not wait 40 ms for an ACK

        def log_message(self, *args):  # keep test output clean
            pass

        def _json(self, status: int, payload, headers: dict | None = None) -> None:
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _refuse(self, repo_id: str) -> bool:
            repo = hub.repos.get(repo_id)
            if repo is None:
                self._json(404, {"error": "Repository not found"}, {"X-Error-Code": "RepoNotFound"})
                return True
            if repo.gated and self.headers.get("Authorization") != f"Bearer {GOOD_TOKEN}":
                self._json(
                    401,
                    {"error": "Access to this dataset is restricted."},
                    {
                        "X-Error-Code": "GatedRepo",
                        "X-Error-Message": "Access to this dataset is restricted.",
                    },
                )
                return True
            return False

        def do_GET(self):
            self._route()

        def do_HEAD(self):
            self._route()

        def do_POST(self):
            self._route()

        def _body(self) -> bytes:
            return self.rfile.read(int(self.headers.get("Content-Length", 0)))

        def _may_write(self) -> bool:
            token = self.headers.get("Authorization")
            if token == f"Bearer {GOOD_TOKEN}":
                return True
            status = 403 if token == f"Bearer {READ_ONLY_TOKEN}" else 401
            self._json(
                status,
                {"error": "You don't have the rights to write to this repository"},
                {"X-Error-Message": "You don't have the rights to write to this repository"},
            )
            return False

        def _preupload(self, repo_id: str) -> None:
            repo = hub.repos[repo_id]
            wanted = json.loads(self._body())["files"]
            self._json(
                200,
                {
                    "files": [
                        {
                            "path": f["path"],
                            "uploadMode": "regular",
                            "shouldIgnore": False,
                            "oid": repo.blob_id(f["path"]) if f["path"] in repo.files else None,
                        }
                        for f in wanted
                    ]
                },
            )

        def _commit(self, repo_id: str, revision: str, create_pr: bool) -> None:
            import base64

            lines = [json.loads(line) for line in self._body().splitlines() if line.strip()]
            header = next(line["value"] for line in lines if line["key"] == "header")
            added = {
                line["value"]["path"]: base64.b64decode(line["value"]["content"])
                for line in lines
                if line["key"] == "file"
            }
            deleted = [
                line["value"]["path"]
                for line in lines
                if line["key"] in ("deletedFile", "deletedFolder")
            ]
            if any(line["key"] == "lfsFile" for line in lines):
                return self._json(400, {"error": "this fake hub takes regular files only"})
            with hub._lock:
                number = (
                    1 + sum(c.pr_number is not None for c in hub.commits) if create_pr else None
                )
                hub.commits.append(
                    Commit(
                        repo_id,
                        revision,
                        create_pr,
                        header["summary"],
                        header.get("description", ""),
                        added,
                        deleted,
                        number,
                    )
                )
            repo = hub.repos[repo_id]
            if not create_pr:
                repo.files.update(added)
                for gone in deleted:
                    repo.files.pop(gone, None)
            name = repo_id.removeprefix("model:")
            return self._json(
                200,
                {
                    "commitUrl": f"{hub.url}/{name}/commit/{repo.commit}",
                    "commitOid": repo.commit,
                    "pullRequestUrl": (
                        f"{hub.url}/{name}/discussions/{number}" if create_pr else None
                    ),
                },
            )

        def _repo_asked(self, match, path):
            """The repository an /api/(models|datasets)/<id>/... request names, logged; None
            when its token is refused (the refusal already sent)."""
            repo_id = repo_key(
                unquote(match.group(2)), "dataset" if match.group(1) == "datasets" else "model"
            )
            hub.log(Request(self.command, repo_id, path, None))
            return None if self._refuse(repo_id) else repo_id

        def _route(self):
            url = urlparse(self.path)
            path = unquote(url.path)
            if url.path == "/api/validate-yaml":
                hub.log(Request(self.command, "", path, None))
                self._body()
                return self._json(200, {"errors": [], "warnings": []})
            if (m := discussions.match(url.path)) is not None:
                if (repo_id := self._repo_asked(m, path)) is None:
                    return
                query = parse_qs(url.query)
                wanted = query.get("status", [None])[0]
                found = [
                    {
                        "num": c.pr_number,
                        "title": c.summary,
                        "isPullRequest": True,
                        "status": "merged" if c.merged else "open",
                        "createdAt": "2026-11-30T00:00:00.000Z",
                        "author": {"name": "ci"},
                        "repo": {"name": repo_id.removeprefix("model:"), "type": "model"},
                    }
                    for c in hub.commits
                    if c.repo == repo_id and c.create_pr
                ]
                found = [d for d in found if wanted in (None, "all", d["status"])][::-1]
                return self._json(200, {"discussions": found, "count": len(found), "start": 0})
            if (m := api.match(url.path)) is not None:
                if (repo_id := self._repo_asked(m, path)) is None:
                    return
                repo = hub.repos[repo_id]
                files = repo.files
                kind = m.group(3)
                if kind in ("preupload", "commit"):
                    if not self._may_write():
                        return
                    if kind == "preupload":
                        return self._preupload(repo_id)
                    create_pr = parse_qs(url.query).get("create_pr", ["0"])[0] == "1"
                    return self._commit(repo_id, unquote(m.group(4)), create_pr)
                if kind in (None, "revision"):
                    return self._json(
                        200,
                        {
                            "id": repo_id.removeprefix("model:"),
                            "sha": repo.commit,
                            "private": False,
                            "gated": "auto" if repo.gated else False,
                            "siblings": [{"rfilename": p} for p in sorted(files)],
                        },
                    )
                if kind == "tree":
                    prefix = unquote(m.group(5) or "").strip("/")
                    recursive = parse_qs(url.query).get("recursive", ["False"])[0] in (
                        "True",
                        "true",
                    )
                    entries = []
                    for folder in sorted(_folders(files)):
                        inside = folder.startswith(prefix + "/") if prefix else True
                        depth_ok = recursive or "/" not in folder[len(prefix) :].strip("/")
                        if inside and depth_ok and folder != prefix:
                            entries.append(
                                {"type": "directory", "path": folder, "oid": "0" * 40, "size": 0}
                            )
                    for name in sorted(files):
                        inside = name.startswith(prefix + "/") if prefix else True
                        depth_ok = recursive or "/" not in name[len(prefix) :].strip("/")
                        if inside and depth_ok:
                            entries.append(_entry(repo, name))
                    return self._json(200, entries)
                # paths-info
                length = int(self.headers.get("Content-Length", 0))
                form = parse_qs(self.rfile.read(length).decode())
                wanted = form.get("paths", [])
                infos = [_entry(repo, p) for p in wanted if p in files]
                infos += [
                    {"type": "directory", "path": p, "oid": "0" * 40}
                    for p in wanted
                    if p in _folders(files)
                ]
                return self._json(200, infos)

            if (m := resolve.match(url.path)) is not None:
                repo_id = repo_key(unquote(m.group(2)), "dataset" if m.group(1) else "model")
                file_path = unquote(m.group(4))
                byte_range = None
                header = self.headers.get("Range")
                data = hub.repos.get(repo_id, Repo()).files.get(file_path)
                if header and data is not None:
                    start, _, end = header.replace("bytes=", "").partition("-")
                    start = int(start)
                    end = int(end) + 1 if end else len(data)
                    byte_range = (start, min(end, len(data)))
                hub.log(Request(self.command, repo_id, file_path, byte_range, unquote(m.group(3))))
                if hub.delay and self.command == "GET":
                    import time

                    time.sleep(hub.delay)
                if self._refuse(repo_id):
                    return
                if data is None:
                    return self._json(
                        404, {"error": "Entry not found"}, {"X-Error-Code": "EntryNotFound"}
                    )
                body = data if byte_range is None else data[byte_range[0] : byte_range[1]]
                self.send_response(200 if byte_range is None else 206)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", f'"{hashlib.sha1(data).hexdigest()}"')
                self.send_header("X-Repo-Commit", hub.repos[repo_id].commit)
                self.send_header("Accept-Ranges", "bytes")
                if byte_range is not None:
                    self.send_header(
                        "Content-Range", f"bytes {byte_range[0]}-{byte_range[1] - 1}/{len(data)}"
                    )
                self.end_headers()
                if self.command == "HEAD":
                    return
                cuts = hub.drop_after.get(file_path)
                if cuts:
                    cut = cuts.pop(0)
                    self.wfile.write(body[:cut])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(2)  # the peer sees a short body
                    return
                self.wfile.write(body)
                return
            hub.log(Request(self.command, "", path, None))
            self._json(404, {"error": f"no route {path}"})

    return Handler
