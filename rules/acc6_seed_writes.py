"""ACC610: the framework's global random seed set after a trace whose random ops took it.

A framework's stateful random op without its own stream (TensorFlow's `tf.random.normal`)
takes the global seed when it is traced; `tf.random.set_seed` after that restarts every traced
op from the seed it was traced with, not from the new one (docs/contexts.md, "Hidden inputs").
Which ops, which setters and which tracers restart per pass are data (`[draws]` in
acclint/frameworks/*.toml). The rule is a query on the analyses: where the setter is called
relative to the calls of the trace is acclint.analysis.bindings' program order, for a function
of the module and for a decorated one it imports from the project alike (whose def's own calls
the project index keeps: acclint.analysis.def_facts).
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.bindings import Compiled
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import module_statement_of, walk_expression
from acclint.frameworks.markers import CACHED, HOST_LOOPS
from acclint.lint.rule import Rule

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


class SeedSetAfterTrace(Rule):
    """The framework's global random seed is set after a call that traced a random op and before a later call that reuses that trace.

    What it does:
        Flags a call that sets the framework's global seed (`[draws] seed_setters`:
        `tf.random.set_seed`, `keras.utils.set_random_seed`) made between a call that may trace
        a function drawing with a stateful random op (`[draws] seeded`: `tf.random.normal`,
        `tf.random.uniform`, ..., in a `tf.function` or a helper it calls) and a later call that
        reuses the trace, in program order (a loop repeats its body: `set_seed(seed + epoch)`
        before each call), by module-level code or a function it runs; the traced function may
        be a decorated one the module imports from the project. A seed set before the
        first call only, the same literal seed set again (`set_seed(42)` before each pair of
        calls: eager draws restart from it too) when it was set before the first call, a
        `tf.random.Generator`'s draws, stateless ops given a seed, and a function traced anew
        after the setter are not flagged. A seed set only after the first call is flagged, one
        literal too: the op was traced with no global seed, and no setter reaches it.

    Why is this bad:
        The traced op took the global seed when it was traced. Setting the seed again restarts
        the op from that traced seed, not from the new one: every call after it draws what the
        first call after the trace drew, so every epoch simulates the same samples (elicito#52),
        where eager calls follow the new seed.

    Example:
        @tf.function
        def simulate(scale):
            return scale * tf.random.normal((3,))

        for epoch in range(4):
            tf.random.set_seed(seed + epoch)
            draws.append(simulate(1.0))

    Use instead:
        @tf.function
        def simulate(scale, seed):
            return scale * tf.random.stateless_normal((3,), seed=seed)

        for epoch in range(4):
            draws.append(simulate(1.0, tf.constant([seed, epoch])))

    Fix safety:
        No fix: the seed must become an input of the function (a stateless op's seed, or a
        `tf.random.Generator` passed in), which changes its signature.
    """

    code = "ACC610"
    name = "seed-set-after-trace"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import tensorflow as tf

@tf.function
def simulate(scale):
    return scale * tf.random.normal((3,))

tf.random.set_seed(7)
draws = [simulate(1.0) for epoch in range(4)]
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def simulate(scale):
    return scale * tf.random.normal((3,))

for epoch in range(4):
    tf.random.set_seed(7 + epoch)  # expect: ACC610
    simulate(1.0)
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        setters = frozenset(s for f in analysis.markers.frameworks for s in f.seed_setters)
        if not setters or analysis.callee_in(setters) is None:
            return  # no call here sets a global seed (the index's callees: a cheap test)
        reported: set[cst.Call] = set()
        traces: list[tuple[FunctionInfo | Compiled, str, str]] = [
            (fn, fn.name, f"'{analysis.module.code_for_node(found.func)}' (line {analysis.bindings.line(found)})")
            for fn in analysis.index.all_functions if (found := _draw_in(analysis, fn)) is not None
        ]
        traces += _imported_draws(analysis)
        for reader, name, draw in traces:
            setter = analysis.bindings.call_between_builds(setters, reader)
            if setter is None or setter in reported or _same_literal_seed(analysis, setters, setter) and _seen_by_a_trace(analysis, setters, reader):
                continue
            reported.add(setter)
            yield (
                setter,
                f"sets the global random seed after a call that traced '{name}', whose random op "
                f"{draw} took the seed it was traced with: every later call restarts from that seed, not this one, "
                "and draws the same values; pass the seed in (a stateless op's seed=, or a tf.random.Generator)",
                module_statement_of(analysis.module, setter),
            )


def _draw_in(analysis: ModuleAnalysis, fn: FunctionInfo) -> cst.Call | None:
    """A seeded random op (`[draws] seeded`) in `fn`'s own code, where `fn` is traced by a
    framework that keeps its trace across calls (not one run anew on every pass: ACC104's)."""
    if CACHED not in fn.contexts:
        return None
    for framework in analysis.markers.frameworks_of(fn.markers):
        if not framework.seeded_draws or framework.restarted_by & fn.markers:
            continue
        for node in _calls(fn):
            if analysis.resolve(node.func) in framework.seeded_draws:
                return node
    return None


def _imported_draws(analysis: ModuleAnalysis) -> list[tuple[Compiled, str, str]]:
    """(the compiled callable, its name, its draw worded) for each decorated function the module
    imports from the project whose own code draws with a seeded op of the framework compiling
    it (`Imported.bodies`' calls), as `_draw_in` asks of the module's own functions."""
    found = []
    for qualified, (marker, _, _) in analysis.imported_compiled.items():
        body = analysis.imported_bodies.get(qualified)
        markers = frozenset({marker.name})
        for framework in analysis.markers.frameworks_of(markers) if body is not None else ():
            draws = sorted(set(body[1].imported_calls) & set(framework.seeded_draws))
            if draws and not framework.restarted_by & markers:
                found.append((Compiled(qualified, markers), qualified, f"'{draws[0]}' (in its def)"))
                break
    return found


def _same_literal_seed(analysis: ModuleAnalysis, setters: frozenset[str], setter: cst.Call) -> bool:
    """Whether every setter call of the module sets the literal seed `setter` sets
    (`tf.random.set_seed(42)` again): the trace restarts from the seed it took, as eager draws
    restart from the same one (tensorflow#33297 on TF 2.21, the dev half's fine module)."""
    def seed(call: cst.Call) -> str | None:
        value = call.args[0].value if call.args and call.args[0].keyword is None else None
        return value.value if isinstance(value, cst.Integer) else None

    calls = [
        e.node for e in analysis.bindings.events
        if e.kind == "call" and isinstance(e.node, cst.Call) and analysis.resolve(e.node.func) in setters
    ]
    return seed(setter) is not None and all(seed(c) == seed(setter) for c in calls)


def _seen_by_a_trace(analysis: ModuleAnalysis, setters: frozenset[str], fn: FunctionInfo | Compiled) -> bool:
    """Whether some setter call comes before every call into `fn` that its own scope makes (or
    that scope makes none): then a trace may have taken its seed, and the same literal set again
    restarts it as it restarts eager draws. Set only after the first call, the seed comes after
    a trace that took none, and no setter reaches that trace afterwards, the same literal too
    (benchmarks/framework_runs.py tf_set_seed_only_after_first_call)."""
    for event in analysis.bindings.events:
        if event.kind == "call" and isinstance(event.node, cst.Call) and analysis.resolve(event.node.func) in setters:
            calls = analysis.bindings.calls_into(fn, event.scope)
            if not calls or event.seq < min(c.seq for c in calls):
                return True
    return False


def _calls(fn: FunctionInfo) -> Iterator[cst.Call]:
    return (n for n in walk_expression(fn.node) if isinstance(n, cst.Call))
