"""Where the ACC5/ACC6 analysis's CPU goes in a cold run, in-process: the firmer measure beside
analysis_cost.py's process row, which moves by more than the analysis costs on a busy machine.

    cd TREE && nice python /path/to/benchmarks/analysis_split.py /tmp/corpus34

Runs `check --no-cache --jobs 1 --output-format json` over the corpus of lint_corpus.py in this
process, with the acclint of the current folder (a `git archive` of a commit: before and after
a change), and a CPU timer (`time.process_time`) around the cache-key analysis
(`LoopFacts.__init__`, its walk, and `LoopFacts.changes`, its answer) and the module bindings
(`ModuleBindings.__post_init__`, counted per module built). Prints those, the run's CPU, and a
digest of the JSON report, which must be the same from every tree for a change meant to cost
less only.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from lint_corpus import corpus_files, site_packages

    files = corpus_files(site_packages(args.corpus))
    sys.path.insert(0, str(Path.cwd()))  # the tree measured, ahead of any installed acclint
    for name in [m for m in sys.modules if m == "acclint" or m.startswith("acclint.")]:
        del sys.modules[name]
    import acclint.analysis.bindings as bindings
    import acclint.analysis.loops as loops
    from acclint.cli import main as acclint

    spent = dict.fromkeys(("walk", "walk n", "answer", "answer n", "bindings", "bindings n"), 0.0)
    loops.LoopFacts.__init__ = timed(loops.LoopFacts.__init__, spent, "walk")
    changes = loops.LoopFacts.__dict__["changes"]  # a cached_property: time what it computes
    changes.func = timed(changes.func, spent, "answer")
    bindings.ModuleBindings.__post_init__ = timed(bindings.ModuleBindings.__post_init__, spent, "bindings")
    sys.argv = ["acclint", "check", "--no-config", "--no-cache", "--jobs", "1", "--output-format", "json", *files]
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        acclint()
    total = time.process_time() - start
    print(
        f"{Path(loops.__file__).resolve().parent.parent.parent}: cache-key analysis {spent['walk'] + spent['answer']:.2f} s "
        f"(walk {spent['walk']:.2f} s for {spent['walk n']:.0f} modules, answer {spent['answer']:.2f} s), "
        f"bindings {spent['bindings']:.2f} s for {spent['bindings n']:.0f} modules, run {total:.2f} s CPU, "
        f"report {hashlib.sha1(out.getvalue().encode()).hexdigest()[:12]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
