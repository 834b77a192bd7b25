"""Where acclint loses each label it misses: the first stage of its analysis that fails.

measure.py says how many labels acclint finds; this says, for each one it misses, which step on
the way to a finding did not happen, computed from acclint's own analysis of the module (the
project's contexts, the cache-key analysis' compiled calls and host loops), never by reading the
module by hand. So the held-out half can be counted by stage without anyone opening it.

A label (measure.py's hazard: one or more lines, one family) passes a stage when some line of it
does. The stages, in order; a missed label is counted at the first that fails:

- **S1, nothing traced or compiled**: no function of the module is in a context (traced: jit,
  tf.function, a torch.compile'd module's forward, a lax body, ...; `ModuleAnalysis.functions`),
  the cache-key analysis (acclint.analysis.loops) knows no compiled call in it (below), and it
  calls no method that builds a framework's kept compiled function (`[[built_state]]` `builds`
  and `steps`: Keras' `fit`). Also a module the project never analyses (its text names no
  marker and no other module reaches it).
- **S2, not in a context** (ACC1 to ACC4, ACC6): no line of the label lies in a function in a
  context where the label's family applies (the innermost function around the line: a `def` or
  `lambda` from its `def` keyword to its end; decorators and default values belong to the scope
  around it; a family applies in a kind of context where a framework tracing the function lists
  it, frameworks/*.toml `[families]`: plain `jax.grad` takes ACC3 alone). Why says which: in no
  context at all, or only in contexts where the family does not apply. ACC6 labels name the
  traced read and the host write; the read is the line that can pass. An ACC6 label with no line
  in any function (a trace built by library code: Keras' train function) is **unknown** here: the
  engine's contexts cannot answer for a body it does not see.
- **S3, no compiled call known** (ACC5): no line of the label holds a compiled call the cache-key
  analysis knows: a call of a compiled callable (a name bound to a wrapper's result or a decorated
  def, an object's compiled method or `__call__`, a library's compiled entry point or method:
  `LoopFacts.calls`); a wrapper applied to a callable new on each call or pass, or a primitive
  that compiles what it is given (`lax.scan(f, ...)`), and the call that runs its result
  (`LoopFacts._candidates`); a Keras model reset and stepped (`_retrained`); a call of a compiled
  callable an object owns (`_owned`); or a call of a module function whose body (through the
  module functions it calls, `_host_calls`) runs one of these (a wrapper applied there whose
  result it only returns or stores is made there, not run: `make()(x)` passes only where the
  analysis knows `make` returns a compiled callable).
- **S4, not known to repeat** (ACC5): no such compiled call on the label's lines runs more than
  once as far as the analysis knows: it is in no host loop of its function (a `for`, `while`,
  comprehension or `map` outside any traced body, bounded or not); its function is not one the
  analysis knows runs on every pass of an unbounded loop (`_called_in_loops`, `_helper_passes`)
  nor one a host loop of any kind runs through the module's host calls (`_host_calls`,
  transitively); and no earlier call in the same scope calls the same compiled callable (a
  second call looks the key up again: where an unhashable static argument raises). A primitive
  that compiles its function counts only where the analysis takes it for host code (a
  module-level loop, or a function module-level code calls).
- **S5a, no traced value known** (ACC2, ACC3: a branch on, or a conversion of, a traced value):
  every reach stage above holds, no finding of the label's family lies on its lines, and no
  expression starting on them is one the analysis knows traced (`ValueQuery.kind` gives
  `TRACED`, in the body of a function in a context): the values' reach, not the rule's property.
- **S6, another family on the line**: every reach stage above holds (and S5a for ACC2/ACC3), no
  finding of the label's family lies on its lines, and a finding of another family does.
- **S5, the property**: every stage above holds and no finding at all lies on its lines.
- **unknown**: the engine cannot answer (the ACC6 case above; a function the analysis left
  unfinished; a module it cannot parse).

The table counts missed labels per stage, per family group (ACC5, ACC6, other) and framework,
and those in a module where acclint reports nothing at all (`silent`, what stop 42 counted);
under it, how many ACC5 labels at S5 have their compiled call repeated only in a bounded loop,
a function one runs, or by a second call (the storms the analysis reports need an unbounded
loop: acclint.analysis.loops).

Found labels are counted apart; each is checked against the reach stages too, and one that a
reach stage denies or cannot answer is counted apart, with the codes found (a stage computed
wrong, or a finding made by a path these stages do not model: the rules about Keras' compiled
train function, for instance, or an unhashable static argument, which raises on the first call
and needs no repetition).

    python benchmarks/reports/stages.py [--half dev|heldout] [--batch N ...] [--folder DIR]
        [--list] [--strictness precise|pedantic]

`--list` prints each missed label with its stage and why, and each found label's reach (dev
only: it refuses the held-out half, whose modules are for counts). As measure.py, it measures an
earlier source tree with `PYTHONPATH=TREE` (then `--folder TREE/benchmarks/reports/dev` reads
that tree's corpus); the analysis' internals it reads are looked up defensively, and a stage a
tree cannot answer is `unknown`.
"""

from __future__ import annotations

import argparse
import collections
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from measure import HERE, Hazard, Report, batch_sources, family, findings, group_of, read_report

S1, S2, S3, S4, S5A, S5, S6, UNKNOWN, FOUND = "S1", "S2", "S3", "S4", "S5a", "S5", "S6", "unknown", "found"
STAGES = (S1, S2, S3, S4, S5A, S6, S5, UNKNOWN)
# How a compiled call is known to repeat (S4): the analysis' own storms need an unbounded loop;
# a bounded one bounds the values it changes (acclint.analysis.loops), a second call looks up again.
UNBOUNDED = "in an unbounded loop or a function run on every pass of one"
BOUNDED = "only in a bounded loop, a function one runs, or by a second call"
# Families whose hazard is an operation on a traced value (a branch on it, its conversion).
ON_TRACED_VALUES = ("ACC2", "ACC3")
TITLES = {
    S1: "nothing traced or compiled in the module",
    S2: "the label's function is in no context",
    S3: "no compiled call known on the label",
    S4: "the compiled call is not known to repeat",
    S5A: "reached, no value on the label known traced",
    S5: "reached, no finding (the property)",
    S6: "reached, a finding of another family",
    UNKNOWN: "the engine cannot say",
}


@dataclass(frozen=True)
class Site:
    """A place host code runs a compiled callable, as the cache-key analysis knows it."""

    line: int
    repeats: str  # UNBOUNDED, BOUNDED, or "" where it is not known to run more than once
    what: str


@dataclass
class ModuleReach:
    """What acclint's analysis of one module says about reach: the span and contexts of each
    function, and the compiled calls of its host code."""

    analysed: bool  # the project analysed it (else: nothing in it is traced)
    error: str | None = None  # why it could not be
    # (first line, last line, in a context, unfinished, the families that apply in its contexts)
    spans: list[tuple[int, int, bool, bool, frozenset[str]]] | None = None
    sites: list[Site] | None = None
    builds: bool = False  # it calls a method that builds a framework's kept compiled function (Keras' `fit`)
    sites_error: str | None = None  # why the compiled calls could not be read (an older tree)
    traced_lines: frozenset[int] | None = None  # lines where a value starts that the analysis knows traced (None: not read)

    @property
    def traced(self) -> bool:
        return any(span[2] for span in self.spans or ())

    def function_at(self, line: int) -> tuple[int, int, bool, bool, frozenset[str]] | None:
        """The innermost function whose span holds `line`."""
        holding = [s for s in self.spans or () if s[0] <= line <= s[1]]
        return min(holding, key=lambda s: s[1] - s[0]) if holding else None


def project_reach(folder: Path, strictness: str) -> dict[Path, ModuleReach]:
    """Each module's reach, from the project analysis of `folder` as `acclint check` makes it."""
    from acclint.run.config import Settings
    from acclint.run.options import for_file
    from acclint.run.plan import plan

    work = plan([str(folder)], Settings(strictness=strictness))
    project, seeds = work.project()
    found = {}
    for path in work.files:
        options = for_file(work.options, project, path, seeds)
        found[Path(path).resolve()] = module_reach(project, path, options)
    return found


def module_reach(project, path: str, options) -> ModuleReach:
    """One module's reach: its analysis with the seeds the project gives it (the one the lint
    reuses, or made again alike), then its functions' spans and its compiled calls."""
    from acclint.analysis.module import ModuleAnalysis

    analysis = project.analysis(path, options.seeds)
    if analysis is None:
        if not options.seeds and not project.screened(path).names_marker:
            return ModuleReach(analysed=False)  # the engine never parses it: nothing is traced
        module = project.module(path)
        if module is None:
            return ModuleReach(analysed=False, error="cannot be parsed")
        # as the lint makes it where the project's analysis had other seeds (acclint.lint.engine)
        analysis = ModuleAnalysis(module, options.markers, options.pedantic, options.module_name, options.seeds, source=project.read(path))
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    positions = MetadataWrapper(analysis.module, unsafe_skip_copy=True).resolve(PositionProvider)
    spans = [
        (positions[fn.node].start.line, positions[fn.node].end.line, bool(fn.contexts), fn in analysis.unfinished, applying(analysis, fn))
        for fn in analysis.index.all_functions
    ]
    states = getattr(analysis.markers, "built_state", ())
    builds = any(
        type(func) is cst.Attribute and func.attr.value in {*state.builds, *getattr(state, "steps", ())} for func in analysis.index.call_order for state in states
    )
    reach = ModuleReach(analysed=True, spans=spans, builds=builds)
    try:
        reach.traced_lines = traced_lines(analysis, positions)
    except (AttributeError, ImportError, TypeError):  # an older tree's analysis answers otherwise
        pass
    try:
        reach.sites = compiled_sites(analysis, positions)
    except (AttributeError, ImportError, TypeError) as exc:  # an older tree's analysis lacks an internal read here
        reach.sites_error = f"{type(exc).__name__}: {exc}"
    return reach


FAMILIES = ("ACC1", "ACC2", "ACC3", "ACC4", "ACC5", "ACC6")


def applying(analysis, fn) -> frozenset[str]:
    """The families some rule of which applies to `fn` in its contexts, under each framework
    that traces it (frameworks/*.toml `[families]`: plain `jax.grad` takes ACC3 only; a graph
    break's codes only when pedantic, `[breaks] codes`)."""
    frameworks = analysis.markers.frameworks_of(fn.markers)
    return frozenset(
        family for family in FAMILIES for framework in frameworks for kind in fn.contexts
        if any(code.startswith(family) or family.startswith(code) for code in framework.families.get(kind, ())
               if framework.applies(code, {kind}, analysis.pedantic))
    )


def traced_lines(analysis, positions) -> frozenset[int]:
    """The lines where an expression starts that the analysis knows traced (`Kind.TRACED`), in
    the body of a function in a context (its own values: nested scopes are their own)."""
    import libcst as cst
    from acclint.analysis.taint import TRACED
    from acclint.analysis.walk import walk_body

    lines = set()
    for fn in analysis.functions:
        query = analysis.query(fn)
        for node in walk_body(fn.node):
            if isinstance(node, cst.BaseExpression) and query.kind(node) == TRACED:
                lines.add(positions[node].start.line)
    return frozenset(lines)


def compiled_sites(analysis, positions) -> list[Site]:
    """The compiled calls the cache-key analysis knows in host code (the docstring's S3), each
    with whether it repeats (S4), read off `LoopFacts` as the ACC5 rules get it."""
    import libcst as cst
    from acclint.analysis.walk import walk_all
    from acclint.rules.acc5_storms import storm_facts

    facts = storm_facts(analysis)  # the ACC5 rules' own (acclint.analysis.loops.loop_facts, one per analysis)
    host_calls = facts._host_calls  # (caller, callee, skipped, call, scope, loops) of each host call
    # Functions run on every pass of a loop: the analysis' own (unbounded loops), and those any
    # host loop runs, bounded or not, through the module's host calls.
    per_pass = set(facts._called_in_loops()) | set(facts._helper_passes())
    any_pass = per_pass | _closure({callee for _, callee, _, _, _, loops in host_calls if loops}, host_calls)
    line = lambda node: positions[node].start.line  # noqa: E731
    sites: list[Site] = []
    holders = set()  # functions whose body runs a compiled callable (not only makes one)

    def repetition(loops, fn, again: bool = False) -> str:
        if any(not loop.bounded for loop in loops) or fn in per_pass:
            return UNBOUNDED
        return BOUNDED if loops or fn in any_pass or again else ""

    def add(node, fn, repeats: str, what: str, runs: bool = True) -> None:
        sites.append(Site(line(node), repeats, what))
        if runs:
            holders.add(fn)

    looked_up = set()  # (scope, callee) of the compiled calls met so far: a second one looks its key up again
    for call in sorted(facts.calls, key=lambda c: line(c.call)):
        again = (id(call.scope), analysis.module.code_for_node(call.callee))
        add(call.call, call.scope.fn, repetition(call.loops, call.scope.fn, again in looked_up), "a call of a compiled callable")
        looked_up.add(again)
    hosts = getattr(facts, "_host_functions", frozenset())  # stop 44 on
    scripted = facts._called_in_loops(module_only=True)
    for c in facts._candidates:
        fn = c.scope.fn
        loops = (c.loop,) if c.loop is not None else ()
        host = (fn is None or fn in hosts) if c.loop is not None else fn in scripted
        repeats = repetition(loops, fn) if host or not getattr(c, "primitive", False) else ""
        add(c.node, fn, repeats, f"a wrapper applied to {c.what}", runs=False)
        runs = [facts._called_at_once.get(id(c.node))] if c.result is None else [
            n for n in walk_all(c.loop.node if c.loop is not None else fn.node if fn is not None else analysis.module)
            if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == c.result
        ]
        for run in runs:
            if run is not None:
                add(run, fn, repeats, f"the call of a wrapper applied to {c.what}")
    for rewrap in getattr(facts, "_retrained", ()):  # stop 44 on
        add(rewrap.node, None, UNBOUNDED, "a framework object reset in a loop")
        add(rewrap.call, None, UNBOUNDED, "a framework object stepped in a loop")
    for call, loops, scope, _statement in facts._attribute_calls:
        cls = facts._instance(call.func.value, scope)
        if cls is not None and (cls, call.func.attr.value) in facts._owned:
            add(call, scope.fn, repetition(loops, scope.fn), "a call of a compiled callable an object owns")
    # A call of a module function whose body (through the functions it calls) runs one.
    grown = True
    while grown:
        callers = {caller for caller, callee, *_ in host_calls if callee in holders and caller is not None}
        grown = not callers <= holders
        holders |= callers
    for caller, callee, _skipped, call, _scope, loops in host_calls:
        if callee in holders:
            sites.append(Site(line(call), repetition(loops, caller), f"a call of '{callee.name}', which runs a compiled call"))
    return sites


def _closure(functions: set, host_calls) -> set:
    """`functions` and every function they call, transitively, through the host calls."""
    found, frontier = set(functions), list(functions)
    while frontier:
        caller = frontier.pop()
        for source, callee, *_ in host_calls:
            if source is caller and callee not in found:
                found.add(callee)
                frontier.append(callee)
    return found


def reach_stage(hazard: Hazard, reach: ModuleReach | None) -> tuple[str | None, str]:
    """The first reach stage (S1 to S4, or unknown) the hazard fails, with why; None if it
    passes them all."""
    code = family(hazard.code)
    if reach is None or not reach.analysed:
        why = reach.error if reach is not None and reach.error else "the module is never analysed (no marker, no reach)"
        return (UNKNOWN if reach is not None and reach.error else S1), why
    sites = reach.sites
    if not reach.traced and sites is not None and not sites and not reach.builds:
        return S1, "no function in a context, no compiled call known, no framework build called"
    if code == "ACC5":
        if sites is None:
            return UNKNOWN, f"the compiled calls cannot be read ({reach.sites_error})"
        here = [s for s in sites if s.line in hazard.lines]
        if not here:
            return S3, "no line of the label holds a compiled call the analysis knows"
        if not any(s.repeats for s in here):
            return S4, f"{here[0].what} (line {here[0].line}), in no host loop and no function run per pass"
        best = next((s for s in here if s.repeats == UNBOUNDED), None) or next(s for s in here if s.repeats)
        return None, f"{best.what} (line {best.line}), repeated {best.repeats}"
    functions = [reach.function_at(line) for line in sorted(hazard.lines)]
    if any(f is not None and f[2] and code in f[4] for f in functions):
        return None, "in a function in a context (line {})".format(next(f[0] for f in functions if f is not None and f[2] and code in f[4]))
    if any(f is not None and f[3] for f in functions):
        return UNKNOWN, "its function was left unfinished by the analysis"
    if all(f is None for f in functions):
        if code == "ACC6":
            return UNKNOWN, "no line lies in a function: the read is in code the module does not hold"
        return S2, "at module level, outside any function"
    if any(f is not None and f[2] for f in functions):
        return S2, f"its function is in a context, but in none where {code} applies"
    return S2, "its function is in no context"


class Row(NamedTuple):
    """One labelled hazard's stage; `failed`: the reach stage it fails (a found label's too),
    or None; `found_as`: the codes of its family found on its lines."""

    report: Report
    hazard: Hazard
    stage: str
    failed: str | None
    why: str
    found_as: tuple[str, ...] = ()
    silent: bool = False  # acclint reports nothing anywhere in the module


def stage_of(hazard: Hazard, reach: ModuleReach | None, found: list[tuple[int, str]]) -> tuple[str, str | None, str, tuple[str, ...]]:
    """(stage, the reach stage it fails or None, why, codes found) of one labelled hazard."""
    failed, why = reach_stage(hazard, reach)
    on_lines = [code for line, code in found if line in hazard.lines]
    found_as = tuple(sorted({code for code in on_lines if family(code) == family(hazard.code)}))
    if found_as:
        return FOUND, failed, why, found_as
    if failed is not None:
        return failed, failed, why, ()
    if family(hazard.code) in ON_TRACED_VALUES and reach.traced_lines is not None and not hazard.lines & reach.traced_lines:
        return S5A, None, "no expression on the label's lines is known traced", ()
    if on_lines:
        return S6, None, f"{', '.join(sorted(set(on_lines)))} on the label's lines", ()
    return S5, None, why, ()


def stages(folder: Path, reports: list[Report], strictness: str = "precise") -> list[Row]:
    """The stage of every labelled hazard of `reports` (modules of `folder`)."""
    found = findings(folder, strictness)
    reach = project_reach(folder, strictness)
    return [
        Row(report, hazard, *stage_of(hazard, reach.get(report.path.resolve()), found.get(report.path.resolve(), [])),
            silent=not found.get(report.path.resolve()))
        for report in reports for hazard in report.hazards
    ]


def table(rows: list[Row], title: str) -> None:
    """The counts of missed labels per stage, per family group and framework, and of those in
    a module where acclint reports nothing at all (`silent`: what stop 42 counted)."""
    missed = [r for r in rows if r.stage != FOUND]
    columns = ("ACC5", "ACC6", "other", "JAX", "TF", "PyTorch", "runtime", "silent")
    print(f"\n## {title}: {len(rows)} labels, {len(rows) - len(missed)} found, {len(missed)} missed\n")
    print("| first stage failing | missed | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for stage in STAGES:
        here = [r for r in missed if r.stage == stage]
        counts = collections.Counter(group_of(family(r.hazard.code)) for r in here)
        counts.update(r.report.framework for r in here)
        counts["silent"] = sum(r.silent for r in here)
        print(f"| {stage} {TITLES[stage]} | {len(here)} | " + " | ".join(str(counts[c]) for c in columns) + " |")
    bounded = sum(r.stage == S5 and r.why.endswith(BOUNDED) for r in missed)
    print(f"\nof S5, compiled calls that repeat {BOUNDED}: {bounded}")
    denied = collections.Counter(f"{r.failed} as {'/'.join(r.found_as)}" for r in rows if r.stage == FOUND and r.failed is not None)
    print(f"found labels a reach stage denies or cannot answer: {sum(denied.values())}"
          + (f" ({', '.join(f'{k} {v}' for k, v in sorted(denied.items()))})" if denied else ""))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("dev", "heldout"), action="append")
    parser.add_argument("--batch", action="append", help="only the modules of this batch (its splitBATCH.tsv); repeatable")
    parser.add_argument("--folder", type=Path, help="the labelled modules of this folder instead of a half")
    parser.add_argument("--list", action="store_true", help="each label's stage and why (dev only)")
    parser.add_argument("--strictness", choices=("precise", "pedantic"), default="precise")
    args = parser.parse_args(argv)
    folders = [args.folder.resolve()] if args.folder else [HERE / half for half in args.half or ["dev", "heldout"]]
    for folder in folders:
        if args.list and folder.name == "heldout":
            raise SystemExit("--list reads the held-out half's labels out: it is for counts only")
        reports = [read_report(p) for p in sorted(folder.glob("*.py"))]
        title = folder.name
        if args.batch:
            sources = batch_sources(args.batch)
            reports = [r for r in reports if r.source in sources]
            title += f", batch{'es' if len(args.batch) > 1 else ''} {', '.join(args.batch)}"
        rows = stages(folder, reports, args.strictness)
        table(rows, title)
        if args.list:
            print()
            for r in rows:
                mark = f"found as {'/'.join(r.found_as)} (reach: {r.failed or 'holds'})" if r.stage == FOUND else r.stage
                print(f"  {r.report.path.name}:{min(r.hazard.lines)} {r.hazard.code} {mark}: {r.why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
