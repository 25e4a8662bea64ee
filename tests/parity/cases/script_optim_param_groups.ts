# Exercises optimizer param groups (per-layer lr / weight_decay), add_param_group and inspecting optimizer.state_dict().
import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(3, 12), nn.Tanh(), nn.Linear(12, 12), nn.Tanh())
        self.head = nn.Linear(12, 1)

    def forward(self, x):
        return self.head(self.backbone(x)).squeeze(-1)


def main():
    torch.manual_seed(4)
    w_true = torch.tensor([1.5, -2.0, 0.7])
    x = torch.randn(128, 3)
    y = torch.sin(x @ w_true) + 0.05 * torch.randn(128)
    model = Regressor()
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if name.endswith("bias") else decay).append(p)
    print("decay params:", len(decay), "no-decay params:", len(no_decay))
    optimizer = torch.optim.AdamW(
        [
            {"params": decay, "weight_decay": 0.05},
            {"params": no_decay, "weight_decay": 0.0, "lr": 5e-3},
        ],
        lr=1e-2,
    )
    for i, g in enumerate(optimizer.param_groups):
        print(f"group {i}: lr={g['lr']} wd={g['weight_decay']} n={len(g['params'])} betas={g['betas']}")
    loss_fn = nn.SmoothL1Loss()
    for step in range(100):
        pred = model(x)
        loss = loss_fn(pred, y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % 25 == 0:
            print(f"step {step:3d} loss {loss.item():.5f}")

    sgd = torch.optim.SGD(model.backbone.parameters(), lr=0.01, momentum=0.9)
    sgd.add_param_group({"params": model.head.parameters(), "lr": 0.001})
    print("sgd groups:", [(g["lr"], g["momentum"], len(g["params"])) for g in sgd.param_groups])
    for step in range(20):
        sgd.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        sgd.step()
    print(f"after sgd loss {loss.item():.5f}")
    sd = sgd.state_dict()
    print("state keys:", sorted(sd.keys()))
    print("num states:", len(sd["state"]))
    first = sd["state"][0]
    print("state entry keys:", sorted(first.keys()), tuple(first["momentum_buffer"].shape))
    print("param_groups[1] params:", sd["param_groups"][1]["params"])
    adam_sd = optimizer.state_dict()
    print("adam step:", float(adam_sd["state"][0]["step"]))


if __name__ == "__main__":
    main()
