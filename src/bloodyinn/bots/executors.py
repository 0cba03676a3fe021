"""Where many independent jobs run: moved to the game-neutral `tabletop.executors` (shared with Innkeepers);
re-exported here so that `bloodyinn.bots.executors` keeps working."""

from tabletop.executors import (
    BACKENDS,
    Executor,
    ProcessExecutor,
    RayExecutor,
    SerialExecutor,
    make_executor,
)

__all__ = ["BACKENDS", "Executor", "ProcessExecutor", "RayExecutor", "SerialExecutor", "make_executor"]
