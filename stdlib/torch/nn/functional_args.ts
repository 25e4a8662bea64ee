# torch.nn.functional's argument helper shared by its modules: _ints, an int or a sequence of ints
# as a list (PyTorch's _single / _pair / _triple).
from typing import Any, List


def _ints(x: Any, n: int) -> List[int]:
    # An int or a sequence of ints (PyTorch's _single/_pair/_triple).
    if isinstance(x, int):
        return [x] * n
    return [int(v) for v in x]
