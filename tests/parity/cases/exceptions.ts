from typing import List, Dict
import torch


def parse(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return -1


def safe_div(a: int, b: int) -> str:
    try:
        q = a // b
        r = "ok " + str(q)
    except ZeroDivisionError as e:
        r = "caught: " + str(e)
    finally:
        print("finally", a, b)
    return r


def lookup(d: Dict[str, int], keys: List[str]) -> int:
    total = 0
    for k in keys:
        try:
            total += d[k]
        except KeyError as e:
            print("missing", e)
            continue
        except (IndexError, TypeError):
            print("never")
    return total


def nested(n: int) -> str:
    try:
        try:
            if n > 1:
                raise RuntimeError("deep " + str(n))
            return "no error"
        except ValueError:
            return "wrong handler"
    except RuntimeError as e:
        return "outer got " + str(e)


def reraise(x: int) -> int:
    try:
        if x < 0:
            raise ValueError("negative")
        return x
    except ValueError:
        print("logging and re-raising")
        raise


print(parse("42"), parse("4x2"), parse(" 7 "))
print(safe_div(7, 2), safe_div(1, 0))
print(lookup({"a": 1, "b": 2}, ["a", "zz", "b"]))
print(nested(0), nested(5))
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print("tensor error caught")
with torch.no_grad():
    try:
        raise ValueError("inside no_grad")
    except ValueError as e:
        print(e, torch.is_grad_enabled())
print(torch.is_grad_enabled())
try:
    with torch.no_grad():
        raise KeyError("k")
except KeyError as e:
    print("after with:", torch.is_grad_enabled(), e)
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("fin", i)
print(reraise(3))
print(reraise(-1))
