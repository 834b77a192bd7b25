# source: blind58:acc604_torch_fine_guarded_attr_4
# framework: PyTorch
# label: none
# A compiled detector's forward calls a postprocessor object's method that reads its float
# threshold; a calibration helper rewrites the threshold between calls. Dynamo guards the
# attribute it read, so each call uses the current threshold.
# verify: close(c.counts, e.counts) and 1 <= c.torch['forward'] <= 3
import torch


class Postprocessor:
    def __init__(self):
        self.threshold = 0.5

    def keep(self, scores):
        return (scores > self.threshold).sum()


class Detector(torch.nn.Module):
    def __init__(self, post):
        super().__init__()
        self.post = post

    def forward(self, scores):
        return self.post.keep(scores)


def calibrate(post, target):
    post.threshold = target


post = Postprocessor()
detector = torch.compile(Detector(post))
scores = torch.tensor([0.2, 0.4, 0.6, 0.8])
counts = []
for target in (0.5, 0.3, 0.7, 0.1):
    calibrate(post, target)
    counts.append(int(detector(scores)))
