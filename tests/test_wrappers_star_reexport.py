"""A wrapper a package has by `from .module import *` is that wrapper under the package's name
(objax's `objax.Jit`, which objax's `__init__` has from `objax.module`; issue 33's wrappers
set): `import pkg; pkg.Jit(f)`, `from pkg import my_jit`, a star import of a star import. Only
the wrappers follow star imports: the reach of functions through them stays off (the strict
xfail in tests/test_reach43.py, kornia's findings not shown real)."""

from pathlib import Path

from acclint.api import lint_paths
from labelled import labels
from two_modules import write_files

PACKAGE = {
    "pkg/__init__.py": "from .module import *\nfrom .core import *\n",
    "pkg/module.py": """
        import jax

        class Function:
            def __init__(self, f, vc):
                self.__wrapped__ = f

            def __call__(self, *args):
                return self.__wrapped__(*args)

            @staticmethod
            def with_vars(vc):
                def from_function(f):
                    return Function(f, vc)
                return from_function

        class Jit:
            def __init__(self, f, static_argnums=None):
                def jit(*args):
                    return f(*args)
                self._call = jax.jit(jit, static_argnums=static_argnums)

            def __call__(self, *args):
                return self._call(*args)

        def plain(fn):
            return fn
    """,
    "pkg/core/__init__.py": "from .compile import *\n",
    "pkg/core/compile.py": """
        import jax

        def my_jit(fn):
            return jax.jit(fn)
    """,
}

USES = {
    "objax_style.py": """
        import pkg

        @pkg.Function.with_vars(None)
        def train_op(x):
            print("train", x)  # expect: ACC401
            return x

        train_op = pkg.Jit(train_op)
    """,
    "by_name.py": """
        from pkg import Jit, my_jit

        def step(x):
            return float(x.sum())  # expect: ACC302

        fast = Jit(step)

        @my_jit
        def other(x):
            if x > 0:  # expect: ACC201
                return x
            return -x
    """,
    "two_stars_down.py": """
        import pkg

        @pkg.my_jit
        def step(x):
            print("step")  # expect: ACC401
            return x
    """,
    "look_alike.py": """
        import pkg

        @pkg.plain
        def eager(x):
            print("no wrapper: runs eagerly")
            return x
    """,
}


def test_a_wrapper_re_exported_by_a_star_import(tmp_path):
    files = {**PACKAGE, **USES}
    root = write_files(tmp_path, files)
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root])}
    assert found == {(name, line, code) for name in USES for line, code in labels((root / name).read_text())}
