"""Facts about values that decide whether an expression is traced: Python's and NumPy's
(`frameworks/python.toml`) and each framework's own (the `[values]` and `[tracers]` tables of its
data file, acclint.frameworks.markers)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property

from acclint.frameworks.markers import FOLDER, framework_files


@dataclass(frozen=True)
class ValueFacts:
    static_attributes: frozenset[str]
    static_calls: frozenset[str]
    array_attributes: frozenset[str]
    array_methods: frozenset[str]
    array_namespaces: tuple[str, ...]
    tree_namespaces: tuple[str, ...]
    layer_namespaces: tuple[str, ...]
    sequence_functions: frozenset[str]
    list_functions: frozenset[str]  # of `array_namespaces`: give a Python list of arrays
    size_functions: frozenset[str]  # calls whose first argument is a size (python.toml)
    host_calls: dict[str, str]
    host_methods: dict[str, str]
    host_modules: dict[str, str]
    host_module_exceptions: tuple[str, ...]
    # NumPy functions that call the argument's own method: on a tracer, a traced result.
    array_method_functions: frozenset[str] = frozenset()
    tracer_types: frozenset[str] = frozenset()  # `isinstance(x, T)` narrows x to traced
    array_types: frozenset[str] = frozenset()  # every array tracer is an instance of one of these
    tracer_predicates: frozenset[str] = frozenset()  # functions (last name) true only of tracers
    # Calls that declare a dataclass field static, and the keyword that says so (acclint.analysis.declared).
    static_field_calls: dict[str, str] = field(default_factory=dict)
    # Calls (names, or prefixes ending in ".") that make a traced array in a cached trace even
    # from Python arguments (`torch.rand(3)`).
    made_arrays: tuple[str, ...] = ()
    # Calls that map their first argument over a tree's leaves (`jax.tree.map`): a function
    # returning a Python value for any leaf makes a tree of Python values (acclint.analysis.taint).
    leaf_maps: frozenset[str] = frozenset()
    # One module's own: names of string constants and of value enums as it spells them, its own
    # and those it imports from the project (`ModuleAnalysis`): compared with one, a tracer is `False`.
    static_strings: frozenset[str] = frozenset()
    value_enums: frozenset[str] = frozenset()

    @cached_property
    def host_method_names(self) -> frozenset[str]:
        """The last names of `host_calls` (`predict` of `keras.Model.predict`): a method call
        is looked up by its receiver's class only when its name is one."""
        return frozenset(name.rsplit(".", 1)[-1] for name in self.host_calls)

    @cached_property
    def host_call_classes(self) -> frozenset[str]:
        """What precedes the last name of `host_calls` (`keras.Model` of `keras.Model.predict`):
        the classes whose methods a host conversion is looked up on."""
        return frozenset(name.rpartition(".")[0] for name in self.host_calls) - {""}

    def makes_array(self, qualified: str | None) -> bool:
        """Whether a call of `qualified` makes a new array, traced inside a cached trace."""
        return qualified is not None and any(
            qualified.startswith(m) if m.endswith(".") else qualified == m for m in self.made_arrays
        )

    def host_conversion(self, qualified: str | None) -> str | None:
        """What host value a call of `qualified` gives a traced argument, or None."""
        if qualified is None or qualified in self.static_calls or qualified in self.array_method_functions:
            return None
        kind = self.host_calls.get(qualified)
        if kind is not None:
            return kind
        module, _, _ = qualified.rpartition(".")
        if not module or module.startswith(self.host_module_exceptions):
            return None
        root = module.split(".", 1)[0]
        if module in self.host_modules:
            return self.host_modules[module]
        if root in self.host_modules and "(" not in qualified:
            return self.host_modules[root]
        return None


@cache
def value_facts() -> ValueFacts:
    raw = tomllib.loads((FOLDER / "python.toml").read_text("utf-8"))
    tracers: dict[str, set[str]] = {"types": set(), "arrays": set(), "predicates": set()}
    for framework in framework_files():
        values = dict(framework.get("values", {}))
        graph = values.pop("graph_ops", None)
        if graph is not None:
            # The framework's cached traces build a graph: each of its own array functions gives
            # a graph tensor there, whatever it is given (`tf.math.argmax(model(x))`).
            own = [n for n in values.get("array_namespaces", []) if n.startswith(graph["prefix"]) and not n.startswith(tuple(graph["except"]))]
            values["made_arrays"] = values.get("made_arrays", []) + own
        for key, value in values.items():
            raw[key] = raw[key] + value if isinstance(value, list) else {**raw[key], **value}
        for key in tracers:
            tracers[key] |= set(framework["tracers"][key])
    return ValueFacts(
        static_attributes=frozenset(raw["static_attributes"]),
        static_calls=frozenset(raw["static_calls"]),
        array_attributes=frozenset(raw["array_attributes"]),
        array_methods=frozenset(raw["array_methods"]),
        array_namespaces=tuple(raw["array_namespaces"]),
        tree_namespaces=tuple(raw["tree_namespaces"]),
        layer_namespaces=tuple(raw["layer_namespaces"]),
        sequence_functions=frozenset(raw["sequence_functions"]),
        list_functions=frozenset(raw["list_functions"]),
        size_functions=frozenset(raw["size_functions"]),
        host_calls=dict(raw["host_calls"]),
        host_methods=dict(raw["host_methods"]),
        host_modules=dict(raw["host_modules"]),
        host_module_exceptions=tuple(raw["host_module_exceptions"]["names"]),
        array_method_functions=frozenset(raw["array_method_functions"]),
        tracer_types=frozenset(tracers["types"]),
        array_types=frozenset(tracers["types"] | tracers["arrays"]),
        tracer_predicates=frozenset(tracers["predicates"]),
        static_field_calls=dict(raw["static_field_calls"]),
        made_arrays=tuple(raw["made_arrays"]),
        leaf_maps=frozenset(raw["leaf_maps"]),
    )
