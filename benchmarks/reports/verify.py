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

A check that holds only because a trace count read 0 cannot fail, so it proves nothing: a held
check that read a count of 0 (`c.jax[...]`, `c.tf[...]`, `c.torch[...]`, or a tf.function's
`experimental_get_tracing_count()`: a misspelt name, a function never traced, a tf.function
method's count taken through its class), or whose program read 0 from a tf.function it had
already called, is reported VACUOUS, a failure. A tf.function method traces in a copy bound to
each instance; the runner keeps every bound copy, so its traces are counted after the instance is
gone. The runner's own names (`out`, and `jax`, `tf`, `torch` on `c`) would hide a global the
program made under the same name, so reading such a name is an error (rename the global); an
imported module under its own name (`import jax`) hides nothing a check means.

So a storm label is checked by a trace count (`c.jax['<lambda>'] >= 8`), a hidden input by the
compiled result differing from its eager twin (`not close(c.r2, e.r2)`), and a fine look-alike
by a bounded count or equal results. torch.compile runs with an eager counting backend in place
of inductor: guards, recompiles and the recompile limit are Dynamo's and do not depend on the
backend, and no C++ compiler is needed.

    python benchmarks/reports/verify.py [FILE_OR_DIR ...]    # default: dev/ and heldout/
    python benchmarks/reports/verify.py --record FILE ...   # and merge their rows into verified.tsv

It needs jax, tensorflow-cpu and torch (the CPU wheel) installed; it is a benchmark, not a unit
test. It prints one line per module and writes `verified.tsv` beside itself (module, each check
and its outcome: held, NOT HELD or VACUOUS, the observed counters); exit 1 if a check failed. A
run over some modules writes nothing unless `--record` is given: then their rows replace the
rows those modules had in `verified.tsv`, the rows of modules that no longer exist are dropped,
and the other rows are kept (a new batch is verified without running the whole corpus again).
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
import types
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


class Count(collections.Counter):
    """A counter of traces per name whose reads a check makes are logged (`Counters.reads`)."""

    def __init__(self, kind: str, owner: "Counters"):
        super().__init__()
        self._kind, self._owner = kind, owner

    def __getitem__(self, name):
        value = super().__getitem__(name)
        self._owner.read(f"c.{self._kind}[{name!r}]", name, value)
        return value

    def get(self, name, default=None):
        value = dict.get(self, name, default)
        self._owner.read(f"c.{self._kind}.get({name!r})", name, value or 0)
        return value


class Counters:
    """Trace counts per function name, gathered while the module runs (installed before it)."""

    def __init__(self, framework: str):
        self.jax = Count("jax", self)
        self.tf = Count("tf", self)
        self.torch = Count("torch", self)
        self.tf_calls = collections.Counter()  # calls of tf.functions per name, bound copies too
        self.reads = None  # (expression, name, value) of each count read while a check runs
        self.run_zero_reads = []  # what the program itself read as 0 after calling the function
        self._tf_functions = []
        self._tf_bound = {}  # a tf.function -> the copies bound to instances, kept alive
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
        self._keep_tf_bound_copies(type(original(lambda: None)))

    def _keep_tf_bound_copies(self, function_class):
        """A tf.function method traces in a copy bound to its instance and held only as long as
        the instance lives: every copy is kept here, so its traces still count after the
        instance is gone; calls and count reads are logged to tell a lost count from a true 0."""
        bind = function_class.__get__
        call = function_class.__call__
        self._tf_count = count = function_class.experimental_get_tracing_count
        bound, calls = self._tf_bound, self.tf_calls

        def keeping_get(made, instance, owner):
            copy = bind(made, instance, owner)
            if copy is not made:
                bound.setdefault(made, {})[id(copy)] = copy
            return copy

        inside = []  # the calls under way: TF reads counts itself while it calls

        def counting_call(made, *args, **kwargs):
            calls[function_name(made)] += 1
            inside.append(made)
            try:
                return call(made, *args, **kwargs)
            finally:
                inside.pop()

        def logged_count(made):
            value, name = count(made), function_name(made)
            if inside:  # TF's own read while it calls, not the program's nor a check's
                return value
            if self.reads is not None:
                self.read(f"{name}.experimental_get_tracing_count()", name, value)
            elif value == 0 and calls[name]:
                self.run_zero_reads.append(
                    f"the program read {name}.experimental_get_tracing_count() as 0 after "
                    f"calling {name} {calls[name]} times")
            return value

        function_class.__get__ = keeping_get
        function_class.__call__ = counting_call
        function_class.experimental_get_tracing_count = logged_count

    def read(self, expression: str, name: str, value: int) -> None:
        if self.reads is not None:
            self.reads.append((expression, name, value))

    def vacuous(self, reads) -> str | None:
        """Why a held check proves nothing, or None: it read a count of 0, or the program did."""
        for expression, name, value in reads:
            if value == 0:
                called = self.tf_calls[name]
                return f"{expression} read 0" + (
                    f" though {name} was called {called} times" if called else
                    f": nothing named {name!r} was traced")
        return self.run_zero_reads[0] if self.run_zero_reads else None

    def finish(self):
        """JAX logs a trace (a jit at top level, or nested) or only a compile (a jit under grad):
        a function's count is the larger of the two."""
        if hasattr(self, "_jax_logs"):
            traces, compiles = self._jax_logs
            for name in traces | compiles:
                self.jax[name] = max(traces[name], compiles[name])
        for made in self._tf_functions:
            name = function_name(made)
            copies = [made, *self._tf_bound.get(made, {}).values()]
            self.tf[name] += sum(map(self._tf_count, copies))

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


def function_name(made) -> str:
    return getattr(made.python_function, "__name__", "?")


def made_by_program(value) -> bool:
    """A global the program computed, as opposed to a module it imported (`import jax`)."""
    return not isinstance(value, types.ModuleType)


class Globals:
    """A run's globals as attributes beside the runner's own names (`out`, the counters). A
    global the program made under a runner's name would be silently hidden, so reading that
    name raises instead."""

    def __init__(self, values: dict, runner: dict, run: str):
        self._values, self._runner, self._run = values, runner, run

    def __getattr__(self, name):
        values, runner = self.__dict__["_values"], self.__dict__["_runner"]
        if name in runner:
            if name in values and made_by_program(values[name]):
                raise NameError(f"the {self._run}'s global {name!r} is hidden by the runner's "
                                f"{name!r}: rename the global")
            return runner[name]
        try:
            return values[name]
        except KeyError:
            raise AttributeError(f"the {self._run} has no global {name!r}") from None


class Run(Globals):
    """`c`: a module's globals after the compiled run, its output and its counters."""

    def __init__(self, namespace, counters, out):
        super().__init__(namespace, {"out": out, "jax": counters.jax, "tf": counters.tf,
                                     "torch": counters.torch}, "module")


class Eager(Globals):
    """`e`: the globals the checks name, from the eager twin's run, and its output."""

    def __init__(self, values, out):
        super().__init__(values, {"out": out}, "eager run")


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
        names = {n for check in checks for n in EAGER_NAME.findall(check)}
        values = {n: plain(namespace[n]) for n in names
                  if n in namespace and made_by_program(namespace[n])}
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
        counters.reads = []
        try:
            held = bool(eval(check, {"c": c, "e": e, "close": close}))
            outcome = "held" if held else "NOT HELD"
        except Exception as exc:  # a check that cannot be evaluated has not held
            outcome, check = "NOT HELD", f"{check}  [{type(exc).__name__}: {exc}]"
        why = counters.vacuous(counters.reads) if outcome == "held" else None
        if why:
            outcome, check = "VACUOUS", f"{check}  [{why}]"
        counters.reads = None
        outcomes.append((check, outcome))
    observed = {"jax": dict(counters.jax), "tf": dict(counters.tf), "torch": dict(counters.torch)}
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
        ok = all(result == "held" for _, result in outcome["checks"])
        failed += not ok
        observed = {k: v for k, v in outcome["observed"].items() if v}
        print(f"{'ok  ' if ok else 'FAIL'} {name} ({seconds:.1f} s) {json.dumps(observed)}")
        for check, result in outcome["checks"]:
            if result != "held":
                print(f"     {result.lower()}: {check}")
            rows.append([name, result, check, json.dumps(observed), f"{seconds:.1f}"])
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
