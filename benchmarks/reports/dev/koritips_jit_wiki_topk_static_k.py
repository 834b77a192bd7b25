# source: https://git.koritips.com/bluemsi/2nd/src/commit/95cd8bb891bf94ea5dd50e4a490ee17d5707ecf2/10_Wiki/Topics/Other/Just-In-Time%20%28JIT%29.md
# framework: JAX
# A wiki note on JIT, "Pattern 3: Static argnums (avoid retrace)": `topk` is jitted with `k`
# static, called with k=10 and k=20, "separate compilation" for each k. Two values, two
# compiles, each reused: the static argument does what the note says. Beside it the note's
# Pattern 1, a jitted attention called on one shape. A fine look-alike of static-argument storms.
# label: none
# verify: c.jax['topk'] == 2 and c.jax['attention'] == 1 and close(c.results, e.results)
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def attention(q, k, v):
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", weights, v)


@partial(jax.jit, static_argnums=(1,))
def topk(logits, k):
    return jax.lax.top_k(logits, k)


keys = jax.random.split(jax.random.PRNGKey(0), 4)
q = k = v = jax.random.normal(keys[0], (1, 2, 4, 8))
out = attention(q, k, v)
out = attention(q, k, v)
logits = jax.random.normal(keys[1], (32,))
results = []
for _ in range(3):
    results.append(topk(logits, 10)[0])
    results.append(topk(logits, 20)[0])
print(out.shape, [r.shape for r in results])
