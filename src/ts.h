// The public C++ API: #include <ts/ts.h>
#pragma once

#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/tensor.h"
#include "autograd/autograd.h"
#include "autograd/function.h"
