"""torch.jit.script compiles an imported module's attribute in as a constant (framework data:
torch_script.toml's `[cache] globals = "modules"`; run: benchmarks/framework_runs.py
script_reads_globals; pytorch#15767, benchmarks/reports/dev/pytorch_15767_script_module_constant_changed_later.py).

Property (ACC602 there): a module's attribute a scripted function reads, written after the
function was scripted and called and before a later call, is stale. Every other module-level
value (a name, a plain object's attribute, a dict) raises when the function is scripted, so
nothing is reported of it."""

from __future__ import annotations

from labelled import assert_labels_match


def test_a_module_attribute_written_after_scripting_is_reported():
    assert_labels_match("""
        import sys
        import types

        import torch
        import settings

        consts = types.ModuleType("consts")
        consts.K = 3
        sys.modules["consts"] = consts


        @torch.jit.script
        def scaled(x):
            return x * settings.scale  # expect: ACC602


        def shifted(x):
            return x + consts.K  # expect: ACC602


        def set_k(v):
            consts.K = v


        shift = torch.jit.script(shifted)
        x = torch.ones(1)
        scaled(x)
        shift(x)
        settings.scale = 2.0
        set_k(19)
        scaled(x)
        shift(x)
    """)


def test_values_a_script_cannot_read_and_setup_before_the_first_call_are_not_reported():
    """Look-alikes: a plain object's attribute and a global name raise when scripted (no stale
    value: not ACC601/ACC602); a module attribute set before the first call is set-up."""
    assert_labels_match("""
        import torch
        import settings


        class Conf:
            factor = 5


        conf = Conf()
        SCALE = 2


        def by_object(x):
            return x * conf.factor


        def by_name(x):
            return x * SCALE


        @torch.jit.script
        def by_module(x):
            return x * settings.scale


        a = torch.jit.script(by_object)
        b = torch.jit.script(by_name)
        x = torch.ones(1)
        settings.scale = 4.0
        by_module(x)
        a(x)
        b(x)
        conf.factor = 11
        SCALE = 7
        a(x)
        b(x)
        by_module(x)
    """)
