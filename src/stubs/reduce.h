// Kernel slots of the reductions (ops/reduce.cpp, ops/reduce_stats.cpp and the others that
// include ops/reduce_util.h; kernels/cpu/reduce.cpp, fold_reduce.cpp). ReducePlan, SumKind, ReduceArgs and
// FoldKind live in tensor/reduce_iter.h.
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/reduce_iter.h"

namespace ts {

TS_DECLARE_STUB(sum_reduce_stub, void(ReducePlan&, SumKind, const ReduceArgs&));
TS_DECLARE_STUB(fold_reduce_stub, void(ReducePlan&, FoldKind));
TS_DECLARE_STUB(arg_reduce_stub, void(ReducePlan&, bool is_max));

}  // namespace ts
