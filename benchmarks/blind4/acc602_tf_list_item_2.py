# source: blind58:acc602_tf_list_item_2
# framework: TF
# A tf.function weighted loss reads per-class weights from a module-level Python list, and a
# rebalancing step overwrites one element after counting labels. The trace kept the old list.
# verify: not close(c.losses, e.losses)
import tensorflow as tf

CLASS_WEIGHTS = [1.0, 1.0]


@tf.function
def weighted_loss(per_class):
    return per_class[0] * CLASS_WEIGHTS[0] + per_class[1] * CLASS_WEIGHTS[1]  # label[a]: ACC602


def rebalance(counts):
    CLASS_WEIGHTS[1] = counts[0] / max(counts[1], 1)  # label[a]


losses = []
for counts in ([10, 10], [10, 5], [10, 2]):
    rebalance(counts)
    losses.append(weighted_loss(tf.constant([1.0, 1.0])).numpy())
