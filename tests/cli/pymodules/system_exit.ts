# SystemExit as CPython has it: sys.exit's argument is the exception's `code`, and an uncaught
# one decides the exit status (None: 0, an int: itself, anything else: printed, status 1).
import sys

try:
    sys.exit(3)
except SystemExit as e:
    print("exit", e.code, e.args)
try:
    sys.exit()
except SystemExit as e:
    print("exit", e.code, e.args)
try:
    sys.exit("bye")
except SystemExit as e:
    print("exit", e.code, e.args)
try:
    raise SystemExit(4)
except SystemExit as e:
    print("raised", e.code)
how = sys.argv[1] if len(sys.argv) > 1 else ""
if how == "int":
    sys.exit(7)
if how == "none":
    sys.exit(None)
if how == "raise":
    raise SystemExit("stopped: " + how)
sys.exit("fatal: " + how)
