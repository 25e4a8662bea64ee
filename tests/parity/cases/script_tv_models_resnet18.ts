# torchvision.models.resnet18: seeded construction, state_dict keys, forward and one SGD step.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import models


def param_sum(model: nn.Module) -> float:
    total = 0.0
    for p in model.parameters():
        total += p.sum().item()
    return total


def param_sq_sum(model: nn.Module) -> float:
    total = 0.0
    for p in model.parameters():
        total += (p * p).sum().item()
    return total


def main():
    torch.manual_seed(0)
    model = models.resnet18(num_classes=10)
    n_params = sum(p.numel() for p in model.parameters())
    n_train = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print("params:", n_params, "trainable:", n_train)
    sd = model.state_dict()
    keys = list(sd.keys())
    print("state_dict entries:", len(keys))
    for k in keys[:8]:
        print(" ", k, tuple(sd[k].shape))
    for k in ["layer2.0.downsample.0.weight", "layer4.1.bn2.running_var", "fc.weight", "fc.bias"]:
        print(" ", k, tuple(sd[k].shape))
    print("last key:", keys[-1])
    print(f"param sum: {param_sum(model):.4f}")
    print(f"param sq sum: {param_sq_sum(model):.4f}")
    print(f"conv1 std: {model.conv1.weight.std().item():.4f}")
    print(f"fc mean: {model.fc.weight.mean().item():.6f}")
    print("conv1 first:", [round(v, 4) for v in model.conv1.weight.flatten()[:4].tolist()])
    print("bn1 weight/bias:", model.bn1.weight[:3].tolist(), model.bn1.bias[:3].tolist())

    torch.manual_seed(1)
    x = torch.randn(4, 3, 64, 64)
    y = torch.tensor([1, 3, 5, 7])
    model.eval()
    with torch.no_grad():
        out = model(x)
    print("eval output:", tuple(out.shape))
    print("eval logits[0]:", [round(v, 4) for v in out[0, :5].tolist()])

    model.train()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    print(f"loss before: {loss.item():.4f}, fc grad norm {model.fc.weight.grad.norm().item():.4f}")
    opt.step()
    with torch.no_grad():
        after = F.cross_entropy(model(x), y)
    print(f"loss after one step: {after.item():.4f}")
    model.eval()
    with torch.no_grad():
        out = model(x)
    print(f"eval loss: {F.cross_entropy(out, y).item():.4f}, predictions: {out.argmax(1).tolist()}")
    print(f"running_mean sum: {model.bn1.running_mean.sum().item():.4f}")
    print("batches tracked:", model.bn1.num_batches_tracked.item())


if __name__ == "__main__":
    main()
