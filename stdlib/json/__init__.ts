# json: dumps / loads (json/encoder.ts, json/decoder.ts) and dump / load, which write to and read
# from any object with `write(str)` / `read()` (a file from open(), sys.stdout, sys.stderr, a
# script's own class). Not here: the `cls`, `object_hook`, `object_pairs_hook`, `parse_float`,
# `parse_int` and `parse_constant` hooks, JSONEncoder / JSONDecoder as classes, bytes input.
from typing import Any, Optional, Tuple
import json.decoder as decoder
import json.encoder as encoder
from json.decoder import JSONDecodeError, decode
from json.encoder import Encoder


def dumps(obj: Any, skipkeys: bool = False, ensure_ascii: bool = True, check_circular: bool = True,
          allow_nan: bool = True, indent: Any = None, separators: Optional[Tuple[str, str]] = None,
          default: Any = None, sort_keys: bool = False) -> str:
    out = []
    Encoder(skipkeys, ensure_ascii, allow_nan, indent, separators, default, sort_keys).encode(obj, 0, out)
    return "".join(out)


def dump(obj: Any, fp: Any, skipkeys: bool = False, ensure_ascii: bool = True, check_circular: bool = True,
         allow_nan: bool = True, indent: Any = None, separators: Optional[Tuple[str, str]] = None,
         default: Any = None, sort_keys: bool = False) -> None:
    fp.write(dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii, allow_nan=allow_nan, indent=indent,
                   separators=separators, default=default, sort_keys=sort_keys))


def loads(s: Any) -> Any:
    if not isinstance(s, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not " + type(s).__name__)
    return decode(s)


def load(fp: Any) -> Any:
    return loads(fp.read())
