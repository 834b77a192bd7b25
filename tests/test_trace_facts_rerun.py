"""Where TensorFlow or torch is installed, the runs behind this branch's framework data still show
what the data say (benchmarks/framework_runs.py; docs/contexts.md cites each): Keras traces a
built-in layer's subclass, a torch module's iterators yield its own objects, torch.jit.trace
refuses a module-level tensor that requires grad, the fx tracers treat each hazard as their data
files say, and `torch.tensor` of traced elements reads their values. Skipped, with the reason,
where the framework is missing (the linter itself never needs either)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HAS_TF = importlib.util.find_spec("tensorflow") is not None
HAS_TORCH = importlib.util.find_spec("torch") is not None
needs_tf = pytest.mark.skipif(not HAS_TF, reason="tensorflow is not installed (pip install 'acclint[tf]')")
needs_torch = pytest.mark.skipif(not HAS_TORCH, reason="torch is not installed (pip install 'acclint[torch]', CPU build: docs/crosscheck.md)")


def _runs():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "framework_runs.py"
    spec = importlib.util.spec_from_file_location("framework_runs", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@needs_tf
def test_keras_traces_a_builtin_layers_subclass():
    out = _runs().keras_builtin_layer_subclass()
    assert "(not: InputSpec)" in out and "call counted 1 (eager 8)" in out
    assert "if: error: OperatorNotAllowedInGraphError" in out and "float: error: TypeError" in out


@needs_torch
def test_module_iterators_yield_own_objects_whose_writes_trace_runs_once():
    out = _runs().module_iterators_yield_own_objects()
    assert out.startswith("own objects: True; wrong under trace") and "torch.compile (True, True, 3)" in out


@needs_torch
def test_trace_refuses_a_global_that_requires_grad():
    out = _runs().trace_global_requiring_grad()
    assert out.count("Cannot insert a Tensor that requires grad") == 3
    assert "plain, add_(1) after the trace: fine" in out and "torch.compile: fine" in out


@needs_torch
def test_fx_tracers_treat_each_hazard_as_their_data_say():
    make_fx, symbolic, export = _runs().fx_tracers_hazards().split(" | ")
    for part in ("host_draw wrong", "if_tensor error", "item error", "tolist wrong", "append once", "for_over_input wrong", "len_of_input wrong"):
        assert part in make_fx, part
    for part in ("if_tensor error", "item fine", "tolist error", "for_over_input error", "append once"):
        assert part in symbolic, part
    for part in ("if_tensor error", "item fine", "tolist fine", "numpy_call error", "append once", "for_over_input call error"):
        assert part in export, part


@needs_torch
def test_tensor_of_traced_elements_reads_their_values():
    trace, make_fx, symbolic, export, compiled = _runs().tensor_of_traced_elements().split(" | ")
    for outcome in (trace, make_fx):
        assert "reductions wrong" in outcome and "map_zip wrong" in outcome and "a_tensor fine" in outcome and "sizes fine" in outcome
    assert "reductions error" in symbolic and "reductions error" in export and "a_tensor fine" in export
    assert "reductions fine" in compiled and "map_zip fine" in compiled


@needs_torch
def test_trace_keeps_its_own_mode_flag_when_the_source_switches():
    # ACC604 leaves the source's `self.training` alone and ACC609 reports the trace's switch
    out = dict(part.split(": ", 1) for part in _runs().trace_mode_flag_read_by_forward().split("; "))
    for switch in (".training = False", ".eval()", ".train(False)"):
        assert out[f"source {switch}"] == "trace train (same), trace.training=True, eager eval, model.training=False", switch
        assert out[f"trace {switch}"] == "trace train (same), trace.training=False, eager train, model.training=True", switch
    assert out["source .scale = 3.0"].startswith("trace train (same)")
