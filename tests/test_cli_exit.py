"""How the `acclint` command ends (acclint.cli.entry): a hard exit that skips Python's teardown
of a large run's objects, unless a profiler, tracer or monitoring tool watches the run, whose
own end of run (cProfile's profile, an `atexit` handler) must then still happen."""

import pstats
import subprocess
import sys

HAZARD = "import jax\n\n@jax.jit\ndef step(x):\n    if x.sum() > 0:\n        print(x)\n    return x\n"
# Registers an `atexit` handler, then runs the command as `python -m acclint` does; with
# `trace`, under a trace function (as coverage and pdb set one) first.
ATEXIT_THEN_ENTRY = """
import atexit, sys
atexit.register(lambda: print("atexit ran", flush=True))
if sys.argv[1] == "trace":
    sys.settrace(lambda *a: None)
sys.argv[1:] = ["check", "hazard.py"]
from acclint.cli import entry
entry()
"""


def run(args, cwd):
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_cprofile_of_the_command_writes_its_profile(tmp_path):
    """(cProfile itself catches the `SystemExit` and exits 0, as with any program it runs.)"""
    (tmp_path / "hazard.py").write_text(HAZARD)
    out = tmp_path / "run.prof"
    done = run(["-m", "cProfile", "-o", str(out), "-m", "acclint", "check", "hazard.py"], tmp_path)
    assert "ACC" in done.stdout
    stats = pstats.Stats(str(out))
    assert any(name == "main" and file.endswith("cli.py") for file, _, name in stats.stats)


def test_cprofile_prints_its_table_without_a_file(tmp_path):
    (tmp_path / "hazard.py").write_text(HAZARD)
    done = run(["-m", "cProfile", "-s", "cumulative", "-m", "acclint", "check", "hazard.py"], tmp_path)
    assert "ACC" in done.stdout and "function calls" in done.stdout and "cumulative" in done.stdout


def test_a_traced_run_runs_atexit_handlers(tmp_path):
    (tmp_path / "hazard.py").write_text(HAZARD)
    done = run(["-c", ATEXIT_THEN_ENTRY, "trace"], tmp_path)
    assert "atexit ran" in done.stdout
    assert done.returncode == 1


def test_a_plain_run_still_exits_hard(tmp_path):
    """Nothing watches: teardown, and with it the `atexit` handlers, is skipped (the fast exit)."""
    (tmp_path / "hazard.py").write_text(HAZARD)
    done = run(["-c", ATEXIT_THEN_ENTRY, "plain"], tmp_path)
    assert "ACC" in done.stdout
    assert "atexit ran" not in done.stdout
    assert done.returncode == 1
