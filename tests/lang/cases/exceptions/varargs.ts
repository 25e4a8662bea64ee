# Exception arguments through `*args`, keyword arguments (not in `args`) and a docstring-only
# class; a handler for Exception narrowed by isinstance.
from typing import Any, List


class Doc(Exception):
    """Only a docstring."""


class Spread(Exception):
    def __init__(self, *args: Any):
        super().__init__(*args)
        self.n = len(args)


class Gather(Exception):
    def __init__(self, first: str, *rest: Any):
        self.first = first


class Prefixed(Exception):
    def __init__(self, *parts: Any):
        super().__init__("prefix", *parts)


class Keyed(Exception):
    def __init__(self, msg: str, code: int = 0):
        super().__init__(msg)
        self.code = code


class KeyedQuiet(Exception):
    def __init__(self, msg: str, code: int = 0):
        self.code = code


errs: List[Any] = [Spread("a", 1), Spread(), Gather("x", 2, 3), Gather("y"), Prefixed(1, 2), Keyed("m", code=3),
                   KeyedQuiet("q", code=4), KeyedQuiet("r", 5)]
for err in errs:
    try:
        raise err
    except Exception as e:
        print(type(e).__name__, str(e), repr(e), e.args)

try:
    raise Doc(f"bad {3}")
except Exception as e:
    print(f"error: {e}", isinstance(e, Doc))
    if isinstance(e, Doc):
        print("narrowed", e.args)
