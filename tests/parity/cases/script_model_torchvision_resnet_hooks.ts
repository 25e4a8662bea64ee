# Exercises torchvision resnet18 (random init, no download): replacing fc, forward hooks on layers, freezing and parameter counting.
import torch
import torch.nn as nn
import torchvision


def main():
    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None)
    total = sum(p.numel() for p in model.parameters())
    print(f"resnet18 params: {total:,}")
    print("fc before:", model.fc)
    model.fc = nn.Linear(model.fc.in_features, 3)
    print("fc after:", model.fc)
    children = [name for name, _ in model.named_children()]
    print("children:", children)

    feats = {}

    def save(name):
        def hook(mod, inp, out):
            feats[name] = out.detach()
        return hook

    for name in ["layer1", "layer2", "layer3", "layer4", "avgpool"]:
        getattr(model, name).register_forward_hook(save(name))

    model.eval()
    x = torch.randn(2, 3, 64, 64)
    with torch.no_grad():
        out = model(x)
    print("logits:", tuple(out.shape))
    for k, v in feats.items():
        print(f"  {k:8s} -> {tuple(v.shape)}")

    for p in model.parameters():
        p.requires_grad = False
    for p in model.layer4.parameters():
        p.requires_grad = True
    for p in model.fc.parameters():
        p.requires_grad = True
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print(f"trainable after freeze: {trainable:,}")
    n_bn = sum(1 for m in model.modules() if isinstance(m, nn.BatchNorm2d))
    n_conv = sum(1 for m in model.modules() if isinstance(m, nn.Conv2d))
    print("conv layers:", n_conv, "bn layers:", n_bn)

    model.train()
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01, momentum=0.9)
    y = torch.tensor([0, 2])
    for step in range(3):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        print(f"step {step} loss finite: {bool(torch.isfinite(loss))}")
    print("conv1 grad is None:", model.conv1.weight.grad is None)
    print("layer4 has grad:", model.layer4[0].conv1.weight.grad is not None)
    block = model.layer2[0]
    print("downsample:", block.downsample)


if __name__ == "__main__":
    main()
