# Exercises checkpointing: torch.save/torch.load of model+optimizer state_dict to a file, resuming training, and cleanup.
import os
import torch
import torch.nn as nn

CKPT = "checkpoint_resume_demo.pt"


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 10)
        self.fc2 = nn.Linear(10, 3)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def train_steps(model, opt, x, y, n):
    loss = torch.tensor(0.0)
    for _ in range(n):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(99)
    x = torch.randn(90, 4)
    y = (x[:, 0] + x[:, 1] > 0).long() + (x[:, 2] > 1).long()
    print("class counts:", torch.bincount(y, minlength=3).tolist())

    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    l1 = train_steps(model, opt, x, y, 30)
    print(f"loss after 30 steps: {l1:.4f}")
    torch.save({"epoch": 30, "model_state_dict": model.state_dict(),
                "optimizer_state_dict": opt.state_dict(), "loss": l1}, CKPT)
    print("checkpoint exists:", os.path.exists(CKPT))

    # continue original run
    l_cont = train_steps(model, opt, x, y, 20)

    # resume from disk into fresh objects
    model2 = Net()
    opt2 = torch.optim.SGD(model2.parameters(), lr=0.1, momentum=0.9)
    ckpt = torch.load(CKPT)
    model2.load_state_dict(ckpt["model_state_dict"])
    opt2.load_state_dict(ckpt["optimizer_state_dict"])
    print("resumed epoch:", ckpt["epoch"], f"saved loss {ckpt['loss']:.4f}")
    model2.train()
    l_res = train_steps(model2, opt2, x, y, 20)
    print(f"continued {l_cont:.4f} resumed {l_res:.4f} equal: {abs(l_cont - l_res) < 1e-6}")
    same = all(torch.equal(a, b) for a, b in zip(model.parameters(), model2.parameters()))
    print("parameters identical:", same)

    # save only weights, load into a model with strict=False
    torch.save(model.state_dict(), CKPT)
    sd = torch.load(CKPT)
    print("keys:", list(sd.keys()))
    del sd["fc2.bias"]
    model3 = Net()
    result = model3.load_state_dict(sd, strict=False)
    print("missing:", result.missing_keys, "unexpected:", result.unexpected_keys)
    os.remove(CKPT)
    print("checkpoint removed:", not os.path.exists(CKPT))


if __name__ == "__main__":
    main()
