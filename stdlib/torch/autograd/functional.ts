# torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp and vhp over torch.autograd.grad,
# with PyTorch 1.13's signatures, results (a Tensor, or tuples nested as the function's outputs
# and inputs are) and errors. jvp and hvp use the double-backward trick, as PyTorch does.
# vectorize=True (and jacobian's strategy="forward-mode", which needs it) give the Jacobian
# computed one output element at a time: the same values, without the batching.
import torch
import _ts
from typing import Any, Callable, List, Tuple


def _as_tuple(inp: Any, arg_name: str, fn_name: str) -> Tuple[bool, List[Any]]:
    # (whether inp was a tuple, its tensors), or PyTorch's TypeError for anything else.
    is_inp_tuple = isinstance(inp, tuple)
    items: List[Any] = list(inp) if is_inp_tuple else [inp]
    for i in range(len(items)):
        if not isinstance(items[i], torch.Tensor):
            if is_inp_tuple:
                raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                                " value at index {} has type {}.".format(arg_name, fn_name, i, type(items[i])))
            raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                            " given {} has type {}.".format(arg_name, fn_name, arg_name, type(items[i])))
    return is_inp_tuple, items


def _unpack(res: List[Any], is_tuple: bool) -> Any:
    return tuple(res) if is_tuple else res[0]


def _unpack2(res: List[List[Any]], is_outer_tuple: bool, is_inner_tuple: bool) -> Any:
    rows: List[Any] = []
    for r in res:
        rows.append(_unpack(r, is_inner_tuple))
    return _unpack(rows, is_outer_tuple)


def _grad_preprocess(inputs: List[Any], create_graph: bool, need_graph: bool) -> List[Any]:
    res: List[Any] = []
    for inp in inputs:
        if create_graph and inp.requires_grad:
            res.append(inp.view_as(inp))
        else:
            res.append(inp.detach().requires_grad_(need_graph))
    return res


def _grad_postprocess(inputs: List[Any], create_graph: bool) -> List[Any]:
    if create_graph:
        return inputs
    res: List[Any] = []
    for inp in inputs:
        res.append(inp.detach())
    return res


def _validate_v(v: List[Any], other: List[Any], is_other_tuple: bool) -> None:
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError("v is a tuple of invalid length: should be {} but got {}.".format(len(other), len(v)))
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx in range(len(v)):
        if v[idx].size() != other[idx].size():
            prepend = ""
            if is_other_tuple:
                prepend = "Entry {} in ".format(idx)
            raise RuntimeError("{}v has invalid size: should be {} but got {}.".format(
                prepend, other[idx].size(), v[idx].size()))


def _check_requires_grad(inputs: List[Any], input_type: str, strict: bool) -> None:
    if not strict:
        return
    for i in range(len(inputs)):
        inp = inputs[i]
        if inp is None:
            raise RuntimeError("The output of the user-provided function is independent of input {}."
                               " This is not allowed in strict mode.".format(i))
        if not inp.requires_grad:
            if input_type == "hessian":
                raise RuntimeError("The hessian of the user-provided function with respect to input {}"
                                   " is independent of the input. This is not allowed in strict mode."
                                   " You should ensure that your function is thrice differentiable and that"
                                   " the hessian depends on the inputs.".format(i))
            elif input_type == "jacobian":
                raise RuntimeError("While computing the hessian, found that the jacobian of the user-provided"
                                   " function with respect to input {} is independent of the input. This is not"
                                   " allowed in strict mode. You should ensure that your function is twice"
                                   " differentiable and that the jacobian depends on the inputs (this would be"
                                   " violated by a linear function for example).".format(i))
            elif input_type == "grad_inputs":
                raise RuntimeError("The gradient with respect to input {} is independent of the inputs of the"
                                   " user-provided function. This is not allowed in strict mode.".format(i))
            else:
                raise RuntimeError("Output {} of the user-provided function does not require gradients."
                                   " The outputs must be computed in a differentiable manner from the input"
                                   " when running in strict mode.".format(i))


def _autograd_grad(outputs: List[Any], inputs: List[Any], grad_outputs: Any, create_graph: bool,
                   retain_graph: Any = None) -> List[Any]:
    # torch.autograd.grad over the outputs that require grad (None for every input when none does).
    new_outputs: List[Any] = []
    new_grad_outputs: List[Any] = []
    for i in range(len(outputs)):
        out = outputs[i]
        if out is not None and out.requires_grad:
            new_outputs.append(out)
            new_grad_outputs.append(None if grad_outputs is None else grad_outputs[i])
    if len(new_outputs) == 0:
        nones: List[Any] = []
        for inp in inputs:
            nones.append(None)
        return nones
    return list(_ts.autograd_grad(new_outputs, inputs, new_grad_outputs, retain_graph, create_graph, True))


def _fill_in_zeros(grads: List[Any], refs: List[Any], strict: bool, create_graph: bool, stage: str) -> List[Any]:
    res: List[Any] = []
    for i in range(len(grads)):
        g = grads[i]
        if g is None:
            if strict:
                if stage == "back":
                    raise RuntimeError("The output of the user-provided function is independent of "
                                       "input {}. This is not allowed in strict mode.".format(i))
                elif stage == "back_trick":
                    raise RuntimeError("The gradient with respect to the input is independent of entry {}"
                                       " in the grad_outputs when using the double backward trick to compute"
                                       " forward mode gradients. This is not allowed in strict mode.".format(i))
                elif stage == "double_back":
                    raise RuntimeError("The jacobian of the user-provided function is independent of "
                                       "input {}. This is not allowed in strict mode.".format(i))
                else:
                    raise RuntimeError("The hessian of the user-provided function is independent of "
                                       "entry {} in the grad_jacobian. This is not allowed in strict "
                                       "mode as it prevents from using the double backward trick to "
                                       "replace forward mode AD.".format(i))
            g = torch.zeros_like(refs[i])
        elif strict and create_graph and not g.requires_grad:
            if "double" not in stage:
                raise RuntimeError("The jacobian of the user-provided function is independent of "
                                   "input {}. This is not allowed in strict mode when create_graph=True.".format(i))
            raise RuntimeError("The hessian of the user-provided function is independent of "
                               "input {}. This is not allowed in strict mode when create_graph=True.".format(i))
        res.append(g)
    return res


def _v_or_single(v: Any, against: List[Any], is_against_tuple: bool, create_graph: bool, fn_name: str,
                 none_message: str) -> Any:
    # v as a list checked against `against`'s sizes, or None where v may be left out.
    if v is not None:
        is_v_tuple, vs = _as_tuple(v, "v", fn_name)
        vs = _grad_preprocess(vs, create_graph, False)
        _validate_v(vs, against, is_against_tuple)
        return vs
    if len(against) != 1 or against[0].numel() != 1:
        raise RuntimeError(none_message)
    return None


def vjp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> Any:
    with torch.enable_grad():
        is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "vjp")
        ins = _grad_preprocess(ins, create_graph, True)
        is_outputs_tuple, outs = _as_tuple(func(*ins), "outputs of the user-provided function", "vjp")
        _check_requires_grad(outs, "outputs", strict)
        vs = _v_or_single(v, outs, is_outputs_tuple, create_graph, "vjp",
                          "The vector v can only be None if the user-provided function returns "
                          "a single Tensor with a single element.")
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(outs, ins, vs, create_graph)
        res = _fill_in_zeros(grad_res, ins, strict, create_graph, "back")
    return (_unpack(_grad_postprocess(outs, create_graph), is_outputs_tuple),
            _unpack(_grad_postprocess(res, create_graph), is_inputs_tuple))


def jvp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> Any:
    with torch.enable_grad():
        is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "jvp")
        ins = _grad_preprocess(ins, create_graph, True)
        vs = _v_or_single(v, ins, is_inputs_tuple, create_graph, "jvp",
                          "The vector v can only be None if the input to the user-provided function "
                          "is a single Tensor with a single element.")
        is_outputs_tuple, outs = _as_tuple(func(*ins), "outputs of the user-provided function", "jvp")
        _check_requires_grad(outs, "outputs", strict)
        grad_outputs: List[Any] = []
        for out in outs:
            grad_outputs.append(torch.zeros_like(out, requires_grad=True))
        grad_inputs = _autograd_grad(outs, ins, grad_outputs, True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(grad_inputs, grad_outputs, vs, create_graph)
        res = _fill_in_zeros(grad_res, outs, strict, create_graph, "back_trick")
    return (_unpack(_grad_postprocess(outs, create_graph), is_outputs_tuple),
            _unpack(_grad_postprocess(res, create_graph), is_outputs_tuple))


def _check_forward_mode(create_graph: bool, strict: bool, vectorize: bool) -> None:
    # What jacobian's strategy="forward-mode" (and hessian's outer one) refuses, in PyTorch's order.
    if create_graph:
        raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` '
                                  'and `strategy="forward-mode"` are not supported together (yet). '
                                  'Please either set `create_graph=False` or '
                                  '`strategy="reverse-mode"`.')
    if strict:
        raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` '
                           'and `strategy="forward-mode"` are not supported together (yet). '
                           'Please either set `strict=False` or '
                           '`strategy="reverse-mode"`.')
    if not vectorize:
        raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                  "only implemented for `vectorize=True`.")


def _vectorize_strict_error() -> None:
    raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` '
                       'and `vectorized=True` are not supported together. '
                       'Please either set `strict=False` or '
                       '`vectorize=False`.')


def _jacobian_rows(outs: List[Any], ins: List[Any], create_graph: bool, strict: bool) -> List[List[Any]]:
    # [output][input] Jacobian blocks, one backward per output element (PyTorch's loop).
    result: List[List[Any]] = []
    for i in range(len(outs)):
        out = outs[i]
        rows: List[List[Any]] = []
        for k in range(len(ins)):
            rows.append([])
        flat = out.reshape(-1)
        for j in range(out.numel()):
            vj = _autograd_grad([flat[j]], ins, None, create_graph, True)
            for el_idx in range(len(ins)):
                vj_el = vj[el_idx]
                if vj_el is not None:
                    if strict and create_graph and not vj_el.requires_grad:
                        raise RuntimeError("The jacobian of the user-provided function is "
                                           "independent of input {}. This is not allowed in "
                                           "strict mode when create_graph=True.".format(i))
                    rows[el_idx].append(vj_el)
                else:
                    if strict:
                        raise RuntimeError("Output {} of the user-provided function is "
                                           "independent of input {}. This is not allowed in "
                                           "strict mode.".format(i, el_idx))
                    rows[el_idx].append(torch.zeros_like(ins[el_idx]))
        jac_i: List[Any] = []
        for el_idx in range(len(ins)):
            jac_i.append(torch.stack(rows[el_idx], dim=0).view(out.size() + ins[el_idx].size()))
        result.append(_grad_postprocess(jac_i, create_graph))
    return result


def jacobian(func: Callable[..., Any], inputs: Any, create_graph: bool = False, strict: bool = False,
             vectorize: bool = False, strategy: str = "reverse-mode") -> Any:
    if strategy != "forward-mode" and strategy != "reverse-mode":
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
                             'function has more outputs than inputs, "forward-mode" tends to be more performant. '
                             'Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        _check_forward_mode(create_graph, strict, vectorize)
    with torch.enable_grad():
        is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "jacobian")
        ins = _grad_preprocess(ins, create_graph, True)
        is_outputs_tuple, outs = _as_tuple(func(*ins), "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outs, "outputs", strict)
        if vectorize and strict:
            _vectorize_strict_error()
        return _unpack2(_jacobian_rows(outs, ins, create_graph, strict), is_outputs_tuple, is_inputs_tuple)


def hessian(func: Callable[..., Any], inputs: Any, create_graph: bool = False, strict: bool = False,
            vectorize: bool = False, outer_jacobian_strategy: str = "reverse-mode") -> Any:
    is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy != "forward-mode" and outer_jacobian_strategy != "reverse-mode":
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')
    forward_mode = outer_jacobian_strategy == "forward-mode"
    if forward_mode:
        _check_forward_mode(create_graph, strict, vectorize)
    # The Jacobian (over every input) of the gradient, which is itself a Jacobian kept differentiable.
    with torch.enable_grad():
        ins = _grad_preprocess(ins, create_graph, True)
        if forward_mode:
            for t in ins:
                t.requires_grad_(True)
        inner = _grad_preprocess(ins, True, True)
        out = func(*inner)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict)
        if is_out_tuple or not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.numel() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        jac = _jacobian_rows([out.squeeze()], inner, True, False)[0]
        _check_requires_grad(jac, "jacobian", strict)
        _check_requires_grad(jac, "outputs", strict)
        if vectorize and strict:
            _vectorize_strict_error()
        # PyTorch's forward-mode outer Jacobian keeps the graph of the inner one (its result requires grad).
        return _unpack2(_jacobian_rows(jac, ins, create_graph or forward_mode, strict), is_inputs_tuple,
                        is_inputs_tuple)


def _second_order_outputs(func: Callable[..., Any], ins: List[Any], strict: bool, fn_name: str) -> Tuple[bool, List[Any]]:
    is_outputs_tuple, outs = _as_tuple(func(*ins), "outputs of the user-provided function", fn_name)
    _check_requires_grad(outs, "outputs", strict)
    if is_outputs_tuple or not isinstance(outs[0], torch.Tensor):
        raise RuntimeError("The function given to {} should return a single Tensor".format(fn_name))
    if outs[0].numel() != 1:
        raise RuntimeError("The Tensor returned by the function given to {} should contain a single element".format(fn_name))
    return is_outputs_tuple, outs


def vhp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> Any:
    with torch.enable_grad():
        is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "vhp")
        ins = _grad_preprocess(ins, create_graph, True)
        vs = _v_or_single(v, ins, is_inputs_tuple, create_graph, "vhp",
                          "The vector v can only be None if the input to the user-provided function "
                          "is a single Tensor with a single element.")
        is_outputs_tuple, outs = _second_order_outputs(func, ins, strict, "vhp")
        jac = _autograd_grad(outs, ins, None, True)
        _check_requires_grad(jac, "jacobian", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(jac, ins, vs, create_graph)
        res = _fill_in_zeros(grad_res, ins, strict, create_graph, "double_back")
    return (_unpack(_grad_postprocess(outs, create_graph), is_outputs_tuple),
            _unpack(_grad_postprocess(res, create_graph), is_inputs_tuple))


def hvp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> Any:
    with torch.enable_grad():
        is_inputs_tuple, ins = _as_tuple(inputs, "inputs", "hvp")
        ins = _grad_preprocess(ins, create_graph, True)
        vs = _v_or_single(v, ins, is_inputs_tuple, create_graph, "hvp",
                          "The vector v can only be None if the input to the user-provided function "
                          "is a single Tensor with a single element.")
        is_outputs_tuple, outs = _second_order_outputs(func, ins, strict, "hvp")
        jac = _autograd_grad(outs, ins, None, True)
        _check_requires_grad(jac, "jacobian", strict)
        grad_jac: List[Any] = []
        for inp in ins:
            grad_jac.append(torch.zeros_like(inp, requires_grad=True))
        double_back = _autograd_grad(jac, ins, grad_jac, True)
        _check_requires_grad(jac, "hessian", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        grad_res = _autograd_grad(double_back, grad_jac, vs, create_graph)
        res = _fill_in_zeros(grad_res, ins, strict, create_graph, "double_back_trick")
    return (_unpack(_grad_postprocess(outs, create_graph), is_outputs_tuple),
            _unpack(_grad_postprocess(res, create_graph), is_inputs_tuple))
