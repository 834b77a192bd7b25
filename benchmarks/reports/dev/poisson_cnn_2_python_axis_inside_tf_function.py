# source: https://github.com/aligirayhanozbay/poisson_CNN/issues/2
# framework: TF
# A static checker reported the Python `k` from a `for` loop passed to the tf.function
# `find_neighbouring_indices_along_axis`. The loop is inside another tf.function: it runs only
# while that one is traced, once per spatial dimension (two here), and the traces are reused on
# every later call. Fine.
# label: none
# verify: c.tf['find_neighbouring_indices_along_axis'] <= 2 and c.tf['find_neighbouring_indices'] == 1
import tensorflow as tf


@tf.function
def find_neighbouring_indices_along_axis(grid_sizes, quadrature_coords_along_axis, dim):
    dim_size = grid_sizes[dim]
    dx = tf.cast(2 / (dim_size - 1), tf.float32)
    lower_idx = tf.cast(tf.math.floor((quadrature_coords_along_axis + 1) / dx), tf.int32)
    upper_idx = tf.cast(tf.math.ceil((quadrature_coords_along_axis + 1) / dx), tf.int32)
    return tf.stack([lower_idx, upper_idx], 1)


def find_neighbouring_indices_wrapper(quadrature_coords, data_format):
    @tf.function
    def find_neighbouring_indices(grid_shape):
        if data_format == "channels_first":
            grid_shape = grid_shape[2:]
        return_list = []
        for k, item in enumerate(quadrature_coords):
            return_list.append(find_neighbouring_indices_along_axis(grid_shape, item, k))
        return return_list

    return find_neighbouring_indices


coords = [tf.linspace(-0.9, 0.9, 5), tf.linspace(-0.8, 0.8, 5)]
find = find_neighbouring_indices_wrapper(coords, "channels_first")
for step in range(10):
    indices = find(tf.constant([1, 1, 17, 33]))
