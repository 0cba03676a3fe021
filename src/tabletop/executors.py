"""Where many independent jobs (games, self-play episodes) run: in this process, over this machine's cores, or on
a Ray cluster, behind one small interface so the same code scales from a laptop to a cluster.

    with make_executor("process", jobs=2) as executor:
        for result in executor.map_unordered(play, specs):
            ...

`fn` must be picklable (a module-level function) and each item must carry everything the job needs (a seed,
not a shared random generator), so a job's result never depends on where or in which order it ran. Results
come back in completion order; callers that need schedule order sort them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.pool import Pool
from types import TracebackType
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BACKENDS: tuple[str, ...] = ("serial", "process", "ray")
LOCAL_OBJECT_STORE = 200 * 1024 * 1024  # bytes; Ray's floor is about 75 MB


class Executor(Protocol):
    """Runs a function over items, possibly in parallel; a context manager that closes itself."""

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]: ...

    def close(self) -> None: ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...


class _Closing:
    def close(self) -> None:
        pass

    def __enter__(self) -> Any:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class SerialExecutor(_Closing):
    """Runs every job in this process, in order: for debugging, profiling and tiny runs."""

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        return map(fn, items)


class ProcessExecutor(_Closing):
    """Runs jobs over `jobs` worker processes of this machine (default: every core).

    The pool starts on the first call with more than one item and is reused until `close`; with one job (or
    one item) everything runs in this process, which costs nothing to start."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = jobs or os.cpu_count() or 1
        self._pool: Pool | None = None

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if self.jobs <= 1 or len(items) <= 1:
            return map(fn, items)
        if self._pool is None:
            # Fork keeps start-up cheap where it exists; each job rebuilds what it needs from its item.
            context = get_context("fork" if "fork" in get_all_start_methods() else None)
            self._pool = context.Pool(self.jobs)
        return self._pool.imap_unordered(fn, items, chunksize=1)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


class RayExecutor(_Closing):
    """Runs jobs as Ray tasks: on the cluster at `address` (e.g. "auto" or "ray://head:10001"), on a Ray
    already started in this process, or on a local Ray started here with `jobs` CPUs.

    At most twice as many tasks as there are CPUs are in flight, so a long schedule does not flood the
    object store. A Ray this executor started is shut down by `close`; one it found running is left alone."""

    def __init__(self, jobs: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ImportError("the ray backend needs Ray: pip install 'bloodyinn[distributed]'") from None
        self._ray = ray
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            if address is None:
                # A local Ray sized for the jobs asked, with a small object store (jobs pass seeds and small
                # results), without the dashboard and worker log forwarding.
                ray.init(num_cpus=jobs or os.cpu_count() or 1, object_store_memory=LOCAL_OBJECT_STORE,
                         include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.jobs = jobs or cpus
        self._window = 2 * self.jobs

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        task = ray.remote(fn)
        pending: list[Any] = []
        queue = iter(items)
        for item in queue:
            pending.append(task.remote(item))
            if len(pending) >= self._window:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
            item = next(queue, _END)
            if item is not _END:
                pending.append(task.remote(item))

    def close(self) -> None:
        if self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()
        self._owns_ray = False


_END: Any = object()


def make_executor(backend: str = "process", jobs: int | None = None, address: str | None = None) -> Executor:
    """An executor by backend name: "serial", "process" (default: `jobs` processes, every core if None) or
    "ray" (`ray.init(address=address)`, a local Ray if `address` is None). `address` is only for Ray."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError(f"--address is for the ray backend, not {backend!r}")
    if jobs is not None and jobs < 0:
        raise ValueError(f"jobs must be 0 (every core) or more, not {jobs}")
    if backend == "serial":
        return SerialExecutor()
    if backend == "process":
        return ProcessExecutor(jobs)
    return RayExecutor(jobs, address)
