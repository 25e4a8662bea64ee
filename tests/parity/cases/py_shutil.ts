# The shutil module against CPython's (run under both). Works in
# ./sh_t below the current directory (made and removed here).
import shutil
import os
import torch
from typing import Any, List

B = "sh_t"


def tree(p: str, indent: str = "") -> None:
    for n in sorted(os.listdir(p)):
        full = os.path.join(p, n)
        if os.path.isdir(full):
            print(indent + n + "/")
            tree(full, indent + "  ")
        else:
            with open(full) as f:
                print(indent + n + " = " + repr(f.read()))


def write(p: str, text: str) -> None:
    with open(p, "w") as f:
        f.write(text)


def read(p: str) -> str:
    with open(p) as f:
        return f.read()


def err(e: Exception) -> None:
    print(type(e).__name__, e)


if os.path.exists(B):
    shutil.rmtree(B)
os.makedirs(B + "/src/sub/deeper")
write(B + "/src/a.txt", "alpha\n")
write(B + "/src/b.py", "print('b')\n")
write(B + "/src/sub/c.txt", "gamma")
write(B + "/src/sub/d.pyc", "")
write(B + "/src/sub/deeper/e.txt", "ε unicode ✓\n")
tree(B)

# copyfile
print(shutil.copyfile(B + "/src/a.txt", B + "/a_copy.txt"))
print(read(B + "/a_copy.txt"))
write(B + "/a_copy.txt", "overwritten")
print(shutil.copyfile(B + "/src/a.txt", B + "/a_copy.txt"), repr(read(B + "/a_copy.txt")))
for s, d in [(B + "/nope", B + "/x"), (B + "/src", B + "/x"), (B + "/src/a.txt", B + "/src"),
             (B + "/src/a.txt", B + "/src/a.txt"), (B + "/src/a.txt", B + "/src/../src/a.txt"),
             (B + "/src/a.txt", B + "/missing_dir/x")]:
    try:
        shutil.copyfile(s, d)
    except shutil.SameFileError as e:
        print("SameFileError", e, isinstance(e, shutil.Error), isinstance(e, OSError))
    except Exception as e:
        err(e)

# binary content survives
torch.save({"w": torch.arange(10.0)}, B + "/t.pt")
shutil.copyfile(B + "/t.pt", B + "/t2.pt")
print(torch.load(B + "/t2.pt")["w"])
os.remove(B + "/t.pt")
os.remove(B + "/t2.pt")

# copy / copy2
os.makedirs(B + "/dst")
print(shutil.copy(B + "/src/a.txt", B + "/dst"))
print(shutil.copy(B + "/src/a.txt", B + "/dst/renamed.txt"))
print(shutil.copy2(B + "/src/b.py", B + "/dst"))
print(shutil.copy2(B + "/src/b.py", B + "/dst/b2.py"))
for f in [shutil.copy, shutil.copy2]:
    try:
        f(B + "/src/nope.txt", B + "/dst")
    except Exception as e:
        err(e)
tree(B + "/dst")

# copytree
print(shutil.copytree(B + "/src", B + "/tree1"))
tree(B + "/tree1")
try:
    shutil.copytree(B + "/src", B + "/tree1")
except Exception as e:
    err(e)
print(shutil.copytree(B + "/src", B + "/tree1", dirs_exist_ok=True))
print(shutil.copytree(B + "/src", B + "/tree2", ignore=shutil.ignore_patterns("*.pyc", "*.py", "deep*")))
tree(B + "/tree2")
print(sorted(shutil.ignore_patterns("*.txt", "[ab]*")("x", ["a.txt", "b.py", "c.md", "d.txt"])))


def ign(d: str, names: List[str]) -> List[str]:
    return [n for n in names if n.startswith("s")]


print(shutil.copytree(B + "/src", B + "/tree3", ignore=ign))
tree(B + "/tree3")
copied: List[str] = []


def cf(s: str, d: str) -> str:
    copied.append(os.path.basename(s))
    return shutil.copyfile(s, d)


print(shutil.copytree(B + "/src", B + "/tree4", copy_function=cf))
print(sorted(copied))
for s, d in [(B + "/nope", B + "/t5"), (B + "/src/a.txt", B + "/t5")]:
    try:
        shutil.copytree(s, d)
    except Exception as e:
        err(e)
# errors inside the tree are gathered into shutil.Error
os.makedirs(B + "/tree6/sub")
write(B + "/tree6/c.txt", "x")
os.makedirs(B + "/bad")
write(B + "/bad/sub", "a file where the tree has a directory")
try:
    shutil.copytree(B + "/tree6", B + "/bad", dirs_exist_ok=True)
except shutil.Error as e:
    print("Error", e.args[0])

# move
print(shutil.move(B + "/tree4", B + "/moved"))
print(os.path.exists(B + "/tree4"))
tree(B + "/moved")
print(shutil.move(B + "/moved/a.txt", B + "/dst/sub_new"))
os.makedirs(B + "/dst/into")
print(shutil.move(B + "/dst/sub_new", B + "/dst/into"))
print(shutil.move(B + "/dst/into/sub_new", B + "/dst/a_moved.txt"))
print(shutil.move(B + "/moved", B + "/dst"))
tree(B + "/dst")
write(B + "/over.txt", "old")
write(B + "/new.txt", "new")
print(shutil.move(B + "/new.txt", B + "/over.txt"), read(B + "/over.txt"), os.path.exists(B + "/new.txt"))
write(B + "/dup.txt", "d")
write(B + "/dst/dup.txt", "d")
for s, d in [(B + "/dup.txt", B + "/dst"), (B + "/nope", B + "/x"), (B + "/tree1", B + "/tree1/sub"),
             (B + "/tree1", B + "/over.txt")]:
    try:
        shutil.move(s, d)
    except Exception as e:
        err(e)

# rmtree
shutil.rmtree(B + "/tree1")
print(os.path.exists(B + "/tree1"))
for p in [B + "/nope", B + "/over.txt"]:
    try:
        shutil.rmtree(p)
    except Exception as e:
        err(e)
shutil.rmtree(B + "/nope", ignore_errors=True)
shutil.rmtree(B + "/over.txt", ignore_errors=True)
print(os.path.exists(B + "/over.txt"))
seen: List[str] = []


def on_err(func: Any, path: str, exc_info: Any) -> None:
    seen.append(path + " " + type(exc_info[1]).__name__ + " " + str(exc_info[1]))


shutil.rmtree(B + "/nope", onerror=on_err)
shutil.rmtree(B + "/over.txt", onerror=on_err)
print(seen)

# which
print(shutil.which("sh"), shutil.which("ls"), shutil.which("definitely-not-a-cmd-xyz"))
print(shutil.which("sh", path="/usr/bin:/bin"), shutil.which("sh", path=""), shutil.which("sh", path="/nonexistent"))
print(shutil.which("/bin/sh"), shutil.which("./nope"), shutil.which("/bin"))

shutil.rmtree(B)
print(os.path.exists(B))
