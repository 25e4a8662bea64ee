# Calls spreading tuples into ordinary parameters, zip(*rows), pow() and issubclass(): the Python
# a training script uses to unpack configurations and transpose results.
import sys
import torch
from typing import Tuple


def describe(name: str, lr: float, epochs: int) -> str:
    return f"{name}: lr={lr} epochs={epochs}"


def scaled(x: torch.Tensor, factor: float) -> torch.Tensor:
    return x * factor


class ConfigError(ValueError):
    pass


class StrictConfigError(ConfigError):
    pass


class Meter:
    pass


class AverageMeter(Meter):
    pass


def main() -> None:
    configs = [("sgd", 0.1, 3), ("adam", 0.001, 5)]
    for cfg in configs:
        print(describe(*cfg))
    pair = (torch.arange(6.0).reshape(2, 3), torch.ones(3, 2))
    print(torch.matmul(*pair))
    print(scaled(*(torch.tensor([1.0, 2.0]), 0.5)))
    print(max(*(3, 9, 4)), divmod(*(17, 5)))

    history = [(epoch, 1.0 / (epoch + 1), 0.5 + 0.1 * epoch) for epoch in range(4)]
    epochs, losses, accs = zip(*history)
    print(epochs, len(losses), accs[-1])
    print("best epoch:", epochs[accs.index(max(accs))])
    grid = [[1, 2, 3], [4, 5, 6]]
    print([list(col) for col in zip(*grid)])
    for a, b in zip(*grid):
        print(a + b, end=" ")
    print()
    print(list(zip(*[])), list(zip(*[[7]])))

    print(pow(2, 10), pow(2.0, -2), pow(-8, 3), pow(3, 4, 5), pow(7, -1, 11), pow(5, 3, -7))
    try:
        pow(4, -1, 8)
    except ValueError as e:
        print("ValueError:", e)

    print(issubclass(StrictConfigError, ConfigError), issubclass(ConfigError, ValueError))
    print(issubclass(ConfigError, KeyError), issubclass(StrictConfigError, (KeyError, Exception)))
    print(issubclass(AverageMeter, Meter), issubclass(Meter, AverageMeter), issubclass(Meter, object))
    print(issubclass(bool, int), issubclass(int, float), issubclass(SystemExit, Exception),
          issubclass(KeyboardInterrupt, BaseException))

    results = []
    for seed, lr in [(1, 0.5), (2, 0.25), (3, 0.125)]:
        try:
            if seed == 2:
                sys.exit(3)
            results.append(torch.tensor([lr * seed]).item())
        except SystemExit as e:
            print("exit", e.code)
            results.append(None)
    print(["%.3f" % r if r is not None else "skipped" for r in results])


if __name__ == "__main__":
    main()
