# source: https://github.com/secretflow/secretflow/issues/406
# framework: JAX
# "Weird jax operations in spu": a k-means step compiled by SPU (which jit-traces the JAX code)
# updates each centroid with `X[labels == j].mean(axis=0)`: the boolean index depends on traced
# labels ("Array boolean indices must be concrete"). Reduced to plain jax.jit.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


@jax.jit
def kmeans_step(X, centroids):
    n_clusters = centroids.shape[0]
    labels = jnp.argmin(((X[:, None, :] - centroids[None]) ** 2).sum(-1), axis=1)
    for j in range(n_clusters):
        centroids = centroids.at[j].set(X[labels == j].mean(axis=0))  # label: ACC3
    return centroids


X = jnp.array([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0], [5.1, 4.9]])
error = None
r = None
try:
    r = kmeans_step(X, jnp.array([[0.0, 0.0], [5.0, 5.0]]))
except Exception as exc:
    error = type(exc).__name__
print(error, r)
