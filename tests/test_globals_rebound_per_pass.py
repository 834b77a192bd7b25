"""A module global is one value every function shares (acclint.analysis.loop_passes).

Property: a global that a function run on every pass of a loop rebinds (declared `global`) to a
value new on that pass is new on every pass of that loop, and a global new on a pass is new in
every function the pass runs: a torch.compile'd function that guards it (a `range()` bound, a
Python int read) compiles again on each pass wherever the rebinding and the compiled call sit
(ACC505; reported at the compiled call, in the helper where a helper makes it). From benchmarks/blind3's dev miss torch_global_range_bound_1 (`set_curriculum(epoch)`
rebinds `NUM_REFINE`, a `refine`'s `range()` bound, and the compiled call sits in a holder's
`__call__`: torch 2.13, 8 compiles in 10 epochs).
"""

import pytest

from labelled import assert_labels_match

PRELUDE = """
import torch

NUM_REFINE = 1
WIDTH = 2


def refine(x, w):
    for _ in range(NUM_REFINE):
        x = x + 0.1 * torch.tanh(x @ w)
    return x


fn = torch.compile(refine)


def set_curriculum(epoch):
    global NUM_REFINE
    NUM_REFINE = 1 + epoch


def set_constant(epoch):
    global NUM_REFINE
    NUM_REFINE = 4


def set_width(epoch):
    global WIDTH
    WIDTH = 2 + epoch

"""

HAZARDS = {
    "a helper rebinds it, the loop calls the compiled function": """
def main(x, w, epochs):
    for epoch in range(epochs):
        set_curriculum(epoch)
        fn(x, w)  # expect: ACC505
""",
    "the loop rebinds it, a helper calls the compiled function": """
def run_step(x, w):
    return fn(x, w)  # expect: ACC505


def main(x, w, epochs):
    global NUM_REFINE
    for epoch in range(epochs):
        NUM_REFINE = 1 + epoch
        run_step(x, w)
""",
    "a helper rebinds it, a holder's __call__ calls the compiled function": """
class Refiner:
    def __init__(self, w):
        self.w = w
        self.fn = torch.compile(refine)

    def __call__(self, x):
        return self.fn(x, self.w)  # expect: ACC505


def main(x, epochs):
    refiner = Refiner(torch.eye(3))
    outs = []
    for epoch in range(epochs):
        set_curriculum(epoch)
        outs.append(refiner(x))
    return outs
""",
    "a method rebinds it, a helper calls the compiled function": """
class Curriculum:
    def advance(self, epoch):
        global NUM_REFINE
        NUM_REFINE = epoch // 1 + 1


def run_step(x, w):
    return fn(x, w)  # expect: ACC505


def main(x, w, epochs):
    curriculum = Curriculum()
    for epoch in range(epochs):
        curriculum.advance(epoch)
        run_step(x, w)
""",
}

FINE = {
    "a helper rebinds it to a constant": """
def main(x, w, epochs):
    for epoch in range(epochs):
        set_constant(epoch)
        fn(x, w)
""",
    "a helper rebinds it once, before the loop": """
def main(x, w, epochs):
    set_curriculum(3)
    for epoch in range(epochs):
        fn(x, w)
""",
    "a helper rebinds a global the compiled function does not read": """
def run_step(x, w):
    return fn(x, w)


def main(x, w, epochs):
    for epoch in range(epochs):
        set_width(epoch)
        run_step(x, w)
""",
    "a local of the same name in the helper": """
def step_with(x, w, epoch):
    NUM_REFINE = 1 + epoch
    return fn(x, w) * NUM_REFINE


def main(x, w, epochs):
    for epoch in range(epochs):
        step_with(x, w, epoch)
""",
}


@pytest.mark.parametrize("body", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_global_rebound_on_every_pass_is_new_wherever_the_pass_reads_it(body):
    assert_labels_match(PRELUDE + body)
