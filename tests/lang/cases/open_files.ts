# open(): text files written, appended, read whole, by line, by iteration and in pieces, with
# universal newlines, print(..., file=f), the context manager, and CPython's errors.
import json
import os

path = "/tmp/ts_lang_open_files_" + str(os.getpid()) + ".txt"
with open(path, "w") as f:
    n = f.write("line one\n")
    f.write("line two\r\nline three")
    print(n, f.closed, f.mode, f.writable(), f.readable())
print(f.closed)
with open(path) as f:
    for line in f:
        print(repr(line))
f = open(path, "a")
f.writelines(["\nfour\n", "five\n"])
print("six", 7, sep="-", file=f)
print("no newline", end="", file=f)
f.close()
with open(path, "r", encoding="utf-8") as f:
    print(f.readline(), end="")
    print(repr(f.read(4)), repr(f.readline(3)))
    print(f.readlines())
    print(repr(f.read()), repr(f.readline()))
print(len(open(path).read().splitlines()), open(path, newline="").read().count("\r"))
try:
    open("/tmp/ts_lang_no_such_dir/file.txt")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
try:
    open(path, "x")
except FileExistsError as e:
    print("FileExistsError:", str(e).replace(path, "PATH"))
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
with open(path, "w") as f:
    try:
        f.read()
    except OSError as e:
        print(type(e).__name__, e)
for m in ["q", "rw", "rr"]:
    try:
        open(path, m)
    except ValueError as e:
        print("ValueError:", e)
with open(path, "x" if not os.path.exists(path) else "w") as f:
    f.write("é ü\n")
print(open(path).read(2), len(open(path).read()))
with open(path, "w") as f:
    json.dump({"epoch": 3, "acc": [0.5, 0.75]}, f)
with open(path) as f:
    print(json.load(f))
os.remove(path)
print(os.path.exists(path))
