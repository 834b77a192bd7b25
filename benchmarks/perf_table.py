"""Issue 34's performance table, every row measured in one run, side by side with `ast.parse`
and flake8: CPU seconds, wall seconds and peak memory of each measurement.

    nice .venv/bin/python benchmarks/perf_table.py /tmp/corpus34 --project /work/realworld/google+tunix

The corpus is the installed sources of jax, flax, optax, equinox and chex (the venv made by
`lint_corpus.py --make-corpus`; it holds flake8 without acclint's plugin, which this script runs).
The project of the last row is any code base of a few hundred files (the issue's had 438); it is
copied to a temporary folder first, so adding a file leaves it alone.

Each measurement is a process of its own (`acclint check` as a user runs it): CPU is user plus
system time of it and of every process it waited for (a parallel run's workers), from
`getrusage(RUSAGE_CHILDREN)` before and after; peak memory is the largest resident set of the
process itself (`wait4`; a worker's is not added). Read the CPU columns on a shared machine:
wall time counts other people's processes, and so do the wall ratios. The rows:

- the corpus, `check --no-cache --jobs 1`, against `ast.parse` of every file and against
  `flake8 --jobs 1` on the same files;
- the default `--jobs` (one per core) against `--jobs 1`, wall and CPU;
- the ACC5/ACC6 analysis on a cold run: `--jobs 1` with ACC5 and ACC6 left out (`--ignore`:
  their rules then do not run, and with them the loop analysis, acclint.analysis.loops, and
  the trace-time model of module bindings, which only they read) against all rules;
- benchmarks/gen_big_jitted.py's 50,000-line file, `check --no-cache`, against libcst's own
  `parse_module` of it (a process that parses and exits);
- the project: a cold run with the cache (empty), a warm one, and one after a new one-line
  file was added (which imports nothing and nothing imports).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen_big_jitted import generate  # noqa: E402
from lint_corpus import corpus_files, flake8_command, site_packages  # noqa: E402

PARSE_ALL = "import ast, sys\nfor path in open(sys.argv[1]).read().split('\\n'):\n    ast.parse(open(path, 'rb').read())\n"
LIBCST_PARSE = "import libcst, sys\nlibcst.parse_module(open(sys.argv[1], 'rb').read())\n"


@dataclass
class Measured:
    cpu: float
    wall: float
    peak_mb: float
    status: int


def measure(command: list[str], cwd: Path | None = None) -> Measured:
    """Run `command` to its end, its output thrown away: CPU of it and its waited-for
    children, wall, and its own peak resident memory."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - wall
    stderr = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1, 2) or "Traceback (most recent call last)" in stderr:
        sys.exit(f"{' '.join(command[:6])} ... failed ({code}):\n{stderr[-2000:]}")
    return Measured(cpu, wall, usage.ru_maxrss / 1024, code)


def acclint(*args: str) -> list[str]:
    return [sys.executable, "-m", "acclint", "check", "--no-config", "--output-format", "concise", *args]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    parser.add_argument("--project", type=Path, required=True, help="a code base of a few hundred files, for the new-file row")
    parser.add_argument("--flake8", help="flake8 executable without acclint's plugin (default: the corpus venv's)")
    parser.add_argument("--lines", type=int, default=50_000, help="lines of the generated jitted file")
    args = parser.parse_args()
    site = site_packages(args.corpus)
    files = corpus_files(site)
    from acclint.run.jobs import cores

    with tempfile.TemporaryDirectory() as temporary:
        temporary = Path(temporary)
        listing = temporary / "files.txt"
        listing.write_text("\n".join(files))
        m: dict[str, Measured] = {}
        say = lambda name: print(f"  measuring: {name}", file=sys.stderr, flush=True)  # noqa: E731
        say("ast.parse")
        m["ast"] = measure([sys.executable, "-c", PARSE_ALL, str(listing)])
        say("flake8")
        m["flake8"] = measure([*flake8_command(args.corpus, site, args.flake8), "--jobs", "1", "--isolated", "--exit-zero", *files])
        say("acclint --jobs 1")
        m["one"] = measure(acclint("--no-cache", "--jobs", "1", *files))
        say("acclint, default jobs")
        m["default"] = measure(acclint("--no-cache", *files))
        say("acclint --jobs 1 --ignore ACC5,ACC6")
        m["no56"] = measure(acclint("--no-cache", "--jobs", "1", "--ignore", "ACC5,ACC6", *files))

        big = temporary / "big_jitted.py"
        big.write_text(generate(args.lines))
        say("the big file")
        m["big"] = measure(acclint("--no-cache", str(big)), cwd=temporary)
        m["big libcst"] = measure([sys.executable, "-c", LIBCST_PARSE, str(big)])

        project = temporary / "project"
        shutil.copytree(args.project, project, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", ".acclint_cache"))
        cache = str(temporary / "cache")
        say("the project, cold")
        m["cold"] = measure(acclint("--cache-dir", cache, "."), cwd=project)
        say("the project, warm")
        m["warm"] = measure(acclint("--cache-dir", cache, "."), cwd=project)
        (project / "acclint_new_module.py").write_text("VALUE = 1\n")
        say("the project, a file added")
        m["added"] = measure(acclint("--cache-dir", cache, "."), cwd=project)
        project_files = sum(1 for p in project.rglob("*") if p.suffix in (".py", ".ipynb"))

    lines = sum(Path(f).read_bytes().count(b"\n") for f in files)
    print(f"corpus: {len(files)} files, {lines:,} lines ({site}); default --jobs here: {cores()}; "
          f"project: {args.project.name}, {project_files} files; big file: {args.lines:,} lines\n")
    print("| measurement | CPU s | wall s | peak MB |")
    print("|---|---|---|---|")
    names = {
        "ast": "`ast.parse` of every corpus file", "flake8": "flake8 --jobs 1, the corpus",
        "one": "acclint --no-cache --jobs 1, the corpus", "default": f"acclint --no-cache (--jobs {cores()}), the corpus",
        "no56": "acclint --no-cache --jobs 1 --ignore ACC5,ACC6, the corpus",
        "big": "acclint --no-cache, the big file", "big libcst": "libcst parse_module, the big file",
        "cold": "acclint, the project, cold (empty cache)", "warm": "acclint, the project, warm",
        "added": "acclint, the project, a 1-line file added",
    }
    for key, name in names.items():
        print(f"| {name} | {m[key].cpu:.1f} | {m[key].wall:.1f} | {m[key].peak_mb:.0f} |")

    one, default = m["one"], m["default"]
    rows = [
        ("cold `check --no-cache`, one process / `ast.parse` of every file (CPU)", one.cpu / m["ast"].cpu, "≤ 2.5x"),
        ("the same / flake8 on the same files (CPU)", one.cpu / m["flake8"].cpu, "≤ 0.25x"),
        (f"default `--jobs` ({cores()}) / `--jobs 1`, wall", default.wall / one.wall, "≤ 0.65x"),
        ("the same, CPU seconds", default.cpu / one.cpu, "≤ 1.15x"),
        ("the ACC5/ACC6 analysis: all rules / without ACC5, ACC6 (CPU)", one.cpu / m["no56"].cpu, "≤ 1.10x"),
        ("the big file, `check --no-cache`, wall seconds", m["big"].wall, "≤ 10 s"),
        ("the big file, CPU / libcst's own parse of it", m["big"].cpu / m["big libcst"].cpu, "≤ 1.3x"),
        ("the big file, peak memory (MB)", m["big"].peak_mb, "≤ 2048"),
        ("a new 1-line file / cold, the project (wall)", m["added"].wall / m["cold"].wall, "≤ 0.1x"),
    ]
    print("\n| row | measured | goal |")
    print("|---|---|---|")
    for name, value, goal in rows:
        print(f"| {name} | {value:.2f} | {goal} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
