# Exercises weight initialization with model.apply and nn.init (kaiming, xavier, orthogonal, constant), and per-layer statistics.
import math
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3)
        self.bn = nn.BatchNorm2d(16)
        self.rnn = nn.GRU(16, 32, batch_first=True)
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 10)

    def forward(self, x):
        x = torch.relu(self.bn(self.conv(x)))
        x = x.mean(dim=(2, 3)).unsqueeze(1)
        out, _ = self.rnn(x)
        return self.fc2(torch.relu(self.fc1(out[:, -1])))


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        if m.bias is not None:
            nn.init.constant_(m.bias, 0.0)
    elif isinstance(m, nn.BatchNorm2d):
        nn.init.constant_(m.weight, 1.0)
        nn.init.constant_(m.bias, 0.0)
    elif isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight, gain=nn.init.calculate_gain("relu"))
        nn.init.zeros_(m.bias)
    elif isinstance(m, nn.GRU):
        for name, param in m.named_parameters():
            if "weight_hh" in name:
                nn.init.orthogonal_(param)
            elif "weight_ih" in name:
                nn.init.xavier_uniform_(param)
            elif "bias" in name:
                param.data.fill_(0.0)


def main():
    torch.manual_seed(29)
    model = Net()
    visited = []
    model.apply(lambda m: visited.append(type(m).__name__))
    print("apply order:", visited)
    model.apply(init_weights)
    for name, p in model.named_parameters():
        print(f"{name:18s} shape {str(tuple(p.shape)):12s} mean {p.mean().item():+.3f} std {p.std().item() if p.numel() > 1 else 0.0:.3f}")
    w = model.rnn.weight_hh_l0
    print("orthonormal columns:", torch.allclose(w.t() @ w, torch.eye(32), atol=1e-4))
    print("relu gain:", round(nn.init.calculate_gain("relu"), 4), "tanh gain:", round(nn.init.calculate_gain("tanh"), 4))
    fan_out = 16 * 3 * 3
    expected_std = math.sqrt(2.0 / fan_out)
    print(f"kaiming expected std {expected_std:.3f} actual {model.conv.weight.std().item():.3f}")
    bound = nn.init.calculate_gain("relu") * math.sqrt(6.0 / (32 + 64))
    print("xavier within bound:", bool(model.fc1.weight.abs().max() <= bound))
    out = model(torch.randn(4, 3, 8, 8))
    print("output shape:", tuple(out.shape))
    total = sum(p.numel() for p in model.parameters())
    print(f"total params {total:,}")


if __name__ == "__main__":
    main()
