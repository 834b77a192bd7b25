# source: https://github.com/jax-ml/jax/issues/1033
# framework: JAX
# `jax.random.fold_in(base_key, i)` in a Python loop: in 2019 `fold_in` was jitted with its
# `data` argument static, so every new `i` compiled it again. It has long taken `data` as a
# traced value: the loop compiles `fold_in` once. Fine today. `do_something_random` is a
# normal draw; 20 passes.
# label: none
# verify: sum(v for k, v in c.jax.items() if "fold" in k) <= 2 and close(c.draws, e.draws)
import jax

N = 20
base_key = jax.random.PRNGKey(0)
draws = []
for i in range(N):
    draws.append(jax.random.normal(jax.random.fold_in(base_key, i)))
