# Exercises freezing a pretrained-style backbone (requires_grad_(False)), replacing the head, counting trainable params and fine-tuning.
import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Linear(6, 32), nn.ReLU(),
            nn.Linear(32, 16), nn.ReLU(),
        )
        self.classifier = nn.Linear(16, 4)

    def forward(self, x):
        return self.classifier(self.features(x))


def count_params(model: nn.Module):
    total = sum(p.numel() for p in model.parameters())
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    return total, trainable


def main():
    torch.manual_seed(17)
    # "pretrain" on task A (4 classes)
    xa = torch.randn(200, 6)
    ya = torch.argmax(xa[:, :4], dim=1)
    model = Backbone()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(60):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(xa), ya)
        loss.backward()
        opt.step()
    print(f"pretrain loss {loss.item():.4f}")
    print("params (total, trainable):", count_params(model))

    # fine-tune on task B (2 classes) with frozen features
    for param in model.features.parameters():
        param.requires_grad = False
    model.classifier = nn.Linear(16, 2)
    print("after freeze:", count_params(model))
    for name, p in model.named_parameters():
        print(f"  {name:22s} {str(list(p.shape)):10s} trainable={p.requires_grad}")
    frozen_before = model.features[0].weight.clone()
    xb = torch.randn(100, 6)
    yb = (xb[:, 4] * xb[:, 5] > 0).long()
    opt = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.02)
    print("optimizer tensors:", len(opt.param_groups[0]["params"]))
    for step in range(50):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
    print(f"finetune loss {loss.item():.4f}")
    print("features unchanged:", torch.equal(frozen_before, model.features[0].weight))
    print("frozen grad is None:", model.features[0].weight.grad is None)
    print("head grad shape:", tuple(model.classifier.weight.grad.shape))

    # unfreeze last block only
    model.features[2].requires_grad_(True)
    print("after partial unfreeze:", count_params(model))
    names = [n for n, p in model.named_parameters() if p.requires_grad]
    print("trainable names:", names)


if __name__ == "__main__":
    main()
