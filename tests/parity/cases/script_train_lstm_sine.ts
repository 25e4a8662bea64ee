# Exercises an LSTM sequence model predicting the next value of sine waves, with gradient clipping and StepLR.
import math
import torch
import torch.nn as nn


class SineLSTM(nn.Module):
    def __init__(self, hidden_size: int = 24, num_layers: int = 1):
        super().__init__()
        self.hidden_size = hidden_size
        self.lstm = nn.LSTM(input_size=1, hidden_size=hidden_size, num_layers=num_layers, batch_first=True)
        self.head = nn.Linear(hidden_size, 1)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return self.head(out)


def make_batch(batch: int, length: int):
    phase = torch.rand(batch, 1) * 2 * math.pi
    freq = 0.5 + torch.rand(batch, 1) * 0.5
    t = torch.arange(length + 1).float().unsqueeze(0) * 0.3
    wave = torch.sin(freq * t + phase)
    x = wave[:, :-1].unsqueeze(-1)
    y = wave[:, 1:].unsqueeze(-1)
    return x, y


def main():
    torch.manual_seed(42)
    model = SineLSTM()
    print(model)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.5)
    loss_fn = nn.MSELoss()
    for step in range(60):
        x, y = make_batch(16, 30)
        pred = model(x)
        loss = loss_fn(pred, y)
        opt.zero_grad()
        loss.backward()
        total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        sched.step()
        if step % 10 == 0:
            print(f"step {step:2d} loss {loss.item():.5f} grad_norm {float(total_norm):.3f} lr {sched.get_last_lr()[0]:.4f}")

    model.eval()
    with torch.no_grad():
        x, y = make_batch(4, 30)
        pred = model(x)
        err = (pred - y).abs().mean(dim=(1, 2))
        print("per-sequence MAE:", [f"{e:.3f}" for e in err.tolist()])
        # autoregressive generation
        seed = x[:1, :10]
        out, state = model.lstm(seed)
        last = model.head(out[:, -1:])
        generated = [round(last.item(), 3)]
        for _ in range(5):
            out, state = model.lstm(last, state)
            last = model.head(out)
            generated.append(round(last.item(), 3))
        print("generated length:", len(generated))
        print("state shapes:", tuple(state[0].shape), tuple(state[1].shape))


if __name__ == "__main__":
    main()
