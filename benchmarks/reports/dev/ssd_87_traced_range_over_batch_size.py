# source: https://github.com/lufficc/SSD/issues/87
# framework: PyTorch
# Converting the SSD detector with torch.jit.trace: TracerWarnings "Converting a tensor to a
# Python index might cause the trace to be incorrect" at `for batch_id in range(batch_size)`
# and `for class_id in range(1, per_img_scores.size(1))` in box_head/inference.py. The
# post-processor loops over the batch in Python, so the trace unrolls the example's batch size:
# a traced detector fed a larger batch returns results for the example's number of images only.
# Reduced: the post-processor keeps per-image, per-class score maxima (no NMS), and is traced
# on a batch of 2 and called on a batch of 3.
# verify: c.traced_out.shape[0] == 2 and c.eager_out.shape[0] == 3
import torch


class PostProcessor(torch.nn.Module):
    def forward(self, scores):
        batch_size = scores.size(0)
        results = []
        for batch_id in range(batch_size):  # label: ACC3
            per_img_scores = scores[batch_id]
            per_class = []
            for class_id in range(1, per_img_scores.size(1)):  # skip background
                per_class.append(per_img_scores[:, class_id].max())
            results.append(torch.stack(per_class))
        return torch.stack(results)


torch.manual_seed(0)
post = PostProcessor()
traced = torch.jit.trace(post, torch.rand(2, 8, 4))
batch = torch.rand(3, 8, 4)
traced_out, eager_out = traced(batch), post(batch)
print(traced_out.shape, eager_out.shape)
