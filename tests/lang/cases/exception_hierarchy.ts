# Python's builtin exception classes and their bases: an `except` clause takes its class and
# every class below it; IOError is another name of OSError.


def raise_one(k: int):
    if k == 0:
        raise ZeroDivisionError("a")
    if k == 1:
        raise OverflowError("b")
    if k == 2:
        raise IndexError("c")
    if k == 3:
        raise KeyError("d")
    if k == 4:
        raise FileNotFoundError("e")
    if k == 5:
        raise PermissionError("f")
    if k == 6:
        raise IOError("g")
    if k == 7:
        raise NotImplementedError("h")
    if k == 8:
        raise RecursionError("i")
    if k == 9:
        raise ValueError("j")
    if k == 10:
        raise NameError("k")
    raise AttributeError("l")


def caught_by(k: int) -> str:
    names = ""
    try:
        raise_one(k)
    except ArithmeticError:
        names = "ArithmeticError"
    except LookupError:
        names = "LookupError"
    except OSError:
        names = "OSError"
    except RuntimeError:
        names = "RuntimeError"
    except Exception:
        names = "Exception"
    return names


for k in range(12):
    print(k, caught_by(k))

try:
    raise OSError("disk")
except IOError as e:
    print("IOError takes OSError:", e)

try:
    raise IOError("io")
except OSError as e:
    print("OSError takes IOError:", e)

try:
    raise KeyboardInterrupt("stop")
except Exception:
    print("wrong: Exception took KeyboardInterrupt")
except BaseException as e:
    print("BaseException takes KeyboardInterrupt:", e)

try:
    try:
        raise ZeroDivisionError("zero")
    except LookupError:
        print("wrong: LookupError took ZeroDivisionError")
except ArithmeticError as e:
    print("outer ArithmeticError:", e)

try:
    1 // 0
except ArithmeticError as e:
    print("ArithmeticError takes 1 // 0:", e)

try:
    [1, 2][5]
except LookupError as e:
    print("LookupError takes list index:", e)
