// Anomaly mode (torch.autograd.detect_anomaly / set_detect_anomaly).
#pragma once

namespace ts::autograd {

bool anomaly_enabled();
void set_anomaly_enabled(bool on);

class AnomalyGuard {
 public:
  explicit AnomalyGuard(bool on = true) : prev_(anomaly_enabled()) { set_anomaly_enabled(on); }
  ~AnomalyGuard() { set_anomaly_enabled(prev_); }
  AnomalyGuard(const AnomalyGuard&) = delete;
  AnomalyGuard& operator=(const AnomalyGuard&) = delete;

 private:
  bool prev_;
};

}  // namespace ts::autograd
