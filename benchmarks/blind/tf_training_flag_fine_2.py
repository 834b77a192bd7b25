# source: blind55:tf_training_flag_fine_2
# framework: TF
# label: none
# A Python bool `training` flag passed to a tf.function that alternates between training and
# validation batches: two values, so the traces stay bounded for the whole run (three here: the
# first call traces twice, as the layers create their variables, then one trace for False).
# verify: c.tf['forward'] <= 3
import tensorflow as tf

dense = tf.keras.layers.Dense(2)
drop = tf.keras.layers.Dropout(0.5)


@tf.function
def forward(x, training):
    return drop(dense(x), training=training)


for epoch in range(5):
    for batch in range(3):
        forward(tf.ones((4, 3)), True)
    forward(tf.ones((4, 3)), False)
