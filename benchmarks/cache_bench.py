"""The result cache on the benchmark corpus (jax, flax, optax, equinox, chex: about 950 files,
426k lines; see lint_corpus.py), as a user meets it: the `acclint` command, side by side in one
run with ruff on the same files for reference.

- cold: an empty cache directory (acclint analyses every file that may hold a context);
- warm: the same command again, nothing changed (the target: at most 1 s here);
- one file edited: a comment appended to one module of the corpus that other modules import
  (its own result and those of the modules its change reaches are worked out again);
- ruff, cold (`--no-cache`) and warm, default rules, for reference (it lints every file fully).

Each warm figure is the median of several runs. Run::

    python benchmarks/cache_bench.py /tmp/corpus-venv [--ruff PATH] [--repeats 5]

The corpus is copied to a temporary folder first, so editing a file leaves the venv alone.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACKAGES = ("jax", "flax", "optax", "equinox", "chex")
EDITED = "flax/linen/module.py"  # imported by most of flax


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("venv", help="the corpus venv (or its site-packages)")
    parser.add_argument("--ruff", default=shutil.which("ruff"), help="a ruff executable, for reference")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    site = args.venv if os.path.isdir(os.path.join(args.venv, "jax")) else glob.glob(f"{args.venv}/lib/python3*/site-packages")[0]
    acclint = [sys.executable, "-m", "acclint", "check", "--no-config", "--output-format", "concise", "--cache-dir"]
    with tempfile.TemporaryDirectory() as temporary:
        corpus = Path(temporary) / "corpus"
        for package in PACKAGES:
            shutil.copytree(Path(site) / package, corpus / package, ignore=shutil.ignore_patterns("__pycache__"))
        cache = str(Path(temporary) / "cache")
        rows = [("acclint, cold", timed([*acclint, cache, *PACKAGES], corpus))]
        rows.append(("acclint, warm", statistics.median(timed([*acclint, cache, *PACKAGES], corpus) for _ in range(args.repeats))))
        with open(corpus / EDITED, "a", encoding="utf-8") as handle:
            handle.write("# edited\n")
        rows.append((f"acclint, {EDITED} edited", timed([*acclint, cache, *PACKAGES], corpus)))
        if args.ruff:
            ruff = [args.ruff, "check", "--isolated", "--exit-zero", "--quiet"]
            rows.append(("ruff, cold (--no-cache)", timed([*ruff, "--no-cache", *PACKAGES], corpus)))
            timed([*ruff, *PACKAGES], corpus)  # fill ruff's cache
            rows.append(("ruff, warm", statistics.median(timed([*ruff, *PACKAGES], corpus) for _ in range(args.repeats))))
    files = sum(1 for _ in Path(site).glob("*/**/*.py") if _.parts[len(Path(site).parts)] in PACKAGES)
    print(f"corpus: {files} files of {', '.join(PACKAGES)}")
    for label, seconds in rows:
        print(f"{label:40} {seconds:8.2f} s")


if __name__ == "__main__":
    main()
