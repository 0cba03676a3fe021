"""The one part of the build that pyproject.toml cannot say: what is compiled where a C compiler is.

- `bloodyinn.research._compiled_observation`, the observation encoder, from its Cython source;
- both engines (`bloodyinn` and `innkeepers`: their rules and the modules around them, not their faces), by mypyc
  from the same `.py` files, which are installed beside the compiled modules (docs/engine.md#compiled-build).

Where no C compiler is, or it fails, the install goes on without them: the same encoder and the same engines in
plain Python, bit for bit the same (see docs/research.md#speed). An editable install (`pip install -e`, the
development .venv) and `build_ext --inplace` never compile the engines: their modules, built in place, would shadow
the `.py` files being edited. Everything else about the package is in pyproject.toml.
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, LinkError, PlatformError

ENGINES = ("src/bloodyinn", "src/innkeepers")
# Engine modules left to the interpreter: the packages' __init__ (which tells whether the engine is compiled), the
# command lines, and what takes input of any type and costs little, since a compiled function or class refuses (or
# converts) a value of the wrong type before the engine's check can say what is wrong: Bloody Inn's game (every
# entry point), the settings, the actions (a malformed one must reach the engine's check), the checks of loaded and
# built positions. Both games' states and cards, and Innkeepers' game, are compiled and check their input themselves
# (docs/engine.md#compiled-build).
PLAIN = {"__init__.py", "cli.py", "bloodyinn/game.py", "config.py", "actions.py", "invariants.py", "positions.py"}
# The commands that build the package (an editable install is `editable_wheel`, which builds in place).
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}


def engine_sources() -> list[str]:
    sources = [path for package in ENGINES for path in [*Path(package).glob("*.py"), *Path(package).glob("rules/*.py")]]
    return sorted(str(path) for path in sources
                  if path.name not in PLAIN and path.relative_to("src").as_posix() not in PLAIN)


def compiled_engines() -> list[Extension]:
    from mypyc.build import mypycify  # a build requirement; imported only when the engines are compiled

    return mypycify(engine_sources(), group_name="bloodyinn_engines")


class BuildExtensions(build_ext):
    def initialize_options(self) -> None:
        super().initialize_options()
        self.engines: list[Extension] = []

    def finalize_options(self) -> None:
        # Decided from the commands asked for, since this runs before an editable install says it is one (and for
        # an sdist's or metadata's file lists): only a build compiles the engines, never one in place.
        if BUILDS & set(self.distribution.commands) and not (self.inplace or self.editable_mode):
            self.engines = compiled_engines()
            self.distribution.ext_modules = [*(self.distribution.ext_modules or []), *self.engines]
        super().finalize_options()

    def build_extensions(self) -> None:
        """The encoder as an optional extension; the engines all or none (a compiled module imports the others
        compiled, and they share one library)."""
        self.extensions = [extension for extension in self.extensions if extension not in self.engines]
        super().build_extensions()
        try:
            for extension in self.engines:
                self.build_extension(extension)
        except (CCompilerError, CompileError, LinkError, PlatformError) as error:
            for extension in self.engines:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            self.warn(f"the engines were not compiled ({error}): they stay plain Python")


setup(ext_modules=[Extension("bloodyinn.research._compiled_observation",
                             ["src/bloodyinn/research/_compiled_observation.pyx"], optional=True)],
      cmdclass={"build_ext": BuildExtensions})
