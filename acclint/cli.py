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
import os
import tempfile
from pathlib import Path

from acclint import __version__
from acclint.api import run
from acclint.config import ConfigError, Settings, describe, load_settings, resolve_pyproject, with_command_line
from acclint.docs import render_rule
from acclint.formats import FORMATS
from acclint.formats.statistics import format_statistics
from acclint.fix.diff import notes as fix_notes
from acclint.fix.diff import unified_diff
from acclint.fix.run import fix_paths
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
    check.add_argument("--extend-select", help="comma-separated codes or prefixes to report in addition to the selection")
    check.add_argument("--ignore", help="comma-separated codes or prefixes not to report")
    check.add_argument(
        "--strictness", choices=("precise", "pedantic"),
        help="precise (default): report only values traced for sure; pedantic: also values that may be traced (more findings, some false; docs/analysis.md)",
    )
    check.add_argument("--format", choices=sorted(FORMATS), default="text", help="output format (default: text)")
    check.add_argument("--statistics", action="store_true", help="print how many findings of each code instead of the findings")
    check.add_argument("--output-file", type=Path, metavar="PATH", help="write the report to PATH instead of stdout")
    check.add_argument("--show-settings", action="store_true", help="print the resolved configuration and where it came from")
    check.add_argument("--fix", action="store_true", help="apply the safe fixes and write the files (see docs/fix.md)")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, also apply fixes classed unsafe")
    check.add_argument("--diff", action="store_true", help="print the fixes as a unified diff and write nothing")
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
        pyproject = args.config or resolve_pyproject(args.paths)
        if args.config is not None and not args.config.is_file():
            raise ConfigError(f"{args.config}: no such file")
        settings = load_settings(pyproject) if pyproject else Settings()
    return with_command_line(settings, args.select, args.extend_select, args.ignore, args.strictness)


def _write_report(text: str, output_file: Path | None) -> None:
    """`text` to stdout, or to `output_file` atomically (a reader never sees half a report)."""
    if output_file is None:
        sys.stdout.write(text)
        return
    directory = output_file.resolve().parent
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{output_file.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide the report from others
        os.replace(temporary, output_file)
    except BaseException:
        os.unlink(temporary)
        raise


def cmd_check(args: argparse.Namespace) -> int:
    try:
        settings = _settings(args)
    except ConfigError as exc:
        print(f"acclint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if args.show_settings:
        sys.stdout.write(describe(settings))
        return EXIT_CLEAN
    if args.fix or args.diff:
        return fix_check(args, settings)
    try:
        report = run(args.paths, settings)
    except FileNotFoundError as exc:
        print(f"acclint: error: {exc.args[0]}: no such file or directory", file=sys.stderr)
        return EXIT_ERROR
    render = format_statistics if args.statistics else FORMATS[args.format]
    try:
        _write_report(render(report), args.output_file)
    except OSError as exc:
        print(f"acclint: error: cannot write {args.output_file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
    for error in report.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.findings else EXIT_CLEAN


def fix_check(args: argparse.Namespace, settings: Settings) -> int:
    """`check --fix` (write, then report what is left) or `check --diff` (print, write nothing)."""
    try:
        fixing = fix_paths(args.paths, settings, unsafe=args.unsafe_fixes, write=not args.diff)
    except FileNotFoundError as exc:
        print(f"acclint: error: {exc.args[0]}: no such file or directory", file=sys.stderr)
        return EXIT_ERROR
    notes = [note for outcome in fixing.outcomes for note in fix_notes(outcome)]
    if args.diff:
        text = "".join(unified_diff(o) for o in fixing.outcomes) + "".join(f"# {n}\n" for n in notes)
    else:
        text = (format_statistics if args.statistics else FORMATS[args.format])(fixing.report)
    try:
        _write_report(text, args.output_file)
    except OSError as exc:
        print(f"acclint: error: cannot write {args.output_file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
    if not args.diff and args.format == "text":
        for note in notes:
            print(note, file=sys.stderr)
        print(fixing.summary(), file=sys.stderr)
    for error in fixing.report.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    if fixing.report.errors:
        return EXIT_ERROR
    pending = args.diff and fixing.files_changed
    return EXIT_FINDINGS if fixing.report.findings or pending else EXIT_CLEAN


def cmd_rule(args: argparse.Namespace) -> int:
    rule = rule_by_code(args.code)
    if rule is None:
        print(f"acclint: error: no rule {args.code!r}; `acclint rules` lists them", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(render_rule(rule))
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
