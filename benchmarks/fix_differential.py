"""The long differential run of `--fix` (issue 25): thousands of generated jitted functions,
each fixed with plain `--fix` and run, original eagerly against fixed eagerly and jitted
(tests/fix_differential.py says how), with counts.

    .venv/bin/python benchmarks/fix_differential.py --count 2000 --jobs 2
    .venv/bin/python benchmarks/fix_differential.py --count 2000 --source /tmp/base   # another checkout's fixer

`--source DIR` fixes with the acclint of another checkout (its `acclint/` and `rules/`), the
generator and the checks staying this checkout's, so that two fixers are measured on the same
functions. It prints one JSON object: how many functions `--fix` changed, how many of those
now compute something else (the target is 0), how many are partly fixed, how many raised a
dtype TypeError loudly, and the first differing examples.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"


def _use_source(source: str | None) -> None:
    """Import acclint (and `acclint.rules`, which an install maps to `rules/`) from `source`."""
    sys.path.insert(0, str(TESTS))
    if source is None:
        return
    root = Path(source).resolve()
    sys.path.insert(0, str(root))
    import acclint  # noqa: PLC0415 (from `root`, now first on the path)
    assert Path(acclint.__file__).resolve().parent == root / "acclint", acclint.__file__
    spec = importlib.util.spec_from_file_location("acclint.rules", root / "rules" / "__init__.py",
                                                  submodule_search_locations=[str(root / "rules")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["acclint.rules"] = module
    spec.loader.exec_module(module)


def _run_seeds(seeds: list[int]) -> dict:
    warnings.filterwarnings("ignore")
    from fix_differential import check, generate  # noqa: PLC0415 (after _use_source)
    counts = {"functions": 0, "changed": 0, "differ": 0, "partly": 0, "partly_differ": 0, "loud": 0, "whole": 0}
    examples = []
    for seed in seeds:
        outcome = check(generate(seed))
        counts["functions"] += 1
        counts["changed"] += outcome.changed
        counts["partly"] += outcome.partly
        counts["whole"] += outcome.changed and not outcome.partly
        counts["differ"] += bool(outcome.differ)
        counts["partly_differ"] += bool(outcome.differ) and outcome.partly
        counts["loud"] += bool(outcome.loud)
        if outcome.differ and len(examples) < 5:
            examples.append({"seed": seed, "first": outcome.differ[0][:300]})
    return {"counts": counts, "examples": examples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--source", help="a checkout whose acclint fixes the functions (default: this one)")
    args = parser.parse_args()
    seeds = list(range(args.start, args.start + args.count))
    chunks = [seeds[i::args.jobs] for i in range(args.jobs)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn"), initializer=_use_source,
                             initargs=(args.source,)) as pool:
        parts = list(pool.map(_run_seeds, chunks))
    counts = {key: sum(p["counts"][key] for p in parts) for key in parts[0]["counts"]}
    print(json.dumps({"source": args.source or "this checkout", "seeds": [args.start, args.start + args.count],
                      "counts": counts, "seconds": round(time.perf_counter() - started, 1),
                      "examples": [e for p in parts for e in p["examples"]][:8]}, indent=1))


if __name__ == "__main__":
    main()
