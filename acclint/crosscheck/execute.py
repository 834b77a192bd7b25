"""Run one fixture case as a user would, transformed and plain, and turn what happens into evidence.

The transformed run calls the case's ``entry`` twice, with fresh inputs for the second call. A
JAX tracer error is evidence of ACC2 (``TracerBoolConversionError``) or ACC3 (the other
concretization and conversion errors), located at the innermost fixture frame of its traceback;
it ends the case, because the error hides whatever the function would have done next. Otherwise
the plain callable runs on the same two inputs, and every host effect whose count differs
between the two runs (see :mod:`acclint.crosscheck.observe`) is evidence of ACC1 or ACC4 at its
line. When no host RNG was drawn, the outputs must also match: a difference that no located
hazard explains is reported as such. Cases of runtime-style fixtures add the hazards the
runtime's recorder saw while building the trace (:mod:`acclint.crosscheck.runtime_evidence`).
A hidden-input case (ACC6: a recipe with ``reset``/``between``) resets the outside state before
each run and changes it between the two calls; when its outputs then differ from the plain
run's, the accelerated function kept a value it read outside its arguments: ACC6, at function
level (the read has no effect to locate it by).
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

import jax
import numpy as np
from jax import errors as jax_errors

from acclint.crosscheck import frameworks, runtime_evidence
from acclint.crosscheck.keys import KeyRecorder
from acclint.crosscheck.storms import TraceCounter
from acclint.crosscheck.evidence import CaseRun, Evidence
from acclint.crosscheck.observe import Event, Observation
from acclint.crosscheck.recipes import Arr, Call, Dl, Ints, Key

TRACER_ERRORS = (
    (jax_errors.TracerBoolConversionError, "ACC2"),
    (jax_errors.TracerArrayConversionError, "ACC3"),
    (jax_errors.TracerIntegerConversionError, "ACC3"),
    (jax_errors.ConcretizationTypeError, "ACC3"),
)
OUTPUT_RTOL, OUTPUT_ATOL = 1e-4, 1e-5


class ObservationFactory:
    """Makes the :class:`Observation` each run uses; shared by all cases of one cross-check."""

    def __init__(self, fixture_files: set[str], modules: list[ModuleType],
                 rng_holders: list[ModuleType]) -> None:
        self.fixture_files, self.modules, self.rng_holders = fixture_files, modules, rng_holders

    def __call__(self) -> Observation:
        return Observation(self.fixture_files, self.modules, self.rng_holders)


def resolve(module: ModuleType, dotted: str) -> Any:
    """``"trainer.step_fn"`` -> ``module.trainer.step_fn``."""
    value: Any = module
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


def materialize(spec: Any, rng: np.random.Generator) -> Any:
    """Replace every input spec in a (nested) argument structure by a fresh value."""
    if isinstance(spec, Arr):
        return jax.numpy.asarray(rng.uniform(spec.low, spec.high, spec.shape).astype(np.float32))
    if isinstance(spec, Ints):
        return jax.numpy.asarray(rng.integers(0, spec.high, spec.shape, dtype=np.int32))
    if isinstance(spec, Key):
        return jax.random.key(int(rng.integers(2**31)))
    if isinstance(spec, Dl):
        data = rng.uniform(spec.low, spec.high, spec.shape).astype(np.float32)
        return runtime_evidence.make_dlarray(data, spec.fmt)
    if isinstance(spec, (tuple, list)):
        return type(spec)(materialize(item, rng) for item in spec)
    if isinstance(spec, dict):
        return {k: materialize(v, rng) for k, v in spec.items()}
    return spec


def run_case(module: ModuleType, case: str, call: Call, observe: ObservationFactory,
             seed: int) -> CaseRun:
    """Run ``call`` transformed and plain. Never raises: whatever goes wrong in one case
    (a fixture bug, inputs that cannot be built) is that case's crash, and the others run."""
    try:
        return _run_case(module, case, call, observe, seed)
    except Exception as exc:  # reported per case; one broken case must not stop the rest
        return CaseRun(module.__file__, case, crash=_describe(exc, "case setup"))


def _run_case(module: ModuleType, case: str, call: Call, observe: ObservationFactory,
              seed: int) -> CaseRun:
    result = CaseRun(module.__file__, case)
    try:
        entry = resolve(module, call.entry)
        plain, disable_jit = _plain_callable(module, call, entry)
        reset = resolve(module, call.reset) if call.reset is not None else _nothing
        between = resolve(module, call.between) if call.between is not None else _nothing
    except AttributeError as exc:
        result.crash = f"recipe names a missing callable: {exc}"
        return result
    rng = np.random.default_rng(seed)
    inputs = [(frameworks.as_tensors(materialize(call.args, rng), module),
               frameworks.as_tensors(materialize(call.kwargs, rng), module)) for _ in range(2)]
    runtime_evidence.prepare(entry)
    frameworks.install()
    reset()
    with runtime_evidence.recorded() as hazards, TraceCounter(observe.fixture_files) as traces, \
            KeyRecorder(observe.fixture_files) as keys, frameworks.baked_warnings(observe.fixture_files) as baked:
        transformed = _run(entry, inputs, observe, between=between, on_call=(traces.next_call, keys.next_call))
        result.evidence.extend(traces.evidence() + keys.evidence())
    result.evidence.extend(baked)
    recorded = runtime_evidence.collect(hazards)
    if transformed.error is not None:
        error = transformed.error
        family = next((fam for kind, fam in TRACER_ERRORS if isinstance(error, kind)), None) or frameworks.error_family(error)
        if family is None:
            result.crash = _describe(error, "transformed run")
            return result
        where = frameworks.fixture_line(error, observe.fixture_files)
        result.evidence.append(Evidence(family, *where, f"{type(error).__name__} at trace time"))
        result.evidence.extend(recorded)
        return result
    result.evidence.extend(frameworks.graph_breaks(entry, *inputs[0], observe.fixture_files))
    reset()
    reference = _run(plain, inputs, observe, disable_jit=disable_jit, between=between)
    if reference.error is not None:
        result.crash = _describe(reference.error, "plain run")
        return result
    result.evidence.extend(_count_differences(transformed.events, reference.events))
    for hazard in recorded:
        if _corroborated(hazard, reference.events):
            result.evidence.append(hazard)
        else:
            result.notes.append(f"not corroborated by the plain run: line {hazard.line}: "
                                f"{hazard.detail}")
    drew = any(e.family == "ACC1" for e in (*transformed.events, *reference.events))
    same = _same_outputs(transformed.outputs, reference.outputs)
    if call.hidden_inputs and not (drew or same):
        result.evidence.append(Evidence(
            "ACC6", None, None, "outputs differ from the plain run's once the outside state changed"))
    elif not (drew or call.random_outputs or same):
        result.evidence.append(Evidence(
            None, None, None, "outputs of the transformed and the plain run differ"))
    return result


def _nothing() -> None:
    """The state change of a case that changes none."""


@dataclass
class _RunOutcome:
    outputs: list[Any]
    events: dict[Event, int]
    error: BaseException | None


def _run(fn: Callable[..., Any], inputs: list[tuple[Any, Any]],
         observe: Callable[[], Observation], disable_jit: bool = False,
         between: Callable[[], None] = _nothing, on_call: tuple[Callable[[], None], ...] = ()) -> _RunOutcome:
    """Call `fn` on each input, with `between` (a change of outside state) between calls;
    `on_call`: told before each call (the trace and key observers count per call)."""
    outputs: list[Any] = []
    error: BaseException | None = None
    with observe() as observation, jax.disable_jit(disable_jit):
        try:
            for i, (args, kwargs) in enumerate(inputs):
                if i:
                    between()
                for hook in on_call:
                    hook()
                outputs.append(jax.block_until_ready(frameworks.to_host(fn(*args, **kwargs))))
        except Exception as exc:  # the fixture's failure is the finding, not ours
            error = exc
    return _RunOutcome(outputs, dict(observation.events), error)


def _plain_callable(module: ModuleType, call: Call,
                    entry: Any) -> tuple[Callable[..., Any], bool]:
    """The plain callable, and whether it runs under ``jax.disable_jit()``: only the entry
    itself does. What an accelerated entry wraps is plain Python already, and disabling jit
    there would only make every runtime operation (a random draw is a whole threefry program)
    run primitive by primitive, many times slower."""
    if call.plain is not None:
        return resolve(module, call.plain), False
    underlying = runtime_evidence.underlying(entry)
    return (entry, True) if underlying is None else (underlying, False)


def _corroborated(hazard: Evidence, plain_events: dict[Event, int]) -> bool:
    """An ACC4 hazard the recorder reports bakes in a host effect, so running the same code
    plainly must show that effect at that line; JAX's own compile-time clock reads, which a
    recorder walking out of library frames may pin on the user line, do not pass."""
    if hazard.family != "ACC4" or hazard.line is None:
        return True
    return any(e.family == "ACC4" and (e.path, e.line) == (hazard.path, hazard.line)
               for e in plain_events)


def _describe(error: BaseException, phase: str) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{phase} raised {type(error).__name__}: {error}{where}".splitlines()[0]


def _count_differences(transformed: dict[Event, int], plain: dict[Event, int]) -> list[Evidence]:
    found = []
    for event in sorted(set(transformed) | set(plain), key=lambda e: (e.path, e.line, e.kind)):
        n_transformed, n_plain = transformed.get(event, 0), plain.get(event, 0)
        if n_transformed != n_plain:
            found.append(Evidence(event.family, event.path, event.line,
                                  f"{event.kind}: {n_transformed}x transformed, {n_plain}x plain"))
    return found


def _host(leaf: Any) -> np.ndarray:
    dtype = getattr(leaf, "dtype", None)
    if dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key):
        leaf = jax.random.key_data(leaf)
    return np.asarray(leaf)


def _same_outputs(left: list[Any], right: list[Any]) -> bool:
    left_leaves, right_leaves = jax.tree.leaves(left), jax.tree.leaves(right)
    if len(left_leaves) != len(right_leaves):
        return False
    for a, b in zip(left_leaves, right_leaves):
        a, b = _host(a), _host(b)
        if a.shape != b.shape:
            return False
        if np.issubdtype(a.dtype, np.number) and np.issubdtype(b.dtype, np.number):
            if not np.allclose(a, b, rtol=OUTPUT_RTOL, atol=OUTPUT_ATOL):
                return False
        elif not np.array_equal(a, b):
            return False
    return True
