"""``onehotencode`` and ``onehotdecode``: class labels to one-hot arrays and back.

MATLAB encodes categorical arrays; here labels are any array of class values and ``classes``
lists the categories (by default the sorted unique labels, as a categorical made from them).
``feature_dim`` is 0-based, like every dimension in this runtime.
"""

import jax.numpy as jnp
import numpy as np

from .dlarray import dlarray
from .functions import extractdata
from .options import name_value


@name_value(aliases={"ClassNames": "classes"})
def onehotencode(labels, feature_dim, classes=None, fmt=""):
    """One-hot encode ``labels`` along a new axis ``feature_dim`` (an existing axis of size 1
    there is replaced, as MATLAB requires one); float32, a dlarray when ``fmt`` is given.

    ``onehotencode(np.array([2, 0]), 0, classes=[0, 1, 2])`` is the ``3 x 2`` array
    ``[[0, 1], [0, 0], [1, 0]]``. A label not in ``classes`` is a ``ValueError``.
    """
    labels = np.asarray(labels)
    classes = np.unique(labels) if classes is None else np.asarray(classes)
    if labels.ndim > feature_dim and labels.shape[feature_dim] == 1:
        labels = np.squeeze(labels, feature_dim)
    matches = labels[..., None] == classes
    unknown = ~matches.any(axis=-1)
    if unknown.any():
        raise ValueError(f"onehotencode: label {labels[unknown][0]!r} is not one of the classes "
                         f"{classes.tolist()}")
    encoded = jnp.moveaxis(jnp.asarray(matches, jnp.float32), -1, feature_dim)
    return dlarray(encoded, fmt) if fmt else encoded


def onehotdecode(scores, classes, feature_dim):
    """The class of the largest score along ``feature_dim`` (that axis is removed):
    ``onehotdecode(Y, classes, 0)`` for ``"CB"`` predictions gives one label per observation.

    Decoding reads values on the host: inside an accelerated or differentiated function it is
    a host conversion of a traced value (ACC3), as ``extractdata``.
    """
    data = np.asarray(extractdata(scores)) if isinstance(scores, dlarray) else np.asarray(scores)
    return np.asarray(classes)[np.argmax(data, axis=feature_dim)]
