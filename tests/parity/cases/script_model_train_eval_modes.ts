# Exercises train()/eval() mode effects on Dropout and BatchNorm, the .training flag propagation, and torch.no_grad vs inference_mode.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 8)
        self.bn = nn.BatchNorm1d(8, momentum=0.5)
        self.drop = nn.Dropout(p=0.5)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        return self.out(self.drop(torch.relu(self.bn(self.fc(x)))))


def modes(model):
    return {name or "root": m.training for name, m in model.named_modules()}


def main():
    torch.manual_seed(23)
    model = Net()
    print("initial modes:", modes(model))
    x = torch.randn(16, 4) * 3 + 1
    model.eval()
    print("after eval:", modes(model))
    with torch.no_grad():
        a = model(x)
        b = model(x)
    print("eval deterministic:", torch.equal(a, b))
    print("running mean before:", [round(v, 3) for v in model.bn.running_mean[:4].tolist()])

    model.train()
    with torch.no_grad():
        c = model(x)
        d = model(x)
    print("train outputs differ (dropout):", not torch.equal(c, d))
    print("running mean after 2 train passes:", [round(v, 3) for v in model.bn.running_mean[:4].tolist()])
    print("num_batches_tracked:", model.bn.num_batches_tracked.item())

    drop = nn.Dropout(0.5)
    t = torch.ones(1000)
    dropped = drop(t)
    zeros = int((dropped == 0).sum())
    print("dropout zero fraction approx 0.5:", 400 < zeros < 600)
    print("kept values scaled to 2:", set(dropped[dropped != 0].tolist()) == {2.0})
    drop.eval()
    print("eval dropout identity:", torch.equal(drop(t), t))

    model.eval()
    model.drop.train()
    print("mixed modes:", modes(model))
    model.train(False)
    print("train(False) same as eval:", not any(modes(model).values()))

    with torch.no_grad():
        y = model(x)
    print("no_grad requires_grad:", y.requires_grad)
    with torch.inference_mode():
        z = model(x)
    print("inference_mode requires_grad:", z.requires_grad, "is_inference:", z.is_inference())
    y2 = model(x)
    print("normal requires_grad:", y2.requires_grad, "grad_fn:", type(y2.grad_fn).__name__)
    print(f"eval output mean {y2.mean().item():.4f}")


if __name__ == "__main__":
    main()
