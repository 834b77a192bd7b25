"""Which bindings of a driver function hold a closure it defines, and which of its calls run it.

A module-level lambda or function held by a module-level value (`l2 = Lambda(lambda x: ...)`,
`step = jax.jit(f)`) keeps its traces in that value, and in every value made from it
(`model = keras.Model(inp, l2(inp))`): acclint.analysis.bindings `_reaching` follows module
globals so. A program that keeps its state in `main()`'s locals binds the same values there.

Property: a name runs a closure's cached trace where the binding that reaches the call binds it
to a compiled callable, or an object whose call runs one, that holds that closure; and only a
call of the name itself (`step(x)`, `model(x)`) or of a method its framework's data say runs the
kept function (a Keras model's `fit`/`predict`: `[traced_class] eagerly.steps`). Not a holder:
what a wrapper applied at once returns (`jax.vmap(lambda ...)(x)`, a result), what a call of a
holder returns (`y = step(x)`); not a run: any other method (`ds.batch(...)`, `y.sum()`), nor a
call of the name before the binding that made it hold the closure (real code: stop 57's 15 false
ACC605 in JaxMARL, tf_agents, acme, scenic, vision_transformer and ott).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import libcst as cst

from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import walk_expression


def defined_in(reader: FunctionInfo, scope: FunctionInfo) -> FunctionInfo | None:
    """The function or lambda defined directly in `scope` that is `reader` or encloses it, or None."""
    fn: FunctionInfo | None = reader
    while fn is not None and fn.parent is not scope:
        fn = fn.parent
    return fn


def holder_bindings(binds: Iterable, closure: FunctionInfo, compiles: Callable[[cst.Call], bool], makes: Callable[[cst.Call], bool]) -> list:
    """The bindings among `binds` (a function's own bindings, events with `name` and `value`, in
    source order) that hold `closure`, a lambda or function it defines: a compiled wrapper
    applied to it (`compiles`: `jax.jit(lambda x: ...)`, `jax.jit(jax.grad(loss))`,
    `Lambda(lambda x: ...)`, or to a name already holding it), an object made from a holder
    (`makes`: `keras.Model(inp, layer(inp))`, `keras.Sequential([Lambda(lambda x: ...)])`), and
    a name bound to a name whose last binding before it is a holder (`run = step`: the same
    compiled callable). A name bound to the closure itself (`f = lambda x: ...`) hands it on as
    its `def` name does."""
    node = closure.node
    functions = {closure.name} if isinstance(node, cst.FunctionDef) else set()
    held: set[str] = set()
    holds_now: dict[str, bool] = {}  # whether each name's last binding so far is a holder
    found = []
    for bind in binds:
        value = bind.value
        holds = isinstance(value, cst.Name) and holds_now.get(value.value, False) or isinstance(value, cst.Call) and (
            compiles(value) and hands_on(value, node, functions | held, called=False)
            or makes(value) and hands_on(value, node, held, called=True)
        )
        if value is node:
            functions.add(bind.name)
        elif holds:
            found.append(bind)
            held.add(bind.name)
        holds_now[bind.name] = holds
    return found


def hands_on(call: cst.Call, closure: cst.CSTNode, names: set[str], called: bool) -> bool:
    """Whether an argument of `call` contains `closure` itself or reads one of `names`; a name
    called there (`jax.jit(f(x))`, a value computed) only where `called` allows (`layer(inp)`
    inside a model's constructor builds the model from the layer)."""
    for arg in call.args:
        nodes = list(walk_expression(arg.value))
        calls = set() if called else {id(n.func) for n in nodes if isinstance(n, cst.Call)}
        if any(n is closure or isinstance(n, cst.Name) and n.value in names and id(n) not in calls for n in nodes):
            return True
    return False


def holder_runs(calls: Iterable, binds: list, holders: list, steps: Callable[[object], frozenset[str]]) -> list:
    """The calls among `calls` (events with `name`, `node`, `seq`, `loops`) that run the trace a
    holder binding keeps: a call of the name itself, or of a method `steps(binding)` names, where
    that binding reaches it: the name's last binding before the call in `binds`, or, in a loop,
    one later in a loop around both (the next pass)."""
    holding = {id(b) for b in holders}
    found = []
    for call in calls:
        func = call.node.func if isinstance(call.node, cst.Call) else None
        method = None
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == call.name:
            method = func.attr.value
        elif not (isinstance(func, cst.Name) and func.value == call.name):
            continue
        named = [b for b in binds if b.name == call.name]
        before = [b for b in named if b.seq < call.seq]
        reaching = [before[-1]] if before else []
        reaching += [b for b in named if b.seq > call.seq and set(b.loops) & set(call.loops)]
        if any(id(b) in holding and (method is None or method in steps(b)) for b in reaching):
            found.append(call)
    return found
