# source: blind57:tf_hidden_distill_temp_1
# framework: TF
# A distillation loss object holds its softmax temperature as a Python float; the Distiller's
# tf.function train step calls it, and a temperature scheduler lowers it every epoch. The
# step was traced with the first temperature and keeps it.
# verify: not close(c.final_w, e.final_w)
import tensorflow as tf


class DistillLoss:
    def __init__(self, temperature=4.0):
        self.temperature = temperature

    def __call__(self, student_logits, teacher_logits):
        t = self.temperature  # label[a]: ACC6
        p = tf.nn.softmax(teacher_logits / t)
        return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(p, student_logits / t))


class Distiller:
    def __init__(self, loss):
        self.w = tf.Variable(tf.zeros([2, 3]))
        self.loss = loss

    @tf.function
    def train_step(self, x, teacher_logits):
        with tf.GradientTape() as tape:
            value = self.loss(x @ self.w, teacher_logits)
        self.w.assign_sub(0.5 * tape.gradient(value, self.w))
        return value


class TemperatureSchedule:
    def __init__(self, loss):
        self.loss = loss

    def on_epoch(self, epoch):
        self.loss.temperature = 4.0 / (1 + epoch)  # label[a]


def main(epochs=4):
    loss = DistillLoss()
    distiller, sched = Distiller(loss), TemperatureSchedule(loss)
    x, teacher = tf.ones([2, 2]), tf.constant([[3.0, 0.0, -3.0]] * 2)
    for epoch in range(epochs):
        sched.on_epoch(epoch)
        for _ in range(3):
            distiller.train_step(x, teacher)
    return distiller.w.numpy()


final_w = main()
