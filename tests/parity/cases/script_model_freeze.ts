import torch
import torch.nn as nn

torch.manual_seed(18)


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.layer1 = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.layer2 = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU())

    def forward(self, x):
        return self.layer2(self.layer1(self.stem(x)))


class Classifier(nn.Module):
    def __init__(self, n_cls=3):
        super().__init__()
        self.backbone = Backbone()
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.head = nn.Linear(16, n_cls)

    def forward(self, x):
        f = self.pool(self.backbone(x))
        return self.head(torch.flatten(f, 1))


def count_parameters(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


model = Classifier()
print("trainable before:", count_parameters(model))
for name, param in model.named_parameters():
    if name.startswith("backbone.") and not name.startswith("backbone.layer2"):
        param.requires_grad = False
print("trainable after:", count_parameters(model))
print("frozen:", [n for n, p in model.named_parameters() if not p.requires_grad])

for m in model.backbone.modules():
    if isinstance(m, nn.BatchNorm2d):
        m.eval()

optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
print("optimizer tensors:", len(optimizer.param_groups[0]["params"]))
stem_before = model.backbone.stem.weight.clone()
head_before = model.head.weight.clone()
x = torch.randn(4, 3, 8, 8)
y = torch.tensor([0, 1, 2, 1])
loss = nn.functional.cross_entropy(model(x), y)
loss.backward()
optimizer.step()
print(f"loss {loss.item():.4f}")
print("stem grad is None:", model.backbone.stem.weight.grad is None)
print("stem unchanged:", torch.equal(stem_before, model.backbone.stem.weight))
print("head changed:", not torch.equal(head_before, model.head.weight))
print("bn training flags:", [m.training for m in model.modules() if isinstance(m, nn.BatchNorm2d)])
model.head.requires_grad_(False)
print("after requires_grad_(False):", count_parameters(model))
