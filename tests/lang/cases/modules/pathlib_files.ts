# pathlib on the file system: mkdir (parents, exist_ok, and the errors), write_text / read_text,
# exists / is_file / is_dir, touch, iterdir and glob (`*`, `?`, `[...]`, `**`, rglob), unlink
# (missing_ok) and rmdir, under a fresh directory in /tmp.
import os
from pathlib import Path

base = Path("/tmp") / ("ts_pathlib_test_" + str(os.getpid()))
run = base / "runs" / "exp1"
try:
    run.mkdir()
except FileNotFoundError:
    print("FileNotFoundError without parents")
run.mkdir(parents=True)
run.mkdir(parents=True, exist_ok=True)
try:
    run.mkdir()
except FileExistsError:
    print("FileExistsError")
cfg = run / "config.json"
print(cfg.write_text('{"lr": 0.1}\n'), cfg.read_text(), cfg.exists(), cfg.is_file(), cfg.is_dir(), run.is_dir())
(run / "log.txt").write_text("epoch 1\nepoch 2\n")
(run / "model_1.pt").touch()
(run / "model_2.pt").touch()
(run / "sub").mkdir()
(run / "sub" / "model_3.pt").touch()
print(sorted([p.name for p in run.iterdir()]))
print(sorted([p.name for p in run.glob("*.pt")]), sorted([p.name for p in run.glob("model_?.pt")]))
print(sorted([str(p.relative_to(base)) for p in base.rglob("*.pt")]))
print(sorted([p.name for p in run.glob("[lc]*")]), sorted([p.name for p in base.glob("**/sub")]))
print(len((run / "log.txt").read_text().splitlines()))
try:
    (run / "missing.txt").read_text()
except FileNotFoundError as e:
    print("FileNotFoundError", "missing.txt" in str(e))
for p in base.rglob("*"):
    if p.is_file():
        p.unlink()
(run / "gone.txt").unlink(missing_ok=True)
(run / "sub").rmdir()
run.rmdir()
(base / "runs").rmdir()
base.rmdir()
print(base.exists())
