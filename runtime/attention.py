"""Attention: ``attention`` (multi-head scaled dot-product, with a causal mask) and
``SelfAttentionLayer``, as MATLAB's.

``attention(queries, keys, values, num_heads, attention_mask="none", scale=None)`` takes
``"CBT"`` data whose channels hold the heads side by side (``num_heads * head_size``; head
``k`` is channels ``k * head_size`` to ``(k + 1) * head_size - 1``, as MATLAB splits them) and
returns ``(Y, weights)``: ``Y`` is ``"CBT"`` with the values' channels and the queries' time
steps, ``weights`` the attention scores ``(Tk, Tq, num_heads, B)`` (MATLAB's layout), after the
softmax over keys. ``scale`` defaults to ``1 / sqrt(head_size)``; ``attention_mask="causal"``
lets a query attend only to keys at its own and earlier time steps, and a boolean array
``(Tk, Tq)`` or ``(Tk, Tq, num_heads, B)`` (true: attend) is taken as given.
"""

import math

import jax
import jax.numpy as jnp

from .dlarray import apply, dlarray
from .layers import Layer, channels_of, filled, glorot
from .nn import fullyconnect, require_format
from .options import choice, name_value
from .primitive import Primitive


def _attention_impl(q, k, v, mask, *, num_heads, scale):
    def heads(x):  # (C, B, T) -> (heads, head_size, B, T): head n is channels n*size...
        return x.reshape(num_heads, x.shape[0] // num_heads, *x.shape[1:])

    scores = jnp.einsum("hdbq,hdbk->kqhb", heads(q), heads(k)) * scale  # (Tk, Tq, heads, B)
    if mask is not None:
        mask = mask.reshape(mask.shape + (1,) * (4 - mask.ndim))
        scores = jnp.where(mask, scores, -jnp.inf)
    weights = jax.nn.softmax(scores, axis=0)
    y = jnp.einsum("hdbk,kqhb->hdbq", heads(v), weights)
    return y.reshape(v.shape[0], *y.shape[2:]), weights


ATTENTION = Primitive("attention", _attention_impl, static=("num_heads", "scale"),
                      multiple_results=True)


def _mask(attention_mask, tk, tq):
    if isinstance(attention_mask, str):
        if choice(attention_mask, ("none", "causal"), "attention_mask (or a boolean array)") \
                == "none":
            return None
        return jnp.arange(tk)[:, None] <= jnp.arange(tq)[None, :]
    mask = jnp.asarray(attention_mask._data if isinstance(attention_mask, dlarray)
                       else attention_mask)
    if mask.dtype != jnp.bool_ or mask.shape[:2] != (tk, tq):
        raise ValueError(f"an attention mask array must be boolean of size ({tk}, {tq}) or "
                         f"({tk}, {tq}, heads, B), got {mask.dtype} {tuple(mask.shape)}")
    return mask


@name_value(unsupported=("DataFormat", "DropoutProbability", "PaddingMask", "PaddingMaskFormat"))
def attention(queries, keys, values, num_heads, attention_mask="none", scale=None):
    """Multi-head scaled dot-product attention; see the module docstring."""
    for name, x in (("queries", queries), ("keys", keys), ("values", values)):
        require_format(x, f"attention ({name})")
        if x.fmt != "CBT":
            raise ValueError(f"attention needs 'CBT' {name}, got {x.fmt!r}")
        if x.shape[0] % num_heads:
            raise ValueError(f"attention: the {x.shape[0]} channels of the {name} do not split "
                             f"into {num_heads} heads")
    if queries.shape[0] != keys.shape[0] or keys.shape[2] != values.shape[2]:
        raise ValueError("attention: queries and keys need the same channels, keys and values "
                         f"the same time steps; got {queries.shape}, {keys.shape}, "
                         f"{values.shape}")
    head_size = queries.shape[0] // num_heads
    scale = 1.0 / math.sqrt(head_size) if scale is None else float(scale)
    mask = _mask(attention_mask, keys.shape[2], queries.shape[2])
    return apply(ATTENTION, (queries, keys, values, mask),
                 {"num_heads": int(num_heads), "scale": scale}, ("CBT", ""))


class SelfAttentionLayer(Layer):
    """MATLAB's ``selfAttentionLayer(numHeads, numKeyChannels, AttentionMask="none")``: the
    queries, keys and values are learnt projections of the ``"CBT"`` input (``num_key_channels``
    channels each, split into ``num_heads`` heads), and the output is projected back to the
    input's channels (MATLAB's default ``OutputSize``). Glorot weights, zero biases.
    ``attention_mask`` is ``"none"`` or ``"causal"``."""

    learnable_names = ("query_weights", "key_weights", "value_weights", "output_weights",
                       "query_bias", "key_bias", "value_bias", "output_bias")

    @name_value(unsupported=("DropoutProbability", "OutputSize", "HasPaddingMaskInput"))
    def __init__(self, num_heads, num_key_channels, attention_mask="none", name=""):
        super().__init__(name)
        if num_key_channels % num_heads:
            raise ValueError(f"num_key_channels {num_key_channels} must be a multiple of "
                             f"num_heads {num_heads}")
        self.num_heads, self.num_key_channels = int(num_heads), int(num_key_channels)
        # configuration: a hashable string
        self.attention_mask = choice(attention_mask, ("none", "causal"), "attention_mask")
        for attr in self.learnable_names:
            setattr(self, attr, None)

    def initialize(self, x):
        channels, keys = channels_of(x, "SelfAttentionLayer"), self.num_key_channels
        shapes = {"query": (keys, channels), "key": (keys, channels), "value": (keys, channels),
                  "output": (channels, keys)}
        for part, (rows, columns) in shapes.items():
            if getattr(self, f"{part}_weights") is None:
                setattr(self, f"{part}_weights", glorot((rows, columns), columns, rows))
            if getattr(self, f"{part}_bias") is None:
                setattr(self, f"{part}_bias", filled(rows, 0.0))

    def predict(self, x):
        project = fullyconnect  # "CBT" in, "CBT" out: the projection at each time step
        q = project(x, self.query_weights, self.query_bias)
        k = project(x, self.key_weights, self.key_bias)
        v = project(x, self.value_weights, self.value_bias)
        y, _ = attention(q, k, v, self.num_heads, self.attention_mask)
        return project(y, self.output_weights, self.output_bias)
