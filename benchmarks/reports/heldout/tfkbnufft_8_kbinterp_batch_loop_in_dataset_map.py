# source: https://github.com/zaccharieramzi/tfkbnufft/issues/8
# framework: TF
# `kbinterp` loops over the batch with `for b in tf.range(tf.shape(x)[0])` and appends each
# element's interpolation to a Python list; used in a dataset pipeline it fails ("iterating
# over `tf.Tensor` is not allowed"), the maintainer notes, "because of `for b in
# tf.range(tf.shape(x)[0])`". `kbinterp`'s loop as in the package; the interpolation
# (`run_interp`, a tf.function) is reduced to a gather of the nearest grid points, the
# fftshift phase is kept, and the data are small. Run on TF 2.21, mapping the pipeline fails:
# AutoGraph converts the loop, and the list it grows raises InaccessibleTensorError.
# verify: c.error is not None
import math as m

import tensorflow as tf


@tf.function
def run_interp(griddat, tm, params):
    dims = params['dims']
    arr_ind = tf.math.floormod(tf.cast(tf.round(tm[0]), tf.int64), dims[-1])
    return tf.gather(griddat, arr_ind, axis=1)


def kbinterp(x, om, interpob):
    n_shift = interpob['n_shift']
    n_shift = tf.cast(n_shift, om.dtype)
    grid_size = tf.cast(interpob['grid_size'], om.dtype)
    pi = tf.constant(m.pi)
    tm = om * grid_size[None, :, None] / tf.cast(2 * pi, om.dtype)
    params = {'dims': None}

    y = []
    # run the table interpolator for each batch element
    for b in tf.range(tf.shape(x)[0]):  # label: ACC2
        params['dims'] = tf.cast(tf.shape(x[b])[1:], 'int64')
        y.append(run_interp(tf.reshape(x[b], (tf.shape(x)[1], -1)), tm[b], params))
        # phase for fftshift
        y[-1] = y[-1] * tf.exp(1j * tf.cast(tf.linalg.matvec(tf.transpose(om[b]), n_shift), y[-1].dtype))[None, ...]

    y = tf.stack(y)
    return y


interpob = {'n_shift': [4.0, 4.0], 'grid_size': [16.0, 16.0]}
images = tf.complex(tf.random.uniform([6, 1, 256]), tf.zeros([6, 1, 256]))
trajectories = tf.random.uniform([6, 2, 32], -m.pi, m.pi)
ds = tf.data.Dataset.from_tensor_slices((images, trajectories)).batch(2)
error = None
try:
    ds = ds.map(lambda x, om: kbinterp(x, om, interpob))
    kspace = [y for y in ds]
except Exception as exc:  # the pipeline fails while the map function is traced
    error = f"{type(exc).__name__}: {exc}"
print(error)
