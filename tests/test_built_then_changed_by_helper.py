"""A trace built when bound, a helper's change, then a call, in a driver's own order (acclint.analysis.bindings).

Property: where a function binds what builds a trace when applied (`fn = torch.jit.trace(f, x)`,
or an object whose `__init__` traces: `server = Server(x)`), then calls a function that changes
a module-level object the trace read (an item, `update`, an attribute), then calls the trace, the
trace replays the old value (ACC602), as when the function makes the change itself. From
benchmarks/blind3's dev misses torch_trace_global_dict_1 (`CONFIG.update(overrides)` in
`load_config`) and torch_trace_global_dict_2 (`ANCHOR_REGISTRY["stride"] = ...` in a helper,
the trace made in another class's `__init__`).
"""

import pytest

from labelled import assert_labels_match

PRELUDE = """
import torch
from torch import nn

SETTINGS = {"gain": 0.5}


class Options:
    scale = 2.0


OPTIONS = Options()


def postprocess(scores):
    return scores * SETTINGS["gain"]  # expect: ACC602

"""
SET_GAIN = """

def set_gain(value):
    SETTINGS["gain"] = value
"""
# Each program runs its `main()` from module-level code: the order of its calls is then the
# program's (a function no module code runs may be called in any order), and each defines only the
# helpers it calls.

HAZARDS = {
    "a bound trace, a helper's item write, a call": """
def main():
    x = torch.ones(3)
    fn = torch.jit.trace(postprocess, x)
    set_gain(0.2)
    return fn(x)


main()
""",
    "a trace in a holder's __init__, a helper's update, a method's call": """
def merge(overrides):
    SETTINGS.update(overrides)


class Server:
    def __init__(self, example):
        self.fn = torch.jit.trace(postprocess, example)

    def serve(self, batch):
        return self.fn(batch)


def main():
    x = torch.ones(3)
    server = Server(x)
    merge({"gain": 0.1})
    return server.serve(x)


main()
""",
}

FINE = {
    "the helper changes it before the trace is built": """
def main():
    x = torch.ones(3)
    set_gain(0.2)
    fn = torch.jit.trace(postprocess, x)
    return fn(x)


main()
""",
    "the helper changes it after the last call": """
def main():
    x = torch.ones(3)
    fn = torch.jit.trace(postprocess, x)
    y = fn(x)
    set_gain(0.2)
    return y


main()
""",
    "only the eager function runs after the change": """
def main():
    x = torch.ones(3)
    fn = torch.jit.trace(postprocess, x)
    set_gain(0.2)
    return postprocess(x)


main()
""",
}

MODULE_READ = """
import torch
from torch import nn


class Options:
    scale = 2.0


OPTIONS = Options()


class Decoder(nn.Module):
    def forward(self, offsets):
        return offsets * OPTIONS.scale  # expect: ACC602


def configure(resolution):
    OPTIONS.scale = resolution / 64


class Detector:
    def __init__(self):
        self.decoder = Decoder()
        self.exported = torch.jit.trace(self.decoder, torch.ones(1, 4))

    def detect(self, offsets):
        return self.exported(offsets)


def main():
    det = Detector()
    configure(1024)
    return det.detect(torch.ones(2, 4))


main()
"""


@pytest.mark.parametrize("body", list(HAZARDS.values()), ids=list(HAZARDS))
def test_a_helper_changing_what_a_built_trace_read_before_a_call(body):
    assert_labels_match(PRELUDE + (SET_GAIN if "set_gain" in body else "") + body)


@pytest.mark.parametrize("body", list(FINE.values()), ids=list(FINE))
def test_a_change_outside_the_window_is_no_hidden_input(body):
    assert_labels_match((PRELUDE + SET_GAIN + body).replace("  # expect: ACC602", ""))


def test_a_traced_module_reading_a_global_object_attribute():
    assert_labels_match(MODULE_READ)
