# source: https://github.com/keras-team/keras-cv/pull/1746
# framework: TF
# label: none
# "Update quickstart for v0.5": the quickstart compiles an image classifier and then sets
# `model.backbone.trainable = False` ("Freeze backbone to avoid overfitting to small dataset")
# before `fit`; a reviewer asks "Doesn't it require to set `model.compile` right after changing
# the trainable attributes?", quoting the transfer-learning guide. Reduced to a classifier with a
# small `backbone` sub-model (keras-cv's ImageClassifier and dataset left out), the flag set after
# `compile` and before the first `fit`. On Keras 3.15 `fit` traces its step after the change, so
# the backbone stays frozen and the head trains, as in eager: fine (the recompile matters only once
# a train function exists).
# verify: c.backbone_unchanged and not c.head_unchanged and close(c.losses, e.losses)
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)


class Classifier(keras.Model):
    def __init__(self):
        super().__init__()
        self.backbone = keras.Sequential([layers.Dense(8, activation="relu"), layers.Dense(8)])
        self.head = layers.Dense(3, activation="softmax")

    def call(self, x):
        return self.head(self.backbone(x))


model = Classifier()
model(np.zeros((1, 4), "float32"))
model.compile(
    loss="categorical_crossentropy",
    optimizer=keras.optimizers.Adam(learning_rate=1e-2),
    metrics=["accuracy"],
)

# Freeze backbone to avoid overfitting to small dataset
model.backbone.trainable = False

x = np.random.rand(32, 4).astype("float32")
y = keras.utils.to_categorical(np.random.randint(0, 3, 32), 3)
backbone_before = [w.copy() for w in model.backbone.get_weights()]
head_before = [w.copy() for w in model.head.get_weights()]
history = model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
losses = history.history["loss"]
backbone_unchanged = all(np.allclose(a, b) for a, b in zip(backbone_before, model.backbone.get_weights()))
head_unchanged = all(np.allclose(a, b) for a, b in zip(head_before, model.head.get_weights()))
print(backbone_unchanged, head_unchanged)
