// The C++ API over the operator registry: ts::add(a, b), ts::zeros({2, 3}), a + b, ...
// Each family's functions are declared in its own header; this one includes them all.
#pragma once

#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_creation.h"
#include "ops/api_index.h"
#include "ops/api_linalg.h"
#include "ops/api_linalg_lapack.h"
#include "ops/api_movement.h"
#include "ops/api_nn.h"
#include "ops/api_pool.h"
#include "ops/api_nn_functional.h"
#include "ops/api_nn_extra.h"
#include "ops/api_pointwise.h"
#include "ops/api_random.h"
#include "ops/api_reduce.h"
#include "ops/api_shape.h"
#include "ops/api_sort.h"
#include "ops/api_special.h"
#include "ops/api_unary.h"
#include "tensor/print.h"
#include "tensor/random.h"
