# source: https://github.com/pytorch/pytorch/issues/42966
# framework: PyTorch
# "Converting a tensor to a Python number for ONNX with incorrect tracing": the decoder's
# `forward(img_features, beam_size)` reads `item = beam_size.item()` and builds
# `torch.tensor([item])`; tracing warns that the number "will be treated as a constant", and
# the exported model gives "constant output". Reduced: the reporter's forward under
# `torch.jit.trace` with beam size 3, called with beam size 6 beside the module itself.
# verify: c.traced_out == 3 and c.module_out == 6
import warnings

import torch


class Decoder(torch.nn.Module):
    def forward(self, img_features, beam_size):
        item = beam_size.item()  # label: ACC3
        # some code...
        output = torch.tensor([item])
        return output


warnings.simplefilter("ignore")
decoder = Decoder()
img_features = torch.zeros(1, 49, 2048)
traced = torch.jit.trace(decoder, (img_features, torch.tensor(3)))
traced_out = int(traced(img_features, torch.tensor(6))[0])
module_out = int(decoder(img_features, torch.tensor(6))[0])
print(traced_out, module_out)
