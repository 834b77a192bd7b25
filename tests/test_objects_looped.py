"""A loop's target holds the elements of what it iterates (acclint.analysis.objects: `looped`,
`iterated`). Loops over each other's names form a cycle (`for layer in layers: ... for layers
in layer`), and a module class can loop over instances of itself (a tree of modules): the
questions are asked one deeper each time round and cut past MAX_DEPTH, as every chain of names
is (`Objects._once`). A second guard once cut a cycle at the first name met again (`_looping`),
which cached answers missing the cut part, so what a name held depended on which name was asked
first (the order test below failed on 8626bed9: `more` held nothing when asked after `inner`)."""

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.api import options_for
from acclint.run.config import Settings
from labelled import assert_labels_match

OPTIONS = options_for(Settings())

_CYCLE = """
import torch
from torch import nn

class A(nn.Module):
    def forward(self, x):
        return x

class B(nn.Module):
    def forward(self, x):
        return x

def build():
    outer = [[A()], [A()]]
    more = [[B()]]
    for inner in outer:
        pass
    for outer in more:
        pass
    for more in inner:
        pass
"""

# `outer` holds its display and the items of `more` (`[B()]`); `inner` the items of both;
# `more` the items of what `inner` holds (`A()` twice: `B()` is no iterable spelled out)
_HELD = {"inner": ["B()", "[A()]", "[A()]"], "outer": ["[B()]"], "more": ["A()", "A()"]}


def _held(order: list[str]) -> dict[str, list[str]]:
    analysis = ModuleAnalysis(cst.parse_module(_CYCLE), OPTIONS.markers)
    build = analysis.index.functions["build"]
    code = cst.Module([]).code_for_node
    return {name: sorted(code(element) for element, _, _ in analysis.looped(name, build)) for name in order}


def test_what_loops_over_each_other_hold_does_not_depend_on_the_order_asked():
    for order in (["inner", "outer", "more"], ["more", "outer", "inner"], ["outer", "inner", "more"]):
        assert _held(order) == _HELD, order


def test_a_cycle_of_loop_names_ends_and_keeps_the_finding():
    assert_labels_match("""
        import torch
        from torch import nn

        class Layer(nn.Module):
            def __init__(self, idx):
                super().__init__()
                self.idx = idx
                self.fc = nn.Linear(4, 4)

            def forward(self, x, cache):
                return self.fc(x) + cache[self.idx]

        def build(depth):
            layers = nn.ModuleList([Layer(i) for i in range(depth)])
            for layer in layers:
                layer.compile()  # expect: ACC505
                for layers in layer:
                    pass
            return layers
    """)


def test_a_module_looping_over_instances_of_its_own_class():
    # a tree of modules: `forward` calls each child, itself a `Tree`; compiling each child
    # compiles `Tree.forward`, which reads the int `idx` each child holds another value of
    assert_labels_match("""
        import torch
        from torch import nn

        class Tree(nn.Module):
            def __init__(self, depth, idx=0):
                super().__init__()
                self.idx = idx
                self.fc = nn.Linear(4, 4)
                self.kids = nn.ModuleList([Tree(depth - 1, i) for i in range(depth)])

            def forward(self, x, cache):
                for kid in self.kids:
                    x = kid(x, cache)
                return self.fc(x) + cache[self.idx]

            def compile_kids(self):
                for kid in self.kids:
                    kid.compile()  # expect: ACC505
                    kid.compile_kids()
    """)
