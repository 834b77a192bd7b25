"""Where the ACC5/ACC6 analysis's CPU goes in a cold run, in-process, and what it adds to the
run as a ratio read from that one run: the firmer measure beside analysis_cost.py's process row,
which moves by more than the analysis costs on a busy machine.

    cd TREE && nice python /path/to/benchmarks/analysis_split.py /tmp/corpus34 [--json]

Runs `check --no-cache --jobs 1 --output-format json` over the corpus of lint_corpus.py in this
process, with the acclint of the current folder (a `git archive` of a commit: before and after
a change), and a CPU timer (`time.process_time`) around:

- every entry point of the ACC5 and ACC6 rules (their `visit_*` methods and `check_module`, a
  generator consumed inside the timer), counted once where they nest. What these rules ask for
  on first use is built inside them: the cache-key analysis (acclint.analysis.loops), the module
  bindings and the trace-time model (acclint.analysis.bindings, trace_time) are asked for by no
  other rule but ACC105 (a key a loop reuses), timed with them, so their whole cost lands here;
- a walk of a function's body whose visitors are all ACC5/ACC6 rules' (the engine shares one
  walk among the rules of the same contexts, `_dispatch_tables`; a walk only these rules need
  would be saved too): counted as theirs;
- inside that, the cache-key analysis (`LoopFacts.__init__`, its walk, and `LoopFacts.changes`,
  its answer) and the module bindings (`ModuleBindings.__post_init__`, counted per module built),
  for where the time goes.

"ACC5+ACC6 add" is the process's CPU (`getrusage`: start-up and imports included, as in
analysis_cost.py's process row) over that CPU less the rules' own: what the run costs against
what it would cost without them, the quantity `--ignore ACC5,ACC6` measures as a second process.
`--ignore` changes nothing else: the rules are selected only in the engine's `_run_rules`, and
the parse, the module analysis and the project's reach do not depend on them. The timers' own
cost (measured here per call, times the calls) is taken off the rules' time. What the two can
differ by: an analysis the rules build first that a later rule of another family would build
anyway (counted here as theirs: the row can only be too high), and the cyclic garbage the
rules leave for the collector after each file (counted in neither part here, in the process
row's numerator there).

Prints those, the run's CPU, and a digest of the JSON report, which must be the same from every
tree for a change meant to cost less only; `--json` prints them as one JSON object instead.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# ACC105 (a key reused by a loop, stop 49) reads the cache-key analysis too, and runs before the
# ACC5 rules: without it here that analysis's whole cost would land outside the timed rules.
FAMILIES = ("ACC5", "ACC6", "ACC105")


def timed(function, spent: dict[str, float], key: str):
    """`function`, adding its CPU seconds to `spent[key]` and its calls to `spent[key + " n"]`."""

    def wrapper(*args, **keywords):
        start = time.process_time()
        try:
            return function(*args, **keywords)
        finally:
            spent[key] += time.process_time() - start
            spent[key + " n"] += 1

    return wrapper


class Attributed:
    """The CPU of calls made for the ACC5/ACC6 rules, each counted once where they nest (a rule
    timed inside a walk of theirs)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.depth = 0
        self.walks = 0  # walks of a body only these rules needed

    def wrap(self, function, consume: bool = False):
        """`function` timed; `consume`: it returns an iterator, run to its end inside the timer."""

        def wrapper(*args, **keywords):
            if self.depth:
                found = function(*args, **keywords)
                return list(found) if consume else found
            self.depth += 1
            start = time.process_time()
            try:
                found = function(*args, **keywords)
                return list(found) if consume else found
            finally:
                self.seconds += time.process_time() - start
                self.calls += 1
                self.depth -= 1

        return wrapper


def _nothing() -> None:
    """The empty function `timer_cost` times."""


def timer_cost(calls: int = 200_000) -> float:
    """CPU seconds one `Attributed` timer adds to a call, measured here on an empty function."""
    probe = Attributed().wrap(_nothing)
    start = time.process_time()
    for _ in range(calls):
        _nothing()
    bare = time.process_time() - start
    start = time.process_time()
    for _ in range(calls):
        probe()
    return max(0.0, (time.process_time() - start - bare) / calls)


def attribute_rules(rules, engine, attributed: Attributed) -> list[str]:
    """Time the ACC5/ACC6 rules' entry points and their walks alone into `attributed`; their codes."""
    ours = [rule for rule in rules if rule.code.startswith(FAMILIES)]
    for rule in ours:
        for method in rule.visitors().values():
            setattr(rule, method, attributed.wrap(getattr(rule, method)))
        if "check_module" in vars(rule):
            rule.check_module = attributed.wrap(rule.check_module, consume=True)
    traverse = engine._traverse
    theirs = attributed.wrap(traverse)

    def walk(fn, ctx, dispatch):
        alone = all(type(rule).code.startswith(FAMILIES) for methods in dispatch.values() for rule, _ in methods)
        attributed.walks += alone
        return (theirs if alone else traverse)(fn, ctx, dispatch)

    engine._traverse = walk
    return [rule.code for rule in ours]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from lint_corpus import corpus_files, site_packages

    files = corpus_files(site_packages(args.corpus))
    sys.path.insert(0, str(Path.cwd()))  # the tree measured, ahead of any installed acclint
    for name in [m for m in sys.modules if m == "acclint" or m.startswith("acclint.")]:
        del sys.modules[name]
    import acclint.analysis.bindings as bindings
    import acclint.analysis.loops as loops
    import acclint.lint.engine as engine
    from acclint.cli import main as acclint
    from acclint.run.registry import all_rules

    spent = dict.fromkeys(("walk", "walk n", "answer", "answer n", "bindings", "bindings n"), 0.0)
    loops.LoopFacts.__init__ = timed(loops.LoopFacts.__init__, spent, "walk")
    changes = loops.LoopFacts.__dict__["changes"]  # a cached_property: time what it computes
    changes.func = timed(changes.func, spent, "answer")
    bindings.ModuleBindings.__post_init__ = timed(bindings.ModuleBindings.__post_init__, spent, "bindings")
    attributed = Attributed()
    codes = attribute_rules(all_rules(), engine, attributed)
    per_call = timer_cost()
    sys.argv = ["acclint", "check", "--no-config", "--no-cache", "--jobs", "1", "--output-format", "json", *files]
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        acclint()
    run = time.process_time() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    process = usage.ru_utime + usage.ru_stime
    overhead = attributed.calls * per_call
    rules = max(0.0, attributed.seconds - overhead)
    rest = process - overhead - rules  # the process as it would be without the timers and the rules
    row = {
        "tree": str(Path(loops.__file__).resolve().parent.parent.parent),
        "cache-key analysis": spent["walk"] + spent["answer"], "walk": spent["walk"], "walk modules": spent["walk n"],
        "answer": spent["answer"], "bindings": spent["bindings"], "bindings modules": spent["bindings n"],
        "rules": codes, "ACC5+ACC6": rules, "timed calls": attributed.calls, "walks alone": attributed.walks, "timer overhead": overhead,
        "run": run, "process": process, "ratio": (rest + rules) / rest,
        "report": hashlib.sha1(out.getvalue().encode()).hexdigest()[:12],
    }
    if args.json:
        print(json.dumps(row))
        return 0
    print(
        f"{row['tree']}: cache-key analysis {row['cache-key analysis']:.2f} s (walk {spent['walk']:.2f} s for "
        f"{spent['walk n']:.0f} modules, answer {spent['answer']:.2f} s), bindings {spent['bindings']:.2f} s for "
        f"{spent['bindings n']:.0f} modules, run {run:.2f} s CPU, report {row['report']}\n"
        f"ACC5+ACC6 ({len(codes)} rules, with what they build) {rules:.2f} s of {rest + rules:.2f} s of the process "
        f"({attributed.calls} timed calls, {attributed.walks} walks of theirs alone, {overhead:.2f} s of timer taken off): "
        f"ACC5+ACC6 add {row['ratio']:.3f}x to a cold run"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
