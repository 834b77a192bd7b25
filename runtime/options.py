"""MATLAB's name-value arguments and option values, for every runtime function with options.

MATLAB passes options as name-value pairs after the positional arguments, matching the names
case-insensitively: ``rand(3, 4, "like", X)``, ``dlconv(X, W, b, "Padding", "same")``,
``predict(net, X, "Outputs", names)``, or since R2021a ``Name=value``. A port keeps those
spellings by habit, so ``name_value`` makes a runtime function accept all of them for its
keyword options:

- keywords in snake case (``check_mode=``), MATLAB's spelling (``CheckMode=``) or any case;
- trailing positional pairs (``"CheckMode", "tolerance"``), the name in any case.

A name is matched ignoring case and underscores, so ``CheckMode``, ``checkmode`` and
``check_mode`` are one option. A name MATLAB documents for the function that this runtime
does not implement (``"DataFormat"``, ``"DilationFactor"``) is a ``TypeError`` that says so,
and so is an unknown name: an option is never silently ignored.

Option *values* that pick one of a few words are matched by ``choice``, case-insensitively as
MATLAB's are (``check_mode="Tolerance"`` is ``"tolerance"``).
"""

import functools
import inspect

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _key(name):
    return name.replace("_", "").lower()


def choice(value, choices, what):
    """``value`` as the one of ``choices`` (lower-case words) it names in any case; a
    ``ValueError`` naming ``what`` and the choices otherwise."""
    if isinstance(value, str) and value.lower() in choices:
        return value.lower()
    listed = ", ".join(repr(c) for c in choices)
    raise ValueError(f"{what} must be one of {listed} (in any case), got {value!r}")


def pairs(args, who):
    """MATLAB's free-form name-value pairs (``"Loss", loss, "Accuracy", acc``) as a dict."""
    if len(args) % 2 or not all(isinstance(name, str) for name in args[::2]):
        raise TypeError(f"{who}: give names and values in pairs (\"Loss\", value, ...) or as "
                        f"keywords (Loss=value), got {args!r}")
    return dict(zip(args[::2], args[1::2]))


def name_value(*, unsupported=(), aliases=None):
    """Decorator: the function also takes MATLAB's spellings of its options (see the module
    docstring).

    The options are the function's parameters with a default value; ``aliases`` maps MATLAB
    names that are not their Python name spelled differently (``{"ClassNames": "classes"}``);
    ``unsupported`` lists MATLAB's other documented names for this function, refused with a
    message that says this runtime does not implement them.
    """
    def decorate(fun):
        signature = inspect.signature(fun)
        params = signature.parameters.values()
        keys = {_key(p.name): p.name for p in params
                if p.default is not p.empty and p.kind is not p.VAR_KEYWORD}
        keys.update({_key(matlab): python for matlab, python in (aliases or {}).items()})
        refused = {_key(name): name for name in unsupported}
        positional = [p for p in params if p.kind in _POSITIONAL]
        required = sum(p.default is p.empty for p in positional)
        capacity = None if any(p.kind is p.VAR_POSITIONAL for p in params) else len(positional)
        names = {p.name for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        who = fun.__qualname__.removesuffix(".__init__")
        spec = _Spec(who, keys, refused, names, required, capacity)

        @functools.wraps(fun)
        def wrapper(*args, **kwargs):
            if names.issuperset(kwargs) and str not in map(type, args[required:]):
                return fun(*args, **kwargs)  # Python's own spelling: nothing to translate
            args, options = spec.split(args)
            for name, value in kwargs.items():
                spec.add(options, name, value)
            return fun(*args, **options)

        wrapper.__signature__ = signature
        return wrapper

    return decorate


class _Spec:
    """What ``name_value`` knows about one function: its option names and positionals."""

    __slots__ = ("who", "keys", "refused", "known", "names", "required", "capacity")

    def __init__(self, who, keys, refused, names, required, capacity):
        self.who, self.keys, self.refused, self.names = who, keys, refused, names
        self.known = set(keys) | set(refused)
        self.required, self.capacity = required, capacity

    def split(self, args):
        """``args`` without its trailing name-value pairs, and the pairs as options.

        The pairs start at the first string, after the required positionals, that names an
        option (known or refused); or, when there are more positionals than the function
        takes, at the first string after the required ones (an unknown name, reported so).
        """
        start = next((i for i in range(self.required, len(args))
                      if isinstance(args[i], str) and _key(args[i]) in self.known), None)
        if start is None and self.capacity is not None and len(args) > self.capacity:
            start = next((i for i in range(self.required, len(args))
                          if isinstance(args[i], str)), None)
        if start is None:
            return args, {}
        tail, options = args[start:], {}
        if len(tail) % 2:
            raise TypeError(f"{self.who}: name-value arguments come in pairs, but "
                            f"{tail[-1]!r} has no value" if isinstance(tail[-1], str) else
                            f"{self.who}: name-value arguments come in pairs, got {tail!r}")
        for name, value in zip(tail[::2], tail[1::2]):
            if not isinstance(name, str):
                raise TypeError(f"{self.who}: expected an option name, got {name!r} in the "
                                f"name-value arguments {tail!r}")
            self.add(options, name, value)
        return args[:start], options

    def add(self, options, name, value):
        """Put option ``name`` (any spelling; a parameter's own name as it is) in ``options``."""
        key = _key(name)
        python = name if name in self.names else self.keys.get(key)
        if python is None and key in self.refused:
            raise TypeError(f"{self.who}: MATLAB's option {self.refused[key]!r} is not "
                            f"supported by this runtime; its options are {self._listed()}")
        if python is None:
            raise TypeError(f"{self.who}: unknown option {name!r}; the options are "
                            f"{self._listed()} (MATLAB's names, any case, or snake case)")
        if python in options:
            raise TypeError(f"{self.who}: option {python!r} given twice")
        options[python] = value

    def _listed(self):
        return ", ".join(sorted(set(self.keys.values()))) or "none"
