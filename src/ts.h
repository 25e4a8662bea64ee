// The public C++ API: #include <ts/ts.h>
#pragma once

#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/tensor.h"
#include "autograd/autograd.h"
#include "autograd/function.h"
// Model archives (ts::load): in libts_script (pkg-config ts_script).
#include "archive/module.h"
