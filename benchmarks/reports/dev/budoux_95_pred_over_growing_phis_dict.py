# source: https://github.com/google/budoux/pull/95
# framework: JAX
# The pull request jit-compiles BudouX's AdaBoost training: `update_weight` is jitted once and
# called with the same shapes on every iteration (fine), and `pred` gets `@jit` too. But `pred`
# takes `phis`, a dict from feature index to score that the loop grows whenever an iteration
# picks a feature it has not picked before (`phis.setdefault(m_best, 0)`): a dict with a new
# key is a new pytree structure, so `output_progress` traces and compiles `pred` again almost
# every time it runs. The module holds `scripts/train.py` as merged (commit 83a65dc), reduced:
# the weight file and log file writes and the metrics are dropped, `chunk_size` is None, the
# data is random instead of an encoded corpus, `iters` and `out_span` come from the caller.
# verify: c.jax['pred'] >= 8
import typing

import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from jax import device_put, jit

EPS = np.finfo(float).eps


@jit
def pred(phis: typing.Dict[int, float],
         X: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
  alphas = jnp.array(list(phis.values()))
  y = 2 * (
      X[:, list(phis.keys())] == True  # noqa (cannot replace `==` with `is`)
  ) - 1
  result: npt.NDArray[np.bool_] = y.dot(alphas) > 0
  return result


@jit
def update_weight(
    w: npt.NDArray[np.float64], YX: npt.NDArray[np.bool_]
) -> typing.Tuple[npt.NDArray[np.float64], float, int, bool]:
  res = w.dot(YX)
  err = 0.5 - jnp.abs(res - 0.5)
  m_best = err.argmin()
  pol_best = res.at[m_best].get() < 0.5
  err_min = err.at[m_best].get()
  alpha = jnp.log((1 - err_min) / (err_min + EPS))
  w = w * jnp.exp(alpha * (YX[:, m_best] == pol_best))
  w = w / w.sum()
  return w, alpha, m_best, pol_best


def fit(X_train, Y_train, X_test, Y_test, features, iters, out_span):
  phis: typing.Dict[int, float] = dict()
  phi_buffer: typing.List[typing.Tuple[str, float]] = []

  X_train = device_put(X_train)
  Y_train = device_put(Y_train)
  X_test = device_put(X_test)
  Y_test = device_put(Y_test)
  N_train, _ = X_train.shape
  w = jnp.ones(N_train) / N_train
  YX_train = Y_train[:, None] ^ X_train

  def output_progress(t: int) -> None:
    phi_buffer.clear()
    pred_train = pred(phis, X_train)  # label[a]: ACC5
    pred_test = pred(phis, X_test)  # label[a]
    print('=== %s ===' % t)
    print('train accuracy:\t%.5f' % float(jnp.mean(pred_train == Y_train)))
    print('test accuracy:\t%.5f' % float(jnp.mean(pred_test == Y_test)))

  for t in range(iters):
    w, alpha, m_best, pol_best = update_weight(w, YX_train)
    w.block_until_ready()
    m_best = int(m_best)
    alpha_signed = alpha if pol_best else -alpha
    phis.setdefault(m_best, 0)
    phis[m_best] += alpha_signed
    feature = features[m_best] if m_best < len(features) else 'BIAS'
    phi_buffer.append((feature, alpha_signed))
    if (t + 1) % out_span == 0:
      output_progress(t + 1)  # label[a]
  if len(phi_buffer) > 0:
    output_progress(t + 1)

  return phis


rng = np.random.default_rng(0)
features = ['UW%d' % i for i in range(40)]
X = rng.random((200, len(features) + 1)) < 0.5
X[:, -1] = True  # the BIAS column
Y = (X[:, :20].sum(axis=1) + rng.normal(0, 2, 200)) > 10
X_train, X_test, Y_train, Y_test = X[:180], X[180:], Y[:180], Y[180:]
iterations, out_span = 12, 1
phis = fit(X_train, Y_train, X_test, Y_test, features, iterations, out_span)
