"""The long differential run of `--fix` (issue 25): thousands of generated jitted functions,
each fixed with plain `--fix` and run, original eagerly against fixed eagerly and jitted
(tests/fix_differential.py says how), with counts.

    .venv/bin/python benchmarks/fix_differential.py --count 2000 --jobs 2
    .venv/bin/python benchmarks/fix_differential.py --count 2000 --source /tmp/base --log base   # another checkout's fixer
    .venv/bin/python benchmarks/fix_differential.py --log base --summarize   # the counts of a run cut short
    .venv/bin/python benchmarks/fix_differential.py --count 300 --torch --log torch   # torch.compile'd functions

`--source DIR` fixes with the acclint of another checkout (its `acclint/` and `rules/`), the
generator and the checks staying this checkout's, so that two fixers are measured on the same
functions. It prints one JSON object: how many functions `--fix` changed, how many of those
now compute something else (the target is 0), how many are partly fixed, how many raised a
dtype TypeError loudly, and the first differing examples. Each function's result is logged as
it is done, so a run cut short still counts what it measured.
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


def _run_seeds(seeds: list[int], log: str, torch: bool = False) -> None:
    """Check each seed's function (with `torch`, a torch.compile'd one:
    tests/fix_differential_torch.py), one JSON line per function appended to `log` as it is
    done (a run cut short keeps what it measured)."""
    warnings.filterwarnings("ignore")
    from fix_differential import JAX, check, generate  # noqa: PLC0415 (after _use_source)
    grammar = JAX
    if torch:
        from fix_differential_torch import TORCH as grammar, check  # noqa: PLC0415 (torch only here)
    with open(log, "a", encoding="utf-8") as out:
        for seed in seeds:
            outcome = check(generate(seed, grammar))
            out.write(json.dumps({"seed": seed, "changed": outcome.changed, "partly": outcome.partly,
                                  "loud": bool(outcome.loud), "differ": outcome.differ[:1]}) + "\n")
            out.flush()


def summarize(logs: list[str]) -> dict:
    """The counts of the functions logged: how many `--fix` changed, how many of those differ
    (fully or partly fixed), how many raised a dtype TypeError loudly, and a few examples."""
    rows = [json.loads(line) for log in logs if Path(log).exists() for line in Path(log).read_text().splitlines()]
    changed = [r for r in rows if r["changed"]]
    counts = {"functions": len(rows), "changed": len(changed), "whole": sum(not r["partly"] for r in changed),
              "partly": sum(r["partly"] for r in changed), "differ": sum(bool(r["differ"]) for r in changed),
              "partly_differ": sum(bool(r["differ"]) and r["partly"] for r in changed),
              "loud": sum(r["loud"] for r in changed)}
    examples = [{"seed": r["seed"], "first": r["differ"][0][:300]} for r in changed if r["differ"]][:8]
    return {"counts": counts, "examples": examples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--source", help="a checkout whose acclint fixes the functions (default: this one)")
    parser.add_argument("--torch", action="store_true", help="torch.compile'd functions fixed into torch.where (needs torch)")
    parser.add_argument("--log", default="fix_differential", help="per-function results go to LOG.0.jsonl, LOG.1.jsonl, ...")
    parser.add_argument("--summarize", action="store_true", help="only print the counts of the logs there are")
    args = parser.parse_args()
    logs = [f"{args.log}.{i}.jsonl" for i in range(args.jobs)]
    started = time.perf_counter()
    if not args.summarize:
        for log in logs:
            Path(log).unlink(missing_ok=True)
        seeds = list(range(args.start, args.start + args.count))
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn"), initializer=_use_source,
                                 initargs=(args.source,)) as pool:
            list(pool.map(_run_seeds, [seeds[i::args.jobs] for i in range(args.jobs)], logs, [args.torch] * args.jobs))
    print(json.dumps({"source": args.source or "this checkout", **summarize(logs),
                      "seconds": round(time.perf_counter() - started, 1)}, indent=1))


if __name__ == "__main__":
    main()
