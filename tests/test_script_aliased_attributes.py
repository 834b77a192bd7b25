"""ACC406 under torch.jit.script: a container attribute changed in place where another holds it.

Property: torch.jit.script copies each list attribute of a module into the scripted module
separately, so an in-place change (item assignment, augmented item assignment, `append`) of a
container attribute in a method it compiles is kept in the scripted module's own attribute but
lost to another holder of the same object: another attribute bound to it (`self.b = self.a`) or
the caller that handed it to `__init__` (pytorch#33034; run benchmarks/framework_runs.py
script_aliased_container_attribute, torch 2.13: "lost" through the other attribute and the
caller's list for each change, "kept" in the attribute changed). A container the module makes
itself and holds alone is no hazard there.
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC4")
    )


def test_an_augmented_item_assignment_through_an_aliasing_attribute():
    assert found("""
        import torch


        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.a = [1, 2, 3, 4, 5, 6]
                self.b = self.a

            def forward(self, x):
                self.b[1] += 10
                return self.a


        m_s = torch.jit.script(M())
    """) == [(11, "ACC406")]


def test_an_item_assignment_to_the_attribute_another_one_aliases():
    assert found("""
        import torch


        class Buffer(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.slots = [0, 0, 0]
                self.view = self.slots

            def forward(self, x, i: int):
                self.slots[i] = 1
                return x


        scripted = torch.jit.script(Buffer())
    """) == [(11, "ACC406")]


def test_an_append_to_a_list_the_caller_handed_in():
    assert found("""
        from typing import List

        import torch


        class Recorder(torch.nn.Module):
            def __init__(self, log: List[int]):
                super().__init__()
                self.log = log

            def forward(self, x):
                self.log.append(1)
                return x


        history: List[int] = []
        rec = torch.jit.script(Recorder(history))
    """) == [(12, "ACC406")]


def test_a_list_the_module_makes_and_holds_alone_is_kept():
    assert found("""
        from typing import List

        import torch


        class Counter(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.seen: List[int] = [0]
                self.steps = [0, 0]

            def forward(self, x):
                self.seen.append(1)
                self.steps[0] += 1
                self.steps.append(2)
                return x


        c = torch.jit.script(Counter())
    """) == []


def test_an_attribute_not_known_to_be_a_container_is_left_alone():
    assert found("""
        import torch


        class Ring(torch.nn.Module):
            def __init__(self, size: int, shared):
                super().__init__()
                self.buf = torch.zeros(size)
                self.view = self.buf
                self.other = shared

            def forward(self, x, i: int):
                self.view[i] = 1.0
                self.other.append(x)
                return x


        r = torch.jit.script(Ring(4, []))
    """) == []
