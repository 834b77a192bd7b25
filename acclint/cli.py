"""The `acclint` command line.

    acclint check [PATHS...]     lint (directories are searched for *.py and *.ipynb; default ".")
    acclint check -              lint standard input (--stdin-filename names it)
    acclint fix [PATHS...]       shorthand for `acclint check --fix`
    acclint rule ACC201          print a rule's documentation
    acclint rules                list every rule
    acclint server               the language server over stdio (acclint[server]; docs/editors.md)

Exit status (ruff's): 0 no findings, 1 findings, 2 usage error, bad configuration, a path or
file that could not be used (the other files are still linted and reported), or an internal
error (a bug in acclint: on one file, that file's error; anywhere else, a traceback and a
message). `--exit-zero` makes findings exit 0, never an error.

Heavy modules (libcst, the engine, the formats) are imported by the command that needs them,
so `acclint --version` and `--help` start at once.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from acclint import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
OUTPUT_FORMATS = ("concise", "full", "github", "json", "json-lines", "sarif", "text")
# ruff's names for acclint's formats: its default `full` is acclint's `text`.
FORMAT_ALIASES = {"full": "text"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="acclint",
        description="Find code that silently misbehaves inside accelerated (traced and cached) functions.",
    )
    parser.add_argument("--version", action="version", version=f"acclint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = sub.add_parser("check", help="lint files and directories")
    _check_arguments(check)
    fix = sub.add_parser("fix", help="apply the safe fixes and report what is left (check --fix)")
    _check_arguments(fix)
    fix.set_defaults(fix=True)
    rule = sub.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", help="rule code, e.g. ACC201")
    sub.add_parser("rules", help="list every rule")
    sub.add_parser("server", help="run the language server over stdio (needs acclint[server]; docs/editors.md)")
    return parser


def _check_arguments(check: argparse.ArgumentParser) -> None:
    add = check.add_argument
    add("paths", nargs="*", default=["."], metavar="PATH", help="files or directories, or - for standard input (default: .)")
    add("--select", help="comma-separated codes or prefixes to report (e.g. ACC2,ACC301; ALL: every rule)")
    add("--extend-select", help="comma-separated codes or prefixes to report in addition to the selection")
    add("--ignore", help="comma-separated codes or prefixes not to report")
    add("--extend-ignore", help="comma-separated codes or prefixes not to report, besides --ignore (ruff's deprecated spelling)")
    add("--exclude", help="comma-separated globs of paths to leave out, instead of the configured exclude and extend-exclude")
    add("--extend-exclude", help="comma-separated globs of paths to leave out, besides the configured ones")
    add("--show-files", action="store_true", help="print the files a check would lint, one per line, and exit")
    add("--show-wrappers", action="store_true",
        help="print the wrappers inferred for the checked files (the project's and the installed libraries' they call), why functions handing a callable on are none, and exit")
    quiet = check.add_mutually_exclusive_group()
    quiet.add_argument("-q", "--quiet", action="store_true", help="print the findings, but no summary line or fix summary")
    quiet.add_argument("-s", "--silent", action="store_true", help="print nothing on stdout; the exit status still says whether there are findings")
    add("--strictness", choices=("precise", "pedantic"),
        help="precise (default): report only values traced for sure; pedantic: also values that may be traced, and torch.compile graph breaks (more findings, some false or only slow; docs/analysis.md)")
    add("--output-format", "--format", dest="format", choices=OUTPUT_FORMATS, default="text",
        help="text or full (default: findings with their source line), concise (one line per finding), json, json-lines, sarif, github")
    add("--statistics", action="store_true", help="print how many findings of each code instead of the findings (json with --output-format json)")
    add("--output-file", type=Path, metavar="PATH", help="write the report to PATH instead of stdout")
    add("--show-settings", action="store_true", help="print the resolved configuration and where it came from")
    add("--fix", action="store_true", help="apply the safe fixes and write the files (see docs/fix.md)")
    add("--unsafe-fixes", action="store_true", help="with --fix or --diff, also apply fixes classed unsafe")
    add("--diff", action="store_true", help="print the fixes as a unified diff and write nothing")
    add("--add-noqa", action="store_true", help="add `# noqa: CODE` to every line with a finding (adopting acclint on a large code base)")
    add("--exit-zero", action="store_true", help="exit 0 even when there are findings (errors still exit 2)")
    add("--stdin-filename", metavar="PATH", help="the name of the file standard input stands for (messages, configuration, per-file-ignores, exclude)")
    add("--force-exclude", action=argparse.BooleanOptionalAction, default=None,
        help="apply exclude to files named on the command line too (pre-commit names every staged file)")
    add("--respect-gitignore", action=argparse.BooleanOptionalAction, default=None,
        help="skip files .gitignore ignores (default: yes)")
    add("--no-cache", action="store_true", help="neither read nor write the result cache")
    add("-j", "--jobs", type=_jobs, metavar="N", help="processes to use (default: one per core, or `jobs` in the configuration)")
    add("--cache-dir", type=Path, metavar="PATH", help="where the result cache lives (default: .acclint_cache beside pyproject.toml)")
    add("--config", type=Path, help="pyproject.toml to read [tool.acclint] from (default: nearest)")
    add("--no-config", action="store_true", help="ignore any pyproject.toml")


def _settings(args: argparse.Namespace):
    from dataclasses import replace

    from acclint.run.config import ConfigError, Settings, load_settings, resolve_pyproject, with_command_line

    if args.no_config:
        settings = Settings()
    else:
        where = [args.stdin_filename] if args.stdin_filename else [p for p in args.paths if p != "-"]
        pyproject = args.config or resolve_pyproject(where)
        if args.config is not None and not args.config.is_file():
            raise ConfigError(f"{args.config}: no such file")
        settings = load_settings(pyproject) if pyproject else Settings()
    ignore = ",".join(filter(None, (args.ignore, args.extend_ignore))) or None
    settings = with_command_line(settings, args.select, args.extend_select, ignore, args.strictness)
    if args.exclude is not None:
        settings = replace(settings, exclude=_globs(args.exclude))
    if args.extend_exclude is not None:
        settings = replace(settings, exclude=settings.exclude + _globs(args.extend_exclude))
    if args.force_exclude is not None:
        settings = replace(settings, force_exclude=args.force_exclude)
    if args.respect_gitignore is not None:
        settings = replace(settings, respect_gitignore=args.respect_gitignore)
    if args.cache_dir is not None:
        settings = replace(settings, cache_dir=str(args.cache_dir.absolute()))
    if args.jobs is not None:
        settings = replace(settings, jobs=args.jobs)
    return settings


def _globs(text: str) -> tuple[str, ...]:
    """A comma-separated glob list from the command line."""
    return tuple(g for g in (part.strip() for part in text.split(",")) if g)


def _jobs(value: str) -> int:
    from acclint.run.config import ConfigError, parse_jobs

    try:
        return parse_jobs(int(value) if value.lstrip("-").isdigit() else value, "--jobs")
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--jobs ")) from None


def _write_report(text: str, output_file: Path | None) -> None:
    """`text` to stdout, or to `output_file` atomically (a reader never sees half a report)."""
    if output_file is None:
        sys.stdout.write(text)
        return
    import tempfile

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


def _stdin(args: argparse.Namespace) -> dict[str, bytes] | None:
    """`{name: text}` when the paths are `-` (standard input), else None."""
    if args.paths != ["-"]:
        if "-" in args.paths:
            raise UsageError("'-' (standard input) cannot be combined with other paths")
        return None
    return {args.stdin_filename or "-": sys.stdin.buffer.read()}


class UsageError(Exception):
    pass


def cmd_check(args: argparse.Namespace) -> int:
    from acclint.run.config import ConfigError, describe

    args.format = FORMAT_ALIASES.get(args.format, args.format)

    try:
        settings = _settings(args)
        overlay = _stdin(args)
    except (ConfigError, UsageError) as exc:
        print(f"acclint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if args.show_settings:
        sys.stdout.write(describe(settings))
        return EXIT_CLEAN
    if args.show_files:
        return _show_files(args, settings, overlay)
    if args.show_wrappers:
        return _show_wrappers(args, settings, overlay)
    if args.add_noqa:
        from acclint.run.add_noqa import add_noqa

        return _finish(add_noqa(args.paths, settings), args)
    if args.fix or args.diff:
        return fix_check(args, settings, overlay)
    from acclint.api import run

    report = run([] if overlay else args.paths, settings, overlay, cache=_use_cache(args), jobs=_job_count(args, settings))
    status = _status(report, args)  # the errors first: the summary line below them counts them
    if not _output(report, args):
        return EXIT_ERROR
    return status


def _show_files(args: argparse.Namespace, settings, overlay) -> int:
    """`--show-files`: the files a check would lint, as absolute paths in order (ruff's), and
    the paths that cannot be used on stderr (exit 2, as a check would)."""
    from acclint.run.plan import plan

    work = plan([] if overlay else args.paths, settings, overlay)
    for path in sorted(os.path.abspath(p) for p in work.files):
        print(path)
    for error in work.found.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    return EXIT_ERROR if work.found.errors else EXIT_CLEAN


def _show_wrappers(args: argparse.Namespace, settings, overlay) -> int:
    """`--show-wrappers`: a line per wrapper inferred and per function that hands a callable on
    without being one (with why), then the library table entries left out (docs/contexts.md)."""
    from acclint.frameworks.libraries import absent_entries
    from acclint.run.plan import plan

    work = plan([] if overlay else args.paths, settings, overlay)
    for line in work.wrapper_report():
        print(line)
    for line in absent_entries():
        print(f"library table entry left out: {line}")
    for error in work.found.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    return EXIT_ERROR if work.found.errors else EXIT_CLEAN


def _job_count(args: argparse.Namespace, settings) -> int:
    """Processes for the run: as set, or one per core. SARIF carries fix edits, which only a
    run in one process keeps (workers send results as data)."""
    if args.format == "sarif":
        return 1
    from acclint.run.jobs import cores

    return settings.jobs or cores()


def _use_cache(args: argparse.Namespace) -> bool:
    """The cache holds no fix edits, so SARIF (which carries them) always lints afresh."""
    return not args.no_cache and args.format != "sarif"


def _output(report, args: argparse.Namespace) -> bool:
    """Write the report in the chosen format; False (after saying why) if it cannot be."""
    from acclint.report import render

    if args.silent:
        return True
    return _deliver(render(report, args.format, args.statistics, color=_color(args), quiet=args.quiet), args)


def _deliver(text: str, args: argparse.Namespace) -> bool:
    """Write `text` where the report goes; False (after saying why) if it cannot be."""
    try:
        _write_report(text, args.output_file)
    except OSError as exc:
        print(f"acclint: error: cannot write {args.output_file}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def _color(args: argparse.Namespace) -> bool:
    """Colour as ruff decides it: FORCE_COLOR forces it, NO_COLOR forbids it, otherwise only
    when the report goes to a terminal."""
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or args.output_file is not None:
        return False
    return sys.stdout.isatty()


def _status(report, args: argparse.Namespace) -> int:
    """Say which paths failed and what was left out of the others (stderr), and pick the exit
    status (a note leaves it alone: the file was linted)."""
    for result in report.results:
        for line, note in result.notes:
            print(f"{result.path}:{line}: warning: {note}", file=sys.stderr)
    for error in report.errors:
        print(f"{error.path}: error: {error.message}", file=sys.stderr)
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.findings and not args.exit_zero else EXIT_CLEAN


def _finish(outcome, args: argparse.Namespace) -> int:
    """Report what `--add-noqa` did (stderr) and exit as a check run would."""
    report, message = outcome
    print(message, file=sys.stderr)
    return _status(report, args)


def fix_check(args: argparse.Namespace, settings, overlay: dict[str, bytes] | None) -> int:
    """`check --fix` (write, then report what is left), `check --diff` (print, write nothing),
    or `--fix` on standard input (print the fixed source, report what is left on stderr)."""
    from acclint.fix.diff import notes as fix_notes
    from acclint.fix.diff import unified_diff
    from acclint.run.fixing import fix_paths
    from acclint.report import render

    fixing = fix_paths([] if overlay else args.paths, settings, unsafe=args.unsafe_fixes,
                       write=not args.diff and overlay is None, overlay=overlay)
    notes = [note for outcome in fixing.outcomes for note in fix_notes(outcome, original=args.diff)]
    if overlay is not None and not args.diff:
        (name, original), = overlay.items()
        sys.stdout.buffer.write(fixing.written.get(name, original))
        sys.stdout.flush()
        status = _status(fixing.report, args)
        sys.stderr.write(render(fixing.report, "concise", False, color=False))
        return status
    status = _status(fixing.report, args)
    if args.diff and args.silent:
        delivered = True
    elif args.diff:
        delivered = _deliver("".join(unified_diff(o) for o in fixing.outcomes) + "".join(f"# {n}\n" for n in notes), args)
    else:
        delivered = _output(fixing.report, args)
    if not delivered:
        return EXIT_ERROR
    if not args.diff and args.format in ("text", "concise") and not (args.quiet or args.silent):
        for note in notes:
            print(note, file=sys.stderr)
        print(fixing.summary(), file=sys.stderr)
    pending = args.diff and fixing.files_changed and not args.exit_zero
    return EXIT_FINDINGS if status == EXIT_CLEAN and pending else status


def cmd_rule(args: argparse.Namespace) -> int:
    from acclint.report.docs import render_rule
    from acclint.run.registry import rule_by_code

    rule = rule_by_code(args.code)
    if rule is None:
        print(f"acclint: error: no rule {args.code!r}; `acclint rules` lists them", file=sys.stderr)
        return EXIT_ERROR
    sys.stdout.write(render_rule(rule))
    return EXIT_CLEAN


def cmd_rules(args: argparse.Namespace) -> int:
    from acclint.run.registry import all_rules

    rows = [(rule.code, rule.name, f"[{', '.join(sorted(rule.contexts))}]", rule.summary()) for rule in all_rules()]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for *columns, summary in rows:
        print("  ".join(column.ljust(width) for column, width in zip(columns, widths)) + "  " + summary)
    return EXIT_CLEAN


def cmd_server(args: argparse.Namespace) -> int:
    from acclint.server import serve

    return serve()


COMMANDS = {"check": cmd_check, "fix": cmd_check, "rule": cmd_rule, "rules": cmd_rules, "server": cmd_server}


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
    except Exception:  # a bug: exit 2 (an error, as ruff's crash does), never 1 (findings), whatever --exit-zero says
        import traceback

        traceback.print_exc()
        print("acclint: error: internal error, a bug in acclint; please report it with the traceback above", file=sys.stderr)
        return EXIT_ERROR


def entry() -> NoReturn:
    """The `acclint` command (and `python -m acclint`): `main`, then a hard exit.

    A large run ends holding the parsed modules of every analysed file, and Python's own
    teardown frees them one object at a time: 6 s of a 23 s run over the benchmark corpus. The
    process is ending and every file it writes is closed, so the memory goes back to the system
    at once instead (mypy exits the same way). A `SystemExit` (argparse's) exits with its
    status as usual. Where a profiler, tracer or monitoring tool watches the run
    (`python -m cProfile -m acclint`, coverage, a debugger: `watched`), the command exits with
    `SystemExit` instead, as an ordinary program does, so that the tool's own end of run (the
    profile cProfile writes once the module returns, an `atexit` handler) still happens."""
    status = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):  # the reader went away, or a stream is closed
        pass
    if watched():
        sys.exit(status)
    os._exit(status)


def watched() -> bool:
    """Whether a profiler, tracer or monitoring tool watches this process: a profile or trace
    function (`sys.setprofile`, `sys.settrace`: cProfile and coverage before Python 3.12, pdb)
    or a tool of `sys.monitoring` (Python 3.12's cProfile and coverage). These finish their
    work after the program does, which a hard exit would skip."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)
    return monitoring is not None and any(monitoring.get_tool(tool) is not None for tool in range(6))
