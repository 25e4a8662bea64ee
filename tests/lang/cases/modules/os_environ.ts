# os.environ reads and writes the process's environment: items, `in`, get/setdefault/pop, del,
# KeyError as CPython's; os.getenv, getpid, cpu_count, sep and os.path's splitext, abspath and
# expanduser.
import os
from typing import Any

os.environ["TS_LANG_MASTER_ADDR"] = "localhost"
print(os.environ["TS_LANG_MASTER_ADDR"], "TS_LANG_MASTER_ADDR" in os.environ, "TS_LANG_ABSENT" not in os.environ)
print(os.environ.get("TS_LANG_ABSENT", "dflt"), os.environ.get("TS_LANG_ABSENT"), os.environ.get("TS_LANG_ABSENT", None))
print(os.getenv("TS_LANG_MASTER_ADDR"), os.getenv("TS_LANG_ABSENT", "z"), os.getenv("TS_LANG_ABSENT"))
print(os.environ.setdefault("TS_LANG_WORLD_SIZE", "4"), os.environ.setdefault("TS_LANG_WORLD_SIZE", "8"))
world = int(os.environ["TS_LANG_WORLD_SIZE"])
print(world * 2)
print(os.environ.pop("TS_LANG_MASTER_ADDR"), os.environ.pop("TS_LANG_MASTER_ADDR", "gone"))
del os.environ["TS_LANG_WORLD_SIZE"]
print("TS_LANG_WORLD_SIZE" in os.environ, "TS_LANG_WORLD_SIZE" in os.environ.keys())
os.environ["TS_LANG_K"] = "v1"
print(os.environ.copy()["TS_LANG_K"], ("TS_LANG_K", "v1") in os.environ.items(), "v1" in os.environ.values())
print(os.environ.__getitem__("TS_LANG_K"), os.environ.__contains__("TS_LANG_K"))

try:
    rank = os.environ["TS_LANG_RANK"]
except KeyError as e:
    print("KeyError:", e)
try:
    del os.environ["TS_LANG_RANK"]
except KeyError as e:
    print("KeyError:", e)
try:
    os.environ.pop("TS_LANG_RANK")
except KeyError as e:
    print("KeyError:", e)
n: Any = 3
try:
    os.environ["TS_LANG_N"] = n
except TypeError as e:
    print("TypeError:", e)
try:
    os.environ["A=B"] = "1"
except ValueError as e:
    print("ValueError:", e)

print(os.getpid() > 0, os.getpid() == os.getpid(), os.cpu_count() >= 1, os.sep)
for p in ["a/b.txt", "x.tar.gz", ".bashrc", "a/.b.c", "a.b/c", "..a", "a/b.", "", "/"]:
    print(os.path.splitext(p))
root, ext = os.path.splitext("model.pt")
print(root + ".onnx", ext)
print(os.path.abspath("/a/./b/../c//d/"), os.path.abspath("///x"), os.path.abspath("//x/../.."), os.path.abspath("/.."))
print(os.path.abspath("q/../r") == os.path.join(os.getcwd(), "r"), os.path.abspath("") == os.getcwd())
print(os.path.expanduser("~/data") == os.path.join(os.environ["HOME"], "data"), os.path.expanduser("x/~"))
