"""What a guard tells about a value inside the code it guards (path sensitivity, docs/analysis.md).

The value analysis is flow-insensitive, so it cannot see that `x` is a host value inside
`if isinstance(x, (int, np.ndarray)):`, or `None` inside `if x is None:`. Code that converts
only host values behind such a guard is right, and a rule asking about a node learns here which
names the guards around it make static (or, `isinstance(x, jax.core.Tracer)`, traced).
"""

from __future__ import annotations

from typing import Callable, Mapping

import libcst as cst

from acclint.analysis.facts import value_facts
from acclint.analysis.names import ImportTable, dotted_name
from acclint.analysis.taint import STATIC, TRACED, TREE, UNKNOWN, Kind, ValueQuery, container_types
from acclint.analysis.walk import SCOPE_TYPES, children, outer_parts

_COMPREHENSIONS = frozenset({cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp})

# Types whose instances are host values: a name that is an instance of one is static.
HOST_TYPES = frozenset({
    "int", "float", "complex", "bool", "str", "bytes", "list", "tuple", "dict", "set", "frozenset",
    "type", "slice", "range", "numbers.Number", "numbers.Real", "numbers.Integral",
    "numbers.Complex", "numpy.ndarray", "numpy.generic", "numpy.number", "numpy.integer",
    "numpy.floating", "numpy.bool_", "numpy.dtype",
})
# Those of them no pytree of tracers holds: a traced argument's leaves are all tracers.
HOST_LEAF_TYPES = HOST_TYPES - {"list", "tuple", "dict", "set", "frozenset", "type", "slice", "range", "str", "bytes"}
# Those of them that are NumPy arrays or scalars: code reached from a trace is handed tensors,
# and Python numbers as settings, but a NumPy array only by eager callers (or as a constant the
# trace's own code makes, which the value analysis would know as static). `numpy.dtype` is left
# out: dtypes are settings every traced helper may take.
NUMPY_VALUE_TYPES = frozenset({"numpy.ndarray", "numpy.generic", "numpy.number", "numpy.integer", "numpy.floating", "numpy.bool_"})
# Predicates that hold only for concrete (non-traced) values, by their last name component
# without leading underscores (libraries define their own: numpyro's `not_jax_tracer`,
# `is_concrete`); those that hold only for tracers are each framework's `[tracers] predicates`.
CONCRETE_PREDICATES = frozenset({"not_jax_tracer", "is_concrete", "is_concrete_value", "is_not_tracer"})


def facts_of(
    test: cst.BaseExpression, holds: bool, imports: ImportTable, lacking: frozenset[str] = frozenset(), having: frozenset[str] = frozenset(),
) -> dict[str, Kind]:
    """The kinds `test` being `holds` (True/False) gives to names; `lacking`: attributes no
    tracer of the framework has (`hasattr(x, "numpy")` held: `x` is eager); `having`: attributes
    every tracer has (`hasattr(x, "shape")` failed: `x` is no tracer)."""
    return {subject.value: kind for subject, kind in _subject_facts(test, holds, imports, lacking, having).items() if isinstance(subject, cst.Name)}


def _subject_facts(
    test: cst.BaseExpression, holds: bool, imports: ImportTable, lacking: frozenset[str] = frozenset(), having: frozenset[str] = frozenset(),
) -> dict[cst.BaseExpression, Kind]:
    """The kinds `test` being `holds` gives to the expressions it tests (keyed by node: a name,
    or any other expression `isinstance` or `is None` tests, such as `x[0]`)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _subject_facts(test.expression, not holds, imports, lacking, having)
    if isinstance(test, cst.BooleanOperation):
        left, right = _subject_facts(test.left, holds, imports, lacking, having), _subject_facts(test.right, holds, imports, lacking, having)
        if isinstance(test.operator, cst.And) == holds:  # `a and b` held, `a or b` failed: both
            return {**left, **right}
        # `a or b` held (or `a and b` failed): one of them, so what both say (of the same name)
        names = {subject.value: kind for subject, kind in right.items() if isinstance(subject, cst.Name)}
        return {
            subject: kind for subject, kind in left.items()
            if isinstance(subject, cst.Name) and names.get(subject.value) is kind
        }
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        comparison = test.comparisons[0]
        is_none = isinstance(comparison.comparator, cst.Name) and comparison.comparator.value == "None"
        if is_none and isinstance(comparison.operator, cst.Is) and holds:
            return {test.left: STATIC}
        if is_none and isinstance(comparison.operator, cst.IsNot) and not holds:
            return {test.left: STATIC}
        return {}
    if isinstance(test, cst.Call) and test.args:
        subject = test.args[0].value
        qualified = imports.resolve(test.func) or ""
        if qualified == "isinstance" and len(test.args) == 2:
            types = _type_names(test.args[1].value, imports)
            if types is None:
                return {}
            if holds and types <= HOST_TYPES:
                return {subject: STATIC}
            if types <= value_facts().tracer_types:
                return {subject: TRACED if holds else STATIC}
            if not holds and types & value_facts().array_types:
                return {subject: STATIC}
            return {}
        if qualified == "hasattr" and len(test.args) == 2 and _string(test.args[1].value) in (lacking if holds else having):
            return {subject: STATIC}  # has an attribute only eager values have, or lacks one every tracer has
        tail = qualified.rsplit(".", 1)[-1].lstrip("_")  # a private helper `_is_tracer` is the same test
        if tail in CONCRETE_PREDICATES and holds:
            return {subject: STATIC}
        if tail in value_facts().tracer_predicates:
            return {subject: TRACED if holds else STATIC}
    return {}


def container_names(test: cst.BaseExpression, holds: bool, imports: ImportTable) -> frozenset[str]:
    """The names `test` being `holds` makes Python containers: `isinstance(v, (list, tuple))`
    held, `not isinstance(v, list)` failed, either side of an `and` that held. No tensor of any
    framework passes such a test (taint.container_types), so there `v` holds none."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return container_names(test.expression, not holds, imports)
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) and holds:
        return container_names(test.left, True, imports) | container_names(test.right, True, imports)
    if (
        holds and isinstance(test, cst.Call) and len(test.args) == 2 and isinstance(test.args[0].value, cst.Name)
        and imports.resolve(test.func) == "isinstance" and container_types(test.args[1].value, imports)
    ):
        return frozenset({test.args[0].value.value})
    return frozenset()


def guarded_containers(path: list[cst.CSTNode], imports: ImportTable) -> frozenset[str]:
    """The names the `if`s (statements and expressions) and `and`s along `path` make Python
    containers where its last node is (`container_names`)."""
    found: frozenset[str] = frozenset()
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, (cst.If, cst.IfExp)) and (child is parent.body or child is parent.orelse):
            found |= container_names(parent.test, child is parent.body, imports)
        elif isinstance(parent, cst.BooleanOperation) and isinstance(parent.operator, cst.And) and child is parent.right:
            found |= container_names(parent.left, True, imports)
    return found


def _string(node: cst.BaseExpression) -> str | None:
    """The value of a plain string literal, or None."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _type_names(node: cst.BaseExpression, imports: ImportTable) -> frozenset[str] | None:
    """The qualified names of the type, or tuple of types, `isinstance` tests against."""
    if isinstance(node, cst.Tuple):
        names: set[str] = set()
        for element in node.elements:
            inner = _type_names(element.value, imports)
            if inner is None:
                return None
            names |= inner
        return frozenset(names)
    qualified = imports.resolve(node)
    return None if qualified is None else frozenset({qualified})


def guarded_query(
    path: list[cst.CSTNode], imports: ImportTable, exits: BlockExits, query: ValueQuery, lacking: frozenset[str] = frozenset(),
    reaches: Callable[[frozenset[str], ValueQuery], dict[str, Kind]] | None = None, having: frozenset[str] = frozenset(),
) -> ValueQuery:
    """`query` with what the guards and comprehensions along `path` (from the function body
    down to a node) say of names, in the order the path meets them.

    A step from an `if` (statement or expression) into its body means its test held, a step
    into its `else`/`elif` that it did not, a step into the right operand of `and` that the
    left one held, and a statement after `if test: return ...` (an `if` without `else` whose
    body always leaves the block) that its test did not hold. A step into a comprehension's
    element, or past one of its `for ... in` (into its conditions or the next `for`), binds the
    comprehension's variables to the elements of what they iterate. `lacking`: the attributes
    no tracer of the framework has (`facts_of`). `reaches`: what the function's parameters hold
    where a guard requires parameters to be None, from the traced reaches that may pass them
    None alone (`FunctionInfo.reach_kinds`): `if prev is None: assert t == 0`, where the one
    reach passing a traced `t` passes `prev` too. `having`: the attributes every tracer of the
    framework has (`facts_of`).
    """
    for parent, child in zip(path, path[1:]):
        if type(parent) in _COMPREHENSIONS and child is not parent.for_in:
            query = query.within((parent,))
            continue
        if type(parent) is cst.CompFor and child is not parent.iter and child is not parent.target:
            query = query.iterating(parent)
            continue
        found: dict[str, Kind] = {}
        held: list[tuple[cst.BaseExpression, bool]] = []
        earlier_exits = exits.before(parent, child)
        if earlier_exits:
            held = [(earlier.test, False) for earlier in earlier_exits]
        elif isinstance(parent, (cst.If, cst.IfExp)):
            if child is parent.body:
                held = [(parent.test, True)]
            elif child is parent.orelse:
                held = [(parent.test, False)]
        for test, holds in held:
            if reaches is not None:
                for names in none_names(test, holds):
                    found.update(reaches(names, query))
            found.update(facts_of(test, holds, imports, lacking, having))
        if not held and isinstance(parent, cst.BooleanOperation) and child is parent.right:
            found.update(facts_of(parent.left, isinstance(parent.operator, cst.And), imports, lacking, having))
        query = query.narrowed(found)
    return query


Answer = Callable[[cst.Call], "bool | None"]


def trace_answer(answers: Mapping[str, bool], imports: ImportTable) -> Answer | None:
    """What a call answers in every trace of a framework (its `[tracers] answers`, by qualified
    name: `torch.compiler.is_compiling()` True under torch.compile), or None for any other
    call; None when the framework names none. A call without arguments of a function of the
    same last name, without leading underscores, is the same test (a library's own
    `_is_compiling()` returning torch's)."""
    if not answers:
        return None
    tails = {name.rsplit(".", 1)[-1]: value for name, value in answers.items()}

    def answer(call: cst.Call) -> bool | None:
        if call.args:
            return None
        qualified = imports.resolve(call.func) or dotted_name(call.func) or ""
        if qualified in answers:
            return answers[qualified]
        return tails.get(qualified.rsplit(".", 1)[-1].lstrip("_"))

    return answer


def dead_branches(
    node: cst.If | cst.IfExp,
    given: set[str],
    known: dict[str, object],
    kind_of: Callable[[cst.BaseExpression], Kind],
    imports: ImportTable,
    answer: Answer | None = None,
    pedantic: bool = False,
) -> tuple[bool, bool]:
    """(body, orelse): whether each branch of `node` is never traced.

    A branch is dead in every trace when taking it needs a parameter every traced reach
    passes to be `None` (`if p is None:` initialisation paths a `partial` binding skips), when
    its test is decided by literal defaults no traced reach overrides (`if not apply_softmax:`
    with `apply_softmax=True` left out by every caller) or by calls that answer one constant in
    every trace of the framework (`answer`: `if not torch.compiler.is_compiling():` under
    torch.compile), or when it needs a tracer for sure not to be one (`if not isinstance(x,
    jax.core.Tracer):`, `if x is None:` on a traced `x`). In precise mode (not `pedantic`) a
    branch that needs a value not known to be static to be a NumPy array (`if isinstance(x,
    np.ndarray): return y.numpy()`, keras-cv's `smart_resize`) is host-only as well: a trace
    hands its helpers tensors, so that branch runs for eager callers (NUMPY_VALUE_TYPES).
    """
    test = node.test
    value = _evaluate(test, known, answer)
    body = value is False or _needs_none(test, True, given) or _contradicted(test, True, kind_of, imports, pedantic)
    orelse = value is True or _needs_none(test, False, given) or _contradicted(test, False, kind_of, imports, pedantic)
    return body, orelse


def _contradicted(
    test: cst.BaseExpression, holds: bool, kind_of: Callable[[cst.BaseExpression], Kind], imports: ImportTable, pedantic: bool = False,
) -> bool:
    """Whether `test` being `holds` would make a tracer for sure a Python value: a traced name
    or expression, or a part of a pytree of tracers held to be a host leaf
    (`isinstance(x[0], np.ndarray)` on a list of tracers: a pytree inside a trace holds
    tracers and containers, never NumPy arrays or Python numbers); unless `pedantic`, also a
    value of unknown kind held to be a NumPy array or scalar."""
    for subject, kind in _subject_facts(test, holds, imports).items():
        if kind is not STATIC:
            continue
        found = kind_of(subject)
        if found is TRACED or (found is TREE and holds and _leaf_test(test, subject, imports, HOST_LEAF_TYPES)):
            return True
        if found is UNKNOWN and holds and not pedantic and _leaf_test(test, subject, imports, NUMPY_VALUE_TYPES):
            return True
    return False


def _leaf_test(test: cst.BaseExpression, subject: cst.BaseExpression, imports: ImportTable, types_allowed: frozenset[str]) -> bool:
    """Whether `test` (held) asks `isinstance(subject, ...)` of `types_allowed` alone (both
    sides of an `or` ask it, one side of an `and`)."""
    if isinstance(test, cst.BooleanOperation):
        sides = (_leaf_test(test.left, subject, imports, types_allowed), _leaf_test(test.right, subject, imports, types_allowed))
        return all(sides) if isinstance(test.operator, cst.Or) else any(sides)
    if isinstance(test, cst.Call) and len(test.args) == 2 and test.args[0].value is subject:
        types = _type_names(test.args[1].value, imports) if imports.resolve(test.func) == "isinstance" else None
        return types is not None and types <= types_allowed
    return False


def branches_around_calls(fn: cst.FunctionDef | cst.Lambda) -> dict[int, tuple[tuple[cst.If, bool], ...]]:
    """For each call in `fn`'s body (not its nested scopes) inside an `if` statement, by id:
    the `if`s around it, outermost first, each with whether the call is in its body (True) or
    on its `else` side (an `elif` is an `if` on the `else` side)."""
    found: dict[int, tuple[tuple[cst.If, bool], ...]] = {}
    if not isinstance(fn, cst.FunctionDef):
        return found
    stack: list[tuple[cst.CSTNode, tuple[tuple[cst.If, bool], ...]]] = [(c, ()) for c in children(fn.body)]
    while stack:
        node, around = stack.pop()
        kind = type(node)
        if kind is cst.Call and around:
            found[id(node)] = around
        if kind is cst.If:
            stack.append((node.test, around))
            stack.append((node.body, (*around, (node, True))))
            if node.orelse is not None:
                stack.append((node.orelse, (*around, (node, False))))
        else:
            stack.extend((c, around) for c in (outer_parts(node) if kind in SCOPE_TYPES else children(node)))
    return found


def decided_against(around: tuple[tuple[cst.If, bool], ...], known: dict[str, object]) -> bool:
    """Whether parameters' known values (FunctionInfo.known_values) decide one of the `if`s
    `around` a call (branches_around_calls) for the other side: then no trace runs the call."""
    return any(_evaluate(node.test, known) is (not in_body) for node, in_body in around)


def leaves_every_trace(statement: cst.CSTNode, answer: Answer | None) -> bool:
    """Whether `statement` is an `if` without `else` whose body always leaves the block and
    whose test calls' answers in every trace make true (`if torch.compiler.is_compiling():
    return fast(x)`): the rest of the block is never traced."""
    return (
        answer is not None and type(statement) is cst.If and statement.orelse is None
        and _always_exits(statement.body) and _evaluate(statement.test, {}, answer) is True
    )


def _evaluate(test: cst.BaseExpression, known: dict[str, object], answer: Answer | None = None) -> bool | None:
    """The truth of `test` from parameters' known values and calls' answers in every trace
    (`trace_answer`), or None when it depends on others."""
    if not known and answer is None:
        return None
    if isinstance(test, cst.Name):
        return bool(known[test.value]) if test.value in known else None
    if isinstance(test, cst.Call):
        return None if answer is None else answer(test)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _evaluate(test.expression, known, answer)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left, right = _evaluate(test.left, known, answer), _evaluate(test.right, known, answer)
        if isinstance(test.operator, cst.And):
            return False if False in (left, right) else (True if left is right is True else None)
        return True if True in (left, right) else (False if left is right is False else None)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name):
        comparison = test.comparisons[0]
        right = comparison.comparator
        if test.left.value in known and isinstance(right, cst.Name) and right.value == "None":
            if isinstance(comparison.operator, cst.Is):
                return known[test.left.value] is None
            if isinstance(comparison.operator, cst.IsNot):
                return known[test.left.value] is not None
    return None


def _needs_none(test: cst.BaseExpression, holds: bool, given: set[str]) -> bool:
    """Whether `test` being `holds` requires a name of `given` to be None."""
    return any(names <= given for names in none_names(test, holds))


def none_names(test: cst.BaseExpression, holds: bool) -> list[frozenset[str]]:
    """The ways `test` being `holds` requires names to be None: each a set of names one of
    which is None (`a is None or b is None` held: one way, {a, b}; `a is None and b is None`:
    two ways, {a} and {b}); [] when it requires none."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return none_names(test.expression, not holds)
    if isinstance(test, cst.BooleanOperation):
        left, right = none_names(test.left, holds), none_names(test.right, holds)
        if isinstance(test.operator, cst.And) == holds:
            return left + right  # both hold (or both fail): each side's requirement stands
        return [a | b for a in left for b in right]  # one side or the other: either will do
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name):
        comparison = test.comparisons[0]
        if isinstance(comparison.comparator, cst.Name) and comparison.comparator.value == "None" and isinstance(comparison.operator, (cst.Is, cst.IsNot)):
            if isinstance(comparison.operator, cst.Is) == holds:
                return [frozenset({test.left.value})]
    return []


_EXITS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


_BLOCK_OWNERS = (cst.FunctionDef, cst.For, cst.While, cst.With, cst.Try, cst.Else, cst.Finally, cst.ExceptHandler)


class BlockExits:
    """For each statement of a block, the `if`s before it whose body always leaves the block
    and that have no `else` (`if x is None: return ...`): what they tested is false there.
    Worked out once per block, on the first question about it."""

    def __init__(self) -> None:
        self._blocks: dict[int, dict[int, tuple[cst.If, ...]]] = {}

    def before(self, parent: cst.CSTNode, child: cst.CSTNode) -> tuple[cst.If, ...]:
        """The exiting `if`s before `child` in the block `parent` is (or holds directly: a
        path steps from a function straight to its body's statements); () for anything else."""
        table = self._blocks.get(id(parent))
        if table is None:
            block = parent.body if isinstance(parent, _BLOCK_OWNERS) else parent
            if not isinstance(block, cst.IndentedBlock):
                return ()
            table = self._blocks[id(parent)] = {}
            seen: tuple[cst.If, ...] = ()
            for statement in block.body:
                table[id(statement)] = seen
                if isinstance(statement, cst.If) and statement.orelse is None and _always_exits(statement.body):
                    seen = (*seen, statement)
        return table.get(id(child), ())


def _always_exits(suite: cst.BaseSuite) -> bool:
    body = suite.body
    if not body:
        return False
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return any(isinstance(s, _EXITS) for s in last.body)
    return False
