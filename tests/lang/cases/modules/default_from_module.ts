# A function's default that names a global of its own module is that module's value, even where
# the caller has a variable of the same name.
# expect: 5 3 5.0
# expect: 5 7.5
import _default_lib
from _default_lib import limited, Scaler

LIMIT = 100
print(limited(), _default_lib.limited(3), Scaler().scale(2.0))


def caller() -> None:
    LIMIT = 50
    SCALE = 9.0
    print(limited() + 0 * LIMIT, Scaler().scale(3.0) + 0 * SCALE)


caller()
