// The functions of the builtin modules scripts import (time, random, os, os.path, os.environ,
// sys) and of the project's own (`ts`: file formats; `_ts`: the standard library's window into
// the runtime), with the type of each one's result: the one list the checker (module members,
// call result types) and the runtime (tests/unit checks each has an implementation) read.
// Adding a `_ts.*` builtin is one row here and its implementation in a runtime builtin table.
#pragma once

#include <string_view>

namespace ts::ir {

enum class ModuleResult {
  None, Bool, Int, Float, Str, Tensor, Any, StrList, DType,
  // Typed by the checker from the arguments (check_builtins.cpp, Checker::module_function):
  // random.choice (the element type), random.sample and random.choices (a list of them), os.environ.get, os.environ.pop and os.getenv (str or
  // Optional[str]), os.environ.items/copy, os.path.splitext (Tuple[str, str]), _ts.deepcopy (its
  // argument's type), _ts.attributes (List[Tuple[str, Any]]), ts.safetensors.load_file
  // (Dict[str, Tensor]).
  Special,
};

struct ModuleFunction {
  std::string_view module;
  std::string_view name;
  ModuleResult result;
};

inline constexpr ModuleFunction kModuleFunctions[] = {
    // time
    {"time", "perf_counter", ModuleResult::Float},
    {"time", "time", ModuleResult::Float},
    {"time", "monotonic", ModuleResult::Float},
    {"time", "sleep", ModuleResult::None},
    // random (runtime/builtins_random.cpp)
    {"random", "seed", ModuleResult::None},
    {"random", "random", ModuleResult::Float},
    {"random", "uniform", ModuleResult::Float},
    {"random", "randint", ModuleResult::Int},
    {"random", "randrange", ModuleResult::Int},
    {"random", "getrandbits", ModuleResult::Int},
    {"random", "shuffle", ModuleResult::None},
    {"random", "choice", ModuleResult::Special},
    {"random", "sample", ModuleResult::Special},
    {"random", "choices", ModuleResult::Special},
    // os, os.path, os.environ
    {"os", "getcwd", ModuleResult::Str},
    {"os", "makedirs", ModuleResult::None},
    {"os", "remove", ModuleResult::None},
    {"os", "listdir", ModuleResult::StrList},
    {"os.path", "exists", ModuleResult::Bool},
    {"os.path", "isfile", ModuleResult::Bool},
    {"os.path", "isdir", ModuleResult::Bool},
    {"os.path", "join", ModuleResult::Str},
    {"os.path", "basename", ModuleResult::Str},
    {"os.path", "dirname", ModuleResult::Str},
    {"os.environ", "get", ModuleResult::Special},
    // sys (argv and maxsize are values, not functions: check_module.cpp)
    {"sys", "exit", ModuleResult::None},
    // torch.jit (its script/save/load: check_module.cpp; archives: src/archive). Scripts run
    // eagerly, as under PyTorch without scripting: neither is ever true.
    {"torch.jit", "is_scripting", ModuleResult::Bool},
    {"torch.jit", "is_tracing", ModuleResult::Bool},
    // More of os, os.environ (whose item reads, writes, deletions and `in` are these dunder
    // rows: they read and write the process's environment), sys.stdout/sys.stderr and time
    // (runtime/builtins_modules.cpp)
    {"os", "getenv", ModuleResult::Special},
    {"os", "getpid", ModuleResult::Int},
    {"os", "cpu_count", ModuleResult::Int},
    {"os.path", "splitext", ModuleResult::Special},
    {"os.path", "abspath", ModuleResult::Str},
    {"os.path", "expanduser", ModuleResult::Str},
    {"os.environ", "__getitem__", ModuleResult::Str},
    {"os.environ", "__setitem__", ModuleResult::None},
    {"os.environ", "__delitem__", ModuleResult::None},
    {"os.environ", "__contains__", ModuleResult::Bool},
    {"os.environ", "setdefault", ModuleResult::Str},
    {"os.environ", "pop", ModuleResult::Special},
    {"os.environ", "keys", ModuleResult::StrList},
    {"os.environ", "values", ModuleResult::StrList},
    {"os.environ", "items", ModuleResult::Special},
    {"os.environ", "copy", ModuleResult::Special},
    {"sys.stdout", "write", ModuleResult::Int},
    {"sys.stdout", "flush", ModuleResult::None},
    {"sys.stderr", "write", ModuleResult::Int},
    {"sys.stderr", "flush", ModuleResult::None},
    {"time", "time_ns", ModuleResult::Int},
    {"time", "perf_counter_ns", ModuleResult::Int},
    {"time", "monotonic_ns", ModuleResult::Int},
    {"time", "process_time", ModuleResult::Float},
    // ts: file formats outside torch's API (src/serialize)
    {"ts", "save_npy", ModuleResult::None},
    {"ts", "load_npy", ModuleResult::Tensor},
    {"ts.safetensors", "save_file", ModuleResult::None},
    {"ts.safetensors", "load_file", ModuleResult::Special},
    // _ts: reflection, parameters, autograd (runtime/builtins_dynamic.cpp, builtins_autograd.cpp)
    {"_ts", "attributes", ModuleResult::Special},
    {"_ts", "deepcopy", ModuleResult::Special},
    {"_ts", "has_slot", ModuleResult::Bool},
    {"_ts", "class_name", ModuleResult::Str},
    {"_ts", "make_parameter", ModuleResult::Tensor},
    {"_ts", "is_parameter", ModuleResult::Bool},
    {"_ts", "autograd_grad", ModuleResult::Any},
    {"_ts", "autograd_backward", ModuleResult::None},
    // _ts: torch.Generator, samplers, datasets, the terminal (runtime/builtins_data.cpp)
    {"_ts", "generator_new", ModuleResult::Any},
    {"_ts", "generator_manual_seed", ModuleResult::None},
    {"_ts", "generator_seed", ModuleResult::Int},
    {"_ts", "generator_initial_seed", ModuleResult::Int},
    {"_ts", "generator_get_state", ModuleResult::Tensor},
    {"_ts", "generator_set_state", ModuleResult::None},
    {"_ts", "randperm", ModuleResult::Tensor},
    {"_ts", "randint", ModuleResult::Tensor},
    {"_ts", "multinomial", ModuleResult::Tensor},
    {"_ts", "read_idx", ModuleResult::Tensor},
    {"_ts", "read_bytes", ModuleResult::Tensor},
    {"_ts", "random_seed", ModuleResult::Int},
    {"_ts", "stderr_write", ModuleResult::None},
    {"_ts", "stderr_isatty", ModuleResult::Bool},
    {"_ts", "terminal_columns", ModuleResult::Int},
    {"_ts", "stdout_columns", ModuleResult::Int},
    // _ts: logging's traceback of the caught exception and asctime; text files for logging's
    // FileHandler and pathlib (runtime/builtins_modules.cpp)
    {"_ts", "caught_traceback", ModuleResult::Any},
    {"_ts", "strftime", ModuleResult::Str},
    {"_ts", "write_text", ModuleResult::None},
    {"_ts", "read_text", ModuleResult::Str},
    {"_ts", "remove_hook", ModuleResult::None},  // RemovableHandle.remove (builtins_autograd.cpp)
    {"_ts", "next_hook_id", ModuleResult::Int},
    {"_ts", "default_dtype", ModuleResult::DType},  // torch.get_default_dtype and friends (builtins_types.cpp)
    {"_ts", "set_default_dtype", ModuleResult::None},
    {"_ts", "promote_types", ModuleResult::DType},
    {"_ts", "result_type", ModuleResult::DType},  // a RemovableHandle's id (builtins_autograd.cpp)
    {"_ts", "enable_module_hooks", ModuleResult::None},  // Module.register_*_hook (module_hooks.cpp)
    {"_ts", "realpath", ModuleResult::Str},
    {"_ts", "is_symlink", ModuleResult::Bool},
    {"_ts", "rmdir", ModuleResult::None},
    // _ts: json's string escaping and parser (runtime/builtins_json.cpp)
    {"_ts", "json_encode_string", ModuleResult::Str},
    {"_ts", "json_decode", ModuleResult::Any},
    {"_ts", "json_line_col", ModuleResult::Any},
    // _ts: a class's or function's `__name__` (argparse's messages name an argument's type)
    {"_ts", "callable_name", ModuleResult::Str},
    // _ts: DataLoader worker threads (runtime/data_workers.cpp)
    {"_ts", "worker_pool", ModuleResult::Any},
    {"_ts", "worker_submit", ModuleResult::None},
    {"_ts", "worker_get", ModuleResult::Any},
    {"_ts", "worker_get_iterable", ModuleResult::Any},
    {"_ts", "worker_shutdown", ModuleResult::None},
    {"_ts", "worker_reraise", ModuleResult::None},
    {"_ts", "worker_info", ModuleResult::Any},
    {"_ts", "set_loader_threads", ModuleResult::Int},
    // _ts: torch.optim's fused updates (runtime/builtins_optim.cpp)
    {"_ts", "optim_sgd", ModuleResult::Any},
    {"_ts", "optim_adam", ModuleResult::Any},
    {"_ts", "optim_rmsprop", ModuleResult::Any},
    {"_ts", "optim_adagrad", ModuleResult::Any},
    {"_ts", "optim_adadelta", ModuleResult::Any},
    {"_ts", "optim_adamax", ModuleResult::Any},
    {"_ts", "optim_nadam", ModuleResult::Any},
    {"_ts", "optim_radam", ModuleResult::Any},
    // _ts: torch.distributed's stores, process groups, collectives and works
    // (runtime/builtins_distributed.cpp; collectives return a Work handle)
    {"_ts", "dist_hash_store", ModuleResult::Any},
    {"_ts", "dist_tcp_store", ModuleResult::Any},
    {"_ts", "dist_file_store", ModuleResult::Any},
    {"_ts", "dist_prefix_store", ModuleResult::Any},
    {"_ts", "dist_store_port", ModuleResult::Int},
    {"_ts", "dist_store_set", ModuleResult::None},
    {"_ts", "dist_store_get", ModuleResult::Str},
    {"_ts", "dist_store_add", ModuleResult::Int},
    {"_ts", "dist_store_compare_set", ModuleResult::Str},
    {"_ts", "dist_store_delete_key", ModuleResult::Bool},
    {"_ts", "dist_store_num_keys", ModuleResult::Int},
    {"_ts", "dist_store_check", ModuleResult::Bool},
    {"_ts", "dist_store_wait", ModuleResult::None},
    {"_ts", "dist_store_set_timeout", ModuleResult::None},
    {"_ts", "dist_store_timeout", ModuleResult::Float},
    {"_ts", "dist_gloo_group", ModuleResult::Any},
    {"_ts", "dist_group_rank", ModuleResult::Int},
    {"_ts", "dist_group_size", ModuleResult::Int},
    {"_ts", "dist_group_backend", ModuleResult::Str},
    {"_ts", "dist_all_reduce", ModuleResult::Any},
    {"_ts", "dist_broadcast", ModuleResult::Any},
    {"_ts", "dist_reduce", ModuleResult::Any},
    {"_ts", "dist_all_gather", ModuleResult::Any},
    {"_ts", "dist_all_gather_into_tensor", ModuleResult::Any},
    {"_ts", "dist_gather", ModuleResult::Any},
    {"_ts", "dist_scatter", ModuleResult::Any},
    {"_ts", "dist_reduce_scatter", ModuleResult::Any},
    {"_ts", "dist_reduce_scatter_tensor", ModuleResult::Any},
    {"_ts", "dist_all_to_all", ModuleResult::Any},
    {"_ts", "dist_all_to_all_single", ModuleResult::Any},
    {"_ts", "dist_barrier", ModuleResult::Any},
    {"_ts", "dist_send", ModuleResult::Any},
    {"_ts", "dist_recv", ModuleResult::Any},
    {"_ts", "dist_work_wait", ModuleResult::Bool},
    {"_ts", "dist_work_is_completed", ModuleResult::Bool},
    {"_ts", "dist_work_is_success", ModuleResult::Bool},
    {"_ts", "dist_work_result", ModuleResult::Any},
    {"_ts", "dist_work_source_rank", ModuleResult::Int},
    {"_ts", "dist_reducer", ModuleResult::Any},
    {"_ts", "dist_reducer_prepare_forward", ModuleResult::None},
    {"_ts", "dist_reducer_prepare_backward", ModuleResult::None},
    {"_ts", "dist_reducer_buckets", ModuleResult::Any},
    // _ts: the object collectives' bytes (torch.save's format, in a uint8 tensor)
    {"_ts", "dist_object_to_tensor", ModuleResult::Tensor},
    {"_ts", "dist_tensor_to_object", ModuleResult::Any},
};

// The row of "module.name" (the builtin's full name, as the runtime tables key it), or null.
const ModuleFunction* find_module_function(std::string_view full_name);

}  // namespace ts::ir
