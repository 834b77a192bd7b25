"""The long fuzz run: thousands of hypothesmith programs through acclint, counted.

    .venv/bin/python benchmarks/fuzz.py                 # 10,000 programs (about 20 minutes here)
    .venv/bin/python benchmarks/fuzz.py -n 500 --out /tmp/fuzz

Each program (from `from_grammar()` or `from_node()`, tests/fuzz_programs.py) is linted twice,
as it is and wrapped in an `@jax.jit` function so that it reaches the analysis, through the
engine and the flake8 plugin with the checks of tests/fuzz_check.py. The run never stops at a
failure: each failing program is written to `--out` with its traceback, and counted.

It prints a JSON summary: programs and variants run, how many Python accepts, how many were
analysed, findings, failures, the slowest variant, and the programs Python accepts but libcst
refuses, with how many of those libcst accepts under some `PartialParserConfig` python_version
(none would mean no configuration helps). Exit status 1 if any program failed.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
import traceback
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import libcst as cst  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402

from fuzz_check import lint_program  # noqa: E402
from fuzz_programs import jitted, programs  # noqa: E402

LIBCST_VERSIONS = ("3.0", "3.1", "3.3", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11", "3.12", "3.13")


def accepted_by_some_config(program: str) -> str | None:
    """The first libcst python_version under which libcst parses `program`, if any."""
    for version in LIBCST_VERSIONS:
        try:
            cst.parse_module(program, config=cst.PartialParserConfig(python_version=version))
        except Exception:  # noqa: BLE001 - an unsupported version or a refusal: try the next
            continue
        return version
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000, help="programs to generate (default 10,000)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="where failing programs are written")
    args = parser.parse_args()
    counts: collections.Counter[str] = collections.Counter()
    refusals: collections.Counter[str] = collections.Counter()
    configured: collections.Counter[str] = collections.Counter()
    slowest = (0.0, "")
    start = time.perf_counter()

    @settings(max_examples=args.n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(programs())
    def run(program: str) -> None:
        nonlocal slowest
        counts["programs"] += 1
        if counts["programs"] % 500 == 0:  # progress on stderr, the summary alone on stdout
            print(f"{counts['programs']} programs, {counts['failures']} failures, {time.perf_counter() - start:.0f} s", file=sys.stderr)
        for variant in (program, jitted(program)):
            counts["variants"] += 1
            began = time.perf_counter()
            try:
                outcome = lint_program(variant)
            except Exception:  # noqa: BLE001 - record every failure and go on
                counts["failures"] += 1
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / f"failure-{counts['failures']:04d}.py").write_text(variant)
                (args.out / f"failure-{counts['failures']:04d}.txt").write_text(traceback.format_exc())
                continue
            took = time.perf_counter() - began
            if took > slowest[0]:
                slowest = (took, variant)
            counts["python_accepts"] += outcome.python_accepts
            counts["analysed"] += outcome.analysed
            counts["findings"] += outcome.findings
            if outcome.python_accepts and outcome.libcst_refused:
                counts["libcst_refused"] += 1
                refusals[outcome.error.split(": ", 1)[-1][:80]] += 1
                version = accepted_by_some_config(variant)
                if version is not None:
                    configured[version] += 1
            elif outcome.error is not None:
                counts["refused_other"] += 1

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        run()
    summary = {
        **counts,
        "seconds": round(time.perf_counter() - start, 1),
        "slowest_variant_seconds": round(slowest[0], 3),
        "slowest_variant": slowest[1][:400],
        "libcst_refusals_by_message": dict(refusals.most_common(20)),
        "libcst_refusals_accepted_with_config": dict(configured),
    }
    print(json.dumps(summary, indent=2))
    return 1 if counts["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
