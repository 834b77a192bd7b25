"""Big and pathological inputs: time and peak memory of linting each one alone.

    .venv/bin/python benchmarks/big_inputs.py            # every input
    .venv/bin/python benchmarks/big_inputs.py big_traced  # inputs whose name contains this

Each input is generated into a temporary folder and linted in a fresh process
(`acclint.lint.engine.lint_source` with every rule), so that the peak memory is that input's own.
Prints one row per input: size, wall and CPU seconds, peak resident memory, and what acclint
said (findings, or the refusal). The targets (issue 14): no input over 10 s or 2 GB, and a
50,000-line traced file linted, not refused. Read the CPU column on a shared machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HEADER = "import jax\nimport jax.numpy as jnp\n\n\n"
LIMIT_S = 600

MEASURE = """
import json, resource, sys, time
from acclint.api import options_for
from acclint.run.config import Settings
from acclint.lint.engine import lint_source
source = open(sys.argv[1], "rb").read()
options = options_for(Settings())
wall, cpu = time.perf_counter(), time.process_time()
result = lint_source(source, sys.argv[1], options)
print(json.dumps({
    "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "findings": len(result.findings), "error": result.error.message if result.error else None,
}))
"""


def traced_block(i: int, hazards: bool) -> list[str]:
    if hazards:
        return [f"    a{i} = x * {i} + y", f"    if a{i}.sum() > 2:", f"        print(a{i})", f"    y = y + float(a{i})"]
    return [f"    a{i} = x * {i} + y", f"    if a{i}.shape[0] > 2:", f"        x = jnp.sin(a{i})", f"    y = y + a{i}.sum()"]


def one_function(lines: int, hazards: bool) -> str:
    out, i = ["@jax.jit", "def big(x, y):"], 0
    while len(out) < lines:
        out += traced_block(i, hazards)
        i += 1
    return HEADER + "\n".join(out) + "\n    return x + y\n"


def many_functions(lines: int) -> str:
    out, i = [], 0
    while len(out) < lines:
        out += ["", "", "@jax.jit", f"def f{i}(x, y):", *traced_block(i, True), "    return x + y"]
        i += 1
    return HEADER + "\n".join(out) + "\n"


INPUTS = {
    "big_traced_50k_lines": lambda: one_function(50_000, hazards=False),
    "big_traced_50k_lines_with_findings": lambda: one_function(50_000, hazards=True),
    "many_traced_functions_50k_lines": lambda: many_functions(50_000),
    "list_literal_200k_elements": lambda: HEADER + "@jax.jit\ndef f(x):\n    return x\n\nT = [" + "0," * 200_000 + "]\n",
    "list_literal_2M_elements": lambda: HEADER + "@jax.jit\ndef f(x):\n    return x\n\nT = [" + "0," * 2_000_000 + "]\n",
    "dotted_import_6000_parts": lambda: HEADER + "@jax.jit\ndef f(x):\n    return x\n\nimport " + ".".join(["a"] * 6000) + "\n",
    "and_chain_20000_terms": lambda: HEADER + "@jax.jit\ndef f(x):\n    return " + " and ".join(["x"] * 20000) + "\n",
    "plus_chain_20000_terms": lambda: HEADER + "@jax.jit\ndef f(x):\n    return " + " + ".join(["x"] * 20000) + "\n",
}


def main() -> int:
    wanted = [name for name in INPUTS if not sys.argv[1:] or any(a in name for a in sys.argv[1:])]
    print(f"{'input':38} {'MB':>6} {'wall s':>7} {'cpu s':>7} {'peak MB':>8}  result")
    with tempfile.TemporaryDirectory() as folder:
        for name in wanted:
            path = Path(folder) / f"{name}.py"
            path.write_text(INPUTS[name]())
            size = path.stat().st_size / 1e6
            try:
                done = subprocess.run([sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, timeout=LIMIT_S)
            except subprocess.TimeoutExpired:
                print(f"{name:38} {size:6.1f} {'>' + str(LIMIT_S):>7}")
                continue
            if done.returncode != 0:
                print(f"{name:38} {size:6.1f} crashed with status {done.returncode}: {done.stderr[-300:]}")
                continue
            r = json.loads(done.stdout.splitlines()[-1])
            said = f"refused: {r['error']}" if r["error"] else f"{r['findings']} findings"
            print(f"{name:38} {size:6.1f} {r['wall']:7.2f} {r['cpu']:7.2f} {r['peak_mb']:8.0f}  {said[:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
