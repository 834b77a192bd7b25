"""The lint options of a run and of each file: the one place every entry point builds them.

`options_for` turns settings into the engine's `LintOptions` (the selected rules, the framework
markers, the strictness); `for_file` adds what the project layer knows of one file (its module
name and the seeds other files give it), so that the CLI, the API, the flake8 plugin and the
language server lint a file alike.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

from acclint.run.config import Settings

if TYPE_CHECKING:
    from acclint.analysis.project import Project, Summaries
    from acclint.analysis.reach import Seed
    from acclint.lint.engine import LintOptions


def options_for(settings: Settings) -> LintOptions:
    from acclint.lint.engine import LintOptions
    from acclint.frameworks.markers import load_markers
    from acclint.run.registry import select_rules

    return LintOptions(
        rules=select_rules(*settings.rule_selection()),
        markers=load_markers(settings.accelerators, settings.differentiators, settings.host_effects),
        pedantic=settings.strictness == "pedantic",
    )


def for_file(options: LintOptions, project: Project, path: str, seeds: Mapping[str, tuple[Seed, ...]]) -> LintOptions:
    """`options` for one file of `project`: its dotted module name and its seeds (in the order
    the project analysis was given them, so that the lint can reuse that analysis)."""
    return replace(options, module_name=project.name_of.get(path, ""), seeds=seeds.get(path, ()))


def project_of(
    files: list[str], options: LintOptions, read: Callable[[str], bytes] | None = None,
    summaries: Summaries | None = None, digests: Mapping[str, str | None] | None = None,
    library_store: Path | None = None,
) -> Project:
    """The project layer over `files`, analysing with the markers and strictness of `options`
    (`read`: how a file's bytes are read, when not from disk; `summaries`, `digests`: what the
    result cache knows of each file, `library_store`: where installed libraries' parsed modules
    are kept; acclint.analysis.project.Project's)."""
    from acclint.analysis.project import Project  # libcst: only a run that analyses pays
    from acclint.run.registry import objects_read

    return Project(files, options.markers, options.pedantic, read, summaries, digests, library_store, objects_read=objects_read(options.markers))
