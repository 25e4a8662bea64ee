# dataclasses: `@dataclass` (options init, repr, eq, order) and `field(default=...,
# default_factory=..., init=, repr=, compare=)` are expanded when a script is parsed, into the
# __init__, __repr__, __eq__ and ordering methods CPython would add, plus `_ts_asdict` and
# `_ts_astuple`, which asdict and astuple below call (src/frontend/README.md, Note
# [Dataclasses]). `dataclass` and `field` themselves are what a script reaches when it uses them
# any other way. Not here yet: fields, replace, make_dataclass, InitVar, FrozenInstanceError.
import copy
from typing import Any, Dict, List


def dataclass(cls: Any) -> Any:
    raise TypeError("dataclass() applies to a class as its decorator in tsrun: @dataclass or @dataclass(...)")


def field(default: Any = None, default_factory: Any = None) -> Any:
    raise TypeError("field() gives a dataclass field its default in the class body: x: int = field(default=0)")


def is_dataclass(obj: Any) -> bool:
    return hasattr(obj, "_ts_asdict")


# CPython's _asdict_inner / _astuple_inner: dataclass instances, lists and dicts are converted
# recursively, anything else is deep-copied. (Tuples are deep-copied whole: Ts cannot rebuild a
# tuple of any length; a dataclass inside a tuple stays an instance.)
def _convert(v: Any, to_dict: bool) -> Any:
    if hasattr(v, "_ts_asdict"):
        if to_dict:
            return v._ts_asdict()
        return v._ts_astuple() if hasattr(v, "_ts_astuple") else ()  # a dataclass without fields
    if isinstance(v, list):
        return [_convert(e, to_dict) for e in v]
    if isinstance(v, dict):
        return {_convert(k, to_dict): _convert(e, to_dict) for k, e in v.items()}
    return copy.deepcopy(v)


def _asdict_inner(v: Any) -> Any:
    return _convert(v, True)


def _astuple_inner(v: Any) -> Any:
    return _convert(v, False)


def asdict(obj: Any) -> Dict[str, Any]:
    if not hasattr(obj, "_ts_asdict"):
        raise TypeError("asdict() should be called on dataclass instances")
    return obj._ts_asdict()


def astuple(obj: Any) -> Any:
    if not hasattr(obj, "_ts_asdict"):
        raise TypeError("astuple() should be called on dataclass instances")
    return _convert(obj, False)
