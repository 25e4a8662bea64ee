// AtomicFile: temp file in the target's directory, fsync, rename, fsync of the directory; and the
// file/memory Sources the .npy and safetensors readers read through.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <limits.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "serialize/serialize.h"
#include "serialize/temp_files.h"
#include "serialize/zip.h"

namespace ts::serialize {

namespace {

constexpr size_t kBufferSize = 1 << 20;

std::string errno_text(const std::string& what, const std::string& path) {
  return "[Errno " + std::to_string(errno) + "] " + std::strerror(errno) + ": '" + path + "'" +
         (what.empty() ? "" : " (" + what + ")");
}

std::string dir_of(const std::string& path) {
  size_t p = path.rfind('/');
  if (p == std::string::npos) return ".";
  return p == 0 ? "/" : path.substr(0, p);
}

// The mode a plain open(path, "w") would give: 0666 less the umask (read without changing it
// for good; umask() is the only portable way).
mode_t default_mode() {
  mode_t m = umask(022);
  umask(m);
  return 0666 & ~m;
}

// The file a write to `path` lands in: symbolic links are followed (as open(path, "w") does),
// a relative link from the directory that holds it; a dangling link names the file to create.
std::string resolve_target(const std::string& path) {
  std::string p = path;
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    if (hops == 40) {
      errno = ELOOP;
      TS_ERROR(errno_text("", path));
    }
    std::vector<char> buf(size_t(st.st_size > 0 ? st.st_size : PATH_MAX) + 1);
    ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
    if (n < 0) TS_ERROR(errno_text("readlink", path));
    std::string to(buf.data(), size_t(n));
    p = to.starts_with('/') || p.find('/') == std::string::npos ? to : dir_of(p) + "/" + to;
  }
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path) : path_(path) {
  TS_CHECK(!path.empty() && path.back() != '/', "[Errno 21] Is a directory: '", path, "'");
  target_ = resolve_target(path);
  struct stat st;
  bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) TS_ERROR("[Errno 21] Is a directory: '", path, "'");
  if (exists && !S_ISREG(st.st_mode)) {
    // A device node or FIFO is written in place, never replaced (Note [Atomic writes]).
    direct_ = true;
    do fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) TS_ERROR(errno_text("", path));
    return;
  }
  std::string dir = dir_of(target_);
  std::string base = target_.substr(target_.rfind('/') == std::string::npos ? 0 : target_.rfind('/') + 1);
  detail::remove_stale_temps(dir, base);
  tmp_ = dir + "/" + detail::temp_prefix(base) + std::to_string(::getpid()) + "-XXXXXX";
  fd_ = detail::create_temp(tmp_, &slot_);
  if (fd_ < 0) {
    tmp_.clear();
    TS_ERROR(errno_text("", path));
  }
  // Keep the mode of the file we replace, or the mode a new file would get.
  (void)fchmod(fd_, exists ? (st.st_mode & 07777) : default_mode());
  buf_.reserve(kBufferSize);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !tmp_.empty()) ::unlink(tmp_.c_str());
  detail::unregister_temp(slot_);
}

void AtomicFile::flush_buffer() {
  // A FIFO whose reader went away gives EPIPE, an error here (Python's BrokenPipeError), not a
  // SIGPIPE that kills the process: the signal is blocked on this thread while writing, and one
  // raised by the write is taken off the pending set before it is unblocked.
  sigset_t pipe, old;
  if (direct_) {
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &old);
  }
  const char* p = buf_.data();
  size_t n = buf_.size();
  int err = 0;
  while (n > 0) {
    ssize_t k = ::write(fd_, p, n);
    if (k < 0) {
      if (errno == EINTR) continue;
      err = errno;
      break;
    }
    p += k;
    n -= size_t(k);
  }
  if (direct_) {
    sigset_t pending;
    if (err == EPIPE && sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) && !sigismember(&old, SIGPIPE)) {
      const struct timespec zero = {0, 0};
      (void)sigtimedwait(&pipe, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
  if (err) {
    errno = err;
    TS_ERROR(errno_text("write", path_));
  }
  buf_.clear();
}

void AtomicFile::write(const void* data, size_t n) {
  TS_INTERNAL_ASSERT(fd_ >= 0 && !committed_, "AtomicFile written after commit");
  pos_ += n;
  if (direct_ || buf_.size() + n <= kBufferSize) {  // direct: all kept for patch(), written by commit()
    buf_.insert(buf_.end(), static_cast<const char*>(data), static_cast<const char*>(data) + n);
    return;
  }
  flush_buffer();
  if (n < kBufferSize) {
    buf_.insert(buf_.end(), static_cast<const char*>(data), static_cast<const char*>(data) + n);
    return;
  }
  // Large blocks (tensor storages) go straight to the file, and their writeback to disk starts
  // now (Linux), so commit()'s fsync waits for less.
  const char* p = static_cast<const char*>(data);
  uint64_t start = pos_ - n;
  size_t len = n;
  while (n > 0) {
    ssize_t k = ::write(fd_, p, std::min<size_t>(n, size_t(1) << 30));
    if (k < 0) {
      if (errno == EINTR) continue;
      TS_ERROR(errno_text("write", path_));
    }
    p += k;
    n -= size_t(k);
  }
#ifdef SYNC_FILE_RANGE_WRITE
  (void)::sync_file_range(fd_, off_t(start), off_t(len), SYNC_FILE_RANGE_WRITE);
#else
  (void)start, (void)len;
#endif
}

void AtomicFile::patch(uint64_t offset, const void* data, size_t n) {
  TS_INTERNAL_ASSERT(fd_ >= 0 && !committed_ && offset + n <= pos_, "AtomicFile::patch out of range");
  uint64_t buffered_from = pos_ - buf_.size();
  auto* p = static_cast<const char*>(data);
  while (n > 0 && offset < buffered_from) {  // the part already in the file
    size_t k = size_t(std::min<uint64_t>(n, buffered_from - offset));
    ssize_t w = ::pwrite(fd_, p, k, off_t(offset));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) TS_ERROR(errno_text("write", path_));
    p += w;
    n -= size_t(w);
    offset += uint64_t(w);
  }
  if (n > 0) std::memcpy(buf_.data() + (offset - buffered_from), p, n);
}

void AtomicFile::commit() {
  TS_INTERNAL_ASSERT(fd_ >= 0 && !committed_, "AtomicFile committed twice");
  flush_buffer();
  if (direct_) {
    // A device or FIFO: nothing to sync or rename (fsync fails on FIFOs).
    committed_ = true;
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0 && errno != EINTR) TS_ERROR(errno_text("close", path_));
    return;
  }
  if (::fsync(fd_) != 0) TS_ERROR(errno_text("fsync", path_));
  if (::close(fd_) != 0) {
    fd_ = -1;
    TS_ERROR(errno_text("close", path_));
  }
  fd_ = -1;
  // The file being replaced stays open across the rename, so its blocks are not freed in the
  // journal commit the directory sync below waits for (on a filesystem mounted with `discard`
  // that commit would also wait for the freed range to be trimmed: 0.15 s per 400 MB here).
  // The last close, which frees them, runs on a thread of its own. O_NONBLOCK: should a FIFO
  // have replaced the target meanwhile, opening it must not wait for a writer.
  int old = ::open(target_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (::rename(tmp_.c_str(), target_.c_str()) != 0) {
    if (old >= 0) ::close(old);
    TS_ERROR(errno_text("rename", path_));
  }
  committed_ = true;
  detail::unregister_temp(slot_);
  slot_ = -1;
  // The rename itself is durable only once the directory is synced.
  int dfd = ::open(dir_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    (void)::fsync(dfd);
    ::close(dfd);
  }
  if (old >= 0) std::thread([old] { ::close(old); }).detach();
}

void write_file_atomic(const std::string& path, std::string_view bytes) {
  AtomicFile f(path);
  f.write(bytes.data(), bytes.size());
  f.commit();
}

}  // namespace ts::serialize

// ---- Source ----

namespace ts::serialize {

namespace {

class FileSource : public Source {
 public:
  FileSource(int fd, uint64_t size) : fd_(fd), size_(size) {}
  ~FileSource() override { ::close(fd_); }
  uint64_t size() const override { return size_; }
  void read_at(uint64_t offset, void* dst, size_t n) const override {
    TS_CHECK(offset <= size_ && n <= size_ - offset, "unexpected end of file");
    char* p = static_cast<char*>(dst);
    while (n > 0) {
      ssize_t k = ::pread(fd_, p, std::min<size_t>(n, size_t(1) << 30), off_t(offset));
      if (k < 0 && errno == EINTR) continue;
      TS_CHECK(k > 0, "unexpected end of file");
      p += k;
      n -= size_t(k);
      offset += uint64_t(k);
    }
  }

 private:
  int fd_;
  uint64_t size_;
};

class BytesSource : public Source {
 public:
  explicit BytesSource(std::string_view b) : b_(b) {}
  uint64_t size() const override { return b_.size(); }
  void read_at(uint64_t offset, void* dst, size_t n) const override {
    TS_CHECK(offset <= b_.size() && n <= b_.size() - offset, "unexpected end of file");
    if (n) std::memcpy(dst, b_.data() + offset, n);
  }

 private:
  std::string_view b_;
};

}  // namespace

std::unique_ptr<Source> file_source(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) TS_ERROR(errno_text("", path));
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    TS_ERROR("[Errno 21] Is a directory or not a regular file: '", path, "'");
  }
  return std::make_unique<FileSource>(fd, uint64_t(st.st_size));
}

std::unique_ptr<Source> bytes_source(std::string_view bytes) { return std::make_unique<BytesSource>(bytes); }

}  // namespace ts::serialize
