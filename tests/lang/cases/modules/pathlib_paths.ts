# pathlib's path arithmetic: construction and normalization, `/` and joinpath, absolute parts
# resetting the path, name / stem / suffix / suffixes / parent / parents, with_name / with_stem /
# with_suffix and their errors, is_absolute, as_posix, relative_to, equality, str and repr.
from pathlib import Path

paths = [Path(), Path(""), Path("a"), Path("a/b/"), Path("a//b/./c"), Path("/"), Path("/usr/lib/x.tar.gz"),
         Path("runs", "exp1", "model.pt"), Path("a", "/abs", "b"), Path(".hidden"), Path("archive.")]
for p in paths:
    print(repr(p), str(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.is_absolute(), p.as_posix())
root = Path("runs")
ckpt = root / "exp1" / "ckpt.pt"
print(ckpt, ckpt.with_suffix(".pth"), ckpt.with_name("best.pt"), ckpt.with_stem("last"), ckpt.with_suffix(""))
print(root.joinpath("a", "b", "c.txt"), root / "/etc/passwd", [str(q) for q in ckpt.parents])
print(Path("a") == Path("a/"), Path("a") == Path("b"), Path("a") != Path("b"))
for bad in ["txt", ".", "a/b"]:
    try:
        ckpt.with_suffix(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    Path("/").with_name("x")
except ValueError as e:
    print("ValueError:", e)
print(Path("/tmp").is_absolute(), Path("~").expanduser() == Path.home(), Path.cwd().is_absolute())
print(ckpt.relative_to("runs"), ckpt.relative_to(Path("runs/exp1")), Path("/a/b").relative_to("/"))
try:
    ckpt.relative_to("other")
except ValueError as e:
    print("ValueError:", e)
