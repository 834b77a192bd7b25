"""What the ACC5/ACC6 analysis adds to a cold run of the corpus: perf_table.py's row alone.

    nice .venv/bin/python benchmarks/analysis_cost.py /tmp/corpus34 [--tree /tmp/base] [--rounds 3]

Each measurement is a fresh `acclint check --no-cache --jobs 1` process over the corpus files
(cold_ab.py's `measure`: CPU seconds, user plus system, of the process): once with every rule,
once with `--ignore ACC5,ACC6` (their rules do not run, and with them neither the cache-key
analysis, acclint.analysis.loops, nor the trace-time model of module bindings, which only they
ask for). A round runs both variants of every tree, one after the other, so that a busy machine
slows them alike; the row is the ratio of the medians over the rounds.

`--tree TREE` (repeatable) measures another source tree of acclint beside this checkout (a `git
archive` of a commit will do: before and after a change in one run); it is run with this
checkout's interpreter in `TREE`, which `python -m` puts first on the path; each variant's
report must then be the same, byte for byte, from every tree (a change meant to cost less only).

`--split` also runs analysis_split.py (one process with every rule, the ACC5/ACC6 rules timed
inside it) in every round of every tree, after the two variants, and prints its ratio beside the
process row's: the same quantity read from one run, to be checked against the row's noise.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from cold_ab import measure  # noqa: E402
from lint_corpus import corpus_files, site_packages  # noqa: E402
from perf_table import acclint  # noqa: E402

VARIANTS = {"all rules": (), "--ignore ACC5,ACC6": ("--ignore", "ACC5,ACC6")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    parser.add_argument("--tree", type=Path, action="append", default=[], help="another acclint source tree to measure")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--split", action="store_true", help="and analysis_split.py's in-process ratio, each round")
    args = parser.parse_args()
    files = corpus_files(site_packages(args.corpus))
    trees = {"this checkout": HERE.parent, **{str(tree): tree.resolve() for tree in args.tree}}
    cpu: dict[tuple[str, str], list[float]] = {(t, v): [] for t in trees for v in VARIANTS}
    reports: dict[str, set[bytes]] = {v: set() for v in VARIANTS}
    split: dict[str, list[float]] = {t: [] for t in trees}
    for round_ in range(args.rounds):
        for name, tree in trees.items():
            for variant, extra in VARIANTS.items():
                seconds, wall, _, out = measure(acclint("--no-cache", "--jobs", "1", "--output-format", "json", *extra, *files), cwd=tree)
                cpu[(name, variant)].append(seconds)
                reports[variant].add(out)
                print(f"  round {round_ + 1}, {name}, {variant}: {seconds:.2f} s CPU, {wall:.1f} s wall", file=sys.stderr, flush=True)
            if args.split:
                row = json.loads(subprocess.run(
                    [sys.executable, str(HERE / "analysis_split.py"), str(args.corpus), "--json"],
                    cwd=tree, check=True, capture_output=True, text=True,
                ).stdout)
                split[name].append(row["ratio"])
                print(f"  round {round_ + 1}, {name}, in-process: ACC5+ACC6 {row['ACC5+ACC6']:.2f} s of {row['process']:.2f} s, "
                      f"{row['ratio']:.3f}x", file=sys.stderr, flush=True)
    print(f"corpus: {len(files)} files; CPU seconds of `check --no-cache --jobs 1`, median of {args.rounds}\n")
    print("| tree | all rules | --ignore ACC5,ACC6 | all / without |" + (" in-process (analysis_split.py) |" if args.split else ""))
    print("|---|---|---|---|" + ("---|" if args.split else ""))
    for name in trees:
        every, without = (statistics.median(cpu[(name, v)]) for v in VARIANTS)
        runs = ", ".join(f"{a:.1f}/{b:.1f}" for a, b in zip(*(cpu[(name, v)] for v in VARIANTS)))
        inside = f" {statistics.median(split[name]):.3f}x (runs: {', '.join(f'{r:.3f}' for r in split[name])}) |" if args.split else ""
        print(f"| {name} | {every:.2f} | {without:.2f} | {every / without:.3f}x (runs: {runs}) |{inside}")
    same = all(len(found) == 1 for found in reports.values())
    print(f"\neach variant's report byte-identical across trees and rounds: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
