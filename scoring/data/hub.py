"""The Hugging Face hub as this project uses it: read dataset transcripts and
the model repository's benchmark files, and commit the regenerated card.

All network access of the project is here. TSV files are small and are
downloaded whole into the hub cache. Parquet files carry the audio in the
same file, so only the transcript and id columns are read, by byte range:
the audio bytes are never transferred. Every hub failure becomes one
ScoringError line that says what to do; the token is never printed.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar
from urllib.parse import quote

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import ScoringError

__all__ = ["DEFAULT_REVISION", "Hub", "TOKEN_ENV", "dataset_url"]

T = TypeVar("T")
DEFAULT_REVISION = "main"
RETRIES = 3
TOKEN_ENV = "HF_TOKEN"  # the only place a write token is read from


def dataset_url(repo_id: str) -> str:
    base = os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")
    return f"{base}/datasets/{repo_id}"


# Names of the HTTP client's connection-level errors (matched by name, so the
# check does not depend on which HTTP library huggingface_hub ships with).
_TRANSIENT_ERRORS = {
    "TransportError",
    "NetworkError",
    "ConnectError",
    "ReadError",
    "WriteError",
    "RemoteProtocolError",
    "ProtocolError",
    "TimeoutException",
    "IncompleteRead",
    "ChunkedEncodingError",
}


# What is said when HF_HUB_OFFLINE makes huggingface_hub refuse every request: no network
# trouble, and nothing another try would change.
OFFLINE_BY_ENVIRONMENT = (
    "HF_HUB_OFFLINE is set, so no request reaches the hub: unset it "
    "(make-refs and fetch read the hub cache alone with --offline)"
)


def _offline_by_environment(error: BaseException) -> bool:
    return _cause(error, _is_offline_refusal) is not None


def _is_offline_refusal(error: BaseException) -> bool:
    return type(error).__name__ == "OfflineModeIsEnabled"


def _is_transient(error: BaseException) -> bool:
    """Connection trouble worth another try (not a refusal, not a missing file)."""
    if _is_offline_refusal(error):  # a ConnectionError, and no trouble
        return False
    if isinstance(error, (ConnectionError, TimeoutError)):
        return True
    if any(cls.__name__ in _TRANSIENT_ERRORS for cls in type(error).__mro__):
        return True
    return isinstance(error, OSError) and "Consistency check failed" in str(error)


def _connection_cause(error: BaseException) -> BaseException | None:
    """The connection failure behind an error, if any (the client wraps it when it
    falls back to its cache and finds nothing there)."""
    return _cause(error, _is_transient)


def _cause(
    error: BaseException | None, matches: Callable[[BaseException], bool]
) -> BaseException | None:
    """The first error in ``error``'s chain (itself, then what it was raised from) that
    ``matches``."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if matches(error):
            return error
        error = error.__cause__ or error.__context__
    return None


def _silent_bar():
    """A tqdm class that shows nothing (``progress=False``)."""
    from tqdm.auto import tqdm

    class SilentBar(tqdm):
        def __init__(self, *args, **kwargs):
            kwargs["disable"] = True
            super().__init__(*args, **kwargs)

    return SilentBar


def _read_footer(handle, where: str) -> pq.FileMetaData:
    """The parquet footer, fetched exactly.

    pyarrow would read the last 64 KiB speculatively, which on a small file
    or a small last row group reaches into the audio column.
    """
    size = handle.size
    if size < 12:
        raise ScoringError(where, "is too short to be a parquet file")
    handle.seek(size - 8)
    tail = handle.read(8)
    if tail[4:] != b"PAR1":
        raise ScoringError(where, "is not a parquet file (no PAR1 footer)")
    length = int.from_bytes(tail[:4], "little")
    handle.seek(size - 8 - length)
    footer = handle.read(length)
    return pq.read_metadata(io.BytesIO(b"PAR1" + footer + tail))


class Hub:
    """The hub as this project uses it: list, download a small file, read columns."""

    def __init__(
        self,
        *,
        offline: bool = False,
        retry_delay: float = 1.0,
        progress: bool | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        self.offline = offline
        self.cache_dir = cache_dir  # None: the hub's own cache (HF_HUB_CACHE)
        self.retry_delay = retry_delay
        self.progress = progress
        self.endpoint = os.environ.get("HF_ENDPOINT") or None
        self._reached = False  # one quick request has answered (see _check_reachable)

    def _show_progress(self) -> bool:
        """Bars when asked, else only on a terminal: a CI log gets no stream of redraws."""
        if self.progress is not None:
            return self.progress
        import sys

        return sys.stderr.isatty()

    # -- failures -------------------------------------------------------------
    def _explain(self, repo_id: str, error: BaseException) -> ScoringError:
        from huggingface_hub.errors import (
            EntryNotFoundError,
            GatedRepoError,
            HfHubHTTPError,
            LocalEntryNotFoundError,
            OfflineModeIsEnabled,
            RepositoryNotFoundError,
        )

        if isinstance(error, GatedRepoError) or (
            isinstance(error, HfHubHTTPError)
            and error.response is not None
            and error.response.status_code in (401, 403)
        ):
            return ScoringError(
                repo_id,
                (
                    f"is gated and this request was refused: accept its terms at "
                    f"{dataset_url(repo_id)}, then log in (`hf auth login`) or set HF_TOKEN"
                ),
            )
        if not self.offline and _offline_by_environment(error):
            return ScoringError(repo_id, OFFLINE_BY_ENVIRONMENT)
        cause = _connection_cause(error)
        if cause is not None and not self.offline:
            endpoint = self.endpoint or "https://huggingface.co"
            return ScoringError(
                repo_id,
                f"the hub at {endpoint} could not be reached, "
                f"retries included (last error: {type(cause).__name__}: "
                f"{str(cause)[:120]}); check the network or "
                "HF_ENDPOINT, or use --offline with a filled cache",
            )
        if isinstance(error, (LocalEntryNotFoundError, OfflineModeIsEnabled)):
            return ScoringError(repo_id, "is not in the hub cache: run once without --offline")
        if isinstance(error, EntryNotFoundError):
            return ScoringError(repo_id, "has no such file (the dataset's layout changed?)")
        if isinstance(error, RepositoryNotFoundError):
            return ScoringError(repo_id, "was not found on the hub (if it is private: log in)")
        if _is_transient(error):
            return ScoringError(
                repo_id,
                f"the hub could not be read after {RETRIES} tries "
                f"({type(error).__name__}); try again later",
            )
        return ScoringError(repo_id, f"hub request failed ({type(error).__name__})")

    def _call(self, repo_id: str, action: Callable[[], T]) -> T:
        """Run ``action``, retrying transient failures, explaining the rest."""
        for attempt in range(1, RETRIES + 1):
            try:
                return action()
            except ScoringError:
                raise
            except Exception as error:  # noqa: BLE001 - every failure gets one line
                # The client already retried (with back-off) before falling back to
                # its cache; trying again would only multiply the wait.
                already_retried = type(error).__name__ == "LocalEntryNotFoundError"
                if (
                    _connection_cause(error) is not None
                    and attempt < RETRIES
                    and not already_retried
                ):
                    time.sleep(self.retry_delay * attempt)
                    continue
                raise self._explain(repo_id, error) from None
        raise AssertionError("unreachable")

    def _check_reachable(self, where: str) -> None:
        """One plain request before the client's own back-off: with no network, the run ends
        in one line at once instead of a minute of "Retrying" lines."""
        if self.offline or self._reached:
            return
        from huggingface_hub import constants
        from huggingface_hub.utils import get_session

        if constants.is_offline_mode():
            raise ScoringError(where, OFFLINE_BY_ENVIRONMENT)
        endpoint = self.endpoint or constants.ENDPOINT
        try:
            get_session().head(endpoint, timeout=15)
        except Exception as error:  # noqa: BLE001 - any answer at all would do
            if _connection_cause(error) is None:
                raise
            raise ScoringError(
                where,
                f"the hub at {endpoint} cannot be reached "
                f"({type(error).__name__}: {str(error)[:120]}); check "
                "the network or HF_ENDPOINT, or use --offline with a "
                "filled cache",
            ) from None
        self._reached = True

    # -- listing --------------------------------------------------------------
    def list_files(self, repo_id: str, revision: str = DEFAULT_REVISION) -> list[str]:
        """Every file path in the dataset repository at ``revision`` (from the cache when
        offline)."""
        if self.offline:
            return sorted(
                p.relative_to(folder).as_posix()
                for folder in [self._cached_snapshot(repo_id, revision)]
                for p in folder.rglob("*")
                if p.is_file()
            )
        from huggingface_hub import HfApi

        api = HfApi(endpoint=self.endpoint)
        self._check_reachable(repo_id)
        return sorted(
            self._call(
                repo_id,
                lambda: api.list_repo_files(repo_id, repo_type="dataset", revision=revision),
            )
        )

    def _cached_snapshot(self, repo_id: str, revision: str = DEFAULT_REVISION) -> Path:
        """The cached snapshot of a branch or tag (through its ref), or of a commit."""
        from huggingface_hub import constants

        cache = self.cache_dir or Path(constants.HF_HUB_CACHE)
        folder = Path(cache) / f"datasets--{repo_id.replace('/', '--')}"
        ref = folder / "refs" / revision
        snapshot = folder / "snapshots" / (ref.read_text().strip() if ref.is_file() else revision)
        if not snapshot.is_dir():
            raise ScoringError(repo_id, "is not in the hub cache: run once without --offline")
        return snapshot

    # -- small files ----------------------------------------------------------
    def download(self, repo_id: str, filename: str, revision: str = DEFAULT_REVISION) -> Path:
        """A small file, through the hub cache (resumed and retried by the client)."""
        from huggingface_hub import hf_hub_download

        self._check_reachable(f"{repo_id} {filename}")
        return Path(
            self._call(
                repo_id,
                lambda: hf_hub_download(
                    repo_id,
                    filename,
                    repo_type="dataset",
                    revision=revision,
                    endpoint=self.endpoint,
                    cache_dir=self.cache_dir,
                    local_files_only=self.offline,
                ),
            )
        )

    # -- a model repository's files ---------------------------------------------
    def snapshot(
        self,
        repo_id: str,
        patterns: Sequence[str],
        revision: str | None = None,
        repo_type: str = "model",
    ) -> Path:
        """The files matching ``patterns``, through the hub cache; the snapshot's folder."""
        from huggingface_hub import snapshot_download

        return Path(
            self._call(
                repo_id,
                lambda: snapshot_download(
                    repo_id,
                    repo_type=repo_type,
                    revision=revision,
                    allow_patterns=list(patterns),
                    endpoint=self.endpoint,
                    cache_dir=self.cache_dir,
                    local_files_only=self.offline,
                    tqdm_class=None if self._show_progress() else _silent_bar(),
                ),
            )
        )

    # -- columns of parquet files -----------------------------------------------
    def parquet_schema(
        self, repo_id: str, path: str, revision: str = DEFAULT_REVISION
    ) -> pa.Schema:
        return self._with_parquet(repo_id, path, revision, lambda f: f.schema_arrow)

    def read_columns(
        self, repo_id: str, path: str, columns: Sequence[str], revision: str = DEFAULT_REVISION
    ) -> pa.Table:
        """Only ``columns`` of one parquet file; no other column's bytes are fetched.

        Read on this thread: Arrow's own thread pool, once started, can still be running
        when the interpreter exits, and its threads then abort the process
        ("terminate called without an active exception", exit -6) after all its work
        was done. The text columns are small; threads would gain nothing.
        """
        return self._with_parquet(
            repo_id, path, revision, lambda f: f.read(columns=list(columns), use_threads=False)
        )

    def _with_parquet(
        self, repo_id: str, path: str, revision: str, use: Callable[[pq.ParquetFile], T]
    ) -> T:
        if self.offline:
            from huggingface_hub import try_to_load_from_cache

            local = try_to_load_from_cache(
                repo_id, path, repo_type="dataset", revision=revision, cache_dir=self.cache_dir
            )
            if not isinstance(local, str):
                raise ScoringError(
                    repo_id, f"{path} is not in the hub cache: run once without --offline"
                )
            return use(pq.ParquetFile(local))

        from huggingface_hub import HfFileSystem

        def read() -> T:
            fs = HfFileSystem(endpoint=self.endpoint, skip_instance_cache=True)
            at = "" if revision == DEFAULT_REVISION else "@" + quote(revision, safe="")
            # cache_type "none": every read is exactly the range pyarrow asks for,
            # so no read-ahead ever strays into the audio column.
            with fs.open(f"datasets/{repo_id}{at}/{path}", "rb", cache_type="none") as handle:
                metadata = _read_footer(handle, f"{repo_id}/{path}")
                return use(pq.ParquetFile(handle, metadata=metadata, pre_buffer=False))

        return self._call(repo_id, read)

    # -- writing: one commit to a model repository ------------------------------
    def _write_token(self, repo_id: str) -> str:
        token = os.environ.get(TOKEN_ENV, "").strip()
        if not token:
            raise ScoringError(
                TOKEN_ENV,
                f"is not set: committing to {repo_id} needs a token "
                "with write access to it (Settings, Access Tokens)",
            )
        return token

    def _explain_write(self, repo_id: str, error: BaseException) -> ScoringError:
        from huggingface_hub.errors import HfHubHTTPError

        status = getattr(getattr(error, "response", None), "status_code", None)
        if isinstance(error, HfHubHTTPError) and status in (401, 403):
            return ScoringError(
                repo_id,
                f"refused the commit ({status}): the token in "
                f"{TOKEN_ENV} has no write access to this repository",
            )
        return self._explain(repo_id, error)

    def file_ids(
        self, repo_id: str, paths: Sequence[str], revision: str = "main"
    ) -> dict[str, str]:
        """The hub's blob id of each of ``paths`` that the model repository holds."""
        from huggingface_hub import HfApi

        api = HfApi(endpoint=self.endpoint, token=self._write_token(repo_id))
        self._check_reachable(repo_id)
        infos = self._call(
            repo_id,
            lambda: api.get_paths_info(repo_id, list(paths), revision=revision, repo_type="model"),
        )
        return {info.path: info.blob_id for info in infos if hasattr(info, "blob_id")}

    def open_pull_request(self, repo_id: str, title: str) -> str | None:
        """The URL of an open pull request on the model repository titled ``title``, if any."""
        from huggingface_hub import HfApi

        api = HfApi(endpoint=self.endpoint, token=self._write_token(repo_id))
        self._check_reachable(repo_id)
        found = self._call(
            repo_id,
            lambda: next(
                (
                    d.url
                    for d in api.get_repo_discussions(
                        repo_id, discussion_type="pull_request", discussion_status="open"
                    )
                    if d.title == title
                ),
                None,
            ),
        )
        return found

    def commit(
        self,
        repo_id: str,
        files: dict[str, bytes],
        *,
        message: str,
        description: str,
        create_pr: bool,
    ) -> str:
        """Commit ``files`` (path in the repository -> content) to the model repository's main
        branch, or open a pull request with them; the URL of the pull request (or commit).

        Not retried: a commit whose answer was lost may have landed, and a second try
        would open a second pull request.
        """
        import logging

        from huggingface_hub import CommitOperationAdd, HfApi

        api = HfApi(endpoint=self.endpoint, token=self._write_token(repo_id))
        self._check_reachable(repo_id)
        operations = [
            CommitOperationAdd(path_in_repo=path, path_or_fileobj=data)
            for path, data in sorted(files.items())
        ]
        client_log = logging.getLogger("huggingface_hub")
        level = client_log.level
        client_log.setLevel(logging.ERROR)  # its notes on skipped files are ours to say
        try:
            info = api.create_commit(
                repo_id,
                operations,
                commit_message=message,
                commit_description=description,
                repo_type="model",
                create_pr=create_pr,
            )
        except ScoringError:
            raise
        except Exception as error:  # noqa: BLE001 - every failure gets one line
            raise self._explain_write(repo_id, error) from None
        finally:
            client_log.setLevel(level)
        return (info.pr_url if create_pr else info.commit_url) or info.commit_url
