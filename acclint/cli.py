"""The `acclint` command line.

    acclint check [PATHS...]     lint (directories are searched for *.py; default ".")
    acclint rule ACC201          print a rule's documentation
    acclint rules                list every rule

Exit status: 0 no findings, 1 findings, 2 usage error, bad configuration, or a file that could
not be analysed (the other files are still linted and reported).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from acclint import __version__
from acclint.api import run
from acclint.config import ConfigError, Settings, find_pyproject, load_settings, parse_codes
from acclint.output import FORMATS
from acclint.registry import all_rules, rule_by_code

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="acclint",
        description="Find code that silently misbehaves inside accelerated (traced and cached) functions.",
    )
    parser.add_argument("--version", action="version", version=f"acclint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = sub.add_parser("check", help="lint files and directories")
    check.add_argument("paths", nargs="*", default=["."], metavar="PATH", help="files or directories (default: .)")
    check.add_argument("--select", help="comma-separated codes or prefixes to report (e.g. ACC2,ACC301)")
    check.add_argument("--ignore", help="comma-separated codes or prefixes not to report")
    check.add_argument("--format", choices=sorted(FORMATS), default="text", help="output format (default: text)")
    check.add_argument("--config", type=Path, help="pyproject.toml to read [tool.acclint] from (default: nearest)")
    check.add_argument("--no-config", action="store_true", help="ignore any pyproject.toml")
    rule = sub.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", help="rule code, e.g. ACC201")
    sub.add_parser("rules", help="list every rule")
    return parser


def _settings(args: argparse.Namespace) -> Settings:
    if args.no_config:
        settings = Settings()
    else:
        pyproject = args.config or find_pyproject(Path.cwd())
        if args.config is not None and not args.config.is_file():
            raise ConfigError(f"{args.config}: no such file")
        settings = load_settings(pyproject) if pyproject else Settings()
    if args.select is not None:
        settings = replace(settings, select=parse_codes(args.select, "--select"))
    if args.ignore is not None:
        settings = replace(settings, ignore=settings.ignore + parse_codes(args.ignore, "--ignore"))
    return settings


def cmd_check(args: argparse.Namespace) -> int:
    try:
        settings = _settings(args)
    except ConfigError as exc:
        print(f"acclint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    try:
        report = run(args.paths, settings)
    except FileNotFoundError as exc:
        print(f"acclint: error: {exc.args[0]}: no such file or directory", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(FORMATS[args.format](report))
    for error in report.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.findings else EXIT_CLEAN


def cmd_rule(args: argparse.Namespace) -> int:
    rule = rule_by_code(args.code)
    if rule is None:
        print(f"acclint: error: no rule {args.code!r}; `acclint rules` lists them", file=sys.stderr)
        return EXIT_ERROR
    print(f"{rule.code} ({rule.name})\n")
    print(rule.docs())
    return EXIT_CLEAN


def cmd_rules(args: argparse.Namespace) -> int:
    for rule in all_rules():
        contexts = ", ".join(sorted(rule.contexts))
        print(f"{rule.code}  {rule.name:<32} [{contexts}]  {rule.summary()}")
    return EXIT_CLEAN


COMMANDS = {"check": cmd_check, "rule": cmd_rule, "rules": cmd_rules}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    try:
        return COMMANDS[args.command](args)
    except BrokenPipeError:
        return EXIT_CLEAN
    except KeyboardInterrupt:
        return 130
