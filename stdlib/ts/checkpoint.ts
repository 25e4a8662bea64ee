# ts.checkpoint: one file that holds everything a training run needs to continue exactly where
# it stopped: the model's, optimizer's and scheduler's state_dicts, torch's default generator
# state, and the DataLoader's position in its epoch (batches delivered, the generator states its
# iterator started from), plus whatever the script adds (epoch, step, metrics). Written with
# torch.save, so atomically (a temporary file, fsync, rename: a crash leaves the old checkpoint
# or the new one) and readable by PyTorch's torch.load.
#
#   from ts.checkpoint import save_checkpoint, load_checkpoint
#   save_checkpoint(path, model, optimizer, scheduler, loader, {"epoch": epoch})
#   extra = load_checkpoint(path, model, optimizer, scheduler, loader)   # before iter(loader)
import torch
from typing import Any, Dict, Optional


def save_checkpoint(path: str, model: Any, optimizer: Any = None, scheduler: Any = None, loader: Any = None,
                    extra: Optional[Dict[str, Any]] = None) -> None:
    state: Dict[str, Any] = {"format": "ts.checkpoint", "model": model.state_dict(),
                             "rng_state": torch.get_rng_state()}
    if optimizer is not None:
        state["optimizer"] = optimizer.state_dict()
    if scheduler is not None:
        state["scheduler"] = scheduler.state_dict()
    if loader is not None:
        state["loader"] = loader.state_dict()
    state["extra"] = extra if extra is not None else {}
    torch.save(state, path)


def load_checkpoint(path: str, model: Any, optimizer: Any = None, scheduler: Any = None, loader: Any = None,
                    strict: bool = True) -> Dict[str, Any]:
    # Restores what save_checkpoint wrote into the objects given and returns its `extra`. The
    # loader resumes at its next batch on the next iter(loader).
    state: Any = torch.load(path)
    ok = False
    try:
        ok = state["format"] == "ts.checkpoint"
    except Exception:
        ok = False
    if not ok:
        raise ValueError(path + " is not a checkpoint written by ts.checkpoint.save_checkpoint")
    model.load_state_dict(state["model"], strict)
    for name, obj in [("optimizer", optimizer), ("scheduler", scheduler), ("loader", loader)]:
        if obj is None:
            continue
        if name not in state:
            raise ValueError("{} holds no {} state".format(path, name))
        obj.load_state_dict(state[name])
    torch.set_rng_state(state["rng_state"])
    extra: Dict[str, Any] = state["extra"]
    return extra
