# source: https://github.com/AhmetFurkanDEMIR/Istanbul-through-the-eyes-of-the-computer/issues/11
# framework: TF
# A static checker's report on a copy of the Object Detection API's model_lib_v2.py:
# `eager_eval_loop` defines the tf.function `compute_eval_dict` in its body and is called in a
# loop (once per checkpoint in `eval_continuously`), so each evaluation makes a new tf.function
# that traces again. Written from the report's description of the structure (its code is in
# the linked repository): the detection model is a Dense layer, the loop `num_checkpoints`.
# verify: c.tf['compute_eval_dict'] >= 8
import tensorflow as tf


def eager_eval_loop(detection_model, eval_dataset):
    @tf.function  # label[s]
    def compute_eval_dict(features, labels):
        prediction = detection_model(features, training=False)
        losses = tf.reduce_mean(tf.square(prediction - labels))
        return {"loss": losses}

    eval_metrics = []
    for i, (features, labels) in enumerate(eval_dataset):
        eval_dict = compute_eval_dict(features, labels)  # label[s]: ACC5
        eval_metrics.append(eval_dict["loss"])
    return tf.reduce_mean(eval_metrics)


def eval_continuously(detection_model, eval_dataset, num_checkpoints):
    for latest_checkpoint in range(num_checkpoints):
        eager_eval_loop(detection_model, eval_dataset)  # label[s]


detection_model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
eval_dataset = tf.data.Dataset.from_tensor_slices((tf.ones((6, 4)), tf.ones((6, 1)))).batch(2)
num_checkpoints = 10
eval_continuously(detection_model, eval_dataset, num_checkpoints)
