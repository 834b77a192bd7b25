# source: https://github.com/mc6666/pytorch2/blob/HEAD/compile_test.py
# framework: PyTorch
# Label: fine look-alike. A compiled model, one forward and backward step and an optimizer step
# outside the compiled frame: one graph, nothing that changes between calls. The script compiles
# torchvision's resnet18 on CUDA; neither is here, so a small convolutional network on the CPU
# takes its place (same calls, batch 16); a second step is added to show the graph is reused.
# label: none
# verify: sum(c.torch.values()) == 1
import torch

model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(),
                            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                            torch.nn.Linear(8, 10))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
compiled_model = torch.compile(model)

for step in range(2):
    x = torch.randn(16, 3, 32, 32)
    optimizer.zero_grad()
    out = compiled_model(x)
    out.sum().backward()
    optimizer.step()
