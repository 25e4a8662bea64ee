# Exercises register_forward_hook to capture intermediate activations of a CNN, hook removal, and a backward hook on a tensor.
import torch
import torch.nn as nn


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 3)
        self.relu1 = nn.ReLU()
        self.conv2 = nn.Conv2d(6, 8, 3)
        self.relu2 = nn.ReLU()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 5)

    def forward(self, x):
        x = self.relu1(self.conv1(x))
        x = self.relu2(self.conv2(x))
        x = self.pool(x).flatten(1)
        return self.fc(x)


def main():
    torch.manual_seed(6)
    model = ConvNet()
    model.eval()
    activations = {}

    def get_activation(name):
        def hook(module, inp, output):
            activations[name] = output.detach()
        return hook

    handles = []
    for name in ["conv1", "relu2", "pool", "fc"]:
        handles.append(getattr(model, name).register_forward_hook(get_activation(name)))

    x = torch.randn(2, 3, 10, 10)
    out = model(x)
    print("output:", tuple(out.shape))
    for name in ["conv1", "relu2", "pool", "fc"]:
        a = activations[name]
        print(f"{name:6s} shape {str(tuple(a.shape)):16s} mean {a.mean().item():+.4f}")
    print("relu2 non-negative:", bool((activations["relu2"] >= 0).all()))
    print("fc matches output:", torch.allclose(activations["fc"], out))

    call_count = [0]

    def counting_hook(module, inp, out):
        call_count[0] += 1
        print(f"  hook on {type(module).__name__}: in {tuple(inp[0].shape)} -> out {tuple(out.shape)}")

    h = model.conv2.register_forward_hook(counting_hook)
    model(x)
    model(x[:1])
    h.remove()
    model(x)
    print("counting hook calls:", call_count[0])
    for hd in handles:
        hd.remove()
    activations.clear()
    model(x)
    print("activations after removal:", len(activations))

    # a hook that modifies output
    def scale_hook(module, inp, out):
        return out * 0.0
    h2 = model.fc.register_forward_hook(scale_hook)
    print("scaled output sum:", model(x).abs().sum().item())
    h2.remove()

    # tensor gradient hook
    grads = []
    inp = torch.randn(1, 3, 10, 10, requires_grad=True)
    feat = model.conv1(inp)
    feat.register_hook(lambda g: grads.append(g.shape))
    model.fc(model.pool(model.relu2(model.conv2(model.relu1(feat)))).flatten(1)).sum().backward()
    print("captured grad shapes:", [tuple(s) for s in grads])
    print("input grad shape:", tuple(inp.grad.shape))


if __name__ == "__main__":
    main()
