"""The one part of the build that pyproject.toml cannot say: the optional compiled observation encoder.

`bloodyinn.research._compiled_observation` is built from its Cython source where a C compiler is found; where
none is, the install goes on without it and observations come from the pure-Python encoder, bit for bit the
same (see docs/research.md#speed). Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("bloodyinn.research._compiled_observation",
                             ["src/bloodyinn/research/_compiled_observation.pyx"], optional=True)])
