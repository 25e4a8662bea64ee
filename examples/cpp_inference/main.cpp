// Loads a model archive (written by `tsc export` or torch.jit.save in a script) and runs its
// forward on an input built from a caller-owned buffer, without copying it.
//   c++ -std=c++20 main.cpp $(pkg-config --cflags --libs ts_script) -o cpp_inference
//   ./cpp_inference [--trust-archive] MODEL.pt ROWS COLS      (the input is filled with 0.01 * i)
// An archive's code runs without file access unless it is trusted (--trust-archive: an archive
// you wrote yourself).
#include <ts/ts.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  ts::LoadOptions options;
  if (argc == 5 && std::string(argv[1]) == "--trust-archive") {
    options.trusted = true;
    ++argv;
    --argc;
  }
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s [--trust-archive] MODEL.pt ROWS COLS\n", argv[0]);
    return 2;
  }
  int64_t rows = std::atoll(argv[2]), cols = std::atoll(argv[3]);
  try {
    ts::Module m = ts::load(argv[1], options);
    m.eval();
    std::vector<float> buf(static_cast<size_t>(rows * cols));
    for (size_t i = 0; i < buf.size(); ++i) buf[i] = 0.01f * static_cast<float>(i);
    // A view of buf: the tensor reads the caller's memory, which outlives it here.
    ts::Tensor x = ts::from_blob(buf.data(), {rows, cols}, {cols, 1}, ts::DType::Float32);
    ts::Tensor y = m.forward({x}).to_tensor();
    std::printf("output %s\n", ts::repr(y).c_str());
    std::printf("parameters %zu\n", m.state_dict().size());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
