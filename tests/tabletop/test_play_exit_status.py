"""Quitting a terminal game that is not saved fails with exit status 1 and says so; a saved one exits 0 and says
how to resume (issue 20, item 13). Both games are played in a real terminal (tmux), keys only."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True,
                          check=True, timeout=30).stdout


def wait_for(session: str, ready: Callable[[str], bool], limit: float = 60.0) -> str:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        shown = screen(session)
        if ready(shown):
            return shown
        time.sleep(0.2)
    raise AssertionError(f"the terminal never got there; it shows:\n{screen(session)}")


def quit_after_one_move(tmp_path: Path, command: list[str]) -> str:
    """Start `command` in an 80x24 terminal, make one move with Enter (the highlighted options, then Confirm),
    wait for the next decision, quit with q, and return what the terminal shows afterwards."""
    session = f"exit-{os.getpid()}-{tmp_path.name}"  # one name per test and per worker
    line = " ".join([*command, "--pace", "0", "--seed", "3"]) + "; echo EXIT=$?; sleep 60"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", str(tmp_path), line],
                   check=True, timeout=30)
    try:
        shown = wait_for(session, lambda shown: "your move" in shown)
        for _ in range(6):  # the highlighted option at each step, until the Confirm step
            if "Confirm" in shown:
                break
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True, timeout=30)
            shown = wait_for(session, lambda now, before=shown: now != before)
        subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True, timeout=30)
        wait_for(session, lambda shown: "Confirm" not in shown and "your move" in shown)
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True, timeout=30)
        return wait_for(session, lambda shown: "EXIT=" in shown)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False, timeout=30)


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_quitting_an_unsaved_game_exits_1_and_says_so(tmp_path: Path, game: str) -> None:
    shown = " ".join(quit_after_one_move(tmp_path, [str(BIN / game), "play", "--no-autosave"]).split())
    assert "Your game is not saved: saving after each move is off (--no-autosave)" in shown
    assert "EXIT=1" in shown


def test_quitting_a_saved_game_exits_0_and_says_how_to_resume(tmp_path: Path) -> None:
    shown = " ".join(quit_after_one_move(tmp_path, [str(BIN / "bloodyinn"), "play", "--save", "game.json"]).split())
    assert "resume it with: bloodyinn play --load" in shown and "EXIT=0" in shown
