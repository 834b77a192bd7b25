"""acclint: find code that silently misbehaves inside accelerated (traced and cached) functions.

The linter (this package's modules), its rules (`acclint.rules`) and a JAX-backed runtime
(`acclint.runtime`) share this namespace. Importing `acclint` imports neither JAX nor the rules.
"""

__version__ = "0.1.0"


def _serve_checkout_subpackages() -> None:
    """Let `acclint.rules` and `acclint.runtime` import from a source checkout.

    Installed, pyproject's `package-dir` maps the top-level `rules/` and `runtime/` folders into
    this package. When Python instead finds this folder directly in a checkout (the working
    directory is on `sys.path`, e.g. `python -m acclint` run from the repository root while a
    non-editable copy is installed), the mapping is absent, so the checkout root is added to
    this package's search path. Outside a checkout this does nothing.
    """
    import os

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    markers = ("pyproject.toml", os.path.join("rules", "__init__.py"), os.path.join("runtime", "__init__.py"))
    if all(os.path.isfile(os.path.join(root, m)) for m in markers) and root not in __path__:
        __path__.append(root)


_serve_checkout_subpackages()
