# Only exception classes can be raised and caught.
class Plain:
    pass


class MyError(Exception):
    code = 1


def f(n: int) -> None:
    if n == 0:
        raise 5
    if n == 1:
        raise Plain()
    if n == 2:
        raise Plain
    if n == 3:
        raise MyError() from 4
    try:
        pass
    except Plain:
        pass
    try:
        pass
    except (MyError, int):
        pass
    try:
        pass
    except NotAClass:
        pass
    try:
        pass
    except MyError as e:
        print(e.missing)


class Fine(Exception):
    items = [1, 2]  # a class attribute of any value


MyError(kind=3)
# expect error: 12:15 exceptions must derive from BaseException; this is int
# expect error: 14:15 exceptions must derive from BaseException; this is Plain
# expect error: 16:15 exceptions must derive from BaseException; this is Type[Plain]
# expect error: 18:30 exceptions must derive from BaseException; this is int
# expect error: 21:12 catching classes that do not inherit from BaseException is not allowed; this is Type[Plain]
# expect error: 25:22 catching classes that do not inherit from BaseException is not allowed
# expect error: 29:12 undefined name `NotAClass`
# expect error: 34:17 `MyError` has no attribute `missing`
# expect error: 41:14 `MyError()` takes no keyword arguments
