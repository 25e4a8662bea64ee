// The C++ API over the operator registry: ts::add(a, b), ts::zeros({2, 3}), a + b, ...
// Each family's functions are declared in its own header; this one includes them all.
#pragma once

#include "ops/api_binary.h"
#include "ops/api_core.h"
