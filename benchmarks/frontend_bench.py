"""The front end, the incremental project analysis and `--jobs`, measured side by side with an
earlier acclint (issue 18's targets), on the benchmark corpus (jax, flax, optax, equinox, chex:
about 950 files; see lint_corpus.py), with the same interpreter.

Rows, each run as a user runs it (`python -m acclint check`, a fresh process) in a copy of the
corpus, for this checkout and, with `--before DIR`, for a checkout of the earlier commit (run
from its folder: acclint serves its `rules/` and `runtime/` from a checkout):

- `ast.parse` of every file, in one process: the floor the cold run is held against;
- cold, `--no-cache --jobs 1` (one process) and `--no-cache` with the default jobs;
- warm (cache filled, nothing changed);
- one edit of `flax/linen/module.py` (imported by most of flax) and one of a leaf module,
  each followed by a `--no-cache` run whose output must equal the cached run's (this
  checkout's exits 1 otherwise; an earlier acclint's difference is printed: ffd03ef's
  "reached from" names depended on the process's hash seed);
- `acclint check` of one small file without a context (start-up).

Wall seconds are medians of `--repeats` runs where a row is repeated; CPU seconds (user + system
of the child processes) are printed beside them, since the machine may be shared. Ratios are
computed within one run. Run::

    python benchmarks/frontend_bench.py /tmp/corpus-venv [--before /tmp/acclint-before] [--repeats 3]
"""

from __future__ import annotations

import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACKAGES = ("jax", "flax", "optax", "equinox", "chex")
EDITS = ("flax/linen/module.py", "optax/_src/alias.py")  # widely imported; a leaf of optax
PARSE_ALL = """
import ast, glob, sys
for path in sorted(glob.glob(sys.argv[1] + "/**/*.py", recursive=True)):
    with open(path, "rb") as handle:
        ast.parse(handle.read())
"""


def timed(command: list[str], cwd: Path, env: dict | None = None) -> tuple[float, float, str]:
    """Wall and CPU seconds of `command`, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return wall, cpu, done.stdout


def median_of(runs: list[tuple[float, float, str]]) -> tuple[float, float, str]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), runs[-1][2]


class Acclint:
    """One acclint to measure: this checkout, or an earlier one run from its folder."""

    def __init__(self, label: str, checkout: Path | None, cache: Path) -> None:
        self.label = label
        self.env = dict(os.environ, PYTHONPATH=str(checkout)) if checkout else None
        self.cache = cache

    def check(self, corpus: Path, *options: str, paths=PACKAGES) -> tuple[float, float, str]:
        command = [sys.executable, "-m", "acclint", "check", "--no-config", "--output-format", "concise", *options, *paths]
        return timed(command, corpus, self.env)

    def cached(self, corpus: Path) -> tuple[float, float, str]:
        return self.check(corpus, "--cache-dir", str(self.cache))


def measure(acclint: Acclint, corpus: Path, repeats: int, takes_jobs: bool) -> list[tuple[str, tuple[float, float, str]]]:
    jobs1 = ("--jobs", "1") if takes_jobs else ()
    rows = [("cold, --no-cache, one process", median_of([acclint.check(corpus, "--no-cache", *jobs1) for _ in range(repeats)]))]
    if takes_jobs:
        rows.append(("cold, --no-cache, default jobs", median_of([acclint.check(corpus, "--no-cache") for _ in range(repeats)])))
    rows.append(("cold, cache filled", acclint.cached(corpus)))
    rows.append(("warm, nothing changed", median_of([acclint.cached(corpus) for _ in range(repeats)])))
    for edited in EDITS:
        with open(corpus / edited, "a", encoding="utf-8") as handle:
            handle.write("# edited\n")
        run = acclint.cached(corpus)
        fresh = acclint.check(corpus, "--no-cache", *jobs1)
        if run[2] != fresh[2]:
            print(f"{acclint.label}: after editing {edited}, the cached run differs from --no-cache:\n{run[2]}\n{fresh[2]}")
            if acclint.label == "now":
                sys.exit(1)
        rows.append((f"edit {edited} (equals --no-cache)", run))
    small = corpus / "small.py"
    small.write_text("def add(x, y):\n    return x + y\n", "utf-8")
    rows.append(("one file without a context", median_of([acclint.check(corpus, "--no-cache", paths=("small.py",)) for _ in range(max(repeats, 5))])))
    small.unlink()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("venv", help="the corpus venv (or its site-packages)")
    parser.add_argument("--before", type=Path, help="a checkout of the acclint to compare with")
    parser.add_argument("--before-takes-jobs", action="store_true", help="the earlier acclint knows --jobs")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    site = args.venv if os.path.isdir(os.path.join(args.venv, "jax")) else glob.glob(f"{args.venv}/lib/python3*/site-packages")[0]
    candidates = [("now", None, True)] + ([("before", args.before.resolve(), args.before_takes_jobs)] if args.before else [])
    results = {}
    with tempfile.TemporaryDirectory() as temporary:
        for label, checkout, takes_jobs in candidates:
            corpus = Path(temporary) / f"corpus-{label}"
            for package in PACKAGES:
                shutil.copytree(Path(site) / package, corpus / package, ignore=shutil.ignore_patterns("__pycache__"))
            parse = median_of([timed([sys.executable, "-c", PARSE_ALL, str(corpus)], corpus) for _ in range(args.repeats)])
            rows = [("ast.parse of every file", parse)]
            rows += measure(Acclint(label, checkout, Path(temporary) / f"cache-{label}"), corpus, args.repeats, takes_jobs)
            results[label] = rows
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; {os.cpu_count()} cores")
    labels = list(results)
    print(f"{'row':45}" + "".join(f"{label + ' wall':>14}{label + ' cpu':>12}" for label in labels))
    for i, (row, _) in enumerate(results["now"]):
        cells = ""
        for label in labels:
            found = dict((r, v) for r, v in results[label]).get(row)
            cells += f"{found[0]:14.2f}{found[1]:12.2f}" if found else f"{'-':>14}{'-':>12}"
        print(f"{row:45}{cells}")
    for label in labels:
        rows = dict(results[label])
        cold = rows["cold, --no-cache, one process"]
        print(f"{label}: cold / ast.parse = {cold[0] / rows['ast.parse of every file'][0]:.2f} wall, "
              f"{cold[1] / rows['ast.parse of every file'][1]:.2f} cpu; "
              + "; ".join(f"{row.split(' (')[0]} / cold = {v[0] / rows['cold, cache filled'][0]:.3f}" for row, v in rows.items() if row.startswith("edit"))
              + (f"; default jobs / one process = {rows['cold, --no-cache, default jobs'][0] / cold[0]:.2f}" if "cold, --no-cache, default jobs" in rows else ""))


if __name__ == "__main__":
    main()
