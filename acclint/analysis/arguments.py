"""What a call passes to each parameter of the function it calls, as Python binds arguments.

Several analyses follow a value from a call into the called function: ACC6 an object handed to
a function that writes it or passed as a static argument (acclint.analysis.bindings), ACC607
the model and the value handed to a function that sets `trainable`, ACC5 what a loop passes
into a helper, into a function whose result it keys, and into a pytree class's fields. They
ask this one question, so that they agree on the corner cases: an argument after `*xs` or a
parameter `**kw` may fill has no known place, extra positional arguments go to `*args`, a
positional-only parameter is never given by keyword, and a bound method's call does not pass
`self`.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.scopes import FunctionInfo


def passed(call: cst.Call, fn: FunctionInfo, bound: bool = False, defaults: bool = False) -> dict[str, cst.BaseExpression]:
    """The expression each parameter of `fn` holds when `call` runs it, where the call's text
    says: an argument in its place or by its name; for `*args`, a tuple of the extra positional
    arguments, and for `**kwargs`, a dict of the extra keywords (built for the answer, in no
    module's tree); with `defaults`, the default of a parameter left out. A parameter that a
    `*xs` or `**kw` of the call may fill is left out. `bound`: the call runs a bound method
    (`obj.m(...)`), whose first parameter is the object."""
    return passed_to(call, fn.node.params, bound, defaults)


def fields_passed(call: cst.Call, fields: list[str]) -> dict[str, cst.BaseExpression]:
    """What a call of a dataclass-like class gives each field, where its generated `__init__`
    takes `fields` in order, each by position or by name."""
    return passed_to(call, cst.Parameters(params=[cst.Param(cst.Name(name)) for name in fields]))


def passed_to(call: cst.Call, params: cst.Parameters, bound: bool = False, defaults: bool = False) -> dict[str, cst.BaseExpression]:
    """`passed`, for a callable whose parameters are `params`."""
    ordered = [*params.posonly_params, *params.params][1 if bound else 0:]
    by_keyword = {p.name.value: p for p in [*params.params, *params.kwonly_params]}
    star = params.star_arg if isinstance(params.star_arg, cst.Param) else None
    given: dict[str, cst.BaseExpression] = {}
    extra: list[cst.Element] = []
    keywords: list[cst.DictElement] = []
    spread = spread_keywords = False  # a `*xs` / `**kw` of the call: what they fill is not known
    position = 0
    for arg in call.args:
        if arg.star == "*":
            spread = True
        elif arg.star == "**":
            spread_keywords = True
        elif arg.keyword is not None:
            name = arg.keyword.value
            if name in by_keyword:
                given[name] = arg.value
            else:
                keywords.append(cst.DictElement(cst.SimpleString(repr(name)), arg.value))
        elif not spread:
            if position < len(ordered):
                given[ordered[position].name.value] = arg.value
            else:
                extra.append(cst.Element(arg.value))
            position += 1
    if star is not None and not spread:
        given[star.name.value] = cst.Tuple(extra)
    if params.star_kwarg is not None and not spread_keywords:
        given[params.star_kwarg.name.value] = cst.Dict(keywords)
    if defaults:
        for p in [*ordered, *params.kwonly_params]:
            name = p.name.value
            open_to = spread and p in ordered or spread_keywords and name in by_keyword
            if name not in given and p.default is not None and not open_to:
                given[name] = p.default
    return given
