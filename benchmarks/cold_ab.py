"""A cold single-process run, this checkout against another, side by side (issue 34's cold rows).

    nice .venv/bin/python benchmarks/cold_ab.py --before /tmp/base [--before /tmp/older] /tmp/c34 [--rounds 2] [--flake8]

Each run is a fresh `acclint check --no-cache --jobs 1` process over the same paths, measured
with `os.wait4` (CPU seconds, user + system, and peak resident memory of that process alone);
the two checkouts alternate, round after round, so that a busy machine slows both alike. Every
run's JSON report, and each checkout's `--diff` output once, must be byte-identical between the
two (the script says which differ). `ast.parse` of every file (in this process) is the
yardstick the ratios are given against, and flake8 on the same files with `--flake8`.

frontend_bench.py measures the cold run too, among the cache's and the jobs' rows, over the corpus
venv; this script is for a change meant to leave every report as it was: it takes any paths (the
50,000-line file of gen_big_jitted.py), compares the reports byte for byte and gives peak memory.

`--before TREE` is a source tree of acclint (a `git archive` of a commit will do): it is run with
this checkout's interpreter in `TREE`, which `python -m` puts first on the path (PYTHONPATH
would come after the working directory's checkout). Given more than once, every tree is run in
each round beside this checkout, and each is compared with it.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def measure(command: list[str], cwd: Path = HERE) -> tuple[float, float, int, bytes]:
    """CPU seconds, wall seconds, peak memory (KiB) and stdout of one process."""
    wall = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, cwd=cwd)
        _, _, usage = os.wait4(child.pid, 0)
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, time.perf_counter() - wall, usage.ru_maxrss, out.read()


def acclint(tree: Path | None, args: list[str]) -> tuple[float, float, int, bytes]:
    """`python -m acclint` run in `tree` (None: this checkout), which `-m` puts first on the path;
    the paths linted must be absolute."""
    return measure([sys.executable, "-m", "acclint", "check", "--no-cache", "--jobs", "1", "--no-config", *args], tree or HERE)


def ast_seconds(paths: list[str]) -> float:
    """`ast.parse` of every file, in CPU seconds; a file this Python cannot parse (newer syntax,
    which acclint reports as an error of that file) counts for the time its attempt took."""
    files = [p for root in map(Path, paths) for p in ([root] if root.is_file() else sorted(root.rglob("*.py")))]
    sources = [f.read_bytes() for f in files]
    start = time.process_time()
    for source in sources:
        try:
            ast.parse(source)
        except (SyntaxError, ValueError):
            pass
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--before", type=Path, action="append", required=True, help="an earlier tree (more than once: several)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--flake8", action="store_true")
    args = parser.parse_args()
    args.paths = [str(Path(p).resolve()) for p in args.paths]
    trees: dict[str, Path | None] = {
        ("before" if len(args.before) == 1 else f"before {tree.name}"): tree.resolve() for tree in args.before
    } | {"after": None}
    rows: dict[str, list[tuple[float, float, int]]] = {name: [] for name in trees}
    reports: dict[str, set[bytes]] = {name: set() for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            cpu, wall, peak, out = acclint(tree, ["--output-format", "json", *args.paths])
            rows[name].append((cpu, wall, peak))
            reports[name].add(out)
            print(f"  {name}: {cpu:.2f} s CPU, {wall:.1f} s wall, {peak // 1024} MiB", flush=True)
    diffs = {name: acclint(tree, ["--diff", *args.paths])[3] for name, tree in trees.items()}
    yardstick = ast_seconds(args.paths)
    print(f"ast.parse of every file: {yardstick:.2f} s CPU")
    if args.flake8:
        cpu, wall, peak, _ = measure([sys.executable, "-m", "flake8", "--jobs", "1", "--exit-zero", *args.paths])
        print(f"flake8 --jobs 1: {cpu:.2f} s CPU, {wall:.1f} s wall")
    for name, runs in rows.items():
        best = min(runs)
        line = ", ".join(f"{cpu:.2f} s CPU / {wall:.1f} s wall / {peak // 1024} MiB" for cpu, wall, peak in runs)
        print(f"{name:6s} {line}; best {best[0] / yardstick:.2f}x ast.parse")
    for name in rows:
        if name != "after":
            print(f"after / {name}, best CPU: {min(rows['after'])[0] / min(rows[name])[0]:.3f}")
    same_reports = len(set().union(*reports.values())) == 1
    same_diffs = len(set(diffs.values())) == 1
    print("JSON reports byte-identical:", same_reports, "| --diff byte-identical:", same_diffs)
    if not same_reports or not same_diffs:
        sys.exit(1)


if __name__ == "__main__":
    main()
