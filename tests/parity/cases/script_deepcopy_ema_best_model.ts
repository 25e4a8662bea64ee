# Exercises copy.deepcopy of models for EMA weights and best-model snapshots, plus copy.copy of configs.
import copy

import torch
import torch.nn as nn


class EMA:
    def __init__(self, model: nn.Module, decay: float = 0.9):
        self.decay = decay
        self.shadow = copy.deepcopy(model)
        for p in self.shadow.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model: nn.Module):
        for s, p in zip(self.shadow.parameters(), model.parameters()):
            s.mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        loss = nn.functional.mse_loss(model(x), y).item()
    model.train()
    return loss


def main():
    torch.manual_seed(43)
    x = torch.randn(64, 5)
    y = torch.tanh(x[:, :2].sum(dim=1, keepdim=True))
    xv = torch.randn(32, 5)
    yv = torch.tanh(xv[:, :2].sum(dim=1, keepdim=True))

    model = nn.Sequential(nn.Linear(5, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
    ema = EMA(model, decay=0.8)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.5)
    best_loss = float("inf")
    best_state = None
    best_epoch = -1
    for epoch in range(12):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        ema.update(model)
        val = evaluate(model, xv, yv)
        if val < best_loss:
            best_loss = val
            best_state = copy.deepcopy(model.state_dict())
            best_epoch = epoch
        print(f"epoch {epoch:2d} train {loss.item():.4f} val {val:.4f} ema_val {evaluate(ema.shadow, xv, yv):.4f}")
    print(f"best epoch {best_epoch} val {best_loss:.4f}")

    final_w = model[0].weight.detach().clone()
    model.load_state_dict(best_state)
    print("restored val: %.4f" % evaluate(model, xv, yv))
    print("weights changed back:", not torch.equal(final_w, model[0].weight))

    clone = copy.deepcopy(model)
    print("clone is distinct:", clone is not model, clone[0].weight is not model[0].weight)
    print("clone equal:", torch.equal(clone[0].weight, model[0].weight))
    with torch.no_grad():
        clone[0].weight.add_(1.0)
    print("after edit equal:", torch.equal(clone[0].weight, model[0].weight))
    print("bn running mean shared:", clone[1].running_mean.data_ptr() == model[1].running_mean.data_ptr())
    print("ema requires_grad:", any(p.requires_grad for p in ema.shadow.parameters()))

    cfg = {"lr": 0.1, "layers": [16, 8], "opt": {"name": "sgd"}}
    shallow = copy.copy(cfg)
    deep = copy.deepcopy(cfg)
    cfg["layers"].append(4)
    cfg["opt"]["name"] = "adam"
    print("shallow:", shallow)
    print("deep:", deep)
    t = torch.arange(4.0)
    t2 = copy.deepcopy(t)
    t2[0] = 100.0
    print("tensor deepcopy:", t.tolist(), t2.tolist())
    opt_state = copy.deepcopy(opt.state_dict())
    print("opt state keys:", sorted(opt_state.keys()), "groups:", len(opt_state["param_groups"]))


if __name__ == "__main__":
    main()
