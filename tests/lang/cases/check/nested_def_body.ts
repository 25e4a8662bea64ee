import torch


def fit() -> None:
    p = torch.zeros(2, requires_grad=True)

    def closure() -> torch.Tensor:
        q = undefined_thing + 1
        return p.zzz()
    print(closure())
# expect error: 8:13 undefined name `undefined_thing`
# expect error: 9:18 Tensor has no attribute or method `zzz`
