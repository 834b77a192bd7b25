"""Instances of classes imported from another module of the project, handed to a marker
(acclint.analysis.objects' `imported_class`, sent to the defining module by the project layer):
issue 33's `torch.compile(model)` with `Net` defined elsewhere, three other spellings and a
look-alike that is fine; and instances a function of the other module makes
(`torch.compile(build_model())`), three spellings and look-alikes."""

from pathlib import Path

import pytest

from acclint.api import lint_paths
from labelled import BREAKS
from two_modules import write_files

NETS = """
    import torch

    class Net(torch.nn.Module):
        def forward(self, x):
            if x.sum() > 0:
                return x
            return -x

        def report(self, x):
            print(x)

    class Scale:
        def __call__(self, x):
            return float(x.sum())

    def make():
        return Net()

    def build(depth=2):
        net = Net()
        net.eval()
        return net

    def pick(flag):
        if flag:
            return Net()
        return Scale()

    def each():
        yield Net()
"""
# (the using module's text, the findings expected in nets.py)
USES = {
    "torch_compile_of_a_name_bound_to_an_instance": ("""
        import torch
        from nets import Net

        model = Net()
        fast = torch.compile(model)
    """, {("nets.py", 6, "ACC201")}),
    "torch_jit_trace_of_an_instance_made_in_the_call": ("""
        import torch
        import nets

        traced = torch.jit.trace(nets.Net(), torch.ones(3))
    """, {("nets.py", 6, "ACC201")}),
    "an_attribute_holding_an_instance_of_a_package_class": ("""
        import torch
        from .nets import Net

        class Trainer:
            def __init__(self):
                self.model = Net()
                self.fast = torch.compile(self.model)
    """, {("nets.py", 6, "ACC201")}),
    "a_callable_object_handed_to_jax_jit": ("""
        import jax
        from nets import Scale

        f = jax.jit(Scale())
    """, {("nets.py", 15, "ACC302")}),
    # a function of the other module whose every return is an instance of one class
    "torch_compile_of_what_a_factory_returns": ("""
        import torch
        from nets import make

        fast = torch.compile(make())
    """, {("nets.py", 6, "ACC201")}),
    "torch_jit_trace_of_a_name_bound_to_a_factory_result": ("""
        import torch
        import nets

        def run(x):
            model = nets.build(depth=3)
            return torch.jit.trace(model, x)
    """, {("nets.py", 6, "ACC201")}),
    "torch_compile_of_a_factory_imported_under_an_alias": ("""
        import torch
        from nets import build as new_model

        model = new_model()
        fast = torch.compile(model, fullgraph=True)
    """, {("nets.py", 6, "ACC201")}),
    # look-alikes: the instances only called eagerly; a function returning instances of two
    # classes, or a generator of instances, is not followed
    "instances_used_eagerly_or_made_by_no_factory_are_no_context": ("""
        import torch
        from nets import Net, make, pick, each

        model = Net()
        y = model(torch.ones(3))
        z = make()(torch.ones(3))
        fast = torch.compile(pick(True))
        faster = torch.compile(each())
    """, set()),
}


@pytest.mark.parametrize("name", sorted(USES))
def test_an_instance_of_an_imported_class_handed_to_a_marker(tmp_path, name):
    use, expected = USES[name]
    files = {"nets.py": NETS, "use.py": use}
    if name.startswith("an_attribute"):
        files = {"pkg/__init__.py": "", "pkg/nets.py": NETS, "pkg/use.py": use}
        expected = {(f"pkg/{path}", line, code) for path, line, code in expected}
    root = write_files(tmp_path, files)
    found = {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for f in lint_paths([root], settings=BREAKS)}
    assert found == expected
