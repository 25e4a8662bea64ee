# Argument helpers shared by torch.nn's functional and module files: _ints, an int or a sequence of
# ints as a list (PyTorch's _single / _pair / _triple), and _tuple_str, such a list printed as a tuple.
from typing import Any, List


def _ints(x: Any, n: int) -> List[int]:
    # An int or a sequence of ints (PyTorch's _single/_pair/_triple).
    if isinstance(x, int):
        return [x] * n
    return [int(v) for v in x]


def _tuple_str(v: List[int]) -> str:
    return "(" + str(v[0]) + ",)" if len(v) == 1 else str(tuple(v))
