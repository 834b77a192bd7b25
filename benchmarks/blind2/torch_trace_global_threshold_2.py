# source: blind56:torch_trace_global_threshold_2
# framework: PyTorch
# A detection post-processor is traced with torch.jit.trace at import of the serving module.
# The score offset is a module global that `load_config` sets afterwards from the deployment
# config; the trace baked the default offset, the plain function uses the new one.
# verify: not close(c.traced_out, c.eager_out)
import torch

SCORE_OFFSET = 0.0


def postprocess(logits):
    scores = torch.sigmoid(logits) - SCORE_OFFSET  # label[a]: ACC6
    return torch.clamp(scores, min=0.0)


def load_config(cfg):
    global SCORE_OFFSET
    SCORE_OFFSET = cfg["score_offset"]  # label[a]


class Server:
    def __init__(self):
        self.post = torch.jit.trace(postprocess, torch.zeros(3))

    def handle(self, logits):
        return self.post(logits)


server = Server()
load_config({"score_offset": 0.25})
logits = torch.tensor([0.0, 1.0, 2.0])
traced_out = server.handle(logits)
eager_out = postprocess(logits)
