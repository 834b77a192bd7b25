"""What runs on every pass of a loop besides its body: the functions it calls, and what each call makes
new in them.

A function called from an unbounded loop (by name, `self.m()`, or
`obj.m()` on an instance of a module class) runs once per pass, and so does every function it
calls: what they build is new on every pass (a `def` in its body, a lambda, a `partial`, whatever
its parameters); its parameters are new on every pass where a call
passes them a new value, and so are the names its body binds from them. That per-function
summary is carried down the calls to a fixpoint (a function called from one so called, any
number of calls down). The body of a compiled function is no host code: it runs only while a
trace is built.

How repetition is known: from a loop the module shows (`for`, `while`, a comprehension, and
`map(f, xs)`, which calls `f` once per item as `[f(x) for x in xs]` does: a lambda's body is that
comprehension's element, a function named or a `partial` over one is called from it), and through
the calls of functions and methods it runs (above); nothing else. A function no visible loop runs may be a step called from
another module or by a framework, or a one-off (`main`, `train_and_evaluate`, an `init`): on the
real-code benchmark, taking every such function as per step would report 437 wrapper applications
(72 outside tests), nearly all in one-off setup and entry points (stop 41, benchmarks/README.md).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.fit_hooks import step_hooks
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.loop_model import Loop, Pass, _Scope
from acclint.analysis.loop_helpers import _assignments, _bound_values, _memo_made, _read_names, _target_names, declared_globals


class HelperPasses:
    """`LoopFacts`' part: what runs on every pass of a loop besides its body: the functions it
    calls, and what each call makes new in them."""

    def _pass_of(self, loops: tuple[Loop, ...], where: str) -> Pass:
        unbounded = [loop for loop in loops if not loop.bounded]
        return Pass(
            frozenset().union(*(loop.changing for loop in unbounded)),
            frozenset().union(*(loop.fresh for loop in unbounded)),
            frozenset().union(*(loop.resized for loop in unbounded)),
            frozenset().union(*(loop.assigned for loop in loops)),
            where,
            frozenset().union(*(loop.holding for loop in unbounded)),
            frozenset().union(*(loop.static_held for loop in unbounded)),
            frozenset().union(*(loop.varies for loop in unbounded)),
        )

    def _loop_pass(self, loops: tuple[Loop, ...], where: str) -> Pass:
        """`_pass_of`, with the module globals the functions called in the loops' bodies rebind
        on each pass (`_globals_rebound_on`): a global is one value every function shares, so
        one a helper rebinds from the epoch (`set_curriculum(epoch)` with `global NUM_REFINE`)
        is new on every pass of the loop calling it. Asked once the walk has recorded every
        host call."""
        each = self._pass_of(loops, where)
        rebound = frozenset().union(*(self._globals_rebound_on(loop) for loop in loops if not loop.bounded))
        return replace(each, changing=each.changing | rebound) if rebound - each.changing else each

    def _globals_rebound_on(self, loop: Loop) -> frozenset[str]:
        """The module globals that a function called in `loop`'s body (not in a loop of its
        own inside it) declares `global` and binds from a value new on each pass of `loop`
        (what `_pass_into` makes new in it)."""
        if id(loop) not in self._rebound_globals:
            found: set[str] = set()
            for _caller, fn, skipped, call, scope, loops in self._host_calls:
                declared = declared_globals(fn)
                if declared and loops and loops[-1] is loop:
                    found |= self._pass_into(fn, skipped, call, self._pass_of(loops, ""), scope, loops).changing & declared
            self._rebound_globals[id(loop)] = frozenset(found)
        return self._rebound_globals[id(loop)]

    def _helper_passes(self) -> dict[FunctionInfo, list[Pass]]:
        """For each function that runs on every pass of an unbounded loop, what each call into
        it makes new on every pass: among its parameters (what the call passes), and the names
        its body binds from those (the per-function summary). Carried down the calls to a
        fixpoint: a call in the loop, a call from a function so called, and so on. Each call's
        summary for a given outer pass is worked out once: a round of the fixpoint only adds
        passes, and worked out again on every round it was a fifth of the analysis."""
        found: dict[FunctionInfo, dict[tuple[frozenset[str], ...], Pass]] = {}
        into: dict[tuple[int, Pass], Pass] = {}  # (host call, outer pass) -> _pass_into's answer
        changed = True
        while changed:
            changed = False
            for number, (caller, fn, skipped, call, scope, loops) in enumerate(self._host_calls):
                outers = list(found.get(caller, {}).values()) if caller is not None else []
                if any(not loop.bounded for loop in loops):
                    here = self._loop_pass(loops, "")
                    outers = [_merged(here, outer) for outer in outers] or [here]
                for outer in outers:
                    each = into.get((number, outer))
                    if each is None:
                        each = into[(number, outer)] = self._pass_into(fn, skipped, call, outer, scope, loops)
                    key = (each.changing, each.fresh, each.resized, each.varies)
                    if key not in found.setdefault(fn, {}):
                        found[fn][key] = each
                        changed = True
        return {fn: list(passes.values()) for fn, passes in found.items()}

    @cached_property
    def _declared_anywhere(self) -> frozenset[str]:
        """The names some function of the module declares `global`: the module globals a pass
        may rebind."""
        return frozenset().union(*map(declared_globals, self.analysis.index.all_functions))

    @cached_property
    def _run_on_passes(self) -> frozenset[FunctionInfo]:
        """The functions `_helper_passes` can give passes for: called from host code in an
        unbounded loop, or called by one of these (the same host calls, without the passes).
        A compiled call in no such function has none, whatever they are."""
        looped = dict.fromkeys((fn for _caller, fn, _skipped, _call, _scope, loops in self._host_calls if any(not loop.bounded for loop in loops)), "")
        return frozenset(self._with_callees(looped))

    def _pass_into(self, fn: FunctionInfo, skipped: int, call: cst.Call, outer: Pass, scope: _Scope, loops: tuple[Loop, ...] = ()) -> Pass:
        """What `call` of `fn` makes new on every pass of `outer` among `fn`'s parameters, and
        what `fn`'s body binds from them or makes: it runs once per pass, so a function it
        defines (`def vector_field` in a solve the loop runs, handed to `diffeqsolve`), a
        lambda, a `partial` are new on each pass even where every parameter is the same."""
        changing, fresh, resized, strings = self._given_attributes(fn, call, outer, scope, loops), set(fn.inner), set(), set()
        varies = set()
        # a global new on the pass is new in every function the pass runs, unless it binds a
        # local of that name
        changing |= (outer.changing & self._declared_anywhere) - _local_names(fn)
        if fn.parent is not None and fn.parent is scope.fn and isinstance(fn.node, cst.FunctionDef):
            # a function defined where the loop runs reads the loop's names as they are on that
            # pass (`def report(): return pred(phis, x)` over a dict the loop grows)
            free = _read_names(fn.node.body) - {p.name for p in fn.params} - set().union(*map(_target_names, _assignments(fn)))
            changing |= free & outer.changing
            resized |= free & outer.resized
        for param, value in passed(call, fn, bound=skipped > 0).items():
            if self._str_valued(value, scope, outer):
                strings.add(param)
            if self._changing(value, outer.changing) and not self._an_array(value, loops, scope):
                changing.add(param)
            elif self._new_object(value, outer) is not None:
                fresh.add(param)
            elif self._resized(value, outer) is not None:
                resized.add(param)
            if _read_names(value) & (outer.varies | outer.changing | outer.resized):
                varies.add(param)  # data that differs on each pass (`Loop.varies`), of any type
        caller = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
        where = f"'{fn.name}', which {caller} calls in a loop" if not outer.where else f"'{fn.name}', called from {outer.where}"
        return self._derived(fn, Pass(frozenset(changing), frozenset(fresh), frozenset(resized), frozenset(), where, varies=frozenset(varies), strings=frozenset(strings)))

    def _given_attributes(self, fn: FunctionInfo, call: cst.Call, outer: Pass, scope: _Scope, loops: tuple[Loop, ...]) -> set[str]:
        """For a method called on an object the pass makes (`Model(i + 1).run(x)`, or `m =
        Model(width=i)` then `m.run(x)`): the attributes its class's `__init__` binds from what
        the constructor is given new (`self.width = width`, `self.rows = 2 * width`), named
        with the method's own instance parameter (`self.width`); else none."""
        if not (fn.is_method and fn.params and isinstance(call.func, cst.Attribute)):
            return set()
        made = self._constructor(call.func.value, scope, loops)
        cls = self._class_named(made.func) if made is not None else None
        init = cls.methods.get("__init__") if cls is not None else None
        if init is None or init is fn or not init.params:
            return set()
        theirs = init.params[0].name + "."
        given = self._pass_into(init, 1, made, outer, scope, loops).changing  # type: ignore[arg-type]
        return {fn.params[0].name + name[len(theirs) - 1:] for name in given if name.startswith(theirs)}

    def _constructor(self, obj: cst.BaseExpression, scope: _Scope, loops: tuple[Loop, ...]) -> cst.Call | None:
        """The call of a module class that made `obj`: `obj` itself, or the one call a loop
        around (else the function's body) binds the name `obj` to."""
        if isinstance(obj, cst.Call):
            return obj if self._class_named(obj.func) is not None else None
        if not isinstance(obj, cst.Name):
            return None
        built = next((loop.built[obj.value] for loop in reversed(loops) if obj.value in loop.built), None)
        if built is None and not loops and scope.fn is not None:
            values = _bound_values(scope.fn, obj.value)
            built = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
        return built if built is not None and self._class_named(built.func) is not None else None

    @cached_property
    def _calls_into(self) -> dict[FunctionInfo, list[tuple[cst.Call, int, _Scope, tuple[Loop, ...]]]]:
        """Each module function's calls from host code (`_host_calls`): (call, parameters it
        does not pass, the caller's scope, the loops around the call). Asked only once the walk
        has recorded them all."""
        found: dict[FunctionInfo, list[tuple[cst.Call, int, _Scope, tuple[Loop, ...]]]] = {}
        for _caller, fn, skipped, call, scope, loops in self._host_calls:
            found.setdefault(fn, []).append((call, skipped, scope, loops))
        return found

    def _called_in_loops(self, module_only: bool = False) -> dict[FunctionInfo, str]:
        """Functions that run on every pass of an unbounded loop: called inside one, or called
        (anywhere in its body) by a function that does. function -> how (for messages).
        `module_only`: only loops at module level (a script's or a notebook's), which are host
        code whatever traces the module's functions elsewhere, or in a function module-level
        code calls (`_host_functions`)."""
        found: dict[FunctionInfo, str] = {}
        hosts = self._host_functions if module_only else frozenset()
        for _caller, fn, _skipped, _call, scope, loops in self._host_calls:
            if module_only and scope.fn is not None and scope.fn not in hosts:
                continue
            if scope.fn is not None and (scope.traced or scope.fn.contexts):
                continue  # a loop in a traced function runs while tracing (a `tf.range` loop: once, converted)
            if fn not in found and any(not loop.bounded for loop in loops):
                caller = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
                found[fn] = f"'{fn.name}', which {caller} calls in a loop"
        if not module_only:  # `fit`'s own loop over epochs and steps runs a callback's hooks
            found = {**step_hooks(self.analysis), **found}
        return self._with_callees(found, per_call=True)

    def _with_callees(self, found: dict[FunctionInfo, str], per_call: bool = False) -> dict[FunctionInfo, str]:
        """`found` (function -> how it is reached) with every function its functions call,
        transitively through the host calls, each reached from its caller. `per_call`: only
        the calls that run on every call of their caller, not those a memo makes once
        (`_memo_made`)."""
        frontier = list(found)
        while frontier:
            caller = frontier.pop()
            for fn in dict.fromkeys(
                callee for source, callee, _skipped, call, *_ in self._host_calls
                if source is caller and not (per_call and _memo_made(caller, call))
            ):
                if fn not in found:
                    found[fn] = f"'{fn.name}', called from {found[caller]}"
                    frontier.append(fn)
        return found

    @cached_property
    def _host_functions(self) -> frozenset[FunctionInfo]:
        """Functions module-level code calls (a script's `main()`, also under `if __name__ ==
        "__main__":`), directly or through the functions they call, and in no context: host code
        for sure, as module-level code is, so their loops are host loops (dev report eks_78).
        Asked only once the walk has recorded every host call."""
        called = {fn: f"'{fn.name}', which the module calls" for _caller, fn, _skipped, _call, scope, _loops in self._host_calls if scope.fn is None}
        return frozenset(fn for fn in self._with_callees(called) if not fn.contexts)


def _local_names(fn: FunctionInfo) -> set[str]:
    """The names `fn` binds as its own locals: its parameters, and the names its assignments bind
    that it does not declare `global`."""
    bound = set().union(*map(_target_names, _assignments(fn))) if isinstance(fn.node, cst.FunctionDef) else set()
    return ({p.name for p in fn.params} | bound) - declared_globals(fn)


def _merged(first: Pass, second: Pass) -> Pass:
    """What is new on every pass of either (a loop inside a function that runs once per pass of
    another loop); `first` names where."""
    return Pass(
        first.changing | second.changing, first.fresh | second.fresh, first.resized | second.resized,
        first.rebound | second.rebound, first.where or second.where, first.holding | second.holding,
        first.static_held | second.static_held, first.varies | second.varies, first.strings | second.strings,
    )
