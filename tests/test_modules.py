"""Framework module classes (acclint.analysis.modules): a module method is no transform
boundary. Its first input is traced; its other parameters hold what the calls the analysis sees
pass (a mode string, a flag, an index) and are unknown otherwise. A module's own state (nnx
variables, frozen linen/equinox modules, haiku modules) is no ACC409. Each false-finding shape
from real code is silent here, and its hazardous twin is still found."""

import pytest

from labelled import assert_labels_match
from acclint.run.config import Settings

PEDANTIC = Settings(strictness="pedantic")

CASES = {
    # A layer's mode and flags, from real LLM code: nobody the analysis sees passes them, so
    # they stay unknown; the input is still traced.
    "linen layer flags are no tracers": """
        import flax.linen as nn

        MODEL_MODE_PREFILL = "prefill"

        class DecoderLayer(nn.Module):
            @nn.compact
            def __call__(self, inputs, decoder_positions, deterministic, model_mode):
                if model_mode == MODEL_MODE_PREFILL:
                    inputs = inputs * 2
                if inputs.sum() > 0:  # expect: ACC201
                    return inputs
                return -inputs
    """,
    "nnx layer index arguments are no tracers": """
        from flax import nnx

        class Decoder(nnx.Module):
            def __call__(self, y, start_idx, end_idx, engram_indices):
                current_idx = start_idx
                while current_idx < end_idx:
                    later = [l for l in engram_indices if l > current_idx]
                    current_idx += 1
                return y
    """,
    # The submodule's call is seen: its parameters take the kinds the caller passes.
    "a submodule called with a traced flag": """
        import jax.numpy as jnp
        from flax import nnx

        class Block(nnx.Module):
            def __call__(self, x, gate):
                if gate:  # expect: ACC201
                    return x * 2
                return x

        class Model(nnx.Module):
            def __init__(self):
                self.block = Block()

            def __call__(self, x):
                return self.block(x, jnp.mean(x) > 0)
    """,
    "a submodule called with a static flag": """
        from flax import nnx

        class Block(nnx.Module):
            def __call__(self, x, mode):
                if mode > 1:
                    return x * 2
                return x

        class Model(nnx.Module):
            def __init__(self):
                self.block = Block()

            def __call__(self, x):
                return self.block(x, 2)
    """,
    "a compact submodule and its returned value": """
        import flax.linen as nn

        class Inner(nn.Module):
            @nn.compact
            def __call__(self, x, scale):
                return nn.Dense(3)(x) * scale

        class Outer(nn.Module):
            @nn.compact
            def __call__(self, x):
                y = Inner()(x, x.mean())
                if y.sum() > 0:  # expect: ACC201
                    return y
                return -y
    """,
    "a starred argument reaches only the parameters after the explicit ones": """
        import jax

        def apply_layers(y, start_idx, end_idx, *args):
            current_idx = start_idx
            while current_idx < end_idx:
                current_idx += 1
            if args[0].sum() > 0:  # expect: ACC201
                return y
            return y

        @jax.jit
        def step(y, extra):
            layer_args = (extra, y)
            return apply_layers(y, 0, 4, *layer_args)
    """,
    "a starred argument before an explicit one may reach any parameter": """
        import jax

        def apply_layers(y, start_idx, end_idx):
            if start_idx < end_idx:  # expect: ACC201
                return y
            return -y

        @jax.jit
        def step(y, extra):
            return apply_layers(*(y,), extra, 4)
    """,
    # `lax.scan` returns the pytree its body builds (verified): splitting it is no array op.
    "a scan's stacked state is a pytree": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def run(layer_fn, inputs, params, state):
            final_carry, scanned_state = jax.lax.scan(layer_fn, inputs, (params, state))
            scanned_params, scanned_other = scanned_state.split(0)
            if scanned_params:
                scanned_params = jax.tree.map(lambda x: jnp.moveaxis(x, 0, 1), scanned_params)
            if final_carry.sum() > 0:  # expect: ACC201
                return scanned_params
            return scanned_other
    """,
    # shard_map hands an argument whose `in_specs` entry is None over as it is (verified: a
    # Python int stays one); one with a PartitionSpec is traced.
    "shard_map passes None-spec arguments through": """
        import functools
        import jax
        from jax.sharding import PartitionSpec as P

        def attention(mesh, query, cp_size):
            @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), None, P()), out_specs=P())
            def wrap(query, cp_size, scale):
                if cp_size > 1:
                    query = query * 2
                if scale > 0:  # expect: ACC201
                    return query
                return -query

            return wrap(query, cp_size, query.sum())
    """,
    # From a haiku model: the scan carry is a dict of arrays; iterating it gives its keys.
    "iterating a dict of arrays gives static keys": """
        import haiku as hk
        import jax.numpy as jnp

        def ensemble(batch, representations):
            def ensemble_body(x, unused_y):
                representations, safe_key = x
                update = {k: v * 2 for k, v in representations.items()}
                for k in representations:
                    if k not in {"msa", "true_msa"}:
                        representations[k] += update[k]
                for row in representations["pair"]:
                    if row.sum() > 0:  # expect: ACC201
                        break
                return (representations, safe_key), None

            (representations, _), _ = hk.scan(ensemble_body, (representations, batch), None, length=2)
            return representations
    """,
    # A Pallas kernel's emit_pipeline body writes its output Refs (`out_ref[0] += ...`, here in
    # a lax.cond branch); appending to a module-level list there is still a mutation.
    "an emit_pipeline body writes its refs": """
        import functools
        import jax
        import jax.numpy as jnp
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu

        LOG = []

        def inner_kernel(x_ref, out_ref, partial_ref):
            def finalize():
                out_ref[0] += jnp.where(pl.program_id(1) == 0, 0.0, partial_ref[...])
                LOG.append(1)  # expect: ACC406

            jax.lax.cond(pl.program_id(0) == 0, finalize, lambda: None)

        def kernel_main(x_hbm, out_hbm, partial_ref):
            pipeline = pltpu.emit_pipeline(functools.partial(inner_kernel, partial_ref=partial_ref), grid=(2, 2))
            pipeline(x_hbm, out_hbm)

        @jax.jit
        def gmm(x):
            return pl.pallas_call(kernel_main, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
    """,
    # Module state.
    "module state is the framework's": """
        import haiku as hk
        import flax.linen as nn
        from flax import nnx

        class losses(nnx.Intermediate):
            pass

        class Attention(nnx.Module):
            def __init__(self):
                self.proj = nnx.Linear(4, 4, rngs=nnx.Rngs(0))

            def __call__(self, x):
                y = self.proj(x)
                self.max_logits = nnx.Intermediate(y.max())
                self.losses = losses(y.sum())
                return y

        class Encoder(hk.Module):
            def __call__(self, x):
                self.representations = {"hidden": x * 2}
                return self.representations["hidden"]

        class Frozen(nn.Module):
            @nn.compact
            def __call__(self, x):
                self.last = x
                return x
    """,
    "a bare array on an nnx module, and a jitted bound method, are still writes": """
        import jax
        from flax import nnx

        class Attention(nnx.Module):
            def __init__(self):
                self.proj = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
                self.step = jax.jit(self._step)

            def __call__(self, x):
                y = self.proj(x)
                self.kl_loss = y.sum()  # expect: ACC409
                return y

            def _step(self, x):
                self.seen = nnx.Intermediate(x)  # expect: ACC409
                return x
    """,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_module_case(name):
    assert_labels_match(CASES[name])


def test_unreached_flags_are_unknown_not_static():
    """Pedantic reports what may be traced: a mode nobody the analysis sees passes may be."""
    source = """
        import flax.linen as nn

        class Layer(nn.Module):
            @nn.compact
            def __call__(self, x, cp_size):
                if cp_size > 1:  # expect: ACC201
                    return x
                return -x
    """
    assert_labels_match(source, PEDANTIC)


def test_lifted_scan_body_takes_the_call_kinds():
    """`nn.scan(Cell, ...)(...)(carry, xs, mode)`: the body's carry and slice are traced and its
    broadcast mode holds what the caller passes (the class may be applied elsewhere too, so an
    unseen reach keeps the mode unknown: pedantic reports it; acclint.analysis.modules)."""
    source = """
        import flax.linen as nn

        class Cell(nn.Module):
            @nn.compact
            def __call__(self, carry, x, mode):
                if mode == 2:
                    carry = carry * 2
                if x.sum() > 0:  # expect: ACC201
                    return carry, x
                return carry, -x

        class Scanned(nn.Module):
            @nn.compact
            def __call__(self, xs):
                scan = nn.scan(Cell, variable_broadcast="params", split_rngs={"params": False}, in_axes=(0, nn.broadcast))
                _, ys = scan()(xs[0], xs, 2)
                return ys
    """
    assert_labels_match(source)


def test_kernel_parameters_bound_by_partial_are_not_traced():
    """`emit_pipeline(partial(inner_kernel, cfgs=cfgs), ...)`: `cfgs` is the caller's Python
    config, not a Ref; the Refs stay unknown (pedantic reports a branch on one)."""
    source = """
        import functools
        import jax
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu

        def inner_kernel(x_ref, out_ref, *, cfgs):
            def finalize():
                if cfgs.has_bias:
                    out_ref[...] = x_ref[...] + 1.0
                if x_ref[0] > 0:  # expect: ACC201
                    out_ref[...] = x_ref[...]

            jax.lax.cond(pl.program_id(0) == 0, finalize, lambda: None)

        def kernel_main(x_hbm, out_hbm, cfgs):
            pltpu.emit_pipeline(functools.partial(inner_kernel, cfgs=cfgs), grid=(2,))(x_hbm, out_hbm)

        def gmm(x, cfgs):
            return pl.pallas_call(functools.partial(kernel_main, cfgs=cfgs), out_shape=x)(x)

        run = jax.jit(gmm, static_argnums=1)
    """
    assert_labels_match(source, PEDANTIC)
