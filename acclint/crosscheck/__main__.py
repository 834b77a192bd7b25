"""``python -m acclint.crosscheck [--dynamic-only] [--select CODES] [--ignore CODES] DIR``:
print the cross-check report; exit 1 on any disagreement."""

from __future__ import annotations

import argparse
import sys
import time

from acclint.crosscheck import crosscheck
from acclint.crosscheck.report import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m acclint.crosscheck", description=__doc__)
    parser.add_argument("directory", help="the fixture directory, e.g. fixtures/")
    parser.add_argument("--select", help="comma-separated codes/prefixes passed to the linter")
    parser.add_argument("--ignore", help="comma-separated codes/prefixes passed to the linter")
    parser.add_argument("--dynamic-only", action="store_true",
                        help="compare labels with the dynamic runs only, without the linter")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    comparison = crosscheck(
        args.directory,
        select=args.select.split(",") if args.select else None,
        ignore=args.ignore.split(",") if args.ignore else None,
        lint=not args.dynamic_only)
    print(render(comparison))
    print(f"\n(ran in {time.perf_counter() - started:.1f} s)")
    return 1 if comparison.disagreements() else 0


if __name__ == "__main__":
    sys.exit(main())
