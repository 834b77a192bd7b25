"""perf_table.py's rows for parallel runs and for a file added to a project, this checkout against
an earlier source tree of acclint, alternating, in one run: CPU seconds, wall seconds and the
ratios the issue-34 table reads.

    git -C /work/main archive bbe4ab7 | tar -x -C /tmp/base
    nice .venv/bin/python benchmarks/jobs_added_ab.py /tmp/corpus34 --project /work/realworld/google+tunix --before /tmp/base

Each measurement is a process of its own, run as perf_table.py runs it (`measure`: CPU of it and
its workers, wall), with the tree first on the path (PYTHONPATH, which the workers inherit).
Rounds alternate before and after, so that a machine whose load changes meets both alike; each
row reports the best of `--rounds`. On a shared machine read the CPU ratios: wall time counts
other people's processes, and the `--jobs` wall ratio needs the cores free.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from lint_corpus import corpus_files, site_packages  # noqa: E402
from perf_table import Measured, acclint, measure  # noqa: E402


def rows(tree: Path, files: list[str], project: Path, temporary: Path) -> dict[str, Measured]:
    """The corpus with `--jobs 1` and the default jobs, and `project` cold, warm and with a new
    one-line module, run from `tree`."""
    os.environ["PYTHONPATH"] = str(tree)
    m = {"one": measure(acclint("--no-cache", "--jobs", "1", *files)), "default": measure(acclint("--no-cache", *files))}
    copy = temporary / "project"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(project, copy, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", ".acclint_cache"))
    cache = str(temporary / "cache")
    shutil.rmtree(cache, ignore_errors=True)
    m["cold"] = measure(acclint("--cache-dir", cache, "."), cwd=copy)
    m["warm"] = measure(acclint("--cache-dir", cache, "."), cwd=copy)
    (copy / "acclint_new_module.py").write_text("VALUE = 1\n")
    m["added"] = measure(acclint("--cache-dir", cache, "."), cwd=copy)
    return m


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    parser.add_argument("--project", type=Path, required=True, help="a code base of a few hundred files")
    parser.add_argument("--before", type=Path, required=True, help="an earlier source tree of acclint")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    files = corpus_files(site_packages(args.corpus))
    trees = {"before": args.before.resolve(), "after": HERE.parent}
    best: dict[str, dict[str, Measured]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as temporary:
        for n in range(args.rounds):
            for name, tree in trees.items():
                print(f"  round {n + 1}: {name}", file=sys.stderr, flush=True)
                for key, found in rows(tree, files, args.project, Path(temporary)).items():
                    kept = best[name].get(key)
                    best[name][key] = found if kept is None or found.cpu < kept.cpu else kept
    print(f"corpus: {len(files)} files; project: {args.project.name}; best of {args.rounds}; load average now {os.getloadavg()[0]:.1f}\n")
    print("| measurement | before CPU s | before wall s | after CPU s | after wall s |")
    print("|---|---|---|---|---|")
    names = {"one": "corpus, --no-cache --jobs 1", "default": "corpus, --no-cache (default jobs)", "cold": "project, cold",
             "warm": "project, warm", "added": "project, a 1-line file added"}
    for key, label in names.items():
        b, a = best["before"][key], best["after"][key]
        print(f"| {label} | {b.cpu:.2f} | {b.wall:.2f} | {a.cpu:.2f} | {a.wall:.2f} |")
    print("\n| row | before | after | goal |")
    print("|---|---|---|---|")
    ratios = [
        ("default jobs / --jobs 1, CPU", lambda m: m["default"].cpu / m["one"].cpu, "≤ 1.15x"),
        ("default jobs / --jobs 1, wall", lambda m: m["default"].wall / m["one"].wall, "≤ 0.65x"),
        ("a new 1-line file / cold, wall", lambda m: m["added"].wall / m["cold"].wall, "≤ 0.1x"),
        ("a new 1-line file / cold, CPU", lambda m: m["added"].cpu / m["cold"].cpu, ""),
    ]
    for label, ratio, goal in ratios:
        print(f"| {label} | {ratio(best['before']):.3f} | {ratio(best['after']):.3f} | {goal} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
