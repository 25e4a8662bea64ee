// Where a tensor's storage lives. Only the CPU has kernels today; CUDA has a place.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ts {

enum class DeviceType : uint8_t { CPU, CUDA };
constexpr int kNumDeviceTypes = 2;

struct Device {
  DeviceType type = DeviceType::CPU;
  int16_t index = -1;  // -1: the current device of that type

  constexpr Device() = default;
  constexpr Device(DeviceType t, int16_t i = -1) : type(t), index(i) {}
  bool is_cpu() const { return type == DeviceType::CPU; }
  bool is_cuda() const { return type == DeviceType::CUDA; }
  bool operator==(const Device& o) const { return type == o.type && index == o.index; }
  // "cpu", "cuda:0"
  std::string str() const;
};

// Parses "cpu", "cuda", "cuda:1"; a bad string is a ts::Error in PyTorch's words.
Device parse_device(std::string_view s);
const char* device_type_name(DeviceType t);

}  // namespace ts
