"""verify.py, the runner that labels the benchmark programs by running them: a check that cannot
fail is reported, not passed. A trace count that reads 0 (a misspelt name, a tf.function method's
count taken through its class, or read by the program after the instance is gone) makes a held
check VACUOUS; a tf.function method's traces still count after its instance is gone; and a global
the program made under one of the runner's names (`out`) is an error to read, not silently the
runner's value. The TF programs run where TensorFlow is installed (the tftorch venv)."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "data" / "verify_runner"


def _load():
    path = ROOT / "benchmarks" / "reports" / "verify.py"
    spec = importlib.util.spec_from_file_location("reports_verify", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


verify = _load()


def _outcomes(name: str) -> list[str]:
    result = verify.verify(PROGRAMS / name)
    assert "error" not in result, result
    return [outcome for _, outcome in result["checks"]]


def test_a_global_named_like_the_runner_output_is_an_error_to_read_not_the_output():
    c = verify.Run({"out": 3, "x": 1}, verify.Counters("runtime"), "printed")
    with pytest.raises(NameError, match="'out' is hidden"):
        c.out
    assert c.x == 1
    e = verify.Eager({"out": 3}, "printed")
    with pytest.raises(NameError, match="'out' is hidden"):
        e.out


def test_an_imported_module_under_a_runner_name_leaves_the_runner_name_its_meaning():
    counters = verify.Counters("runtime")
    c = verify.Run({"jax": types.ModuleType("jax"), "tf": types.ModuleType("tf")}, counters, "done")
    assert c.jax is counters.jax and c.tf is counters.tf and c.out == "done"


def test_a_held_check_that_read_a_count_of_0_is_vacuous_and_one_that_read_counts_is_not():
    counters = verify.Counters("runtime")
    counters.jax["step"] = 3
    counters.reads = []
    assert counters.jax["step"] == 3 and counters.vacuous(counters.reads) is None
    assert counters.jax["stepp"] == 0
    assert "nothing named 'stepp'" in counters.vacuous(counters.reads)
    counters.reads = []
    assert counters.torch.get("forward", 0) == 0
    assert counters.vacuous(counters.reads)


def test_a_program_with_a_global_named_out_fails_its_check_with_the_reason():
    result = verify.verify(PROGRAMS / "runtime_global_named_out.py")
    (check, outcome), = result["checks"]
    assert outcome == "NOT HELD" and "hidden by the runner's 'out'" in check


def test_a_misspelt_jax_name_is_vacuous_and_the_fine_bounded_count_holds():
    pytest.importorskip("jax")
    assert _outcomes("jax_count_of_a_name_never_traced.py") == ["VACUOUS"]
    assert _outcomes("jax_fine_bounded_count.py") == ["held", "held"]


def test_a_tf_method_count_survives_its_instance():
    pytest.importorskip("tensorflow")
    assert _outcomes("tf_method_count_after_instance_gone.py") == ["held", "held"]


@pytest.mark.parametrize("name", ["tf_method_count_through_class.py",
                                  "tf_program_reads_count_after_instance_gone.py"])
def test_a_tf_method_count_read_as_0_after_calls_is_vacuous(name):
    pytest.importorskip("tensorflow")
    assert _outcomes(name) == ["VACUOUS"]
