# Exception classes for exceptions/imported_classes.ts.
class LibError(Exception):
    pass


class ParseError(LibError):
    def __init__(self, line: int):
        super().__init__("bad line " + str(line))
        self.line = line


def parse(n: int) -> int:
    if n < 0:
        raise ParseError(-n)
    return n
