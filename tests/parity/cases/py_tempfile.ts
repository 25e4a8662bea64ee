# The tempfile module against CPython's (run under both). The names
# are random, so only facts about them are printed.
import tempfile
import os
import shutil
import torch
from typing import List

base = os.path.abspath("tf_t")
if os.path.exists(base):
    shutil.rmtree(base)
os.makedirs(base)
os.environ["TMPDIR"] = base
td = tempfile.gettempdir()
print(td == base, tempfile.gettempdir() == td, tempfile.gettempprefix())
print(os.listdir(base))


def facts(name: str, pre: str, suf: str) -> None:
    b = os.path.basename(name)
    mid = b[len(pre):len(b) - len(suf)]
    ok = all([c in "abcdefghijklmnopqrstuvwxyz0123456789_" for c in mid])
    print(b.startswith(pre), b.endswith(suf), len(mid), ok)


# mkdtemp
d1 = tempfile.mkdtemp()
print(os.path.isdir(d1), os.path.dirname(d1) == base, d1.startswith("/"))
facts(d1, "tmp", "")
d2 = tempfile.mkdtemp(suffix="_run", prefix="exp-")
facts(d2, "exp-", "_run")
print(d1 != d2, len(os.listdir(d2)))
d3 = tempfile.mkdtemp(dir=d2)
print(os.path.dirname(d3) == d2, os.path.isdir(d3))
rel = tempfile.mkdtemp(dir="tf_t")
print(rel.startswith("tf_t/tmp"), os.path.isdir(rel))
names: List[str] = [tempfile.mkdtemp(prefix="m", dir=d2) for _ in range(20)]
print(len(set(names)), all([os.path.isdir(n) for n in names]))
try:
    tempfile.mkdtemp(dir=os.path.join(base, "no", "such"))
except Exception as e:
    print(type(e).__name__, str(e).startswith("[Errno 2] No such file or directory: '" + base + "/no/such/tmp"))

# TemporaryDirectory
with tempfile.TemporaryDirectory() as tmp:
    print(os.path.isdir(tmp), os.path.dirname(tmp) == base)
    facts(tmp, "tmp", "")
    with open(os.path.join(tmp, "a.txt"), "w") as f:
        f.write("hello")
    os.makedirs(os.path.join(tmp, "sub", "deep"))
    with open(os.path.join(tmp, "sub", "deep", "b.txt"), "w") as f:
        f.write("x")
    torch.save(torch.ones(3), os.path.join(tmp, "t.pt"))
    print(sorted(os.listdir(tmp)))
    print(torch.load(os.path.join(tmp, "t.pt")))
    kept = tmp
print("removed:", not os.path.exists(kept))

t = tempfile.TemporaryDirectory(prefix="ckpt_", suffix=".d", dir=d2)
facts(t.name, "ckpt_", ".d")
print(os.path.isdir(t.name), os.path.dirname(t.name) == d2)
print(repr(t) == "<TemporaryDirectory " + repr(t.name) + ">")
t.cleanup()
print(os.path.exists(t.name))
t.cleanup()
print("second cleanup ok")
t2 = tempfile.TemporaryDirectory()
shutil.rmtree(t2.name)
t2.cleanup()
print("cleanup of a removed directory ok")
t3 = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
with open(os.path.join(t3.name, "f"), "w") as f:
    f.write("1")
with t3 as n3:
    print(n3 == t3.name)
print(os.path.exists(t3.name))
try:
    with tempfile.TemporaryDirectory() as tmp2:
        kept2 = tmp2
        raise ValueError("boom")
except ValueError as e:
    print("ValueError", e, os.path.exists(kept2))

# NamedTemporaryFile
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as nf:
    print(os.path.dirname(nf.name) == base, os.path.exists(nf.name))
    facts(nf.name, "tmp", ".json")
    print(nf.write('{"a": 1}\n'), nf.closed, nf.delete, nf.mode)
    kept_f = nf.name
print(nf.closed, os.path.exists(kept_f))
with open(kept_f) as g:
    print(repr(g.read()))
os.remove(kept_f)

f2 = tempfile.NamedTemporaryFile(mode="w", prefix="log_", dir=d2)
f2.write("line1\n")
f2.writelines(["line2\n", "line3\n"])
f2.flush()
with open(f2.name) as g:
    print(g.readlines())
facts(f2.name, "log_", "")
print(os.path.dirname(f2.name) == d2, f2.closed)
f2.close()
print(f2.closed, os.path.exists(f2.name))
f2.close()
try:
    f2.write("x")
except Exception as e:
    print(type(e).__name__, e)

fr = tempfile.NamedTemporaryFile(mode="r")
print(repr(fr.read()), fr.readable(), os.path.exists(fr.name))
fr.close()
print(os.path.exists(fr.name))

# the common binary pattern: only the name is used
with tempfile.NamedTemporaryFile(suffix=".pt") as fb:
    print(os.path.exists(fb.name), fb.mode)
    torch.save({"w": torch.arange(4)}, fb.name)
    print(torch.load(fb.name)["w"])
    kept_b = fb.name
print(os.path.exists(kept_b))

for m in ["wb", "ab", "r+b", "xb", "w+", "a+", "rb", "x"]:
    fm = tempfile.NamedTemporaryFile(mode=m)
    print(m, fm.mode, os.path.exists(fm.name))
    fm.close()
    print(os.path.exists(fm.name))
for kw in ["rw", "q", "wbt"]:
    try:
        tempfile.NamedTemporaryFile(mode=kw)
    except Exception as e:
        print(type(e).__name__, e)
try:
    tempfile.NamedTemporaryFile(mode="wb", encoding="utf-8")
except Exception as e:
    print(type(e).__name__, e)
try:
    tempfile.NamedTemporaryFile("w", dir=os.path.join(base, "missing"))
except Exception as e:
    print(type(e).__name__, str(e).startswith("[Errno 2] No such file or directory: '" + base + "/missing/tmp"))

# the script's random stream is not touched
import random
random.seed(0)
a1 = random.random()
random.seed(0)
dd = tempfile.mkdtemp()
with tempfile.TemporaryDirectory() as _:
    pass
print(random.random() == a1)

shutil.rmtree(base)
print(os.path.exists(base))
