# source: https://github.com/BirkhoffG/jax-dataloader/issues/2
# framework: JAX
# Label: fine look-alike. The user jitted a function taking the data loader and got "is not a
# valid JAX type"; the maintainer answers to mark it static (`static_argnames=["train_loader"]`),
# as kept here. The function makes its iterator inside the trace and draws the first batch to
# print its shapes, which are static; it is called once, as in the thread, so the batch it
# bakes in is the one wanted (a training loop calling it again would get the same batch: the
# user concludes "we don't need to jit the data loader class"). jax-dataloader 0.1.4 spells the
# report's `jdl.Dataset` and `jdl.DataLoaderJax` as `jdl.ArrayDataset` and
# `jdl.DataLoader(..., 'jax', ...)`; MNIST is a stand-in of the same shapes.
# label: none
# verify: c.jax['foo'] == 1 and "(5, 28, 28) (5,)" in c.out
from functools import partial

import jax
import numpy as np
import jax_dataloader as jdl

X, Y = np.zeros((20, 28, 28), np.uint8), np.zeros((20,), np.int64)
ds = jdl.ArrayDataset(X, Y)
train_loader = jdl.DataLoader(ds, 'jax', batch_size=5, shuffle=False, drop_last=False)

@partial(jax.jit, static_argnames=["train_loader"])
def foo(train_loader):
    train_iter = iter(train_loader)
    Xtr, Ytr = next(train_iter)
    print(Xtr.shape, Ytr.shape, Xtr[0].shape, Ytr[0].shape) # 5, 28, 28) (5,) (28, 28) ()

foo(train_loader)
