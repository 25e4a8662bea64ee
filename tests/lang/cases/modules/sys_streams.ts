# sys.stdout and sys.stderr: write() returns the characters written, flush(), print(file=...,
# flush=...); sys.platform and sys.version_info (Ts follows CPython 3.11).
import sys

n = sys.stdout.write("written\n")
print(n, sys.stdout.write("é\n"))
sys.stdout.flush()
m = sys.stderr.write("to stderr\n")
sys.stderr.flush()
print(m)
print("error line", 2, file=sys.stderr)
print("a", "b", sep="-", end="!\n", file=sys.stdout, flush=True)
print("plain", file=None)
print("flushed", flush=True)
print(sys.platform)
print(sys.version_info.major, sys.version_info[0] == 3, sys.version_info.minor >= 8, sys.version_info.releaselevel)
print(sys.version_info >= (3, 8), sys.version_info < (3, 8, 1), sys.version_info[:2] == (3, 11))
major, minor, micro, level, serial = sys.version_info
print(major, minor, level)
try:
    sys.stdout.write(5)
except TypeError as e:
    print("TypeError:", e)
out = sys.stdout
out.write("through a variable\n")
print(sys.stdout, sys.stderr, sys.stdout is sys.stdout)
