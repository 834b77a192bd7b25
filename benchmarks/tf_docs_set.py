"""TensorFlow's and Keras 3's documented hazards, spelled as whole programs and labelled by running.

The report corpus is fitted to the reports it was written from (the dev half's TF is 22/22, the
held-out half's TF + PyTorch 19/29). This set asks whether acclint finds what TensorFlow's own
guides say goes wrong ("Better performance with tf.function", "Introduction to graphs and
tf.function", the AutoGraph reference, `tf.data`, Keras 3's "Customizing what happens in
fit()"), in the shapes users write whole programs: a training loop at module level, in
`main()`, a Keras model overriding `train_step`, a `tf.data` pipeline built in a helper, a class
holding a `tf.function`. Each property is one sentence in `PROPERTIES` below; the programs are
`benchmarks/tf_docs/*.py`, each with `# property: P..` and the report corpus's labels (`# label:
CODE` on the line a correct linter reports, `# label: none` for a look-alike that is fine), so
`benchmarks/reports/measure.py`'s scoring applies unchanged.

A label is what a run shows, never what acclint says. `run` executes every program twice with
TensorFlow 2.21 / Keras 3 in two worker processes, as written (graph) and as its eager twin
(`tf.config.run_functions_eagerly(True)`, which also runs Keras' `fit` step eagerly, and
`tf.data.experimental.enable_debug_mode()`, which runs `.map` functions as Python), seeding
NumPy and `random` alike before each, and gives each program a verdict:

    error   the graph run raises where the twin does not;
    wrong   the two print different things (a print run once, a stale value, a frozen draw);
    storm   a line `TRACES n OF m` the program prints (its `experimental_get_tracing_count()`
            after m calls) says n >= 3 traces and n >= m - 1: new on (nearly) every call;
    fine    none of these.

A program whose twin raises is no spelling of anything: `run` says so and fails. Each program
records its verdict in a `# run: VERDICT` header line; `run` checks every one (and `--write`
records them), so a stored label cannot drift from what TensorFlow does.

    python benchmarks/tf_docs_set.py run --tf-python /path/to/python [--write]
    python benchmarks/tf_docs_set.py measure [--list]   # acclint's recall and precision on the set
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "benchmarks" / "tf_docs"
sys.path.insert(0, str(ROOT / "benchmarks" / "reports"))
import measure as scoring  # noqa: E402  (the report corpus's label format and scoring)

HAZARD_VERDICTS = ("error", "wrong", "storm")
RUN_LINE = re.compile(r"^# run: (\w+)", re.M)
PROPERTY_LINE = re.compile(r"^# property: (P\d+)", re.M)
TRACES = re.compile(r"^TRACES (\d+) OF (\d+)$", re.M)

# One sentence each, as the guides state them (the pages are named in each program's `# source:`).
PROPERTIES = {
    "P1": "A Python side effect (print, an append to an outer list, a global counter) in a traced "
          "function runs when a trace is built, not on every call.",
    "P2": "A Python or NumPy random draw in a traced function is drawn once, while tracing, and "
          "replayed as a constant.",
    "P3": "A Python global or free variable a traced function reads is captured when it is "
          "traced: rebinding or mutating it later is not seen.",
    "P4": "An attribute of a Python object (self or an argument) a tf.function reads is captured "
          "when it is traced: changing it later is not seen.",
    "P5": "A tf.function retraces for every new Python scalar argument.",
    "P6": "Every tf.function(...) call or decorated def makes a new Function with an empty cache: "
          "made on each pass of a loop, it traces on each pass.",
    "P7": "A tf.function retraces for every new input shape, unless reduce_retracing or an "
          "input_signature relaxes it.",
    "P8": "A Python iterator or generator made outside a tf.function and advanced inside it is "
          "advanced only while tracing.",
    "P9": "AutoGraph turns a loop over a tensor into a tf.while_loop: a Python list grown in it "
          "with a tensor raises.",
    "P10": "Keras 3 traces train_step, call and compile()'s loss and metrics without AutoGraph: "
           "an if, while or for on a tensor raises there, and Python effects run per trace.",
    "P11": "A tf.data map function is traced once: Python randomness and side effects in it are "
           "frozen or run once, unless it is wrapped in tf.py_function.",
    "P13": "A name a converted if (on a tensor) assigns in one branch only and reads after it "
           "raises: AutoGraph needs it in both branches.",
    "P14": "A tf.function that makes a tf.Variable on every call raises on its second trace's "
           "call: variables may be made on the first call only.",
}


def programs() -> list[Path]:
    return sorted(SET.glob("*.py"))


# --- the worker: runs inside the TensorFlow interpreter ------------------------------------------

WORKER = r'''
import contextlib, io, json, random, runpy, sys, traceback
mode, result, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
import numpy as np
import tensorflow as tf
if mode == "eager":
    tf.config.run_functions_eagerly(True)
    tf.data.experimental.enable_debug_mode()
out = {}
for path in paths:
    np.random.seed(0)
    random.seed(0)
    buffer = io.StringIO()
    raised = None
    with contextlib.redirect_stdout(buffer):
        try:
            runpy.run_path(path, run_name="__main__")
        except BaseException as error:  # a program's own error is its outcome
            raised = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:200]
    try:
        import keras
        keras.backend.clear_session()
    except Exception:
        pass
    out[path] = {"stdout": buffer.getvalue(), "raised": raised}
with open(result, "w") as f:  # not stdout: tf.print writes to the process's own
    json.dump(out, f)
'''


def _run_mode(python: str, mode: str, result: Path, paths: list[Path]) -> subprocess.Popen:
    return subprocess.Popen(
        ["nice", python, "-c", WORKER, mode, str(result), *map(str, paths)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=SET,
    )


def verdict(graph: dict, eager: dict) -> tuple[str, str]:
    """What a run shows of one program: (verdict, evidence), or ('invalid', why)."""
    if eager["raised"]:
        return "invalid", f"the eager twin raises {eager['raised']}"
    if graph["raised"]:
        return "error", graph["raised"]
    traces = TRACES.search(graph["stdout"])
    if traces:
        n, m = int(traces.group(1)), int(traces.group(2))
        if n >= 3 and n >= m - 1:
            return "storm", f"{n} traces in {m} calls"
    strip = lambda text: "\n".join(l for l in text.splitlines() if not l.startswith("TRACES "))  # noqa: E731
    if strip(graph["stdout"]) != strip(eager["stdout"]):
        g, e = strip(graph["stdout"]).splitlines(), strip(eager["stdout"]).splitlines()
        return "wrong", f"graph printed {len(g)} lines, eager {len(e)}; first difference: " + next(
            (f"{a!r} vs {b!r}" for a, b in zip(g, e) if a != b), "(one is a prefix of the other)")
    if traces:
        return "fine", f"{traces.group(1)} traces in {traces.group(2)} calls, same output as eager"
    return "fine", "same output as eager"


def run(python: str, write: bool, only: str | None = None) -> int:
    paths = [p for p in programs() if not only or only in p.name]
    with tempfile.TemporaryDirectory() as tmp:
        files = {mode: Path(tmp) / f"{mode}.json" for mode in ("graph", "eager")}
        procs = [_run_mode(python, mode, files[mode], paths) for mode in files]
        for proc in procs:
            if proc.wait():
                raise SystemExit(f"a worker failed (exit {proc.returncode}): is TensorFlow installed there?")
        results = {mode: json.loads(file.read_text()) for mode, file in files.items()}
    problems = 0
    counts = collections.Counter()
    for path in paths:
        got, evidence = verdict(results["graph"][str(path)], results["eager"][str(path)])
        text = path.read_text()
        stored = RUN_LINE.search(text)
        report = scoring.read_report(path)
        intent = "fine" if report.fine else "hazard"
        counts[(intent, got)] += 1
        mark = ""
        if got == "invalid" or (got == "fine") != report.fine:
            mark, problems = "  <-- LABEL DISAGREES WITH THE RUN", problems + 1
        elif not stored or stored.group(1) != got:
            if write:
                line = f"# run: {got} ({evidence})"
                text = RUN_LINE.sub(line, text, count=1) if stored else text.replace(
                    "\n# framework:", f"\n{line}\n# framework:", 1)
                path.write_text(text)
            else:
                mark, problems = f"  <-- stored `# run:` is {stored.group(1) if stored else 'absent'}", problems + 1
        print(f"{path.name}: {got} ({evidence}){mark}")
    print("\n" + ", ".join(f"{intent} -> {got}: {n}" for (intent, got), n in sorted(counts.items())))
    return 1 if problems else 0


def measure(show: bool) -> int:
    """The report corpus's tables, on this set, plus recall per property."""
    paths = programs()
    reports = [scoring.read_report(p) for p in paths]
    found = scoring.findings(SET, "precise")
    total = scoring.Tally()
    by_family = collections.defaultdict(scoring.Tally)
    by_property = collections.defaultdict(scoring.Tally)
    fine_flagged = []
    misses, extras = [], []
    for report in reports:
        prop = PROPERTY_LINE.search(report.path.read_text()).group(1)
        got = found.get(report.path.resolve(), [])
        if report.fine and got:
            fine_flagged.append(report.path.name)
        for fam, t in scoring.score(report, got, misses, extras).items():
            total.add(t)
            by_family[fam].add(t)
            by_property[prop].add(t)
    fine = sum(r.fine for r in reports)
    print(f"## benchmarks/tf_docs: {len(reports)} programs ({fine} look-alikes), "
          f"{total.labels} labels\n")
    print("| rows | recall (labels found) | precision (findings on a label) |\n|---|---|---|")
    print(total.row("all"))
    for fam in sorted(by_family):
        print(by_family[fam].row(fam))
    for prop in sorted(by_property, key=lambda p: int(p[1:])):
        print(by_property[prop].row(f"{prop}: {PROPERTIES[prop][:60]}..."))
    print(f"\nlook-alikes with a finding: {len(fine_flagged)} of {fine}"
          + (f" ({', '.join(fine_flagged)})" if fine_flagged else ""))
    if show:
        print("\nmissed labels:")
        for report, hazard in misses:
            print(f"  {report.path.name}:{min(hazard.lines)} {hazard.code}")
        print("false findings:")
        for report, line, code in extras:
            print(f"  {report.path.name}:{line} {code}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="label every program by running it (TensorFlow needed)")
    r.add_argument("--tf-python", required=True, help="an interpreter with tensorflow 2.21 and keras 3")
    r.add_argument("--write", action="store_true", help="record each verdict as the `# run:` line")
    r.add_argument("--only", help="only the programs whose file name contains this")
    m = sub.add_parser("measure", help="acclint's recall and precision on the set")
    m.add_argument("--list", action="store_true", help="list misses and false findings")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(args.tf_python, args.write, args.only)
    return measure(args.list)


if __name__ == "__main__":
    sys.exit(main())
