#include "tensor/device.h"

#include <charconv>

#include "util/error.h"

namespace ts {

const char* device_type_name(DeviceType t) { return t == DeviceType::CPU ? "cpu" : "cuda"; }

std::string Device::str() const {
  std::string s = device_type_name(type);
  if (index >= 0) s += ":" + std::to_string(index);
  return s;
}

Device parse_device(std::string_view s) {
  std::string_view kind = s, idx;
  if (auto colon = s.find(':'); colon != std::string_view::npos) {
    kind = s.substr(0, colon);
    idx = s.substr(colon + 1);
  }
  DeviceType t;
  if (kind == "cpu") {
    t = DeviceType::CPU;
  } else if (kind == "cuda") {
    t = DeviceType::CUDA;
  } else {
    TS_ERROR("Expected one of cpu, cuda device type at start of device string: ", s);
  }
  int16_t index = -1;
  if (!idx.empty() || s.find(':') != std::string_view::npos) {
    int v = -1;
    auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), v);
    TS_CHECK(ec == std::errc() && p == idx.data() + idx.size() && v >= 0 && v < 32768,
             "Invalid device string: '", s, "'");
    index = int16_t(v);
  }
  return Device(t, index);
}

}  // namespace ts
