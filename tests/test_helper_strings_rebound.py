"""A helper's parameter that a loop's call gives a new str is keyed by value by torch.compile
(ACC502: a str cannot go dynamic), but only until the helper rebinds it: a name holds the caller's
str only until it is rebound, by any binding form (`for`, `with ... as`, an assignment), and it
holds a str after the binding only where that binding gives one (`s += "_v2"` does).

Run with torch 2.13 (backend="eager", 10 calls with `f"task{i}"`): the parameter rebound by
`for mode in ("train", "eval")` 2 graphs, by `with nullcontext(0) as mode` 1, `mode += "_v2"` 8.
"""

import pytest

from labelled import assert_labels_match

_HEADER = """
    import contextlib
    import torch

    @torch.compile
    def scaled(x, mode):
        return x * len(mode)
"""

_CALLER = """
    def main(x):
        for i in range(100):
            run(x, f"task{i}")
"""

HAZARDS = {
    "a str added to it": _HEADER + """
    def run(x, mode):
        mode += "_v2"
        scaled(x, mode)  # expect: ACC502
    """ + _CALLER,
    "another name bound by with ... as": _HEADER + """
    def run(x, mode):
        with contextlib.nullcontext(0) as level:
            scaled(x * level, mode)  # expect: ACC502
    """ + _CALLER,
    "another name bound by a for": _HEADER + """
    def run(x, mode):
        for part in ("a", "b"):
            x = x + len(part)
        scaled(x, mode)  # expect: ACC502
    """ + _CALLER,
    "copied to a local name": _HEADER + """
    def run(x, mode):
        tag = mode
        scaled(x, tag)  # expect: ACC502
    """ + _CALLER,
    "a handler's name is unbound after it": _HEADER + """
    def run(x, mode):
        try:
            x = x.cpu()
        except RuntimeError as mode:
            print(mode)
        scaled(x, mode)  # expect: ACC502
    """ + _CALLER,
}

LOOK_ALIKES = {
    "rebound by a for over a few strs": _HEADER + """
    def run(x, mode):
        for mode in ("train", "eval"):
            scaled(x, mode)
    """ + _CALLER,
    "rebound by with ... as": _HEADER + """
    def run(x, mode):
        with contextlib.nullcontext(0) as mode:
            scaled(x, mode)
    """ + _CALLER,
    "rebound by an annotated assignment": _HEADER + """
    def run(x, mode):
        mode: int = 2
        scaled(x, mode)
    """ + _CALLER,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_helper_strings_until_rebound(source):
    assert_labels_match(source)
