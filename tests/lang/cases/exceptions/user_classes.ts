# Exception classes defined by the script: raising, catching by class and base, str/repr/args.
class MyError(Exception):
    pass


class Sub(MyError):
    pass


class ConfigError(ValueError):
    pass


class E(RuntimeError):
    pass


class K(KeyError):
    pass


class L(LookupError):
    pass


def show(e: MyError) -> None:
    print(type(e).__name__, str(e), repr(e), e.args, isinstance(e, MyError), isinstance(e, Sub), isinstance(e, Exception))


try:
    raise MyError("msg")
except MyError as e:
    show(e)

try:
    raise MyError
except MyError as e:
    show(e)

try:
    raise MyError()
except MyError as e:
    show(e)

try:
    raise Sub("a", 2)
except MyError as e:
    show(e)
    print(len(e.args), e.args[1])

try:
    raise ConfigError("bad config")
except ValueError as e:
    print("ValueError caught:", e)

try:
    raise E("rt")
except RuntimeError as e:
    print("RuntimeError caught:", repr(e))

try:
    raise K("key")
except LookupError as e:
    print("LookupError caught:", str(e), repr(e))

try:
    raise L("where")
except Exception as e:
    print("Exception caught:", e)

try:
    raise Sub("sub")
except:
    print("bare except")

for i in range(3):
    try:
        if i == 0:
            raise MyError("m")
        elif i == 1:
            raise K("k")
        else:
            raise ConfigError("c")
    except (MyError, KeyError) as e:
        print("tuple handler:", type(e).__name__, e)
    except ValueError as e:
        print("ValueError handler:", type(e).__name__, e)

# a handler for another class does not take it
try:
    try:
        raise MyError("outer")
    except ValueError:
        print("wrong handler")
    except Sub:
        print("wrong handler")
except MyError as e:
    print("passed through:", e)
