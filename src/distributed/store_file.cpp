// FileStore (store_file.h). A record of the log: 'S', key, value (a set) or 'D', key (a delete);
// key and value are a 4-byte little-endian length and the bytes.
#include "distributed/store_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "util/error.h"

namespace ts::distributed {

namespace {
using Clock = std::chrono::steady_clock;
// How often get and wait look at the file again.
constexpr Millis kPollInterval{10};
constexpr const char* kCleanupKey = "cleanup/";

void put_u32(std::vector<uint8_t>& b, size_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
}
void put_blob(std::vector<uint8_t>& b, const uint8_t* p, size_t n) {
  TS_CHECK(n <= 0xffffffffu, "store: a FileStore key or value of ", n, " bytes is too large");
  put_u32(b, n);
  b.insert(b.end(), p, p + n);
}
}  // namespace

// The file, open and locked (shared to read, exclusive to change it), with its log replayed.
class FileStore::Locked {
 public:
  Locked(const std::string& path, bool exclusive) : path_(path) {
    for (;;) {
      fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (fd_ < 0) {
        int err = errno;
        if (err == ENOENT) {
          auto slash = path.rfind('/');
          std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
          TS_ERROR("store: cannot open the FileStore file '", path, "': its directory '", dir, "' does not exist");
        }
        TS_ERROR("store: cannot open the FileStore file '", path, "' (", std::strerror(err), ")");
      }
      int rc;
      do rc = ::flock(fd_, exclusive ? LOCK_EX : LOCK_SH);
      while (rc != 0 && errno == EINTR);
      if (rc != 0) fail("cannot lock");
      struct stat st{};
      if (::fstat(fd_, &st) != 0) fail("cannot read");
      if (st.st_nlink > 0) break;
      ::close(fd_);  // the last store removed the file while we waited for the lock: start afresh
    }
    replay();
  }
  ~Locked() { ::close(fd_); }  // closing releases the lock
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;

  store_map::Map data;

  void append_set(const std::string& key, const Bytes& value) {
    std::vector<uint8_t> rec{'S'};
    put_blob(rec, reinterpret_cast<const uint8_t*>(key.data()), key.size());
    put_blob(rec, value.data(), value.size());
    append(rec);
  }
  void append_delete(const std::string& key) {
    std::vector<uint8_t> rec{'D'};
    put_blob(rec, reinterpret_cast<const uint8_t*>(key.data()), key.size());
    append(rec);
  }

 private:
  [[noreturn]] void fail(const char* what) {
    int err = errno;
    ::close(fd_);
    TS_ERROR("store: ", what, " the FileStore file '", path_, "' (", std::strerror(err), ")");
  }

  void replay() {
    std::vector<uint8_t> buf;
    uint8_t chunk[1 << 16];
    for (;;) {
      ssize_t k = ::read(fd_, chunk, sizeof chunk);
      if (k > 0) buf.insert(buf.end(), chunk, chunk + k);
      else if (k == 0) break;
      else if (errno != EINTR) fail("cannot read");
    }
    size_t at = 0;
    auto blob = [&](size_t rec) {
      if (buf.size() - at < 4) corrupt(rec);
      size_t n = size_t(buf[at]) | size_t(buf[at + 1]) << 8 | size_t(buf[at + 2]) << 16 | size_t(buf[at + 3]) << 24;
      at += 4;
      if (buf.size() - at < n) corrupt(rec);
      at += n;
      return std::pair<size_t, size_t>{at - n, n};
    };
    while (at < buf.size()) {
      size_t rec = at;
      uint8_t op = buf[at++];
      if (op != 'S' && op != 'D') corrupt(rec);
      auto [kp, kn] = blob(rec);
      std::string key(reinterpret_cast<const char*>(buf.data() + kp), kn);
      if (op == 'S') {
        auto [vp, vn] = blob(rec);
        data[key] = Bytes(buf.begin() + long(vp), buf.begin() + long(vp + vn));
      } else {
        data.erase(key);
      }
    }
  }

  [[noreturn]] void corrupt(size_t at) {
    ::close(fd_);
    fd_ = -1;
    TS_ERROR("store: the FileStore file '", path_, "' is not a store log (bad record at byte ", at, ")");
  }

  void append(const std::vector<uint8_t>& rec) {
    if (::lseek(fd_, 0, SEEK_END) < 0) fail("cannot write");
    size_t done = 0;
    while (done < rec.size()) {
      ssize_t k = ::write(fd_, rec.data() + done, rec.size() - done);
      if (k > 0) done += size_t(k);
      else if (k < 0 && errno != EINTR) fail("cannot write");
    }
  }

  std::string path_;
  int fd_ = -1;
};

FileStore::FileStore(std::string path, int64_t num_workers, Millis timeout)
    : Store(timeout), path_(std::move(path)), num_workers_(num_workers) {
  TS_CHECK_VALUE(!path_.empty(), "store: FileStore needs a file path");
  TS_CHECK_VALUE(num_workers_ >= 1, "store: FileStore needs num_workers >= 1, got ", num_workers_);
  Locked check_it(path_, false);  // creates the file, and reports a missing directory now
}

FileStore::~FileStore() {
  try {
    Locked l(path_, true);
    int64_t done = store_map::add(l.data, kCleanupKey, 1);
    l.append_set(kCleanupKey, l.data.at(kCleanupKey));
    if (done >= num_workers_) ::unlink(path_.c_str());
  } catch (const std::exception&) {
    // The file is gone or unreadable: nothing left to clean up.
  }
}

void FileStore::set(const std::string& key, const Bytes& value) {
  Locked l(path_, true);
  l.append_set(key, value);
}

Bytes FileStore::get(const std::string& key) {
  auto deadline = Clock::now() + std::clamp(timeout_, Millis(0), kMaxStoreWait);
  for (;;) {
    {
      Locked l(path_, false);
      auto it = l.data.find(key);
      if (it != l.data.end()) return it->second;
    }
    if (Clock::now() >= deadline) TS_ERROR(store_timeout_message({key}, timeout_));
    std::this_thread::sleep_for(kPollInterval);
  }
}

int64_t FileStore::add(const std::string& key, int64_t delta) {
  Locked l(path_, true);
  int64_t v = store_map::add(l.data, key, delta);
  l.append_set(key, l.data.at(key));
  return v;
}

Bytes FileStore::compare_set(const std::string& key, const Bytes& expected, const Bytes& desired) {
  Locked l(path_, true);
  bool changed;
  Bytes now = store_map::compare_set(l.data, key, expected, desired, changed);
  if (changed) l.append_set(key, now);
  return now;
}

bool FileStore::delete_key(const std::string& key) {
  Locked l(path_, true);
  if (!l.data.count(key)) return false;
  l.append_delete(key);
  return true;
}

int64_t FileStore::num_keys() {
  Locked l(path_, false);
  return int64_t(l.data.size());
}

bool FileStore::check(const std::vector<std::string>& keys) {
  Locked l(path_, false);
  return store_map::has_all(l.data, keys);
}

void FileStore::wait(const std::vector<std::string>& keys, Millis timeout) {
  auto deadline = Clock::now() + std::clamp(timeout, Millis(0), kMaxStoreWait);
  for (;;) {
    if (check(keys)) return;
    if (Clock::now() >= deadline) TS_ERROR(store_timeout_message(keys, timeout));
    std::this_thread::sleep_for(kPollInterval);
  }
}

}  // namespace ts::distributed
