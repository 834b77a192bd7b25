"""ACC205-ACC210: Python loops and values around control flow a framework converts, or cannot.

TensorFlow's AutoGraph turns a `for` over a tensor, a `while` on one and an `if` on one into
graph loops and branches; what Python then sees is not what it wrote (a list grown in the loop
holds tensors of the loop's own graph, a flag set in a branch becomes a tensor, a name set in
one branch only must exist after both). Comprehensions
are never converted, and Keras 3 converts nothing. Which framework lists which code is its data
(acclint/frameworks/*.toml, `[families]`); each fact is a run (benchmarks/framework_runs.py).
"""

from __future__ import annotations

import libcst as cst

from acclint.fix.imports import framework_of
from acclint.frameworks.markers import CACHED
from acclint.lint.rule import Rule, RuleContext
from acclint.analysis.taint import Kind
from acclint.analysis.walk import children

_TRACED = Kind.TRACED
CACHED_ONLY = frozenset({CACHED})
_GROW = frozenset({"append", "extend", "insert"})
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def _converted_loop(ctx: RuleContext) -> str | None:
    """The traced value the innermost converted loop around the visited node runs on (a `for`
    over a tensor, a `while` on one), in the visited function, or None."""
    child = ctx.node
    for ancestor in reversed(ctx.ancestors):
        if isinstance(ancestor, _SCOPES):
            return None
        if isinstance(ancestor, cst.For) and child is ancestor.body and ctx.kind(ancestor.iter) >= _TRACED:
            return ctx.code_for(ancestor.iter)
        if isinstance(ancestor, cst.While) and child is ancestor.body:
            name = ctx.truth_traced_name(ancestor.test)
            if name is not None:
                return name
        child = ancestor
    return None


class ListGrownInConvertedLoop(Rule):
    """A local Python list grown with a traced value inside a loop the framework converts to a graph loop.

    What it does:
        Flags `out.append(v)`, `out.extend(v)` and `out.insert(i, v)` of a traced `v` on a list
        local to the function, inside a `for` over a tensor (`for i in tf.range(n)`) or a
        `while` on one, in a framework that converts such loops (TensorFlow's AutoGraph).

    Why is this bad:
        AutoGraph runs the loop body once, inside a `tf.while_loop`: the appended tensor belongs
        to the loop's graph, and using the list after the loop raises
        `InaccessibleTensorError`. The same loop over a Python `range(3)` is unrolled and fine.

    Example:
        @tf.function
        def collect(n):
            out = []
            for i in tf.range(n):
                out.append(i * 2)
            return tf.stack(out)

    Use instead:
        @tf.function
        def collect(n):
            out = tf.TensorArray(tf.int32, size=n)
            for i in tf.range(n):
                out = out.write(i, i * 2)
            return out.stack()

    Fix safety:
        No automatic fix: a `TensorArray` needs the element's dtype.
    """

    code = "ACC205"
    name = "list-grown-in-converted-loop"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

@tf.function
def collect(x):
    out = []
    for i in range(3):
        out.append(x * i)
    return tf.stack(out)
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def collect(n):
    out = []
    for i in tf.range(n):
        out.append(i * 2)  # expect: ACC205
    return tf.stack(out)
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in _GROW and isinstance(func.value, cst.Name)):
            return
        owner = func.value.value
        if owner not in ctx.analysis.body(ctx.function).local_names or owner in {p.name for p in ctx.function.params}:
            return
        value = next((a.value for a in reversed(node.args) if ctx.is_traced(a.value)), None)
        if value is None:
            return
        loop = _converted_loop(ctx)
        if loop is not None:
            ctx.report(
                node,
                f"'{ctx.code_for(func)}' of traced value '{ctx.traced_name(value)}' in a loop over '{loop}' "
                + framework_of(ctx).says(self.code, "grows a Python list in a loop the framework converts to a graph loop; collect the values in the framework's own array"),
            )


class ComprehensionOverTracedValue(Rule):
    """A comprehension iterating over a traced value, or testing one where comprehensions are not converted.

    What it does:
        Flags `[... for b in t]` (list, set and dict comprehensions and generator expressions)
        whose iterable is a traced tensor where it is iterated, in a framework that cannot
        iterate a symbolic tensor in Python (TensorFlow: AutoGraph converts `for` statements but
        not comprehensions; Keras 3, which converts nothing), or records one pass per element
        of the example input (`torch.jit.trace`). A name rebound to a tensor only
        after the comprehension (`preds = tf.concat(preds, 0)` below `[p.shape for p in
        preds]`) is iterated as what it held before: a Python list of tensors is fine. Where
        the framework converts `if` statements but no comprehension (tf.function: `[conversions]
        comprehension_tests`), also a comprehension's `if` that truth-tests a traced value
        (`[l for l in losses if l > 0]` over a list of tensors): it raises as the iteration does
        (elsewhere such a test is ACC202).

    Why is this bad:
        Iterating a symbolic tensor asks for its length on the host: `tf.function` and Keras 3's
        `fit` raise `OperatorNotAllowedInGraphError`; `torch.jit.trace` unrolls it to the
        example's length, and a call with another length raises. JAX iterates a tracer over
        its static leading axis, so this is no hazard there.

    Example:
        @tf.function
        def doubled(n):
            return tf.stack([b * 2 for b in tf.range(n)])

    Use instead:
        @tf.function
        def doubled(n):
            return tf.range(n) * 2

        (or a `for` statement, which AutoGraph converts, or `tf.map_fn`.)

    Fix safety:
        No automatic fix.
    """

    code = "ACC206"
    name = "comprehension-over-traced-value"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

@tf.function
def doubled(xs, n: int):
    return tf.stack([xs * b for b in range(n)])
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def doubled(n):
    return tf.stack([b * 2 for b in tf.range(n)])  # expect: ACC206
""",
    ]

    def visit_CompFor(self, node: cst.CompFor, ctx: RuleContext) -> None:
        name = ctx.traced_name(node.iter) if ctx.read_kind(node.iter) >= _TRACED else None
        if name is not None:
            ctx.report(
                node,
                f"comprehension over traced value '{name}' "
                + framework_of(ctx).says(self.code, "cannot iterate a symbolic tensor in Python; use the framework's own operations"),
            )

    def visit_CompIf(self, node: cst.CompIf, ctx: RuleContext) -> None:
        if not framework_of(ctx).comprehension_tests_raise:
            return
        name = ctx.truth_traced_name(node.test)
        if name is not None:
            ctx.report(
                node,
                f"comprehension 'if' truth-tests traced value '{name}', which raises while {framework_of(ctx).title} traces it "
                "(its if statements are converted, comprehensions are not); use a for statement with an if, or a mask",
            )


class ForOverTracedValue(Rule):
    """A `for` statement iterating over a traced value, where the framework does not convert it.

    What it does:
        Flags `for v in t:` whose iterable is a traced tensor where it is iterated (a name
        rebound to a tensor only after the loop is iterated as what it held before), in a
        framework that runs the statement in Python on a symbolic tensor (Keras 3's `call`,
        which is traced without AutoGraph, unless it is itself a `@tf.function`), or that
        records one pass per element of the example input (`torch.jit.trace`). A `range` over a
        traced input's size (`range(x.size(0))`) is a host conversion of a traced int: ACC302's.

    Why is this bad:
        Python asks the symbolic tensor for its length: Keras 3's `fit`/`predict` raise
        `OperatorNotAllowedInGraphError`; `torch.jit.trace` unrolls the loop to the example's
        length, and a call with another length raises. A plain `tf.function` converts the same loop to a
        `tf.while_loop`, and JAX unrolls it over the static leading axis: no hazard there.

    Example:
        class Repeat(keras.layers.Layer):
            def call(self, x):
                for _ in keras.ops.arange(3):
                    x = x + 1
                return x

    Use instead:
        Loop over a Python `range(3)` (unrolled while tracing), or use `keras.ops.fori_loop`.

    Fix safety:
        No automatic fix.
    """

    code = "ACC207"
    name = "for-over-traced-value"
    contexts = CACHED_ONLY
    VALID = [
        """
import keras

class Repeat(keras.layers.Layer):
    def call(self, x):
        for _ in range(3):
            x = x + 1
        return x
""",
    ]
    INVALID = [
        """
import keras

class Repeat(keras.layers.Layer):
    def call(self, x):
        for _ in keras.ops.arange(3):  # expect: ACC207
            x = x + 1
        return x
""",
    ]

    def visit_For(self, node: cst.For, ctx: RuleContext) -> None:
        if ctx.read_kind(node.iter) >= _TRACED:
            ctx.report(
                node,
                f"'for' over traced value '{ctx.traced_name(node.iter)}' "
                + framework_of(ctx).says(self.code, "cannot iterate a symbolic tensor in Python; use the framework's loop"),
            )


class IdentityTestAfterConvertedIf(Rule):
    """An `is` test of a name that a branch on a traced value assigned, where the framework converts that branch.

    What it does:
        Flags `flag is False`, `flag is not True` and the like (`is`/`is not` against `True` or
        `False`) after an `if` on a traced value that assigns `flag` in one of its
        branches, in a framework that converts that `if` into a graph branch (TensorFlow's
        AutoGraph).

    Why is this bad:
        AutoGraph turns the `if` into a `tf.cond`, which returns every name a branch assigns as
        a tensor: after it `flag` is a tensor, never the object `False`, so `flag is False` is
        silently always false (a run: eager gives -2.0, `tf.function` gives 0.0). `if not flag:`
        and `flag == False` are converted too, and right.

    Example:
        @tf.function
        def pick(x):
            flag = False
            if x > 0:
                flag = True
            if flag is False:
                return x - 1
            return x + 1

    Use instead:
        @tf.function
        def pick(x):
            flag = False
            if x > 0:
                flag = True
            if not flag:
                return x - 1
            return x + 1

    Fix safety:
        No automatic fix.
    """

    code = "ACC208"
    name = "identity-test-after-converted-if"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

@tf.function
def pick(x, mode=None):
    flag = False
    if x > 0:
        flag = True
    if mode is None:
        mode = "train"
    return tf.where(flag, x, -x)
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def pick(x):
    flag = False
    if x > 0:
        flag = True
    if flag is False:  # expect: ACC208
        return x - 1
    return x + 1
""",
    ]

    def visit_Comparison(self, node: cst.Comparison, ctx: RuleContext) -> None:
        if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, (cst.Is, cst.IsNot)):
            return
        left, right = node.left, node.comparisons[0].comparator
        name = left if _singleton(right) else right if _singleton(left) else None
        if not isinstance(name, cst.Name):
            return
        branch = _converted_branch_assigning(name.value, node, ctx)
        if branch is not None:
            ctx.report(
                node,
                f"'{ctx.code_for(node)}', where the branch on traced value '{branch}' assigns '{name.value}', "
                + framework_of(ctx).says(self.code, "is always the same: the framework converts that branch, after which the name is a tensor; test its value (not flag, flag == False)"),
            )


def _singleton(node: cst.BaseExpression) -> bool:
    """`True` or `False`: a flag a converted branch turns into a boolean tensor."""
    return isinstance(node, cst.Name) and node.value in ("True", "False")


def _converted_branch_assigning(name: str, at: cst.CSTNode, ctx: RuleContext) -> str | None:
    """The traced condition of an `if` before `at` (not around it) in the visited function
    that assigns `name` in a branch, or None."""
    around = {id(a) for a in ctx.ancestors}
    root = ctx.function.node
    stack = list(reversed(list(children(root.body)))) if isinstance(root, cst.FunctionDef) else []
    while stack:
        node = stack.pop()
        if node is at:
            return None
        if isinstance(node, _SCOPES):
            continue
        if isinstance(node, cst.If) and id(node) not in around and _assigns(node, name):
            test = ctx.truth_traced_name(node.test)
            if test is not None:
                return test
        stack.extend(reversed(list(children(node))))
    return None


def _assigns(node: cst.If, name: str) -> bool:
    """Whether a branch of `node` (its body, its `elif`s and `else`) assigns `name`."""
    stack: list[cst.CSTNode] = [node.body] + ([node.orelse] if node.orelse is not None else [])
    while stack:
        current = stack.pop()
        if isinstance(current, _SCOPES):
            continue
        if isinstance(current, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
            target = current.target
            if isinstance(target, cst.Name) and target.value == name:
                return True
        stack.extend(children(current))
    return False


class VariableMethodAfterConvertedIf(Rule):
    """A branch on a traced value that rebinds a name later used as a variable, where the framework converts that branch.

    What it does:
        Flags an `if` on a traced value whose branch assigns a name (`v = v.assign(x)`) that is
        then called with a method only a variable has (`v.assign_add(1)`, `v[0].assign(2)`,
        `v.read_value()`: the framework data's `[branches] variable_methods`), after the `if` or
        anywhere in a loop around it (its next pass), in a framework that converts that `if`
        into a graph branch (TensorFlow's AutoGraph).

    Why is this bad:
        AutoGraph turns the `if` into a `tf.cond`, which returns every name a branch assigns as
        a tensor: after it the name holds no variable, and the variable's method raises
        `AttributeError` while tracing (a run: eager runs, `tf.function` raises). Calling the
        method without rebinding the name keeps the variable.

    Example:
        @tf.function
        def step(v, x):
            for _ in range(3):
                if x > 0:
                    v = v.assign_add(x)
                else:
                    v = v.assign_sub(x)

    Use instead:
        @tf.function
        def step(v, x):
            for _ in range(3):
                if x > 0:
                    v.assign_add(x)
                else:
                    v.assign_sub(x)

    Fix safety:
        No automatic fix.
    """

    code = "ACC209"
    name = "variable-method-after-converted-if"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

@tf.function
def step(v, x):
    for _ in range(3):
        if x > 0:
            v.assign_add(x)
    return v.read_value()
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def step(v, x):
    if x > 0:  # expect: ACC209
        v = v.assign(x)
    v.assign_add(1.0)
""",
    ]

    def visit_If(self, node: cst.If, ctx: RuleContext) -> None:
        methods = framework_of(ctx).variable_methods
        test = ctx.truth_traced_name(node.test) if methods else None
        if test is None:
            return
        for name in _assigned_names(node):
            use = _variable_use(name, node, methods, ctx)
            if use is not None:
                ctx.report(
                    node,
                    f"'{ctx.code_for(use)}' calls a variable's method on '{name}', which the branch on traced value '{test}' assigns: "
                    + framework_of(ctx).says(self.code, "the framework converts that branch, after which the name is a tensor, which has no such method; call the method without rebinding the name"),
                )
                return


def _assigned_names(node: cst.If) -> list[str]:
    """The plain names a branch of `node` (its body, its `elif`s and `else`) assigns, in order."""
    names: list[str] = []
    stack: list[cst.CSTNode] = [node.body] + ([node.orelse] if node.orelse is not None else [])
    while stack:
        current = stack.pop(0)
        if isinstance(current, _SCOPES):
            continue
        if isinstance(current, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
            target = current.target
            if isinstance(target, cst.Name) and target.value not in names:
                names.append(target.value)
        stack.extend(children(current))
    return names


def _variable_use(name: str, branch: cst.If, methods: frozenset[str], ctx: RuleContext) -> cst.Call | None:
    """A call of one of `methods` on `name` (or an element of it) that runs after `branch`: in
    the visited function after it, or anywhere in the outermost loop around it (the next pass)."""
    loops = []
    for ancestor in ctx.ancestors:
        if isinstance(ancestor, _SCOPES):
            loops = []
        elif isinstance(ancestor, (cst.For, cst.While)):
            loops.append(ancestor)
    region = loops[0] if loops else ctx.function.node
    after = bool(loops)  # in a loop every use runs on a later pass
    stack: list[cst.CSTNode] = [region]
    while stack:
        current = stack.pop()
        if current is _END:
            after = True
            continue
        if current is not region and isinstance(current, _SCOPES):
            continue
        if after and isinstance(current, cst.Call) and _method_on(current, name, methods):
            return current
        if current is branch and not after:
            stack.append(_END)  # its own subtree first, then what follows it
        stack.extend(reversed(list(children(current))))
    return None


_END = cst.Pass()  # marks, on the walk's stack, the end of the branch's subtree


def _method_on(call: cst.Call, name: str, methods: frozenset[str]) -> bool:
    """`name.method(...)` or `name[...].method(...)` for one of `methods`."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in methods:
        return False
    owner = func.value.value if isinstance(func.value, cst.Subscript) else func.value
    return isinstance(owner, cst.Name) and owner.value == name


class NameUndefinedAfterConvertedIf(Rule):
    """A name that a branch on a traced value assigns in some branches but not all is read after it, where the framework converts that branch.

    What it does:
        Flags an `if` on a traced value, in a framework that converts it into a graph branch
        (TensorFlow's AutoGraph), when a name one branch assigns is left unassigned on some
        path through another (an `if` with no `else`, an `else` or `elif` that does not assign
        it), is not bound before the `if` in the function, and is read after it (`return y`,
        `total += 1`) before anything rebinds it (a `for` or a comprehension binding it first
        reads its own value, not the branch's). A branch that returns, raises, breaks or
        continues is left alone (AutoGraph carries those paths apart), and so is a name used
        only inside its branch.

    Why is this bad:
        AutoGraph turns the `if` into a `tf.cond`, which must give back every name used after
        it from both branches: tracing raises `ValueError: 'y' must also be initialized in the
        else branch`, although the eager function runs whenever the branch that assigns it is
        taken.

    Example:
        @tf.function
        def clipped(x):
            if tf.reduce_sum(x) > 0:
                y = x * 2
            return y

    Use instead:
        @tf.function
        def clipped(x):
            y = x
            if tf.reduce_sum(x) > 0:
                y = x * 2
            return y

    Fix safety:
        No automatic fix: what the name should hold on the other path is the author's choice.
    """

    code = "ACC210"
    name = "name-undefined-after-converted-if"
    contexts = CACHED_ONLY
    VALID = [
        """
import tensorflow as tf

@tf.function
def clipped(x):
    y = x
    if tf.reduce_sum(x) > 0:
        doubled = x * 2
        y = doubled
    return y
""",
    ]
    INVALID = [
        """
import tensorflow as tf

@tf.function
def clipped(x):
    if tf.reduce_sum(x) > 0:  # expect: ACC210
        y = x * 2
    return y
""",
    ]

    def visit_If(self, node: cst.If, ctx: RuleContext) -> None:
        if any(isinstance(a, cst.If) and a.orelse is not None and _is_elif_of(node, a) for a in ctx.ancestors[-1:]):
            return  # an `elif`: judged with the `if` it belongs to
        test = ctx.truth_traced_name(node.test)
        if test is None:
            return
        branches = _branches(node)
        if any(_leaves(branch) for branch in branches):
            return
        assigned = set().union(*(_maybe_assigned(branch) for branch in branches))
        everywhere = set.intersection(*(_surely_assigned(branch) for branch in branches))
        missing = assigned - everywhere
        if not missing:
            return
        before = _bound_before(node, ctx)
        for name in sorted(missing - before):
            if _read_after(node, name, ctx):
                ctx.report(
                    node,
                    f"'{name}' is assigned in some branches of this 'if' on traced value '{test}' and read after it: "
                    + framework_of(ctx).says(self.code, "the framework converts that branch, which must give back every name used after it from each branch; assign it before the 'if' or in every branch"),
                )
                return


def _is_elif_of(node: cst.If, parent: cst.If) -> bool:
    return parent.orelse is node


def _branches(node: cst.If) -> list[list[cst.BaseStatement]]:
    """The statement lists of the paths through `node`: its body, then its `else` (empty when
    there is none), an `elif` being an `else` holding one `if`."""
    orelse = node.orelse
    if orelse is None:
        return [list(node.body.body), []]
    if isinstance(orelse, cst.If):
        return [list(node.body.body), [orelse]]
    return [list(node.body.body), list(orelse.body.body)]


def _leaves(statements: list[cst.BaseStatement]) -> bool:
    """Whether a path returns, raises, breaks or continues somewhere (outside nested scopes)."""
    stack: list[cst.CSTNode] = list(statements)
    while stack:
        current = stack.pop()
        if isinstance(current, _SCOPES):
            continue
        if isinstance(current, (cst.Return, cst.Raise, cst.Break, cst.Continue)):
            return True
        stack.extend(children(current))
    return False


def _stored_names(node: cst.CSTNode) -> set[str]:
    """The plain names `node` binds anywhere in it (outside nested scopes): assignment, `for`
    and `with ... as` targets, walrus, imports, nested defs and classes."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            found.add(current.name.value)
            continue
        if isinstance(current, cst.Lambda):
            continue
        target = None
        if isinstance(current, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName, cst.CompFor)):
            target = current.target if not isinstance(current, cst.AsName) else current.name
        elif isinstance(current, cst.ImportAlias):
            target = current.asname.name if current.asname is not None else current.name
        if target is not None:
            found |= {n.value for n in _names_in(target)}
        stack.extend(children(current))
    return found


def _names_in(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names_in(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in(target.value)
    return []


def _maybe_assigned(statements: list[cst.BaseStatement]) -> set[str]:
    """The names some path through `statements` assigns."""
    return set().union(*(_stored_names(s) for s in statements)) if statements else set()


def _surely_assigned(statements: list[cst.BaseStatement]) -> set[str]:
    """The names every path through `statements` assigns. Loops and `try` are taken to assign
    all they may (the rule reports only names surely missing on some path)."""
    found: set[str] = set()
    for statement in statements:
        if isinstance(statement, cst.If):
            found |= set.intersection(*(_surely_assigned(branch) for branch in _branches(statement)))
        else:
            found |= _stored_names(statement)
    return found


def _bound_before(node: cst.If, ctx: RuleContext) -> set[str]:
    """The names the visited function binds before `node` (its parameters, any binding that
    comes first in the source), or declares `global`/`nonlocal`."""
    fn = ctx.function.node
    bound = {p.name for p in ctx.function.params}
    if not isinstance(fn, cst.FunctionDef):
        return bound
    stack: list[cst.CSTNode] = list(reversed(list(children(fn.body))))
    while stack:
        current = stack.pop()
        if current is node:
            break
        if isinstance(current, (cst.Global, cst.Nonlocal)):
            bound |= {n.name.value for n in current.names}
        if isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            bound.add(current.name.value)
            continue
        if isinstance(current, cst.Lambda):
            continue
        if isinstance(current, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.CompFor)):
            bound |= {n.value for n in _names_in(current.target)}
        elif isinstance(current, cst.AsName):
            bound |= {n.value for n in _names_in(current.name)}
        stack.extend(reversed(list(children(current))))
    return bound


def _read_after(node: cst.If, name: str, ctx: RuleContext) -> bool:
    """Whether `name` is read in a statement after `node` (in its block or a block around it,
    up to the visited function) before a plain assignment at that level rebinds it."""
    child: cst.CSTNode = node
    for ancestor in reversed(ctx.ancestors):
        block = ancestor.body if isinstance(ancestor, cst.FunctionDef) else ancestor
        if isinstance(block, cst.IndentedBlock):
            at = next((i for i, statement in enumerate(block.body) if statement is child), None)
            for statement in block.body[at + 1:] if at is not None else ():
                if _reads(statement, name):
                    return True
                if _rebinds(statement, name):
                    return False
        if isinstance(ancestor, (*_SCOPES, cst.For, cst.While)):
            return False  # the function's end, or a loop's next pass: left alone
        child = ancestor
    return False


def _reads(statement: cst.CSTNode, name: str) -> bool:
    """Whether `statement` reads the value `name` holds before it (an augmented assignment
    reads its target). A `for` whose target binds `name` reads only its own binding in its
    body, and so does a comprehension whose first `for` binds it, beyond that first iterable
    (acme's `for src, dest in zip(...)` after an `if` that bound `dest`)."""
    stores: set[int] = set()
    stack: list[cst.CSTNode] = [statement]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.For) and name in {n.value for n in _names_in(current.target)}:
            stack += [current.iter] + ([current.orelse] if current.orelse is not None else [])
            continue
        if type(current) in _COMPREHENSIONS and name in {n.value for n in _names_in(current.for_in.target)}:
            stack.append(current.for_in.iter)
            continue
        if isinstance(current, (cst.AssignTarget, cst.AnnAssign, cst.For, cst.NamedExpr, cst.CompFor)):
            stores |= {id(n) for n in _names_in(current.target)}
        elif isinstance(current, cst.AsName):
            stores |= {id(n) for n in _names_in(current.name)}
        if isinstance(current, cst.Name) and current.value == name and id(current) not in stores:
            return True
        if isinstance(current, cst.Attribute):
            stack.append(current.value)  # `x.y`: `y` is no name
            continue
        if isinstance(current, cst.Arg) and current.keyword is not None:
            stack.append(current.value)
            continue
        stack.extend(children(current))
    return False


def _rebinds(statement: cst.CSTNode, name: str) -> bool:
    """Whether `statement` is a plain assignment binding `name` (`y = ...`, `y: T = ...`)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Assign) and any(name in {n.value for n in _names_in(t.target)} for t in small.targets):
            return True
        if isinstance(small, cst.AnnAssign) and small.value is not None and name in {n.value for n in _names_in(small.target)}:
            return True
    return False
