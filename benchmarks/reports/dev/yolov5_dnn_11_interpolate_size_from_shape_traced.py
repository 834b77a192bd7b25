# source: https://github.com/hpc203/yolov5-dnn-cpp-python-v2/issues/11
# framework: PyTorch
# "转换时的警告" (a warning while converting): exporting the detector by tracing warns
# "Converting a tensor to a Python integer might cause the trace to be incorrect" at
# `F.interpolate(xRt2, size=(int(xRt2.shape[2] * 2), int(xRt2.shape[3] * 2)), mode='nearest')`;
# the maintainer: it does not affect inference. The export is run at the one input size the
# deployed model takes, where the baked sizes are the right ones: a fine look-alike of the
# trace-constant hazard. Reduced: the upsampling block traced and run at its export size.
# label: none
# verify: close(c.traced_out, c.module_out)
import warnings

import torch
import torch.nn.functional as F


class Upsample(torch.nn.Module):
    def forward(self, xRt2):
        route = F.interpolate(xRt2, size=(int(xRt2.shape[2] * 2), int(xRt2.shape[3] * 2)), mode='nearest')
        return route


warnings.simplefilter("ignore")
block = Upsample()
x = torch.rand(1, 8, 20, 20, generator=torch.Generator().manual_seed(0))
traced = torch.jit.trace(block, (x,))
x2 = torch.rand(1, 8, 20, 20, generator=torch.Generator().manual_seed(1))
traced_out = traced(x2)
module_out = block(x2)
print(traced_out.shape)
