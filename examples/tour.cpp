// A tour of the C++ API. Prints exactly what examples/tour.py prints under PyTorch.
#include <cstdio>

#include "ts.h"

using namespace ts;

static void show(const Tensor& t) { std::printf("%s\n", repr(t).c_str()); }

int main() {
  manual_seed(0);
  show(rand({5}));
  show(randn({3, 4}));
  show(arange(12).reshape({3, 4}).t());
  Tensor a = arange(6, DType::Float32).reshape({2, 3});
  Tensor b = tensor({10.0, 20.0, 30.0});
  show(a + b);
  show(a * 2.5 - 1);
  show(exp(a / 7));
  std::printf("%s %s %s %s\n", repr(sum(a)).c_str(), repr(mean(a)).c_str(),
              repr(sum(a, {1})).c_str(), repr(std::get<0>(max(a, 1))).c_str());
  show(mm(a, a.t()));
  show(softmax(a, 1));
  show(log_softmax(a, 0));
  std::printf("%s %s\n", repr(floor_divide(tensor({int64_t(1), int64_t(2), int64_t(3)}), scalar_to_tensor(2))).c_str(),
              repr(tensor({true, false})).c_str());
  show(zeros({2, 3}, DType::Float64));
  std::printf("%s %s\n", repr(linspace(0, 1, 5)).c_str(), repr(eye(2, DType::Int32)).c_str());
  Tensor big = arange(2000.0).reshape({40, 50}) / 3;
  show(big);
  Tensor idx = tensor({int64_t(2), int64_t(0)});
  std::printf("%s %s\n", repr(index(a, {Slice(), idx})).c_str(), repr(index(a, {gt(a, scalar_to_tensor(2))})).c_str());
  return 0;
}
