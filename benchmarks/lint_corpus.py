"""acclint's speed on a large real corpus, side by side with flake8 and the bare parsers.

The corpus is the installed sources of jax, flax, optax, equinox and chex (about 950 files,
426k lines): code written for accelerated functions, so acclint's prefilter cannot skip most
of it. In one run, single process each, on the same files:

- ``acclint check`` in-process (``acclint.api.run``, with the project-wide reach), each file
  linted alone (no project index, as before the reach existed), building the project index
  alone, and the CLI as a subprocess;
- flake8 with its default checks (``flake8 --jobs 1 --isolated``), from an environment
  without acclint's flake8 plugin (the corpus venv), so it runs only its own checks;
- libcst ``parse_module`` of every file (acclint's floor were it to parse everything);
- ``ast.parse`` of every file, for reference.

CPU seconds are shown next to wall seconds because the machine may be shared: wall time
counts other people's processes, CPU time does not. The acceptance target is acclint's wall
time no more than flake8's, and no crash on any file (a file acclint cannot analyse must come
back as a clean error message).

Run::

    python benchmarks/lint_corpus.py --make-corpus /tmp/corpus-venv   # once: venv + pip install
    python benchmarks/lint_corpus.py /tmp/corpus-venv                  # the measurement

The argument is the venv (or directly the site-packages folder holding the five packages).
"""

from __future__ import annotations

import argparse
import ast
import glob
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.api import lint_file, options_for, run
from acclint.run.config import Settings
from acclint.parse.prefilter import may_hold_context
from acclint.run.options import project_of

PACKAGES = ("jax", "flax", "optax", "equinox", "chex")
FLAKE8 = "flake8==7.5.0"  # the version the numbers of benchmarks/README.md were measured with


@dataclass
class Timing:
    name: str
    wall: float
    cpu: float


def make_corpus(venv: Path) -> None:
    """A throwaway venv with the five packages (no dependencies: only their sources matter)."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--no-deps", *PACKAGES], check=True)
    subprocess.run([*pip, FLAKE8], check=True)


def site_packages(corpus: Path) -> Path:
    if all((corpus / name).is_dir() for name in PACKAGES):
        return corpus
    found = glob.glob(str(corpus / "lib" / "python*" / "site-packages"))
    if not found:
        sys.exit(f"{corpus}: neither a venv nor a site-packages folder holding {', '.join(PACKAGES)}")
    return Path(found[0])


def corpus_files(site: Path) -> list[str]:
    files: list[str] = []
    for name in PACKAGES:
        package = site / name
        if not package.is_dir():
            sys.exit(f"{package}: missing; run with --make-corpus first")
        files.extend(sorted(str(p) for p in package.rglob("*.py") if "__pycache__" not in p.parts))
    return files


def flake8_command(corpus: Path, site: Path, given: str | None) -> list[str]:
    """flake8 without acclint's plugin: the corpus venv's own, unless one is named."""
    if given:
        return [given]
    for venv in (corpus, site.parents[2]):
        candidate = venv / "bin" / "flake8"
        if candidate.exists():
            return [str(candidate)]
    sys.exit("no flake8 found in the corpus venv; pass --flake8 PATH (one without acclint's plugin)")


def timed(name: str, work) -> tuple[Timing, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = work()
    return Timing(name, time.perf_counter() - wall, time.process_time() - cpu), value


def timed_process(name: str, command: list[str], output) -> tuple[Timing, int, bool]:
    """Time a command; also whether it crashed (killed by a signal, or a traceback)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(command, stdout=output, stderr=subprocess.PIPE)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    crashed = done.returncode < 0 or b"Traceback (most recent call last)" in done.stderr
    if crashed:
        sys.stderr.write(done.stderr.decode(errors="replace")[-2000:])
    return Timing(name, wall, cpu), done.returncode, crashed


def parse_all(files: list[str], parse) -> int:
    failures = 0
    for path in files:
        try:
            parse(Path(path).read_bytes())
        except Exception:  # noqa: BLE001 - counted: a parser's failure is part of the result
            failures += 1
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="the corpus venv (or its site-packages)")
    parser.add_argument("--make-corpus", action="store_true", help="create the venv at CORPUS first")
    parser.add_argument("--flake8", help="flake8 executable without acclint's plugin")
    args = parser.parse_args()
    if args.make_corpus:
        make_corpus(args.corpus)
    site = site_packages(args.corpus)
    files = corpus_files(site)
    sources = [Path(p).read_bytes() for p in files]
    lines = sum(s.count(b"\n") for s in sources)
    print(f"corpus: {len(files)} files, {lines} lines under {site} ({', '.join(PACKAGES)})", flush=True)

    rows: list[Timing] = []
    t, ast_failures = timed("ast.parse", lambda: parse_all(files, ast.parse))
    rows.append(t)
    t, cst_failures = timed("libcst parse_module", lambda: parse_all(files, cst.parse_module))
    rows.append(t)
    t, report = timed("acclint (api.run)", lambda: run(files, Settings()))
    rows.append(t)
    t, _ = timed("acclint, files alone", lambda: [lint_file(f, Settings(), options_for(Settings())) for f in files])
    rows.append(t)
    options = options_for(Settings())
    t, _ = timed("project index", lambda: project_of(files, options))
    rows.append(t)
    with tempfile.TemporaryFile() as out:
        t, cli_status, cli_crashed = timed_process(
            "acclint check (CLI)", [sys.executable, "-m", "acclint", "check", "--no-config", *files], out
        )
        rows.append(t)
    with tempfile.TemporaryFile() as out:
        flake8 = [*flake8_command(args.corpus, site, args.flake8), "--jobs", "1", "--isolated", *files]
        t, flake8_status, _ = timed_process("flake8 --jobs 1", flake8, out)
        rows.append(t)
        out.seek(0)
        flake8_findings = sum(1 for _ in out)

    print(f"\n{'':22} {'wall s':>8} {'CPU s':>8} {'files/s':>8} {'lines/s':>9}")
    for row in rows:
        print(f"{row.name:22} {row.wall:8.1f} {row.cpu:8.1f} {len(files) / row.wall:8.1f} {lines / row.wall:9.0f}")
    acclint, libcst_parse, alone, flake8 = rows[2], rows[1], rows[3], rows[6]
    print(f"\nacclint / flake8:        wall {acclint.wall / flake8.wall:.2f}   CPU {acclint.cpu / flake8.cpu:.2f}")
    print(f"acclint / libcst parse:  wall {acclint.wall / libcst_parse.wall:.2f}   CPU {acclint.cpu / libcst_parse.cpu:.2f}")
    print(f"files alone / flake8:    wall {alone.wall / flake8.wall:.2f}   CPU {alone.cpu / flake8.cpu:.2f}  (no project-wide reach)")

    markers = options_for(Settings()).markers
    text_skipped = sum(not may_hold_context(s, markers) for s in sources)
    parsed = [r for r in report.results if r.parsed]
    skipped = sum(not r.parsed and r.error is None for r in report.results)
    with_contexts = sum(bool(ModuleAnalysis(r.module, markers).functions) for r in parsed)
    print(f"\nacclint: {skipped} files skipped by the prefilter ({text_skipped} by the text test, "
          f"{skipped - text_skipped} by the ast test), {len(parsed)} parsed with libcst, "
          f"{with_contexts} with context functions, {len(report.findings)} findings, {len(report.errors)} file errors")
    for error in report.errors:
        print(f"  {error.path}: {error.message}")
    print(f"acclint CLI exit status {cli_status}{' (CRASHED)' if cli_crashed else ''}; "
          f"flake8 exit status {flake8_status}, {flake8_findings} findings")
    print(f"parse failures: ast {ast_failures}, libcst {cst_failures}")
    return 1 if cli_crashed else 0


if __name__ == "__main__":
    sys.exit(main())
