"""``python -m acclint.crosscheck [DIR] [--dynamic-only] [--select CODES] [--ignore CODES]``:
print the cross-check report; exit 0 when labels, linter and runs agree, 1 on any
disagreement, 2 on a usage error (a directory that does not exist or holds no fixtures)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from acclint.run.config import ConfigError, parse_codes
from acclint.crosscheck import crosscheck
from acclint.crosscheck.fixture_set import fixture_paths
from acclint.crosscheck.report import render

CHECKOUT_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

DESCRIPTION = """\
Run every labelled fixture function as a user would (cached and plain), lint the fixtures,
and hold labels, linter and runs to each other. Prints one row per family (functions,
labelled, statically flagged, dynamically observed, agreeing, the linter's precision and
recall against the runs), the fixtures per style, observations not taken as evidence, and
every disagreement. See docs/crosscheck.md and fixtures/README.md."""

EPILOG = """\
exit status: 0 everything agrees, 1 some disagreement, 2 usage error.
example: python -m acclint.crosscheck fixtures/ --ignore ACC4   (every ACC4 positive is reported)
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m acclint.crosscheck", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    default = str(CHECKOUT_FIXTURES) if CHECKOUT_FIXTURES.is_dir() else None
    what = "the fixture directory: <style>_<topic>.py modules with # expect: labels and CALLS"
    parser.add_argument("directory", nargs="?" if default else None, default=default,
                        help=f"{what} (default: {default})" if default else what)
    parser.add_argument("--select", metavar="CODES",
                        help="comma-separated codes or prefixes the linter runs (e.g. ACC1,ACC201)")
    parser.add_argument("--ignore", metavar="CODES",
                        help="comma-separated codes or prefixes the linter leaves out; their "
                             "labelled positives are then reported as disagreements")
    parser.add_argument("--dynamic-only", action="store_true",
                        help="compare labels with the dynamic runs only, without the linter")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    directory = Path(args.directory)
    if not directory.is_dir():
        hint = f" (leave DIR out to use {CHECKOUT_FIXTURES})" if CHECKOUT_FIXTURES.is_dir() else ""
        parser.exit(2, f"{parser.prog}: error: {args.directory}: no such directory{hint}\n")
    if not fixture_paths(directory):
        parser.exit(2, f"{parser.prog}: error: {args.directory}: no fixture modules (*.py)\n")
    try:
        select = list(parse_codes(args.select, "--select")) if args.select else None
        ignore = list(parse_codes(args.ignore, "--ignore")) if args.ignore else None
    except ConfigError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    started = time.perf_counter()
    comparison = crosscheck(directory, select=select, ignore=ignore, lint=not args.dynamic_only)
    print(render(comparison))
    print(f"\n(ran in {time.perf_counter() - started:.1f} s)")
    return 1 if comparison.disagreements() else 0


if __name__ == "__main__":
    sys.exit(main())
