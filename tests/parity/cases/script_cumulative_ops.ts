# Exercises cumsum, cumprod, cummax/cummin, logcumsumexp, diff, running averages, and discounted returns.
import torch
from typing import List


def discounted_returns(rewards: List[float], gamma: float) -> torch.Tensor:
    out = torch.zeros(len(rewards))
    running = 0.0
    for i in reversed(range(len(rewards))):
        running = rewards[i] + gamma * running
        out[i] = running
    return out


def moving_average(x: torch.Tensor, k: int) -> torch.Tensor:
    c = torch.cumsum(torch.cat([torch.zeros(1), x]), dim=0)
    return (c[k:] - c[:-k]) / k


def main():
    torch.manual_seed(5)
    x = torch.arange(1, 7)
    print("cumsum:", torch.cumsum(x, dim=0).tolist())
    print("cumprod:", x.cumprod(0).tolist())
    m = torch.arange(1, 10).view(3, 3)
    print("cumsum dim1:\n", m.cumsum(1))
    print("cumsum dim0:\n", m.cumsum(dim=0))

    r = torch.tensor([2.0, 1.0, 3.0, 0.5, 4.0, 4.0, 1.0])
    cmx = torch.cummax(r, dim=0)
    print("cummax values:", cmx.values.tolist(), "indices:", cmx.indices.tolist())
    cmn = r.cummin(0)
    print("cummin values:", cmn.values.tolist())
    lc = torch.logcumsumexp(r, dim=0)
    direct = torch.log(torch.cumsum(torch.exp(r), 0))
    print("logcumsumexp close:", torch.allclose(lc, direct))
    print("logcumsumexp:", [f"{v:.4f}" for v in lc.tolist()])

    print("diff:", torch.diff(x).tolist(), "diff n=2:", torch.diff(x * x, n=2).tolist())
    print("diff prepend:", torch.diff(r, prepend=torch.tensor([0.0])).tolist())

    rewards = [0.0, 0.0, 1.0, 0.0, 2.0]
    ret = discounted_returns(rewards, 0.9)
    print("returns:", [f"{v:.4f}" for v in ret.tolist()])
    # vectorised version using cumsum on reversed scaled rewards
    rw = torch.tensor(rewards)
    n = rw.numel()
    powers = 0.9 ** torch.arange(n, dtype=torch.float32)
    vec = torch.flip(torch.cumsum(torch.flip(rw * powers, [0]), 0), [0]) / powers
    print("vectorised match:", torch.allclose(ret, vec))

    walk = torch.randn(20).cumsum(0)
    print("random walk end:", f"{walk[-1].item():.4f}", "max:", f"{walk.max().item():.4f}")
    ma = moving_average(walk, 4)
    print("moving avg len:", ma.numel(), "first:", f"{ma[0].item():.4f}")
    print("check first:", f"{walk[:4].mean().item():.4f}")

    # cumulative distribution of a categorical and inverse-CDF sampling
    probs = torch.tensor([0.1, 0.2, 0.3, 0.4])
    cdf = probs.cumsum(0)
    print("cdf:", [f"{v:.2f}" for v in cdf.tolist()])
    u = torch.rand(1000)
    samples = torch.searchsorted(cdf, u)
    samples = samples.clamp(max=3)
    freq = torch.bincount(samples, minlength=4).float() / 1000
    print("empirical:", [f"{v:.3f}" for v in freq.tolist()])

    # cumsum on bool / int dtype promotion
    b = torch.tensor([True, False, True, True])
    cb = b.cumsum(0)
    print("bool cumsum:", cb.tolist(), cb.dtype)
    print("cumsum with dtype:", x.cumsum(0, dtype=torch.float64).dtype)
    # running max drawdown
    prices = torch.tensor([100.0, 105.0, 102.0, 110.0, 95.0, 99.0, 120.0])
    peak = prices.cummax(0).values
    dd = (prices - peak) / peak
    print("max drawdown:", f"{dd.min().item():.4f}")


if __name__ == "__main__":
    main()
