# source: https://github.com/asteroid-team/asteroid/pull/288
# framework: PyTorch
# `BaseEncoderMaskerDecoder.forward` before the pull request: it reads `was_one_d = wav.ndim ==
# 1`, reshapes to 3-D and squeezes the result back when the input was 1-D. Under
# torch.jit.trace the rank is a Python int, so the branches taken for the example input are
# recorded ("`wav_dim` is frozen during tracing and becomes a constant in the traced model ...
# inputs of shapes other than what was seen during tracing may have the wrong output
# dimension"). forward, `_unsqueeze_to_3d` and `pad_x_to_y` are asteroid's; the encoder, masker
# and decoder are small stand-ins and the postprocess hooks (identities) are left out. Traced on
# a 1-D waveform, run on a batch of one.
# verify: c.traced_out.shape != c.eager_out.shape
import torch
from torch import nn


def _unsqueeze_to_3d(x):
    if x.ndim == 1:
        return x.reshape(1, 1, -1)
    elif x.ndim == 2:
        return x.unsqueeze(1)
    else:
        return x


def pad_x_to_y(x, y, axis: int = -1):
    if axis != -1:
        raise NotImplementedError
    inp_len = y.shape[axis]
    output_len = x.shape[axis]
    return nn.functional.pad(x, [0, inp_len - output_len])


class BaseEncoderMaskerDecoder(nn.Module):
    def __init__(self, encoder, masker, decoder):
        super().__init__()
        self.encoder = encoder
        self.masker = masker
        self.decoder = decoder

    def forward(self, wav):
        # Handle 1D, 2D or n-D inputs
        was_one_d = wav.ndim == 1  # label[g]: ACC3
        # Reshape to (batch, n_mix, time)
        wav = _unsqueeze_to_3d(wav)

        tf_rep = self.encoder(wav)
        est_masks = self.masker(tf_rep)
        masked_tf_rep = est_masks * tf_rep.unsqueeze(1)
        decoded = self.decoder(masked_tf_rep)

        reconstructed = pad_x_to_y(decoded, wav)
        if was_one_d:  # label[g]
            return reconstructed.squeeze(0)
        else:
            return reconstructed


class Masker(nn.Module):
    def __init__(self, n_src=2, n_filters=8):
        super().__init__()
        self.n_src, self.n_filters = n_src, n_filters
        self.conv = nn.Conv1d(n_filters, n_src * n_filters, 1)

    def forward(self, tf_rep):
        b, f, t = tf_rep.shape
        return torch.sigmoid(self.conv(tf_rep)).view(b, self.n_src, f, t)


class Decoder(nn.Module):
    def __init__(self, n_filters=8):
        super().__init__()
        self.deconv = nn.ConvTranspose1d(n_filters, 1, 4, stride=2)

    def forward(self, masked):
        b, s, f, t = masked.shape
        return self.deconv(masked.reshape(b * s, f, t)).view(b, s, -1)


model = BaseEncoderMaskerDecoder(nn.Conv1d(1, 8, 4, stride=2), Masker(), Decoder()).eval()
traced = torch.jit.trace(model, torch.randn(64))
batch = torch.randn(1, 64)
eager_out = model(batch)
traced_out = traced(batch)
print(eager_out.shape, traced_out.shape)
