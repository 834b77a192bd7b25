# source: https://github.com/idiap/coqui-ai-TTS/pull/390
# framework: PyTorch
# "fix: don't convert to int to avoid constant value in onnx exports" (fixes #315, "Onnx exported
# model outputs an audio of fixed length"): a value converted to a Python `int` in VITS's
# inference becomes a constant of the traced export (TracerWarning), so the exported model
# always produces the length of the export's dummy input - longer sentences are trimmed,
# shorter ones padded. Reduced to the mask of output frames built from the predicted lengths
# with `int(...max())`, traced with a 5-token input: a 9-token input still yields the 10 frames
# of the dummy, where eager yields 18.
# verify: c.traced_frames == 10 and c.eager_frames == 18 and c.same_size_ok
import warnings

import torch
import torch.nn as nn

warnings.simplefilter("ignore")


def sequence_mask(sequence_length, max_len=None):
    if max_len is None:
        max_len = int(sequence_length.max())  # label: ACC3
    seq_range = torch.arange(max_len, dtype=sequence_length.dtype)
    return seq_range.unsqueeze(0) < sequence_length.unsqueeze(1)


class VitsInference(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(32, 4)

    def forward(self, x):
        durations = torch.full(x.shape, 2.0)  # a duration predictor's output: two frames a token
        y_lengths = torch.clamp_min(torch.sum(torch.ceil(durations), [1]), 1).long()
        y_mask = sequence_mask(y_lengths, None).float()
        return y_mask[:, :, None] * self.emb(x).mean(1, keepdim=True)


model = VitsInference().eval()
traced = torch.jit.trace(model, torch.randint(0, 32, (1, 5)))
x5 = torch.randint(0, 32, (1, 5))
same_size_ok = torch.allclose(traced(x5), model(x5))
x9 = torch.randint(0, 32, (1, 9))
eager_frames = model(x9).shape[1]
traced_frames = traced(x9).shape[1]
print(eager_frames, traced_frames)
