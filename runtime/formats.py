"""Dimension formats: the labels a ``dlarray`` carries, one per dimension.

Labels are ``S`` (spatial), ``C`` (channel), ``B`` (batch), ``T`` (time) and ``U``
(unspecified); ``""`` means unformatted. As in MATLAB, ``C``, ``B`` and ``T`` appear at most
once, and a format is stored in the canonical order ``S... C B T U...``: ``dlarray(x, "BC")``
permutes the data so that its format reads ``"CB"``. Only upper-case labels are accepted.

Sharp edge: an operation whose result has a different number of dimensions than its formatted
operand (a full reduction, ``reshape`` to another rank, integer indexing that would leave a
format MATLAB cannot express) returns an unformatted array rather than guessing labels.
"""

LABELS = "SCBTU"
_ORDER = {label: rank for rank, label in enumerate(LABELS)}
_NAMES = "S (spatial), C (channel), B (batch), T (time) or U (unspecified)"


def canonical(fmt, ndim):
    """Validate ``fmt`` for data of ``ndim`` dimensions.

    Returns ``(canonical_fmt, perm)`` where ``perm`` is the axis permutation that brings data
    labelled ``fmt`` into the canonical order, or ``None`` when no permutation is needed.
    Raises ``ValueError`` naming the offending label, or the length mismatch.
    """
    if not isinstance(fmt, str):
        raise TypeError("a dlarray format must be a string such as 'SSCB', got "
                        f"{type(fmt).__name__}")
    if fmt == "":
        return "", None
    for position, label in enumerate(fmt):
        if label not in _ORDER:
            raise ValueError(
                f"invalid dimension label {label!r} at position {position} of format {fmt!r}; "
                f"each label must be {_NAMES}"
            )
    for label in "CBT":
        if fmt.count(label) > 1:
            raise ValueError(
                f"format {fmt!r} has {fmt.count(label)} {label!r} labels; C, B and T may each "
                "appear at most once (use S or U for further dimensions)"
            )
    if len(fmt) != ndim:
        raise ValueError(
            f"format {fmt!r} has {len(fmt)} labels but the data has {ndim} dimensions; "
            "give exactly one label per dimension"
        )
    perm = tuple(sorted(range(len(fmt)), key=lambda axis: (_ORDER[fmt[axis]], axis)))
    ordered = "".join(fmt[axis] for axis in perm)
    return ordered, (None if perm == tuple(range(len(fmt))) else perm)


def broadcast(fmt_a, fmt_b, ndim):
    """Format of an elementwise result of ``ndim`` dimensions from operands formatted so.

    Equal formats are kept; an unformatted operand (a scalar, a plain array) adopts the other's
    format. Two different non-empty formats are an error: MATLAB would align them by label,
    which this runtime does not do.
    """
    if fmt_a == fmt_b or not fmt_b:
        fmt = fmt_a
    elif not fmt_a:
        fmt = fmt_b
    else:
        raise ValueError(
            f"cannot combine dlarrays with formats {fmt_a!r} and {fmt_b!r}; relabel one with "
            "dlarray(stripdims(x), fmt) so that both have the same format"
        )
    return fmt if len(fmt) == ndim else ""


def reduce(fmt, axes, keepdims):
    """Format after reducing ``axes`` (a tuple of non-negative ints)."""
    if not fmt or keepdims:
        return fmt
    return "".join(label for axis, label in enumerate(fmt) if axis not in axes)


def axes_of(fmt, ndim, axis):
    """Normalise a reduction ``axis`` to a sorted tuple of non-negative ints.

    ``axis`` may be ``None`` (all), an int, a tuple of ints, or a string of labels such as
    ``"S"`` or ``"SC"`` (every dimension carrying one of those labels).
    """
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, str):
        missing = [label for label in axis if label not in fmt]
        if missing:
            raise ValueError(f"format {fmt!r} has no dimension labelled {missing[0]!r}")
        return tuple(i for i, label in enumerate(fmt) if label in axis)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(f"axis {a} is out of range for an array with {ndim} dimensions")
    return tuple(sorted(a % ndim for a in axes))


def index(fmt, template):
    """Format after basic indexing described by ``template`` (see ``dlarray.getitem``).

    Slices keep a dimension's label and integers drop it; ``None``, ``...`` expansions that
    cannot be mapped, and advanced (array) indices give an unformatted result.
    """
    if not fmt:
        return ""
    kinds = [item[0] for item in template]
    if any(kind not in ("int", "slice", "ellipsis") for kind in kinds):
        return ""
    if kinds.count("ellipsis") > 1:
        return ""
    if "ellipsis" in kinds:
        at = kinds.index("ellipsis")
        fill = len(fmt) - (len(kinds) - 1)
        kinds = kinds[:at] + ["slice"] * fill + kinds[at + 1:]
    kinds += ["slice"] * (len(fmt) - len(kinds))
    return "".join(label for label, kind in zip(fmt, kinds) if kind == "slice")
