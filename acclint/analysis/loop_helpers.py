"""Pure helpers of the cache-key analysis that several of its parts use: readers of syntax, of literals
and of a function's assignments and returns.
"""

from __future__ import annotations

from dataclasses import replace
from typing import AbstractSet
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.names import dotted_name, once_block
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.walk import children, walk_all
from acclint.analysis.loop_model import Jitted, _Scope


_STEPS = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign)
# Nodes with no code below them (most of a module's nodes): the walk has nothing to do there.
_LEAVES = frozenset({cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis, cst.Pass, cst.Break, cst.Continue})
# Attributes that stay put while the value changes (a new array of one shape).
_FIXED_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})


def _string(expr: cst.BaseExpression) -> bool:
    """A str for sure: an f-string, a string literal, `str(...)`, `"...".format(...)`, `"%d" %
    v`, or a concatenation with a literal."""
    if isinstance(expr, (cst.FormattedString, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.Call):
        func = expr.func
        return (isinstance(func, cst.Name) and func.value == "str") or (
            isinstance(func, cst.Attribute) and func.attr.value == "format" and isinstance(func.value, cst.SimpleString)
        )
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Modulo)):
        return isinstance(expr.left, (cst.SimpleString, cst.FormattedString)) or (
            isinstance(expr.operator, cst.Add) and isinstance(expr.right, (cst.SimpleString, cst.FormattedString))
        )
    return False


def _is_false(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"


def _is_none(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _shifted(jitted: Jitted, bound: int) -> Jitted:
    """A compiled callable's key as called through a `partial` binding its first `bound`
    positional arguments: every position the call passes is that many less."""
    def shifted(positions: frozenset[int]) -> frozenset[int]:
        return frozenset(p - bound for p in positions if p >= bound)

    return replace(
        jitted, static_positions=shifted(jitted.static_positions), specialized_positions=shifted(jitted.specialized_positions), function=None,
    )


def _bind_jitted(scope: _Scope, name: str, jitted: Jitted) -> None:
    if name in scope.jitted and scope.jitted[name] != jitted:
        scope.jitted[name] = None
    else:
        scope.jitted[name] = jitted


def _bind_target(target: cst.CSTNode, scope: _Scope, skip: AbstractSet[cst.Name] = frozenset()) -> None:
    """Record the names `target` binds to values other than a compiled callable (`skip`: the
    names bound to one, by _bind_jitted)."""
    if isinstance(target, cst.Name):
        if target in skip:
            return
        scope.bound.add(target.value)
        if target.value in scope.literals:
            scope.literals[target.value] = None
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _bind_target(element.value, scope, skip)


def _nodes(root: cst.CSTNode, in_order: bool = False, statements: bool = False):
    """Every node under `root`, nested function bodies excepted (in source order if asked).

    `statements`: for a caller looking for statements (a `return`, an assignment, a `def`):
    an expression or a simple statement is yielded but not entered, as none holds a statement.
    The statements come in the same order as without it, at a fraction of the cost (most of a
    body's nodes are inside expressions)."""
    stack = list(children(root))
    if in_order:
        stack.reverse()
    closed = _CLOSED_STATEMENTS if statements else _CLOSED
    while stack:
        node = stack.pop()
        yield node
        kind = type(node)
        shut = closed.get(kind)
        if shut is None:  # an `isinstance` of abstract bases each time was most of the cost
            shut = closed[kind] = issubclass(kind, (cst.FunctionDef, cst.Lambda, cst.ClassDef, *(_HOLD_NO_STATEMENT if statements else ())))
        if not shut:
            below = list(children(node))
            stack.extend(reversed(below) if in_order else below)


_HOLD_NO_STATEMENT = (cst.BaseExpression, cst.BaseSmallStatement)
# Per node type, whether `_nodes` stops at it (without and with `statements`).
_CLOSED: dict[type, bool] = {}
_CLOSED_STATEMENTS: dict[type, bool] = {}
# The suffix of the key under which a scope binds the compiled callable each item of a
# container name holds (`fns[]` of `fns = [jax.jit(f), jax.jit(g)]`).
_ITEMS = "[]"


def _got_from(expr: cst.BaseExpression) -> str | None:
    """The name of the container `expr` takes an item of by `.get` (`fns.get(k)`: a dict's
    item, as `fns[k]`), or None. Not with a default: the call may run that instead."""
    if not (type(expr) is cst.Call and type(expr.func) is cst.Attribute and expr.func.attr.value == "get"):
        return None
    holder = expr.func.value
    return holder.value if isinstance(holder, cst.Name) and len(expr.args) == 1 and expr.args[0].keyword is None else None


def _returned_values(fn: FunctionInfo) -> list[cst.BaseExpression | None]:
    """What each `return` of `fn` gives (None for a bare `return`); a lambda's body. Walked once
    per function: every call of a module function asks it of its callee (`_makes_callables`,
    `_makes_compiled`), and a walk of the body per call was 6 of the analysis's 40 profiled
    seconds on the benchmark corpus."""
    found = _RETURNED.get(fn)
    if found is None:
        if isinstance(fn.node, cst.Lambda):
            found = [fn.node.body]
        else:
            found = [n.value for n in _nodes(fn.node.body, statements=True) if isinstance(n, cst.Return)]
        _RETURNED[fn] = found
    return found


_RETURNED: WeakKeyDictionary[FunctionInfo, list[cst.BaseExpression | None]] = WeakKeyDictionary()


def declared_globals(fn: FunctionInfo) -> frozenset[str]:
    """The names `fn`'s body declares `global` (nested functions aside): what it binds to them
    rebinds the module's names, which every function reads."""
    if isinstance(fn.node, cst.Lambda):
        return frozenset()
    return frozenset(n.name.value for node in _nodes(fn.node.body) if isinstance(node, cst.Global) for n in node.names)


def _assignments(fn: FunctionInfo) -> list[cst.Assign]:
    """The assignments of `fn`'s body (nested functions aside), in source order; walked once per
    function, where `_derived` asks for them once per call into it and per parameter."""
    found = _ASSIGNED.get(fn)
    if found is None:
        found = _ASSIGNED[fn] = [n for n in _assignments_and_returns(fn) if isinstance(n, cst.Assign)]
    return found


def _assignments_and_returns(fn: FunctionInfo) -> list[cst.Assign | cst.Return]:
    """The assignments and `return`s of `fn`'s body (nested functions aside), in source order,
    from the one walk `_assignments` reads too."""
    found = _ORDERED.get(fn)
    if found is None:
        found = _ORDERED[fn] = [n for n in _nodes(fn.node.body, in_order=True, statements=True) if isinstance(n, (cst.Assign, cst.Return))]  # type: ignore[union-attr]
    return found


def _bindings(fn: FunctionInfo) -> list[cst.CSTNode]:
    """The statements of `fn`'s body (nested functions aside) that bind a name, in source order:
    assignments (plain, augmented, annotated), `for` targets, `with ... as`, `del`. (`except
    ... as e` is not one: `e` is unbound after its handler, so a call after the `try` that runs
    reads what the name held before.)"""
    found = _BINDINGS.get(fn)
    if found is None:
        found = _BINDINGS[fn] = [n for n in _nodes(fn.node.body, in_order=True, statements=True) if isinstance(n, _BINDING)]  # type: ignore[union-attr]
    return found


def _bound_names(node: cst.CSTNode) -> set[str]:
    """The names a binding statement of `_bindings` binds."""
    if isinstance(node, cst.With):
        return set().union(*(_names(item.asname.name) for item in node.items if item.asname is not None))
    return _target_names(node)


_BINDING = (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.With, cst.Del)
_BINDINGS: WeakKeyDictionary[FunctionInfo, list[cst.CSTNode]] = WeakKeyDictionary()
_ASSIGNED: WeakKeyDictionary[FunctionInfo, list[cst.Assign]] = WeakKeyDictionary()
_ORDERED: WeakKeyDictionary[FunctionInfo, list[cst.Assign | cst.Return]] = WeakKeyDictionary()


def _reaching_value(fn: FunctionInfo, returned: cst.Name) -> cst.BaseExpression | None:
    """What the name a `return` of `fn` gives holds there: the value of its last plain binding
    (`name = value`) before that `return` in source order, or None where none comes before."""
    value = None
    for node in _assignments_and_returns(fn):
        if isinstance(node, cst.Return):
            if node.value is returned:
                return value
        elif _binds(node, returned.value):
            value = node.value
    return None


def _bound_values(fn: FunctionInfo, name: str) -> list[cst.BaseExpression]:
    """What `fn`'s body assigns to the plain name `name` (`name = value`), in source order."""
    return [n.value for n in _assignments(fn) if _binds(n, name)]


def _binds(node: cst.Assign, name: str) -> bool:
    """Whether `node` is a plain binding of `name` (`name = value`), the one shape whose value
    `_reaching_value` and `_bound_values` read as what the name holds."""
    return len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and node.targets[0].target.value == name


def _memo_made(fn: FunctionInfo, node: cst.CSTNode) -> bool:
    """Whether `node` lies in what the memo `fn` binds to its holder (`_memo_bindings`): made
    once per holder, however often `fn` runs."""
    return any(binding.value is node or any(n is node for n in _nodes(binding.value)) for binding in _memo_bindings(fn))


def _memo_bindings(fn: FunctionInfo) -> list[cst.Assign]:
    """The bindings of its holder in a memo `fn`, none if `fn` is no memo: a binding of a
    holder that runs only while the holder is unset, after `fn`'s body returns while it is set
    (`if self.test_function is not None and not force: return ...`, `if _FN: return _FN`,
    then `self.test_function = self._make_function(...)`: keras-team keras's
    `make_test_function`, which `fit` reaches through `evaluate` on every epoch) or under a
    test that it is unset (`if _STEP is None: _STEP = jax.jit(...)`, then `return _STEP`).
    What such a binding makes is made once per holder, however often `fn` runs."""
    holder, found = None, []
    for statement in fn.node.body.body if isinstance(fn.node.body, cst.IndentedBlock) else ():
        if holder is None:
            holder = _returned_while_set(statement)
        elif isinstance(statement, cst.SimpleStatementLine):
            found += [small for small in statement.body if _binds_holder(small, holder)]
        if isinstance(statement, cst.If) and (flag := once_block(statement)) is not None:
            found += [n for n in _nodes(statement.body, statements=True) if _binds_holder(n, flag)]
        if (missing := _missing_key(statement)) is not None:  # `if k not in cache: cache[k] = ...`
            found += [n for n in _nodes(statement.body, statements=True) if _binds_key(n, *missing)]  # type: ignore[union-attr]
    return found


def _missing_key(statement: cst.BaseStatement) -> tuple[str, str] | None:
    """The holder and key (as written, spaces dropped) of `if KEY not in HOLDER:` with no
    `else`: its body runs only while the holder lacks that key."""
    if not isinstance(statement, cst.If) or statement.orelse is not None or not isinstance(statement.test, cst.Comparison):
        return None
    test = statement.test
    if len(test.comparisons) != 1 or not isinstance(test.comparisons[0].operator, cst.NotIn):
        return None
    holder = dotted_name(test.comparisons[0].comparator)
    return (holder, _spelled(test.left)) if holder else None


def _binds_key(node: cst.CSTNode, holder: str, key: str) -> bool:
    """`holder[key] = value` under the key a memo tests (another key is no memo: maxtext's
    prefill tests `(padded_length, num_prompts)` and stores under a triple)."""
    return isinstance(node, cst.Assign) and any(
        isinstance(t.target, cst.Subscript) and dotted_name(t.target.value) == holder and len(t.target.slice) == 1
        and isinstance(t.target.slice[0].slice, cst.Index) and _spelled(t.target.slice[0].slice.value) == key
        for t in node.targets
    )


def _spelled(expr: cst.BaseExpression) -> str:
    """`expr` as written, without spaces, parentheses or line breaks: two spellings of one key."""
    return "".join(c for c in cst.Module([]).code_for_node(expr) if c not in " \n()\\")


def _binds_holder(node: cst.CSTNode, holder: str) -> bool:
    """`holder = value`, `self.holder = value`."""
    return isinstance(node, cst.Assign) and any(dotted_name(t.target) == holder for t in node.targets)


def _returned_while_set(statement: cst.BaseStatement) -> str | None:
    """The holder `H` of `if H: return ...`, `if H is not None: return ...` (also `and`-ed with
    more tests), with no `else`: the code after it runs only while `H` is unset."""
    if not isinstance(statement, cst.If) or statement.orelse is not None or not isinstance(statement.body, cst.IndentedBlock):
        return None
    body = statement.body.body
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or not isinstance(body[0].body[0], cst.Return):
        return None
    test = statement.test
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        test = test.left
    if (
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.IsNot)
        and _is_none(test.comparisons[0].comparator)
    ):
        test = test.left
    return dotted_name(test)


def _names(node: cst.CSTNode) -> set[str]:
    """Every name `node` mentions (or binds, for a target)."""
    return {n.value for n in walk_all(node) if isinstance(n, cst.Name)}


def _read_names(node: cst.CSTNode) -> set[str]:
    """The names `node` reads or binds, not the attribute names (`x.f`: x) nor the keywords
    (`partial(g, lr=lr)`: g, lr once) it spells."""
    spelled: set[int] = set()
    names: set[str] = set()
    for n in walk_all(node):  # one walk: a node comes before its children
        kind = type(n)
        if kind is cst.Attribute:
            spelled.add(id(n.attr))
        elif kind is cst.Arg and n.keyword is not None:
            spelled.add(id(n.keyword))
        elif kind is cst.Name and id(n) not in spelled:
            names.add(n.value)
    return names


def _attribute_key(func: cst.Attribute) -> str:
    """`t.step` of a call `t.step(x)` (`t` a name), as `Loop.called` keeps it."""
    return f"{func.value.value}.{func.attr.value}"  # type: ignore[attr-defined]


def _target_names(node: cst.CSTNode) -> set[str]:
    if isinstance(node, cst.Assign):
        return set().union(*(_names(t.target) for t in node.targets))
    return _names(node.target)  # type: ignore[attr-defined]


def _without_hash(cls: ClassInfo, analysis: ModuleAnalysis) -> bool:
    """Whether Python sets the class's `__hash__` to None: it defines `__eq__` without
    `__hash__`, or is a `dataclasses.dataclass` comparing by value (`eq`, the default) that is
    neither frozen nor `unsafe_hash` (other dataclass decorators, flax's and chex's, are left
    out: their defaults differ)."""
    if "__hash__" in cls.methods:
        return False
    if "__eq__" in cls.methods:
        return True
    for decorator in cls.node.decorators:
        node = decorator.decorator
        if analysis.resolve(node.func if isinstance(node, cst.Call) else node) != "dataclasses.dataclass":
            continue
        options = {a.keyword.value: a.value for a in node.args if a.keyword is not None} if isinstance(node, cst.Call) else {}
        truthy = {k for k, v in options.items() if not (isinstance(v, cst.Name) and v.value == "False")}
        return not ({"frozen", "unsafe_hash"} & truthy) and "eq" in truthy | ({"eq"} - set(options))
    return False


def _set_leaf(call: cst.Call, setter: tuple[int, str]) -> cst.BaseExpression | None:
    """The leaf a leaf setter's call sets (`StormTables.leaf_setters`: the position and keyword
    of its argument; `replace` of `eqx.tree_at(where, tree, replace)`), or None."""
    position, keyword = setter
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if position < len(positional):
        return positional[position]
    return next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)
