# Exception classes with their own __init__, fields, methods, class attributes and __str__;
# re-raising, `raise ... from`, finally, raising inside functions and nested handlers.
from typing import List


class AppError(Exception):
    kind = "app"

    def __init__(self, msg: str, code: int):
        super().__init__(msg)
        self.code = code

    def describe(self) -> str:
        return self.kind + ":" + str(self.code)


class NetError(AppError):
    def __str__(self) -> str:
        return "network failure " + str(self.code)


class Quiet(Exception):
    def __init__(self, n: int):
        self.n = n


class Shown(Exception):
    def __repr__(self) -> str:
        return "Shown!"


def fail(n: int) -> int:
    if n > 2:
        raise NetError("down", n)
    return n


def deep(n: int) -> int:
    return fail(n) + 1


try:
    raise AppError("disk full", 28)
except AppError as e:
    print(e, repr(e), e.args, e.code, e.describe(), e.kind)

try:
    deep(5)
except AppError as e:
    print(str(e), repr(e), e.args, e.code, e.describe())
    print(f"{e}", "%s" % e)

try:
    raise Quiet(7)
except Quiet as e:
    print(str(e), repr(e), e.args, e.n)

try:
    raise Shown("x")
except Shown as e:
    print(str(e), repr(e))

log: List[str] = []


def reraise() -> None:
    try:
        deep(3)
    except NetError:
        log.append("seen")
        raise
    finally:
        log.append("finally")


try:
    reraise()
except AppError as e:
    print("re-raised:", type(e).__name__, e.code, log)

try:
    try:
        fail(9)
    except NetError as e:
        raise ValueError("wrapped") from e
except ValueError as e:
    print("from:", e)

try:
    try:
        raise KeyError("k")
    except KeyError as e:
        raise AppError("converted", 1) from e
except AppError as e:
    print("converted:", e, e.code)

count = 0
for i in range(4):
    try:
        try:
            deep(i)
            count += 1
        finally:
            count += 10
    except NetError as e:
        print("iteration", i, "raised", e)
print(count)
