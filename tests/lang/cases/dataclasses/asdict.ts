# dataclasses.asdict / astuple / is_dataclass: nested dataclasses, lists and dicts converted
# recursively, everything else copied; json.dumps of the result.
import json
from dataclasses import dataclass, field, asdict, astuple, is_dataclass
from typing import Dict, List


@dataclass
class Layer:
    width: int
    act: str = "relu"


@dataclass
class Model:
    name: str
    layers: List[Layer] = field(default_factory=list)
    sizes: Dict[str, int] = field(default_factory=dict)
    lr: float = 0.001


@dataclass
class Empty:
    pass


@dataclass
class Holder:
    e: Empty
    es: List[Empty]


m = Model("mlp", [Layer(64), Layer(10, "none")], {"in": 784})
d = asdict(m)
print(d)
print(json.dumps(d, sort_keys=True))
print(astuple(m), astuple(Layer(3)), asdict(Empty()), astuple(Empty()))
print(asdict(Holder(Empty(), [Empty()])), astuple(Holder(Empty(), [Empty()])))
d["layers"][0]["width"] = 1
print(m.layers[0].width, is_dataclass(m), is_dataclass(3), is_dataclass(d))
try:
    asdict(3)
except TypeError as e:
    print("TypeError:", e)
