"""Run every report module and check its `# verify:` lines: the evidence behind each label.

A report module (`dev/*.py`, `heldout/*.py`) is the user's code, reduced. Its header says which
framework runs it (`# framework: JAX | TF | PyTorch | runtime`) and holds one or more
`# verify: EXPR` lines: Python expressions that must be true after the module has run as a
script. They are evaluated with

- `c`: the run as written (compiled). `c.NAME` is a global of the module after the run (the
  object itself);
  `c.jax[name]` how many times JAX traced a function of that name (its compile log),
  `c.tf[name]` how many traces tf.function objects made of a Python function of that name
  (`experimental_get_tracing_count()` summed over every tf.function created, in the loop too),
  `c.torch[name]` how many graphs torch.compile built for a frame of that name (recompiles
  included), `c.out` what the run printed.
- `e`: the eager twin, a second run in its own process with compilation switched off
  (`jax_disable_jit`, `tf.config.run_functions_eagerly(True)`, `TORCH_COMPILE_DISABLE=1`);
  `e.NAME` is that run's global (arrays and tensors as NumPy), `e.out` what it printed.
- `close(a, b)`: NumPy's allclose over nested values.

So a storm label is checked by a trace count (`c.jax['<lambda>'] >= 8`), a hidden input by the
compiled result differing from its eager twin (`not close(c.r2, e.r2)`), and a fine look-alike
by a bounded count or equal results. torch.compile runs with an eager counting backend in place
of inductor: guards, recompiles and the recompile limit are Dynamo's and do not depend on the
backend, and no C++ compiler is needed.

    python benchmarks/reports/verify.py [FILE_OR_DIR ...]    # default: dev/ and heldout/
    python benchmarks/reports/verify.py --record FILE ...   # and merge their rows into verified.tsv

It needs jax, tensorflow-cpu and torch (the CPU wheel) installed; it is a benchmark, not a unit
test. It prints one line per module and writes `verified.tsv` beside itself (module, framework,
each check and whether it held, the observed counters); exit 1 if a check failed. A run over
some modules writes nothing unless `--record` is given: then their rows replace the rows those
modules had in `verified.tsv`, the rows of modules that no longer exist are dropped, and the
other rows are kept (a new batch is verified without running the whole corpus again).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import csv
import io
import json
import os
import pickle
import re
import runpy
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
VERIFY = re.compile(r"^#\s*verify:\s*(.+)$", re.M)
FRAMEWORK = re.compile(r"^#\s*framework:\s*(\S+)", re.M)
EAGER_NAME = re.compile(r"\be\.(\w+)")
TIMEOUT_S = 600


def close(a, b) -> bool:
    import numpy as np

    a, b = plain(a), plain(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and bool(np.allclose(a, b))


def plain(value):
    """A value that pickles without its framework: arrays and tensors as NumPy, containers kept."""
    import numpy as np

    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    if isinstance(value, (int, float, bool, str, type(None))):
        return value
    for convert in ("numpy", "__array__"):
        if hasattr(value, convert):
            try:
                return np.asarray(getattr(value, "detach", lambda: value)())
            except Exception:
                pass
    return repr(value)


class Counters:
    """Trace counts per function name, gathered while the module runs (installed before it)."""

    def __init__(self, framework: str):
        self.jax = collections.Counter()
        self.tf = collections.Counter()
        self.torch = collections.Counter()
        self._tf_functions = []
        if framework == "JAX":
            self._count_jax()
        elif framework == "TF":
            self._count_tf()
        elif framework == "PyTorch":
            self._count_torch()

    def _count_jax(self):
        import logging

        import jax

        traces, compiles = collections.Counter(), collections.Counter()
        self._jax_logs = traces, compiles

        class Log(logging.Handler):
            def emit(self, record):
                message = record.getMessage()
                match = re.match(r"Finished tracing (.+?) for ", message)
                if match:
                    traces[match.group(1)] += 1
                match = re.match(r"Compiling jit\((.+?)\) ", message)
                if match:
                    compiles[match.group(1)] += 1

        logger = logging.getLogger("jax")
        logger.addHandler(Log())
        logger.propagate = False  # the log is evidence, not output
        jax.config.update("jax_log_compiles", True)

    def _count_tf(self):
        import tensorflow as tf

        original = tf.function
        created = self._tf_functions

        def counting_function(func=None, **kwargs):
            if func is None:
                return lambda f: counting_function(f, **kwargs)
            made = original(func, **kwargs)
            created.append(made)
            return made

        tf.function = counting_function

    def finish(self):
        """JAX logs a trace (a jit at top level, or nested) or only a compile (a jit under grad):
        a function's count is the larger of the two."""
        if hasattr(self, "_jax_logs"):
            traces, compiles = self._jax_logs
            for name in traces | compiles:
                self.jax[name] = max(traces[name], compiles[name])
        for made in self._tf_functions:
            name = getattr(made.python_function, "__name__", "?")
            self.tf[name] += made.experimental_get_tracing_count()
            # a tf.function method traces in the copy bound to each instance
            for bound in getattr(made, "_descriptor_cache", {}).values():
                self.tf[name] += bound.experimental_get_tracing_count()

    def _count_torch(self):
        import torch

        counters = self.torch
        original = torch.compile

        def backend(gm, example_inputs):
            frame = sys._getframe()
            while frame is not None:
                code = frame.f_locals.get("code") if frame.f_code.co_name == "_compile" else None
                if hasattr(code, "co_name"):
                    counters[code.co_name] += 1
                    break
                frame = frame.f_back
            return gm.forward

        def counting_compile(model=None, **kwargs):
            for key in ("backend", "mode", "options"):
                kwargs.pop(key, None)
            if model is None:
                return lambda m: original(m, backend=backend, **kwargs)
            return original(model, backend=backend, **kwargs)

        torch.compile = counting_compile


class Run:
    """`c`: a module's globals after the compiled run, and its counters."""

    def __init__(self, namespace, counters, out):
        self._namespace, self.out = namespace, out
        self.jax, self.tf, self.torch = counters.jax, counters.tf, counters.torch

    def __getattr__(self, name):
        try:
            return self._namespace[name]
        except KeyError:
            raise AttributeError(f"the module has no global {name!r}") from None


class Eager:
    """`e`: the globals the checks name, from the eager twin's run."""

    def __init__(self, values, out):
        self._values, self.out = values, out

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"the eager run has no global {name!r}") from None


def run_module(path: Path, framework: str, counters: Counters | None):
    """Run the module as a script; return its globals and what it printed (stdout and stderr)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        namespace = runpy.run_path(str(path), run_name="__main__")
    if counters is not None:
        counters.finish()
    return namespace, out.getvalue()


def child(path: Path, mode: str, result: Path, eager_file: str | None) -> None:
    """One run in this (fresh) process: `eager` writes the named globals, `compiled` the checks."""
    text = path.read_text()
    framework = FRAMEWORK.search(text).group(1)
    checks = VERIFY.findall(text)
    if mode == "eager":
        if framework == "JAX":
            import jax

            jax.config.update("jax_disable_jit", True)
        elif framework == "TF":
            import tensorflow as tf

            tf.config.run_functions_eagerly(True)
        namespace, out = run_module(path, framework, None)
        names = {n for check in checks for n in EAGER_NAME.findall(check)} - {"out"}
        values = {n: plain(namespace[n]) for n in names if n in namespace}
        result.write_bytes(pickle.dumps({"values": values, "out": out}))
        return
    counters = Counters(framework)
    namespace, out = run_module(path, framework, counters)
    c = Run(namespace, counters, out)
    e = None
    if eager_file:
        data = pickle.loads(Path(eager_file).read_bytes())
        e = Eager(data["values"], data["out"])
    outcomes = []
    for check in checks:
        try:
            held = bool(eval(check, {"c": c, "e": e, "close": close}))
        except Exception as exc:  # a check that cannot be evaluated has not held
            held = False
            check = f"{check}  [{type(exc).__name__}: {exc}]"
        outcomes.append((check, held))
    observed = {"jax": dict(c.jax), "tf": dict(c.tf), "torch": dict(c.torch)}
    result.write_text(json.dumps({"checks": outcomes, "observed": observed}))


def verify(path: Path) -> dict:
    """Run one module (eager twin first when its checks need it) in fresh processes."""
    text = path.read_text()
    framework = FRAMEWORK.search(text)
    if not framework or not VERIFY.search(text):
        return {"error": "no `# framework:` or no `# verify:` line"}
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONWARNINGS="ignore")
    with tempfile.TemporaryDirectory() as tmp:
        eager = Path(tmp) / "eager.pickle"
        needs_eager = any(EAGER_NAME.search(check) for check in VERIFY.findall(text))
        steps = []
        if needs_eager:
            steps.append((["eager", str(eager)], dict(env, TORCH_COMPILE_DISABLE="1")))
        result = Path(tmp) / "compiled.json"
        steps.append((["compiled", str(result)] + ([str(eager)] if needs_eager else []), env))
        for args, step_env in steps:
            proc = subprocess.run(
                [sys.executable, __file__, "--child", str(path), *args],
                env=step_env, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=tmp,
            )
            if proc.returncode:
                return {"error": f"{args[0]} run failed: {proc.stderr.strip()[-400:]}"}
        return json.loads(result.read_text())


VERIFIED = HERE / "verified.tsv"
VERIFIED_HEADER = ["module", "outcome", "check", "observed", "seconds"]


def read_verified() -> list[list[str]]:
    """The rows of `verified.tsv` without its header (none when it does not exist yet)."""
    if not VERIFIED.exists():
        return []
    with open(VERIFIED, newline="") as f:
        return list(csv.reader(f, delimiter="\t"))[1:]


def write_verified(rows: list[list[str]]) -> None:
    """`verified.tsv`, its rows sorted by module (the order of a whole run)."""
    with open(VERIFIED, "w", newline="") as f:
        out = csv.writer(f, delimiter="\t", lineterminator="\n")
        out.writerow(VERIFIED_HEADER)
        out.writerows(sorted(rows, key=lambda row: row[0]))


def modules(paths: list[str]) -> list[Path]:
    found = []
    for p in map(Path, paths or [HERE / "dev", HERE / "heldout"]):
        found += sorted(p.resolve().glob("*.py")) if p.is_dir() else [p.resolve()]
    return found


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--child"]:
        path, mode, result, *eager = argv[1:]
        child(Path(path), mode, Path(result), eager[0] if eager else None)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="report modules or folders (default: both halves)")
    parser.add_argument("--record", action="store_true",
                        help="merge the rows of the modules run into verified.tsv")
    args = parser.parse_args(argv)
    failed = 0
    rows = []
    start = time.perf_counter()
    for path in modules(args.paths):
        t0 = time.perf_counter()
        outcome = verify(path)
        seconds = time.perf_counter() - t0
        name = f"{path.parent.name}/{path.name}"
        if "error" in outcome:
            failed += 1
            print(f"ERROR {name}: {outcome['error']}")
            rows.append([name, "error", outcome["error"], "", f"{seconds:.1f}"])
            continue
        ok = all(held for _, held in outcome["checks"])
        failed += not ok
        observed = {k: v for k, v in outcome["observed"].items() if v}
        print(f"{'ok  ' if ok else 'FAIL'} {name} ({seconds:.1f} s) {json.dumps(observed)}")
        for check, held in outcome["checks"]:
            if not held:
                print(f"     not held: {check}")
            rows.append([name, "held" if held else "NOT HELD", check, json.dumps(observed),
                         f"{seconds:.1f}"])
    total = time.perf_counter() - start
    if not args.paths:
        write_verified(rows)
    elif args.record:
        run = {row[0] for row in rows}
        kept = [row for row in read_verified() if row[0] not in run and (HERE / row[0]).exists()]
        write_verified(kept + rows)
    print(f"{len(modules(args.paths))} modules, {failed} failed, {total:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
