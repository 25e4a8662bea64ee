// Internal to src/runtime: the data-loading builtins (builtins_data.cpp, data_workers.cpp).
#pragma once

#include <map>
#include <string>

#include "runtime/builtins.h"

namespace ts::runtime {

// Adds the DataLoader worker-pool builtins (_ts.worker_*) to `table` (data_workers.cpp).
void add_worker_builtins(std::map<std::string, BuiltinFn>& table);
// Stops the worker threads of every pool `I` started (a task running finishes first). The
// interpreter calls it before freeing its code: a script that ends with an error while workers
// still fetch (the error came from one of them) left them running code being freed, a crash at
// exit in 2 of 150 runs.
void shutdown_worker_pools(const Interp& I);
// Adds torch.optim's fused updates (_ts.optim_*) to `table` (builtins_optim.cpp).
void add_optim_builtins(std::map<std::string, BuiltinFn>& table);

}  // namespace ts::runtime
