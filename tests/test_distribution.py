"""The distribution, as people install it by name: `python -m build` makes an sdist and a wheel from a fresh
checkout; the wheel installs in a clean virtual environment, away from this checkout, and runs (the server with
its static files and migrations, the commands, both terminal games); the sdist builds the compiled observation
encoder where a C compiler is and goes on without it where none is. The version is the same everywhere."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shutil
import sqlite3
import struct
import subprocess
import sys
import sysconfig
import tarfile
import termios
import time
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from alembic.script import ScriptDirectory

import bloodyinn
import innkeepers
from bloodyinn.research.observation import observation_from_view
from tests.tableserver.server_helpers import free_port

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
STATIC = ROOT / "src/tableserver/web/static"
MIGRATIONS = ROOT / "src/tableserver/migrations"
ENCODER = "bloodyinn/research/_compiled_observation"
ENGINES_LIBRARY = "bloodyinn_engines__mypyc"  # the library of both engines compiled by mypyc (setup.py)
# What the installed copies run with: nothing that would put this checkout (or its virtualenv) on their path.
CLEAN_ENV = {name: value for name, value in os.environ.items()
             if name not in {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"}}
# One observation, printed as hex with whether the compiled encoder wrote it, and whether the engines are compiled;
# warnings are errors, so an encoder that reads as older than its source (the .pyx shipped beside the built module)
# fails here.
OBSERVATION_SCRIPT = """
import json, warnings
warnings.simplefilter("error")
import bloodyinn, innkeepers
from bloodyinn.research import observation
vector = observation.observation_from_view(bloodyinn.new_game(players=2, seed=1).view(0), ())
print(json.dumps({"compiled": observation.COMPILED, "observation": vector.tobytes().hex(),
                  "engines": [bloodyinn.COMPILED, innkeepers.COMPILED]}))
"""


def test_the_packages_and_the_changelog_carry_the_distributions_version() -> None:
    assert bloodyinn.__version__ == innkeepers.__version__ == VERSION
    sections = re.findall(r"^## \[([^\]]+)\](.*)$", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    release, _, dev = VERSION.partition(".dev")
    if dev:  # the next release in the making: its changes are listed as unreleased, and it is not out yet
        assert sections[0][0] == "Unreleased"
        assert release not in [name for name, _ in sections]
    else:  # a release: its own dated section
        assert any(name == VERSION and re.fullmatch(r" - \d{4}-\d{2}-\d{2}", date) for name, date in sections)


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env or CLEAN_ENV, capture_output=True,
                            text=True, timeout=900)
    assert result.returncode == 0, f"{command} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def fresh_checkout(destination: Path) -> Path:
    """This checkout as a fresh clone has it: without what .gitignore leaves out (the virtualenv, caches, the encoder
    built in place, an editable install's metadata, whose stale file list an sdist would read)."""
    lines = (ROOT / ".gitignore").read_text().splitlines()
    ignored = [line.strip("/").rsplit("/", 1)[-1] for line in lines if line and not line.startswith("#")]
    shutil.copytree(ROOT, destination, ignore=shutil.ignore_patterns(".git", *ignored))
    return destination


def build(tmp_path: Path, *options: str, env: dict[str, str] | None = None) -> Path:
    """`python -m build` of a fresh checkout; the directory the distributions are written to."""
    out = tmp_path / "dist"
    run(sys.executable, "-m", "build", "--outdir", out, *options, fresh_checkout(tmp_path / "checkout"),
        cwd=tmp_path, env=env)
    return out


def one(paths: Iterator[Path]) -> Path:
    found = list(paths)
    assert len(found) == 1, found
    return found[0]


def venv(path: Path, *requirements: str | Path) -> Path:
    """A new virtual environment with `requirements` installed from the package index; its bin directory."""
    run(sys.executable, "-m", "venv", path, cwd=path.parent)
    run(path / "bin/python", "-m", "pip", "install", "-q", "--no-compile", *requirements, cwd=path.parent)
    return path / "bin"


def has_c_compiler() -> bool:
    return shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]) is not None


def check_contents(sdist: Path, wheel: Path) -> None:
    """The sdist holds what builds the package and what the README links to; the wheel holds every package's
    data (the server's pages, its migrations, the type markers) and the compiled encoder, not its source."""
    with tarfile.open(sdist) as archive:
        in_sdist = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml", "setup.py", f"src/{ENCODER}.pyx",
            "docs/rules/bloody-inn.md", "docs/server.md"} <= in_sdist
    assert not [name for name in in_sdist if name.endswith((".so", ".c", ".pyc"))]
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
        metadata = archive.read(f"bloodyinn-{VERSION}.dist-info/METADATA").decode()
    pages = {f"tableserver/web/static/{page.relative_to(STATIC)}" for page in STATIC.rglob("*") if page.is_file()}
    pages |= {f"tableserver/web/templates/{page.name}" for page in (STATIC.parent / "templates").glob("*.html")}
    assert pages <= in_wheel
    assert {f"tableserver/migrations/versions/{step.name}" for step in MIGRATIONS.glob("versions/*.py")} <= in_wheel
    assert {"tableserver/alembic.ini", "tableserver/migrations/env.py", "tableserver/migrations/script.py.mako",
            f"{ENCODER}.pyi", f"bloodyinn-{VERSION}.dist-info/licenses/LICENSE"} <= in_wheel
    assert {f"{package}/py.typed" for package in ("bloodyinn", "innkeepers", "tabletop", "tableserver")} <= in_wheel
    assert f"{ENCODER}.pyx" not in in_wheel
    if has_c_compiler():
        assert [name for name in in_wheel if name.startswith(ENCODER) and name.endswith(".so")]
        assert [name for name in in_wheel if name.startswith(ENGINES_LIBRARY) and name.endswith(".so")]
        assert {"bloodyinn/rules/flow.py", "innkeepers/rules/flow.py"} <= in_wheel  # the source, beside the build
    assert "Project-URL: Changelog, https://github.com/bloodyinn/bloodyinn/blob/main/CHANGELOG.md" in metadata
    assert "License-Expression: MIT" in metadata


def check_imports(bin_dir: Path, cwd: Path) -> None:
    """Every package and the version come from the environment, not from this checkout."""
    found = json.loads(run(bin_dir / "python", "-c", "import importlib.metadata, json, bloodyinn, innkeepers, "
                           "tabletop, tableserver; print(json.dumps({'version': importlib.metadata.version("
                           "'bloodyinn'), 'files': [m.__file__ for m in (bloodyinn, innkeepers, tabletop, "
                           "tableserver)]}))", cwd=cwd))
    assert found["version"] == VERSION
    for file in found["files"]:
        assert Path(file).is_relative_to(bin_dir.parent), file


def check_commands(bin_dir: Path, cwd: Path) -> None:
    assert "serve" in run(bin_dir / "bloodyinn", "--help", cwd=cwd)  # the server's entry points were installed
    assert "play" in run(bin_dir / "innkeepers", "--help", cwd=cwd)
    assert "Final scores" in run(bin_dir / "bloodyinn", "simulate", "--players", "2", "--seed", "1", cwd=cwd)
    assert "Final scores" in run(bin_dir / "innkeepers", "simulate", "--players", "2", "--seed", "1", cwd=cwd)


@contextmanager
def serving(bin_dir: Path, database: Path) -> Iterator[str]:
    """`tableserver serve` from `bin_dir` on a free port, once it answers (60 s at most); its URL."""
    url = f"http://127.0.0.1:{free_port()}"
    log = database.with_suffix(".log")
    with log.open("wb") as output:
        process = subprocess.Popen([bin_dir / "tableserver", "serve", "--port", url.rsplit(":", 1)[1],
                                    "--database-url", f"sqlite:///{database}", "--log-level", "warning"],
                                   cwd=database.parent, env=CLEAN_ENV, stdout=output, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while not answers(url):
                assert process.poll() is None, f"the server exited:\n{log.read_text()}"
                assert time.monotonic() < deadline, f"the server did not answer in 60 s:\n{log.read_text()}"
                time.sleep(0.1)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def answers(url: str) -> bool:
    try:
        return httpx.get(url + "/api/options", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def check_server(bin_dir: Path, cwd: Path) -> None:
    """The lobby, a static file and the API, from the installed package; the database migrated to the newest
    revision by the installed migrations."""
    database = cwd / "tables.db"
    with serving(bin_dir, database) as url:
        lobby = httpx.get(url + "/", timeout=10)
        assert lobby.status_code == 200
        assert lobby.headers["content-type"].startswith("text/html")
        assert "<title>Inn Tables" in lobby.text
        script = httpx.get(url + "/static/lobby.js", timeout=10)
        assert script.status_code == 200
        assert script.content == (STATIC / "lobby.js").read_bytes()
        games = httpx.get(url + "/api/options", timeout=10).json()["games"]
        assert {game["id"] for game in games} == {"bloodyinn", "innkeepers"}
    with sqlite3.connect(database) as connection:
        (revision,), = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    assert revision == ScriptDirectory(str(MIGRATIONS)).get_current_head()


ESCAPE = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[P\]_^][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def play_in_a_terminal(command: list[str | Path], cwd: Path, shows: str) -> str:
    """Start a terminal game on an 80x24 pseudo-terminal, wait until its screen shows `shows` (60 s at most),
    press q and wait for it to quit; the screen's text, without escape sequences."""
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(command, cwd=cwd, env={**CLEAN_ENV, "TERM": "xterm-256color"}, stdin=side,
                               stdout=side, stderr=side, start_new_session=True)
    os.close(side)
    screen = bytearray()

    def text() -> str:
        return ESCAPE.sub(b"", bytes(screen)).decode(errors="replace")

    def read_until(done: Callable[[], bool], seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            if select.select([main], [], [], 0.1)[0]:
                try:
                    screen.extend(os.read(main, 65536))
                except OSError:  # the game has closed the terminal
                    break
        return done()

    try:
        shown = read_until(lambda: shows in text(), 60)
        os.write(main, b"q")
        read_until(lambda: process.poll() is not None, 30)
        returncode = process.wait(30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(main)
    assert shown, f"{command} never showed {shows!r}:\n{text()[-3000:]}"
    assert returncode == 0, f"{command} exited {returncode} after q:\n{text()[-3000:]}"
    return text()


def check_terminal_games(bin_dir: Path, cwd: Path) -> None:
    bloody_inn = play_in_a_terminal([bin_dir / "bloodyinn", "play", "--players", "1", "--seed", "1", "--save",
                                     cwd / "bloodyinn-save.json"], cwd, shows="your move")
    assert "The Bloody Inn" in bloody_inn
    ink = play_in_a_terminal([bin_dir / "innkeepers", "play", "--players", "2", "--seed", "1", "--save",
                              cwd / "innkeepers-save.json"], cwd, shows="your move")
    assert "Innkeepers" in ink


@pytest.mark.slow
@pytest.mark.timeout(1800)  # builds, compiles and installs from the package index: longer than a test's usual limit
def test_the_wheel_installs_by_name_in_a_clean_environment_and_runs(tmp_path: Path) -> None:
    out = build(tmp_path)
    sdist = one(out.glob(f"bloodyinn-{VERSION}.tar.gz"))
    wheel = one(out.glob(f"bloodyinn-{VERSION}-*.whl"))
    check_contents(sdist, wheel)
    # numpy is what the observation encoder needs of the research extra (the rest of it is large).
    bin_dir = venv(tmp_path / "venv", f"bloodyinn[web,tui] @ {wheel.as_uri()}", "numpy")
    check_imports(bin_dir, tmp_path)
    check_commands(bin_dir, tmp_path)
    check_server(bin_dir, tmp_path)
    check_terminal_games(bin_dir, tmp_path)
    installed = json.loads(run(bin_dir / "python", "-c", OBSERVATION_SCRIPT, cwd=tmp_path))
    assert installed["compiled"] == has_c_compiler()
    assert installed["engines"] == [has_c_compiler()] * 2


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_sdist_installs_without_a_c_compiler_on_the_python_encoder(tmp_path: Path) -> None:
    sdist = one(build(tmp_path, "--sdist").glob(f"bloodyinn-{VERSION}.tar.gz"))
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    # The wheel built from the sdist where the C compiler fails: no compiled encoder, and no error.
    out = tmp_path / "without-compiler"
    run(sys.executable, "-m", "build", "--wheel", "--outdir", out, tmp_path / "unpacked" / f"bloodyinn-{VERSION}",
        cwd=tmp_path, env={**CLEAN_ENV, "CC": "/bin/false"})
    wheel = one(out.glob(f"bloodyinn-{VERSION}-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.startswith(ENCODER) and not name.endswith(".pyi")]
        assert not [name for name in archive.namelist() if name.endswith(".so")]  # nor compiled engines
    bin_dir = venv(tmp_path / "venv", f"bloodyinn[cli] @ {wheel.as_uri()}", "numpy")
    check_imports(bin_dir, tmp_path)
    assert "Final scores" in run(bin_dir / "bloodyinn", "simulate", "--players", "2", "--seed", "1", cwd=tmp_path)
    installed = json.loads(run(bin_dir / "python", "-c", OBSERVATION_SCRIPT, cwd=tmp_path))
    assert installed["compiled"] is False
    assert installed["engines"] == [False, False]
    # The same bits as this checkout's encoder (compiled where it was built).
    here = observation_from_view(bloodyinn.new_game(players=2, seed=1).view(0), ())
    assert installed["observation"] == here.tobytes().hex()
