# re/_constants.ts: what the other modules of re share: the flags (re.I, re.M, ...), CPython's
# limits, _PatternError (a bad pattern or template, raised again as re.error by re/__init__.ts),
# and the codes of the parse tree (re/_tree.ts) that re/_parser.ts builds and re/_compiler.ts
# reads: node kinds, anchors (AT kinds), categories (\d \s \w and their negations) and repeat
# modes.
from typing import Optional

NOFLAG = 0
TEMPLATE = 1
T = 1
IGNORECASE = 2
I = 2
LOCALE = 4
L = 4
MULTILINE = 8
M = 8
DOTALL = 16
S = 16
UNICODE = 32
U = 32
VERBOSE = 64
X = 64
DEBUG = 128
ASCII = 256
A = 256

_MAXREPEAT = 4294967295
_MAXGROUPS = 1073741823


class _PatternError(Exception):
    # A bad pattern or template: what the other modules raise. re/__init__.ts raises it again as
    # re.error, which is defined there so that its class is `re.error` (type(e), an uncaught one)
    # as in CPython: tsrun names a class after the module that defines it (re._constants.error).
    def __init__(self, msg: str, pattern: Optional[str] = None, pos: Optional[int] = None):
        super().__init__(msg)
        self.msg = msg
        self.pattern = pattern
        self.pos = pos


# ---------------------------------------------------------------------------------------------
# Parse tree codes

_N_SEQ = 0
_N_BRANCH = 1
_N_LIT = 2
_N_NLIT = 3
_N_ANY = 4
_N_IN = 5
_N_AT = 6
_N_GROUP = 7
_N_REPEAT = 8
_N_REF = 9
_N_ASSERT = 10
_N_ATOMIC = 11
_N_COND = 12
_N_CAT = 13  # a category inside a class (\d in [\d.]) before the class is built

# AT kinds
_AT_BEGIN = 0
_AT_BEGIN_LINE = 1
_AT_END = 2
_AT_END_LINE = 3
_AT_BEGIN_STRING = 4
_AT_END_STRING = 5
_AT_BOUNDARY = 6
_AT_NON_BOUNDARY = 7

# categories
_C_DIGIT = 0
_C_NOT_DIGIT = 1
_C_SPACE = 2
_C_NOT_SPACE = 3
_C_WORD = 4
_C_NOT_WORD = 5

# repeat modes
_GREEDY = 0
_LAZY = 1
_POSSESSIVE = 2
