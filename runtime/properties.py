"""MATLAB-cased property names on runtime objects: an ``AttributeError`` naming the Python one.

A port keeps MATLAB's spelling by habit: ``accfun.CheckMode = "tolerance"``,
``accfun.Enabled = false``, ``net.State = state``. On a plain Python object that assignment
creates a new attribute nobody reads, so the setting is silently ignored. ``MatlabNames``
makes reading or writing a capitalised name whose snake-case form is a property, attribute,
learnable or state of the object an ``AttributeError`` that names the Python spelling;
capitalised names with no such twin (a custom layer's own ``NumHeads``) stay allowed.
"""

import re


def snake_case(name):
    """``"CheckMode"`` -> ``"check_mode"``, ``"HitRate"`` -> ``"hit_rate"``."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def python_spelling(obj, name):
    """The Python name that the MATLAB-cased ``name`` stands for on ``obj``, or None."""
    if not name[:1].isupper():
        return None
    python = snake_case(name)
    cls = type(obj)
    known = (hasattr(cls, python) or python in getattr(obj, "__dict__", {})
             or python in getattr(cls, "learnable_names", ())
             or python in getattr(cls, "state_names", ()))
    return python if known else None


def _refuse(obj, name):
    python = python_spelling(obj, name)
    if python is not None:
        raise AttributeError(f"{type(obj).__name__} has no attribute {name!r}: MATLAB's "
                             f"{name} is spelled {python!r} here (options and properties are "
                             "snake case in this runtime)")


class MatlabNames:
    """Mixin: ``obj.CheckMode`` (read or written) is an ``AttributeError`` naming
    ``check_mode`` when that exists; see the module docstring."""

    __slots__ = ()

    def __setattr__(self, name, value):
        _refuse(self, name)
        object.__setattr__(self, name, value)

    def __getattr__(self, name):  # only reached when ordinary lookup failed
        _refuse(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
