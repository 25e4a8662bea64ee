# Exception classes imported from another module of the script.
import _errlib
from _errlib import LibError, ParseError, parse


class LocalError(LibError):
    pass


try:
    parse(-4)
except LibError as e:
    print(type(e).__name__, e, repr(e), e.args)

try:
    parse(-2)
except ParseError as e:
    print("line", e.line)

try:
    raise LocalError("local")
except _errlib.LibError as e:
    print("by module attribute:", e)

try:
    raise _errlib.ParseError(3)
except LocalError:
    print("wrong handler")
except Exception as e:
    print(isinstance(e, LibError), isinstance(e, LocalError), e)
