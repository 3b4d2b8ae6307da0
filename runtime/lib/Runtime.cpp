//===- Runtime.cpp - the C ABI, handles, caches and errors ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything above the backends: backend selection, the handle registry
// (every handle passed in is checked, so a stale or foreign pointer is an
// error, not a crash), the module and kernel caches, events, the error
// channel, and the C entry points of imexrt.h.
//
// Locking: `State::mutex` guards the registry, the caches and backend
// initialisation and is only held for short bookkeeping (plus backend and
// device initialisation). Each stream has its own mutex, held while its
// backend stream works; each module has a mutex for its per-device objects
// and kernel cache. Lock order: a module mutex may be held while taking the
// global mutex (kernel registration), never the reverse; a stream mutex is
// never held together with another runtime lock.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "imexrt/imexrt.h"
#include "imexrt/kernel_binary.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <dlfcn.h>

namespace imexrt {

//===----------------------------------------------------------------------===//
// Utilities
//===----------------------------------------------------------------------===//

std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int n = vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out;
  if (n > 0) {
    out.resize(size_t(n) + 1);
    vsnprintf(&out[0], out.size(), fmt, args);
    out.resize(size_t(n));
  }
  va_end(args);
  return out;
}

std::string getEnv(const char *name) {
  const char *v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool verbose() {
  std::string v = getEnv("IMEXRT_VERBOSE");
  return !v.empty() && v != "0";
}

void fillPattern(void *dst, const void *pattern, size_t patternBytes,
                 size_t bytes) {
  auto *out = static_cast<unsigned char *>(dst);
  if (patternBytes == 1) {
    std::memset(out, *static_cast<const unsigned char *>(pattern), bytes);
    return;
  }
  // Write the pattern once, then double the filled prefix.
  size_t done = std::min(patternBytes, bytes);
  std::memcpy(out, pattern, done);
  while (done < bytes) {
    size_t chunk = std::min(done, bytes - done);
    std::memcpy(out + done, out, chunk);
    done += chunk;
  }
}

/// IMEXRT_TRACE_LAUNCHES=1: one line on stderr per kernel launch, with its
/// grid and workgroup size (read once per process).
bool traceLaunches() {
  static const bool trace = [] {
    std::string v = getEnv("IMEXRT_TRACE_LAUNCHES");
    return !v.empty() && v != "0";
  }();
  return trace;
}

/// IMEX's profiling variables (read once per process):
/// IMEX_ENABLE_PROFILING=1 times every kernel launch, running it
/// IMEX_PROFILING_WARMUPS times untimed (default 0) and then
/// IMEX_PROFILING_RUNS times timed (default 1), and reports the times.
struct Profiling {
  bool enabled = false;
  unsigned warmups = 0;
  unsigned runs = 1;
};

const Profiling &profiling() {
  static const Profiling settings = [] {
    Profiling p;
    std::string on = getEnv("IMEX_ENABLE_PROFILING");
    p.enabled = !on.empty() && on != "0";
    auto count = [](const char *name, unsigned fallback, unsigned least) {
      std::string v = getEnv(name);
      char *end = nullptr;
      unsigned long n =
          v.empty() ? fallback : std::strtoul(v.c_str(), &end, 10);
      if (!v.empty() && (end == v.c_str() || *end || n > 1000000)) {
        std::fprintf(stderr,
                     "imexrt: ignoring %s=%s (expected a count up to "
                     "1000000)\n",
                     name, v.c_str());
        n = fallback;
      }
      return std::max<unsigned>(unsigned(n), least);
    };
    p.warmups = count("IMEX_PROFILING_WARMUPS", 0, 0);
    p.runs = count("IMEX_PROFILING_RUNS", 1, 1);
    return p;
  }();
  return settings;
}

DynamicLibrary::~DynamicLibrary() {
  if (handle_)
    dlclose(handle_);
}

bool DynamicLibrary::open(const char *defaultName, const char *envOverride,
                          std::string &error) {
  std::string name = envOverride ? getEnv(envOverride) : std::string();
  if (name.empty())
    name = defaultName;
  path_ = name;
  dlerror();
  // RTLD_NODELETE: imexrtShutdown() releases the driver's objects, but the
  // code stays mapped. Drivers may leave thread-exit or atexit hooks behind,
  // and a later re-initialisation finds the library already loaded.
  handle_ = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle_) {
    const char *why = dlerror();
    error = format("cannot load %s (%s)", name.c_str(),
                   why ? why : "unknown dlopen error");
    return false;
  }
  return true;
}

void *DynamicLibrary::symbol(const char *name) const {
  return handle_ ? dlsym(handle_, name) : nullptr;
}

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

std::mutex &handlerMutex() {
  static std::mutex *m = new std::mutex;
  return *m;
}
imexrtErrorHandler gHandler = nullptr;
void *gHandlerData = nullptr;
// -1: not chosen by imexrtSetErrorPolicy, IMEXRT_ON_ERROR decides.
std::atomic<int> gPolicy{-1};
std::atomic<uint64_t> gErrorCount{0};
std::atomic<uint64_t> gLaunchCount{0};
std::atomic<uint64_t> gAllocationCount{0};
thread_local std::string tLastError;
// What imexrtGetLastError() returned last: a copy, so that later errors on
// this thread do not change or free the string the caller holds.
thread_local std::string tReturnedError;

// The policy in force, and where it comes from (for the exit message).
imexrtErrorPolicy effectivePolicy(std::string &source) {
  int chosen = gPolicy.load();
  if (chosen >= 0) {
    source = "chosen with imexrtSetErrorPolicy";
    return imexrtErrorPolicy(chosen);
  }
  std::string env = getEnv("IMEXRT_ON_ERROR");
  if (env == "continue") {
    source = "IMEXRT_ON_ERROR=continue";
    return IMEXRT_ERROR_CONTINUE;
  }
  if (env.empty())
    source = "the default error policy";
  else if (env == "exit")
    source = "IMEXRT_ON_ERROR=exit";
  else
    source = format("IMEXRT_ON_ERROR='%s' is neither 'exit' nor 'continue'",
                    env.c_str());
  return IMEXRT_ERROR_EXIT;
}

// Fail-fast: one message, then the process ends. Output the program has
// buffered is flushed; no destructors or atexit handlers run, because the
// error may come from inside the runtime's locks or an OpenMP worker.
[[noreturn]] void endProcess(const std::string &message,
                             const std::string &policySource) {
  static std::mutex *exitMutex = new std::mutex;
  exitMutex->lock(); // never unlocked: a second failing thread waits here
  std::cout.flush(); // also when the program unsynced iostreams from stdio
  std::cerr.flush();
  std::fflush(nullptr);
  std::fprintf(stderr,
               "%s\nimexrt: ending the process with exit status %d (%s); "
               "to handle runtime errors in the program, set "
               "IMEXRT_ON_ERROR=continue or call imexrtSetErrorPolicy()\n",
               message.c_str(), IMEXRT_ERROR_EXIT_STATUS, policySource.c_str());
  std::fflush(stderr);
  std::_Exit(IMEXRT_ERROR_EXIT_STATUS);
}

void reportError(const char *function, const char *backend,
                 const std::string &message) {
  std::string full =
      backend
          ? format("imexrt: %s [%s]: %s", function, backend, message.c_str())
          : format("imexrt: %s: %s", function, message.c_str());
  tLastError = full;
  gErrorCount.fetch_add(1, std::memory_order_relaxed);
  imexrtErrorHandler handler;
  void *data;
  {
    std::lock_guard<std::mutex> lock(handlerMutex());
    handler = gHandler;
    data = gHandlerData;
  }
  // An installed handler means the program handles errors itself.
  if (handler) {
    handler(full.c_str(), data);
    return;
  }
  // The imexrt* API (backend and device queries) answers failures with its
  // return value: a program may probe for a device without ending.
  if (std::strncmp(function, "imexrt", 6) == 0)
    return;
  std::string policySource;
  if (effectivePolicy(policySource) == IMEXRT_ERROR_EXIT)
    endProcess(full, policySource);
  // Going on after an error, each call that needs the failed device fails
  // for the same cause: print a cause once, not once per call.
  static std::string *lastCause = new std::string;
  std::string cause = std::string(backend ? backend : "") + ": " + message;
  {
    std::lock_guard<std::mutex> lock(handlerMutex());
    if (cause == *lastCause)
      return;
    *lastCause = cause;
  }
  std::fprintf(stderr, "%s\n", full.c_str());
}

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

enum class Kind { Device, Context, Stream, Module, Kernel, RecordedEvent };

struct Target {
  Backend *backend = nullptr;
  BackendDevice *device = nullptr;
  size_t index = 0;
};

struct DeviceHandle {
  Target target;
};

struct ContextHandle {
  Target target;
};

struct StreamHandle;

// Events are slots of a per-stream ring: (stream, launch number). A slot is
// reused after kEventRing launches; it then names a later launch of the same
// stream, so waiting on it waits at least as long as needed.
constexpr size_t kEventRing = 256;

struct EventSlot {
  StreamHandle *owner = nullptr;
  std::atomic<uint64_t> seq{0};
};

struct StreamHandle {
  Target target;
  std::unique_ptr<BackendStream> impl;
  std::mutex mutex;
  uint64_t launches = 0;
  size_t nextEvent = 0;
  EventSlot events[kEventRing];
};

/// An event of the upstream-style wrappers (mgpuEventCreate): where a
/// stream stood when it was recorded, if it was.
struct RecordedEvent {
  StreamHandle *stream = nullptr;
  uint64_t seq = 0;
};

struct ModuleHandle;

/// Memory from gpuMemAlloc belongs to the device that allocated it, not to
/// the stream: any stream may free it, also after the allocating stream is
/// gone (a function allocates on its stream and returns the buffer, the
/// caller frees it on its own).
struct Allocation {
  size_t bytes = 0;
  BackendDevice *device = nullptr;
  /// The host may read and write it in place (BackendDevice::hostAccessible).
  bool hostAccessible = false;
};

struct KernelHandle {
  ModuleHandle *module = nullptr;
  std::string name;
  // Guarded by the module's mutex.
  std::map<BackendDevice *, BackendKernel *> perDevice;
};

struct ModuleHandle {
  const void *data = nullptr;
  size_t bytes = 0;
  KernelBinary binary;
  std::mutex mutex;
  std::map<BackendDevice *, std::unique_ptr<BackendModule>> perDevice;
  std::map<std::string, std::unique_ptr<KernelHandle>> kernels;
};

enum BackendId { kLevelZero = 0, kVulkan = 1, kNumBackends = 2 };
const char *const kBackendNames[kNumBackends] = {"level-zero", "vulkan"};

struct State {
  std::mutex mutex;
  // Backend selection.
  std::string apiBackend; // set by imexrtSetBackend, empty = environment
  bool selected = false;
  Backend *active = nullptr;
  std::string selectError;
  size_t defaultDevice = 0;
  std::unique_ptr<Backend> backends[kNumBackends];
  bool probed[kNumBackends] = {false, false};
  std::string probeError[kNumBackends];
  // Registry and caches.
  std::unordered_map<void *, Kind> handles;
  std::map<std::pair<const void *, size_t>, ModuleHandle *> moduleCache;
  StreamHandle *defaultStream = nullptr;
  // Pointers returned by gpuMemAlloc and not freed yet, with their sizes,
  // so that compiled code's generic free (_mlir_memref_to_llvm_free) can
  // tell them apart from host memory, and exported functions can use
  // device arrays in place (imexrtIsGpuMemory).
  std::map<uintptr_t, Allocation> allocations;
  // Host memory that gpuMemAlloc returned instead of failing (see there),
  // or instead of device memory in host-fallback mode.
  std::unordered_set<const void *> placeholders;
  // Device memory still allocated when imexrtShutdown released its device:
  // freeing it later is a no-op (it is not host memory).
  std::unordered_set<const void *> released;
  // Host fallback (--gpu-fallback=host): allowed once an object compiled
  // with it says so; active when, in addition, no device can run kernels
  // (-1: not decided yet).
  // Read without the mutex by every GPU memory call, hence atomic.
  std::atomic<bool> hostFallbackAllowed{false};
  int hostFallback = -1;
};

class UnavailableBackend : public Backend {
public:
  UnavailableBackend(const char *name, const char *reason)
      : name_(name), reason_(reason) {}
  const char *name() const override { return name_; }
  bool initialize(std::string &error) override {
    error = reason_;
    return false;
  }
  size_t deviceCount() const override { return 0; }
  DeviceDescription describe(size_t) const override { return {}; }
  BackendDevice *openDevice(size_t, std::string &error) override {
    error = reason_;
    return nullptr;
  }

private:
  const char *name_;
  const char *reason_;
};

// Never destroyed: compiled programs call gpuModuleUnload from global
// destructors, which may run after this file's static objects would be gone.
State &state() {
  static State *s = new State;
  return *s;
}

void reportLeaks() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.allocations.empty())
    return;
  size_t bytes = 0;
  for (const auto &entry : s.allocations)
    bytes += entry.second.bytes;
  std::fprintf(stderr,
               "imexrt: %zu device allocation(s) never freed (%zu bytes)\n",
               s.allocations.size(), bytes);
}

/// IMEXRT_CHECK_LEAKS=1: at exit, report the device memory that was never
/// freed (registered with the first allocation).
void reportLeaksAtExit() {
  static const bool registered = [] {
    std::string v = getEnv("IMEXRT_CHECK_LEAKS");
    return !v.empty() && v != "0" && std::atexit(reportLeaks) == 0;
  }();
  (void)registered;
}

bool parseBackendName(const std::string &name, int &id) {
  if (name == "auto" || name.empty()) {
    id = -1;
    return true;
  }
  if (name == "level-zero" || name == "level_zero" || name == "levelzero" ||
      name == "l0" || name == "ze") {
    id = kLevelZero;
    return true;
  }
  if (name == "vulkan" || name == "vk") {
    id = kVulkan;
    return true;
  }
  return false;
}

// Creates and initialises backend `id` once. Caller holds the state mutex.
Backend *probe(State &s, int id) {
  if (!s.probed[id]) {
    s.probed[id] = true;
    std::unique_ptr<Backend> b =
        id == kLevelZero ? createLevelZeroBackend() : createVulkanBackend();
    std::string error;
    if (b->initialize(error)) {
      s.backends[id] = std::move(b);
      if (verbose())
        std::fprintf(stderr, "imexrt: %s: %zu device(s)\n", kBackendNames[id],
                     s.backends[id]->deviceCount());
    } else {
      s.probeError[id] = error;
      if (verbose())
        std::fprintf(stderr, "imexrt: %s unavailable: %s\n", kBackendNames[id],
                     error.c_str());
    }
  }
  return s.backends[id].get();
}

// Selects the active backend once. Caller holds the state mutex.
Backend *selectBackend(State &s, std::string &error) {
  if (s.selected) {
    error = s.selectError;
    return s.active;
  }
  s.selected = true;
  std::string requested = s.apiBackend;
  std::string source = "imexrtSetBackend";
  if (requested.empty()) {
    requested = getEnv("IMEXRT_BACKEND");
    source = "IMEXRT_BACKEND";
  }
  int id = -1;
  if (!parseBackendName(requested, id)) {
    s.selectError = format("%s='%s' is not a backend (use auto, level-zero or "
                           "vulkan)",
                           source.c_str(), requested.c_str());
    error = s.selectError;
    return nullptr;
  }
  std::vector<int> order;
  if (id < 0)
    order = {kLevelZero, kVulkan};
  else
    order = {id};
  std::string reasons;
  for (int b : order) {
    if (Backend *backend = probe(s, b)) {
      s.active = backend;
      break;
    }
    reasons += format("%s%s: %s", reasons.empty() ? "" : "; ", kBackendNames[b],
                      s.probeError[b].c_str());
  }
  if (!s.active) {
    s.selectError =
        id < 0 ? "no backend can run kernels on this machine (tried " +
                     reasons + ")"
               : format("backend %s (chosen by %s) cannot run kernels: ",
                        kBackendNames[id], source.c_str()) +
                     s.probeError[id];
    error = s.selectError;
    return nullptr;
  }
  std::string dev = getEnv("IMEXRT_DEVICE");
  if (!dev.empty()) {
    char *end = nullptr;
    long v = std::strtol(dev.c_str(), &end, 10);
    if (!end || *end || v < 0 || size_t(v) >= s.active->deviceCount()) {
      s.selectError =
          format("IMEXRT_DEVICE='%s' is not a %s device index "
                 "(0 to %zu)",
                 dev.c_str(), s.active->name(), s.active->deviceCount() - 1);
      s.active = nullptr;
      error = s.selectError;
      return nullptr;
    }
    s.defaultDevice = size_t(v);
  }
  if (verbose())
    std::fprintf(stderr, "imexrt: using %s device %zu (%s)\n", s.active->name(),
                 s.defaultDevice,
                 s.active->describe(s.defaultDevice).name.c_str());
  return s.active;
}

// The default device of the active backend. Caller holds the state mutex.
bool defaultTarget(State &s, Target &t, std::string &error) {
  Backend *b = selectBackend(s, error);
  if (!b)
    return false;
  BackendDevice *d = b->openDevice(s.defaultDevice, error);
  if (!d)
    return false;
  t.backend = b;
  t.device = d;
  t.index = s.defaultDevice;
  return true;
}

template <typename T> T *lookup(State &s, void *handle, Kind kind) {
  auto it = s.handles.find(handle);
  if (it == s.handles.end() || it->second != kind)
    return nullptr;
  return static_cast<T *>(handle);
}

const char *backendName(const Target &t) {
  return t.backend ? t.backend->name() : nullptr;
}

StreamHandle *newStream(State &s, const Target &t, std::string &error) {
  std::unique_ptr<BackendStream> impl = t.device->createStream(error);
  if (!impl)
    return nullptr;
  auto *stream = new StreamHandle;
  stream->target = t;
  stream->impl = std::move(impl);
  for (EventSlot &e : stream->events)
    e.owner = stream;
  s.handles[stream] = Kind::Stream;
  return stream;
}

// Resolves a stream argument: NULL is the default stream (created on first
// use). Reports the error and returns null if the handle is invalid.
StreamHandle *getStream(void *handle, const char *fn) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (handle) {
    if (auto *stream = lookup<StreamHandle>(s, handle, Kind::Stream))
      return stream;
    reportError(fn, nullptr,
                format("%p is not a live stream (gpuCreateStream)", handle));
    return nullptr;
  }
  if (s.defaultStream)
    return s.defaultStream;
  Target t;
  std::string error;
  if (!defaultTarget(s, t, error)) {
    reportError(fn, nullptr, error);
    return nullptr;
  }
  s.defaultStream = newStream(s, t, error);
  if (!s.defaultStream)
    reportError(fn, t.backend->name(), error);
  return s.defaultStream;
}

// Finds the stream that owns an event slot. Caller holds the state mutex.
EventSlot *findEvent(State &s, void *event) {
  auto addr = reinterpret_cast<uintptr_t>(event);
  for (auto &h : s.handles) {
    if (h.second != Kind::Stream)
      continue;
    auto *stream = static_cast<StreamHandle *>(h.first);
    auto begin = reinterpret_cast<uintptr_t>(&stream->events[0]);
    auto end = reinterpret_cast<uintptr_t>(&stream->events[kEventRing]);
    if (addr >= begin && addr < end && (addr - begin) % sizeof(EventSlot) == 0)
      return static_cast<EventSlot *>(event);
  }
  return nullptr;
}

std::vector<StreamHandle *> liveStreams(State &s) {
  std::vector<StreamHandle *> out;
  for (auto &h : s.handles)
    if (h.second == Kind::Stream)
      out.push_back(static_cast<StreamHandle *>(h.first));
  return out;
}

bool waitStream(StreamHandle *stream, uint64_t seq, std::string &error) {
  std::lock_guard<std::mutex> lock(stream->mutex);
  return stream->impl->waitUntil(seq, error);
}

// Builds the module for `t`'s device if needed. Caller holds module->mutex.
BackendModule *moduleFor(ModuleHandle *module, const Target &t,
                         std::string &error) {
  auto it = module->perDevice.find(t.device);
  if (it != module->perDevice.end())
    return it->second.get();
  std::unique_ptr<BackendModule> built =
      t.device->loadModule(module->binary, error);
  if (!built)
    return nullptr;
  BackendModule *raw = built.get();
  module->perDevice[t.device] = std::move(built);
  return raw;
}

// Creates `kernel` for `t`'s device if needed. Caller holds module->mutex.
BackendKernel *kernelFor(KernelHandle *kernel, const Target &t,
                         std::string &error) {
  auto it = kernel->perDevice.find(t.device);
  if (it != kernel->perDevice.end())
    return it->second;
  BackendModule *module = moduleFor(kernel->module, t, error);
  if (!module)
    return nullptr;
  BackendKernel *k = module->getKernel(kernel->name, error);
  if (!k)
    return nullptr;
  kernel->perDevice[t.device] = k;
  return k;
}

void *loadModule(void *streamHandle, const void *data, size_t bytes,
                 const char *fn) {
  StreamHandle *stream = getStream(streamHandle, fn);
  if (!stream)
    return nullptr;
  const Target &t = stream->target;
  State &s = state();
  ModuleHandle *module = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.moduleCache.find({data, bytes});
    if (it != s.moduleCache.end())
      module = it->second;
  }
  std::string error;
  if (!module) {
    auto fresh = std::make_unique<ModuleHandle>();
    fresh->data = data;
    fresh->bytes = bytes;
    if (!parseKernelBinary(data, bytes, fresh->binary, error)) {
      reportError(fn, backendName(t), error);
      return nullptr;
    }
    std::unique_ptr<BackendModule> built =
        t.device->loadModule(fresh->binary, error);
    if (!built) {
      reportError(fn, backendName(t), error);
      return nullptr;
    }
    fresh->perDevice[t.device] = std::move(built);
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.moduleCache.find({data, bytes});
    if (it != s.moduleCache.end())
      return it->second; // another thread won; ours is dropped
    module = fresh.release();
    s.moduleCache[{data, bytes}] = module;
    s.handles[module] = Kind::Module;
    return module;
  }
  std::lock_guard<std::mutex> lock(module->mutex);
  if (!moduleFor(module, t, error)) {
    reportError(fn, backendName(t), error);
    return nullptr;
  }
  return module;
}

void *getKernel(void *streamHandle, void *moduleHandle, const char *name,
                const char *fn) {
  StreamHandle *stream = getStream(streamHandle, fn);
  if (!stream)
    return nullptr;
  const Target &t = stream->target;
  State &s = state();
  ModuleHandle *module;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    module = lookup<ModuleHandle>(s, moduleHandle, Kind::Module);
  }
  if (!module) {
    reportError(
        fn, backendName(t),
        format("%p is not a loaded module (gpuModuleLoad)", moduleHandle));
    return nullptr;
  }
  if (!name) {
    reportError(fn, backendName(t), "kernel name is null");
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(module->mutex);
  auto it = module->kernels.find(name);
  KernelHandle *kernel;
  bool fresh = it == module->kernels.end();
  std::unique_ptr<KernelHandle> created;
  if (fresh) {
    created = std::make_unique<KernelHandle>();
    created->module = module;
    created->name = name;
    kernel = created.get();
  } else {
    kernel = it->second.get();
  }
  std::string error;
  if (!kernelFor(kernel, t, error)) {
    reportError(fn, backendName(t), error);
    return nullptr;
  }
  if (fresh) {
    module->kernels[name] = std::move(created);
    std::lock_guard<std::mutex> lock(s.mutex);
    s.handles[kernel] = Kind::Kernel;
  }
  return kernel;
}

/// The next event slot of `stream`, marking its launches so far. Caller
/// holds stream->mutex.
EventSlot *nextEvent(StreamHandle *stream) {
  EventSlot *event = &stream->events[stream->nextEvent];
  stream->nextEvent = (stream->nextEvent + 1) % kEventRing;
  event->seq.store(stream->launches);
  return event;
}

/// A launch under IMEX_ENABLE_PROFILING: the warm-up runs, then the timed
/// runs, each waited for, so a time is the kernel's submission to its
/// completion as the host sees it. One line on stderr per launch.
void *profileLaunch(StreamHandle *stream, KernelHandle *kernel,
                    BackendKernel *impl, const LaunchArgs &args,
                    const char *fn) {
  const Profiling &p = profiling();
  std::lock_guard<std::mutex> lock(stream->mutex);
  double total = 0, fastest = 0, slowest = 0;
  for (unsigned i = 0; i < p.warmups + p.runs; ++i) {
    std::string error;
    uint64_t seq = stream->launches + 1;
    auto start = std::chrono::steady_clock::now();
    bool ok = stream->impl->launch(impl, args, seq, error) &&
              stream->impl->waitUntil(seq, error);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    if (!ok) {
      reportError(fn, backendName(stream->target),
                  format("kernel '%s': ", kernel->name.c_str()) + error);
      return nullptr;
    }
    stream->launches = seq;
    gLaunchCount.fetch_add(1, std::memory_order_relaxed);
    if (i < p.warmups)
      continue;
    total += ms;
    fastest = i == p.warmups ? ms : std::min(fastest, ms);
    slowest = std::max(slowest, ms);
  }
  std::fprintf(stderr,
               "imexrt: profile kernel '%s' grid %zu,%zu,%zu workgroup "
               "%zu,%zu,%zu: %u runs (after %u warm-ups): mean %.4f ms, min "
               "%.4f ms, max %.4f ms\n",
               kernel->name.c_str(), args.grid[0], args.grid[1], args.grid[2],
               args.block[0], args.block[1], args.block[2], p.runs, p.warmups,
               total / p.runs, fastest, slowest);
  return nextEvent(stream);
}

void *launch(void *streamHandle, void *kernelHandle, const size_t grid[3],
             const size_t block[3], int32_t sharedMemBytes,
             const imexrtParamDesc *params, size_t numParams,
             const imexrtEventDesc *deps, const char *fn) {
  StreamHandle *stream = getStream(streamHandle, fn);
  if (!stream)
    return nullptr;
  const Target &t = stream->target;
  State &s = state();
  KernelHandle *kernel;
  std::vector<EventSlot *> waits;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    kernel = lookup<KernelHandle>(s, kernelHandle, Kind::Kernel);
    if (kernel && deps) {
      for (size_t i = 0; deps[i].event; ++i) {
        EventSlot *e = findEvent(s, deps[i].event);
        if (!e) {
          reportError(fn, backendName(t),
                      format("dependency %zu (%p) is not an event of a live "
                             "stream",
                             i, deps[i].event));
          return nullptr;
        }
        if (e->owner != stream)
          waits.push_back(e);
      }
    }
  }
  if (!kernel) {
    reportError(fn, backendName(t),
                format("%p is not a kernel (gpuKernelGet)", kernelHandle));
    return nullptr;
  }
  if (sharedMemBytes < 0) {
    reportError(
        fn, backendName(t),
        format("negative dynamic shared memory size %d", sharedMemBytes));
    return nullptr;
  }
  if (sharedMemBytes != 0 && numParams == 0) {
    reportError(fn, backendName(t),
                "dynamic shared memory requested but the parameter array has "
                "no entry for it");
    return nullptr;
  }
  BackendKernel *impl;
  std::string error;
  {
    std::lock_guard<std::mutex> lock(kernel->module->mutex);
    impl = kernelFor(kernel, t, error);
  }
  if (!impl) {
    reportError(fn, backendName(t), error);
    return nullptr;
  }
  // Cross-stream dependencies: wait on the host for the other stream.
  for (EventSlot *e : waits) {
    if (!waitStream(e->owner, e->seq.load(), error)) {
      reportError(fn, backendName(e->owner->target),
                  "waiting for a dependency failed: " + error);
      return nullptr;
    }
  }
  LaunchArgs args;
  args.params = params;
  args.numParams = numParams;
  args.sharedMemBytes = sharedMemBytes;
  bool empty = false;
  for (int d = 0; d < 3; ++d) {
    args.grid[d] = grid[d];
    args.block[d] = block[d];
    empty |= grid[d] == 0;
  }
  if (!empty && profiling().enabled)
    return profileLaunch(stream, kernel, impl, args, fn);
  std::lock_guard<std::mutex> lock(stream->mutex);
  if (!empty) {
    uint64_t seq = stream->launches + 1;
    if (!stream->impl->launch(impl, args, seq, error)) {
      reportError(fn, backendName(t),
                  format("kernel '%s': ", kernel->name.c_str()) + error);
      return nullptr;
    }
    stream->launches = seq;
    gLaunchCount.fetch_add(1, std::memory_order_relaxed);
    if (traceLaunches())
      std::fprintf(stderr,
                   "imexrt: launch %s grid %zu,%zu,%zu workgroup %zu,%zu,%zu\n",
                   kernel->name.c_str(), grid[0], grid[1], grid[2], block[0],
                   block[1], block[2]);
  }
  return nextEvent(stream);
}

void unloadModule(void *moduleHandle) {
  if (!moduleHandle)
    return;
  State &s = state();
  ModuleHandle *module;
  std::vector<StreamHandle *> streams;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    module = lookup<ModuleHandle>(s, moduleHandle, Kind::Module);
    if (!module)
      return; // unloaded before (or never loaded): nothing to do
    s.handles.erase(module);
    for (auto &k : module->kernels)
      s.handles.erase(k.second.get());
    s.moduleCache.erase({module->data, module->bytes});
    streams = liveStreams(s);
  }
  // The module's pipelines may still be in use by submitted work.
  for (StreamHandle *stream : streams) {
    std::string error;
    if (!waitStream(stream, UINT64_MAX, error))
      reportError("gpuModuleUnload", backendName(stream->target), error);
  }
  delete module;
}

void destroyStream(StreamHandle *stream, const char *fn) {
  std::string error;
  if (!waitStream(stream, UINT64_MAX, error))
    reportError(fn, backendName(stream->target), error);
  delete stream;
}

// Whether compiled code runs its host versions and GPU memory is host
// memory: the fallback is allowed and no device can run kernels. Decided
// once (again after imexrtShutdown); said on stderr with IMEXRT_VERBOSE=1.
bool hostFallbackActive() {
  State &s = state();
  // Objects without the fallback, the common case, pay no lock here.
  if (!s.hostFallbackAllowed.load(std::memory_order_acquire))
    return false;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.hostFallback < 0) {
    Target t;
    std::string error;
    s.hostFallback = defaultTarget(s, t, error) ? 0 : 1;
    if (s.hostFallback && verbose())
      std::fprintf(
          stderr,
          "imexrt: no device can run GPU kernels (%s); running their "
          "host versions (objects compiled with --gpu-fallback=host)\n",
          error.c_str());
  }
  return s.hostFallback == 1;
}

// aligned_alloc, which needs a size that is a non-zero multiple of the
// alignment (a power of two).
void *alignedHostAlloc(size_t alignment, size_t bytes) {
  size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  return std::aligned_alloc(alignment, rounded ? rounded : alignment);
}

// What a failed gpuMemAlloc returns once its error is reported and the
// program goes on (error policy "continue" or a handler): zero-filled host
// memory, so that the compiled code around it can finish without touching a
// null pointer; its results are undefined, and the error says so.
void *allocatePlaceholder(size_t bytes, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)))
    alignment = 64;
  void *ptr = alignedHostAlloc(alignment, bytes);
  if (!ptr)
    return nullptr;
  std::memset(ptr, 0, bytes);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.placeholders.insert(ptr);
  return ptr;
}

// Frees `ptr` if it is a placeholder, and says whether it was.
bool releasePlaceholder(void *ptr) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.placeholders.erase(ptr))
      return false;
  }
  std::free(ptr);
  return true;
}

/// The live allocation `ptr` points into, if any.
std::optional<Allocation> findAllocation(const void *ptr) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto p = reinterpret_cast<uintptr_t>(ptr);
  auto next = s.allocations.upper_bound(p);
  if (next == s.allocations.begin())
    return std::nullopt;
  auto [base, allocation] = *std::prev(next);
  // An empty allocation still has its (unique) address: its base.
  if (p - base >= std::max<size_t>(allocation.bytes, 1))
    return std::nullopt;
  return allocation;
}

/// False, with the error reported, when `ptr` lies in another device's
/// memory: the stream's device cannot reach it, nor can the host where it
/// is device memory.
bool onStreamDevice(StreamHandle *st, const char *fn, const void *ptr) {
  std::optional<Allocation> allocation = findAllocation(ptr);
  if (!allocation || allocation->device == st->target.device)
    return true;
  reportError(fn, backendName(st->target),
              format("%p lies in memory allocated on another device than "
                     "the stream's",
                     ptr));
  return false;
}

} // namespace

std::unique_ptr<Backend> createUnavailableBackend(const char *name,
                                                  const char *reason) {
  return std::make_unique<UnavailableBackend>(name, reason);
}

} // namespace imexrt

using namespace imexrt;

/// The target of device handle `device`, or the default target when it is
/// null; reports a failure for `call`. Expects `s.mutex` held.
bool targetOf(State &s, void *device, const char *call, Target &t) {
  if (device) {
    auto *d = lookup<DeviceHandle>(s, device, Kind::Device);
    if (!d) {
      reportError(call, nullptr, format("%p is not a device handle", device));
      return false;
    }
    t = d->target;
    return true;
  }
  std::string error;
  if (defaultTarget(s, t, error))
    return true;
  reportError(call, nullptr, error);
  return false;
}

/// A new device or context handle on the target of device handle `device`
/// (the default target when null); null after reporting a failure.
template <typename HandleT>
void *createHandle(void *device, Kind kind, const char *call) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  Target t;
  if (!targetOf(s, device, call, t))
    return nullptr;
  auto *handle = new HandleT{t};
  s.handles[handle] = kind;
  return handle;
}

/// Releases a device or context handle; a foreign pointer is reported.
template <typename HandleT>
void destroyHandle(void *handle, Kind kind, const char *call,
                   const char *what) {
  if (!handle)
    return;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto *h = lookup<HandleT>(s, handle, kind);
  if (!h) {
    reportError(call, nullptr, format("%p is not a %s handle", handle, what));
    return;
  }
  s.handles.erase(h);
  delete h;
}

//===----------------------------------------------------------------------===//
// ABI entry points
//===----------------------------------------------------------------------===//

extern "C" {

void *gpuCreateDevice(void *hint) {
  return createHandle<DeviceHandle>(hint, Kind::Device, "gpuCreateDevice");
}

void gpuDestroyDevice(void *device) {
  destroyHandle<DeviceHandle>(device, Kind::Device, "gpuDestroyDevice",
                              "device");
}

void *gpuCreateContext(void *device) {
  return createHandle<ContextHandle>(device, Kind::Context, "gpuCreateContext");
}

void gpuDestroyContext(void *context) {
  destroyHandle<ContextHandle>(context, Kind::Context, "gpuDestroyContext",
                               "context");
}

void *gpuCreateStream(void *device, void *context) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  Target t;
  bool haveTarget = false;
  if (device) {
    auto *d = lookup<DeviceHandle>(s, device, Kind::Device);
    if (!d) {
      reportError("gpuCreateStream", nullptr,
                  format("%p is not a device handle", device));
      return nullptr;
    }
    t = d->target;
    haveTarget = true;
  }
  if (context) {
    auto *c = lookup<ContextHandle>(s, context, Kind::Context);
    if (!c) {
      reportError("gpuCreateStream", nullptr,
                  format("%p is not a context handle", context));
      return nullptr;
    }
    if (haveTarget && c->target.device != t.device) {
      reportError("gpuCreateStream", backendName(t),
                  "the context belongs to another device");
      return nullptr;
    }
    t = c->target;
    haveTarget = true;
  }
  std::string error;
  if (!haveTarget && !defaultTarget(s, t, error)) {
    reportError("gpuCreateStream", nullptr, error);
    return nullptr;
  }
  StreamHandle *stream = newStream(s, t, error);
  if (!stream)
    reportError("gpuCreateStream", backendName(t), error);
  return stream;
}

void gpuStreamDestroy(void *stream) {
  if (!stream)
    return;
  State &s = state();
  StreamHandle *st;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    st = lookup<StreamHandle>(s, stream, Kind::Stream);
    if (!st || st == s.defaultStream) {
      reportError(
          "gpuStreamDestroy", nullptr,
          format("%p is not a stream created by gpuCreateStream", stream));
      return;
    }
    s.handles.erase(st);
  }
  destroyStream(st, "gpuStreamDestroy");
}

void *gpuMemAlloc(void *stream, size_t bytes, size_t alignment,
                  int32_t isShared) {
  if (hostFallbackActive())
    return allocatePlaceholder(bytes, alignment);
  StreamHandle *st = getStream(stream, "gpuMemAlloc");
  if (!st)
    return allocatePlaceholder(bytes, alignment);
  if (alignment == 0)
    alignment = 64;
  if (alignment & (alignment - 1)) {
    reportError("gpuMemAlloc", backendName(st->target),
                format("alignment %zu is not a power of two", alignment));
    return allocatePlaceholder(bytes, alignment);
  }
  std::string error;
  void *ptr = st->target.device->alloc(bytes, alignment, isShared != 0, error);
  if (!ptr) {
    reportError("gpuMemAlloc", backendName(st->target),
                format("%zu bytes: ", bytes) + error);
    return allocatePlaceholder(bytes, alignment);
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.allocations[reinterpret_cast<uintptr_t>(ptr)] = {
      bytes, st->target.device,
      st->target.device->hostAccessible(isShared != 0)};
  gAllocationCount.fetch_add(1, std::memory_order_relaxed);
  reportLeaksAtExit();
  return ptr;
}

void gpuMemFree(void *stream, void *ptr) {
  if (!ptr || releasePlaceholder(ptr))
    return;
  // The host versions' array results come from malloc.
  if (hostFallbackActive()) {
    std::free(ptr);
    return;
  }
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.released.erase(ptr))
      return; // its device went with imexrtShutdown
  }
  StreamHandle *st = getStream(stream, "gpuMemFree");
  if (!st)
    return;
  auto key = reinterpret_cast<uintptr_t>(ptr);
  Allocation allocation;
  {
    // Taken out of the registry at once, so that two frees of one pointer
    // cannot both pass, nor a new allocation at the address be forgotten.
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.allocations.find(key);
    if (it == s.allocations.end()) {
      reportError("gpuMemFree", backendName(st->target),
                  format("%p was not returned by gpuMemAlloc, or was freed "
                         "already",
                         ptr));
      return;
    }
    allocation = it->second;
    s.allocations.erase(it);
  }
  // The freeing stream's work may still use the memory (work on other
  // streams is the caller's to order first); the owning device frees it.
  std::string error;
  if (!waitStream(st, UINT64_MAX, error) ||
      !allocation.device->free(ptr, error)) {
    reportError("gpuMemFree", backendName(st->target), error);
    std::lock_guard<std::mutex> lock(s.mutex);
    s.allocations[key] = allocation;
  }
}

void gpuMemCopy(void *stream, void *dst, void *src, size_t bytes) {
  if (hostFallbackActive()) {
    if (bytes)
      std::memmove(dst, src, bytes);
    return;
  }
  StreamHandle *st = getStream(stream, "gpuMemCopy");
  if (!st || bytes == 0)
    return;
  if (!dst || !src) {
    reportError("gpuMemCopy", backendName(st->target),
                format("null %s pointer for a %zu-byte copy",
                       dst ? "source" : "destination", bytes));
    return;
  }
  if (!onStreamDevice(st, "gpuMemCopy", dst) ||
      !onStreamDevice(st, "gpuMemCopy", src))
    return;
  std::string error;
  std::lock_guard<std::mutex> lock(st->mutex);
  if (!st->impl->copy(dst, src, bytes, error))
    reportError("gpuMemCopy", backendName(st->target), error);
}

void gpuMemSet(void *stream, void *dst, const void *pattern,
               size_t patternBytes, size_t bytes) {
  if (hostFallbackActive() && patternBytes && bytes % patternBytes == 0) {
    fillPattern(dst, pattern, patternBytes, bytes);
    return;
  }
  StreamHandle *st = getStream(stream, "gpuMemSet");
  if (!st || bytes == 0)
    return;
  const char *backend = backendName(st->target);
  if (!dst || !pattern) {
    reportError("gpuMemSet", backend,
                dst ? "null pattern pointer" : "null destination pointer");
    return;
  }
  if (patternBytes == 0 || bytes % patternBytes) {
    reportError("gpuMemSet", backend,
                format("%zu bytes is not a whole number of %zu-byte patterns",
                       bytes, patternBytes));
    return;
  }
  if (!onStreamDevice(st, "gpuMemSet", dst))
    return;
  std::string error;
  std::lock_guard<std::mutex> lock(st->mutex);
  if (!st->impl->fill(dst, pattern, patternBytes, bytes, error))
    reportError("gpuMemSet", backend, error);
}

void *gpuModuleLoad(void *stream, const void *data, size_t bytes) {
  return loadModule(stream, data, bytes, "gpuModuleLoad");
}

void gpuModuleUnload(void *module) { unloadModule(module); }

void *gpuKernelGet(void *stream, void *module, const char *name) {
  return getKernel(stream, module, name, "gpuKernelGet");
}

void *gpuLaunchKernel(void *stream, void *kernel, size_t gridX, size_t gridY,
                      size_t gridZ, size_t blockX, size_t blockY, size_t blockZ,
                      int32_t sharedMemBytes, imexrtParamDesc *params,
                      imexrtEventDesc *deps) {
  // The array ends with {NULL, 0}; the cap stops a missing terminator from
  // running through memory.
  constexpr size_t kMaxParams = 1 << 16;
  size_t n = 0;
  if (params) {
    while (n < kMaxParams && (params[n].data || params[n].size))
      ++n;
    if (n == kMaxParams) {
      reportError("gpuLaunchKernel", nullptr,
                  "parameter array has no {NULL, 0} terminator");
      return nullptr;
    }
  }
  const size_t grid[3] = {gridX, gridY, gridZ};
  const size_t block[3] = {blockX, blockY, blockZ};
  return launch(stream, kernel, grid, block, sharedMemBytes, params, n, deps,
                "gpuLaunchKernel");
}

void gpuWait(void *stream) {
  StreamHandle *st = getStream(stream, "gpuWait");
  if (!st)
    return;
  std::string error;
  if (!waitStream(st, UINT64_MAX, error))
    reportError("gpuWait", backendName(st->target), error);
}

//===----------------------------------------------------------------------===//
// Upstream-style wrappers
//===----------------------------------------------------------------------===//

void *mgpuStreamCreate(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  Target t;
  std::string error;
  if (!defaultTarget(s, t, error)) {
    reportError("mgpuStreamCreate", nullptr, error);
    return nullptr;
  }
  StreamHandle *stream = newStream(s, t, error);
  if (!stream)
    reportError("mgpuStreamCreate", backendName(t), error);
  return stream;
}

void mgpuStreamDestroy(void *stream) { gpuStreamDestroy(stream); }

void mgpuStreamSynchronize(void *stream) { gpuWait(stream); }

// Events, for code lowered by upstream's gpu-to-llvm: an event remembers
// the launch count of the stream it was recorded on; waiting for it waits
// for that stream on the host (as cross-stream dependencies do). That
// lowering takes every async token that reaches a block as an argument for
// an event, though it may be a stream: the event functions accept streams
// too, standing for all their work, and destroying one ends the stream
// (that is its last use).

void *mgpuEventCreate(void) {
  State &s = state();
  auto *event = new RecordedEvent;
  std::lock_guard<std::mutex> lock(s.mutex);
  s.handles[event] = Kind::RecordedEvent;
  return event;
}

/// What waiting for event `handle` means: its stream up to `seq`, a stream
/// given instead (up to its last launch), or nothing when the event was
/// never recorded or its stream is gone (it finished its work then). False
/// after reporting that `handle` is neither. Caller holds the state mutex.
static bool eventTarget(State &s, void *handle, const char *fn,
                        StreamHandle *&stream, uint64_t &seq) {
  stream = nullptr;
  if (auto *given = lookup<StreamHandle>(s, handle, Kind::Stream)) {
    stream = given;
    seq = UINT64_MAX;
    return true;
  }
  auto *event = lookup<RecordedEvent>(s, handle, Kind::RecordedEvent);
  if (!event) {
    reportError(fn, nullptr,
                format("%p is not a live event (mgpuEventCreate)", handle));
    return false;
  }
  if (event->stream && lookup<StreamHandle>(s, event->stream, Kind::Stream)) {
    stream = event->stream;
    seq = event->seq;
  }
  return true;
}

void mgpuEventDestroy(void *handle) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (auto *event = lookup<RecordedEvent>(s, handle, Kind::RecordedEvent)) {
      s.handles.erase(handle);
      delete event;
      return;
    }
    if (!lookup<StreamHandle>(s, handle, Kind::Stream)) {
      reportError("mgpuEventDestroy", nullptr,
                  format("%p is not a live event (mgpuEventCreate)", handle));
      return;
    }
  }
  gpuStreamDestroy(handle);
}

void mgpuEventRecord(void *handle, void *stream) {
  StreamHandle *st = getStream(stream, "mgpuEventRecord");
  if (!st)
    return;
  uint64_t seq;
  {
    std::lock_guard<std::mutex> streamLock(st->mutex);
    seq = st->launches;
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto *event = lookup<RecordedEvent>(s, handle, Kind::RecordedEvent);
  if (!event) {
    reportError("mgpuEventRecord", backendName(st->target),
                format("%p is not a live event (mgpuEventCreate)", handle));
    return;
  }
  event->stream = st;
  event->seq = seq;
}

void mgpuEventSynchronize(void *handle) {
  State &s = state();
  StreamHandle *stream = nullptr;
  uint64_t seq = 0;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!eventTarget(s, handle, "mgpuEventSynchronize", stream, seq) || !stream)
      return;
  }
  std::string error;
  if (!waitStream(stream, seq, error))
    reportError("mgpuEventSynchronize", backendName(stream->target), error);
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  if (getStream(stream, "mgpuStreamWaitEvent"))
    mgpuEventSynchronize(event);
}

void *mgpuModuleLoad(const void *data, size_t bytes) {
  return loadModule(nullptr, data, bytes, "mgpuModuleLoad");
}

void mgpuModuleUnload(void *module) { unloadModule(module); }

void *mgpuModuleGetFunction(void *module, const char *name) {
  return getKernel(nullptr, module, name, "mgpuModuleGetFunction");
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedMemBytes, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)extra;
  const intptr_t dims[6] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (intptr_t d : dims) {
    if (d < 0) {
      reportError("mgpuLaunchKernel", nullptr,
                  format("negative grid or block size %lld", (long long)d));
      return;
    }
  }
  // Sizes are unknown (0): the backend takes them from the kernel table or
  // uses the pointer size. A dynamic shared memory size becomes the extra
  // last argument, as in the gpuLaunchKernel ABI.
  std::vector<imexrtParamDesc> descs;
  for (size_t i = 0; i < paramsCount; ++i)
    descs.push_back({params ? params[i] : nullptr, 0});
  if (sharedMemBytes != 0)
    descs.push_back({nullptr, size_t(sharedMemBytes)});
  const size_t grid[3] = {size_t(gridX), size_t(gridY), size_t(gridZ)};
  const size_t block[3] = {size_t(blockX), size_t(blockY), size_t(blockZ)};
  void *event = launch(stream, function, grid, block, sharedMemBytes,
                       descs.data(), descs.size(), nullptr, "mgpuLaunchKernel");
  (void)event;
}

// The allocation functions memref-to-LLVM lowering calls when it is asked
// for generic functions (the gpu pipeline does): host memory comes from
// malloc; a buffer that came from gpuMemAlloc (a GPU allocation that the
// host-side deallocation code releases) goes back to the runtime. Exported
// like the rest of the ABI, so that objects in a shared library can use the
// runtime of the program that loads them.
IMEXRT_API void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  return std::malloc(bytes);
}

IMEXRT_API void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                    size_t bytes) {
  return alignedHostAlloc(alignment, bytes);
}

IMEXRT_API void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr || releasePlaceholder(ptr))
    return;
  bool fromRuntime;
  {
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    fromRuntime = s.allocations.count(reinterpret_cast<uintptr_t>(ptr)) != 0 ||
                  s.released.count(ptr) != 0;
  }
  if (fromRuntime)
    gpuMemFree(nullptr, ptr);
  else
    std::free(ptr);
}

void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared) {
  return gpuMemAlloc(stream, size_t(bytes), 64, isHostShared ? 1 : 0);
}

void mgpuMemFree(void *ptr, void *stream) { gpuMemFree(stream, ptr); }

void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  gpuMemCopy(stream, dst, src, bytes);
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream) {
  gpuMemSet(stream, dst, &value, sizeof(value), count * sizeof(value));
}

void mgpuMemset16(void *dst, uint16_t value, size_t count, void *stream) {
  gpuMemSet(stream, dst, &value, sizeof(value), count * sizeof(value));
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

int32_t imexrtSetBackend(const char *name) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::string requested = name ? name : "";
  int id = -1;
  if (name && !parseBackendName(requested, id)) {
    reportError("imexrtSetBackend", nullptr,
                format("'%s' is not a backend (use auto, level-zero or "
                       "vulkan)",
                       name));
    return -1;
  }
  if (s.selected && s.active) {
    bool same = name && id >= 0 && s.active == s.backends[id].get();
    if (!same && requested != s.apiBackend) {
      reportError("imexrtSetBackend", s.active->name(),
                  format("backend %s is already in use; call "
                         "imexrtShutdown() before choosing another",
                         s.active->name()));
      return -1;
    }
  }
  s.apiBackend = requested;
  if (s.selected && !s.active) {
    // The last selection failed: retry with the new choice on next use.
    s.selected = false;
    s.selectError.clear();
    s.defaultDevice = 0;
    s.hostFallback = -1;
  }
  return 0;
}

const char *imexrtGetBackend(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::string error;
  Backend *b = selectBackend(s, error);
  if (!b) {
    reportError("imexrtGetBackend", nullptr, error);
    return nullptr;
  }
  return b->name();
}

int32_t imexrtGetDeviceCount(void) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  size_t n = 0;
  for (int id = 0; id < kNumBackends; ++id)
    if (Backend *b = probe(s, id))
      n += b->deviceCount();
  return int32_t(n);
}

int32_t imexrtGetDeviceInfo(int32_t index, imexrtDeviceInfo *info) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!info) {
    reportError("imexrtGetDeviceInfo", nullptr, "info pointer is null");
    return -1;
  }
  if (index >= 0) {
    size_t i = size_t(index);
    for (int id = 0; id < kNumBackends; ++id) {
      Backend *b = probe(s, id);
      if (!b)
        continue;
      if (i < b->deviceCount()) {
        DeviceDescription d = b->describe(i);
        std::memset(info, 0, sizeof(*info));
        std::snprintf(info->backend, sizeof(info->backend), "%s", b->name());
        std::snprintf(info->name, sizeof(info->name), "%s", d.name.c_str());
        info->index = int32_t(i);
        info->type = d.type;
        info->vendorId = d.vendorId;
        info->deviceId = d.deviceId;
        return 0;
      }
      i -= b->deviceCount();
    }
  }
  reportError("imexrtGetDeviceInfo", nullptr,
              format("device index %d is out of range", index));
  return -1;
}

const char *imexrtGetLastError(void) {
  tReturnedError = tLastError;
  return tReturnedError.c_str();
}

void imexrtClearLastError(void) { tLastError.clear(); }

void imexrtSetErrorPolicy(imexrtErrorPolicy policy) {
  if (policy != IMEXRT_ERROR_EXIT && policy != IMEXRT_ERROR_CONTINUE) {
    reportError("imexrtSetErrorPolicy", nullptr,
                format("%d is not an imexrtErrorPolicy", int(policy)));
    return;
  }
  gPolicy.store(int(policy));
}

imexrtErrorPolicy imexrtGetErrorPolicy(void) {
  std::string source;
  return effectivePolicy(source);
}

uint64_t imexrtGetErrorCount(void) { return gErrorCount.load(); }

void imexrtSetErrorHandler(imexrtErrorHandler handler, void *userData) {
  std::lock_guard<std::mutex> lock(handlerMutex());
  gHandler = handler;
  gHandlerData = handler ? userData : nullptr;
}

uint64_t imexrtGetLaunchCount(void) { return gLaunchCount.load(); }

uint64_t imexrtGetAllocationCount(void) { return gAllocationCount.load(); }

int32_t imexrtIsGpuMemory(const void *ptr) {
  return findAllocation(ptr) ? 1 : 0;
}

int32_t imexrtIsHostAccessibleGpuMemory(const void *ptr) {
  std::optional<Allocation> allocation = findAllocation(ptr);
  return allocation && allocation->hostAccessible ? 1 : 0;
}

void imexrtAllowHostFallback(void) {
  state().hostFallbackAllowed.store(true, std::memory_order_release);
}

int32_t imexrtUseHostFallback(void) {
  imexrtAllowHostFallback();
  return hostFallbackActive() ? 1 : 0;
}

void imexrtShutdown(void) {
  State &s = state();
  std::vector<StreamHandle *> streams;
  std::vector<ModuleHandle *> modules;
  std::unique_ptr<Backend> backends[kNumBackends];
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (auto &h : s.handles) {
      switch (h.second) {
      case Kind::Stream:
        streams.push_back(static_cast<StreamHandle *>(h.first));
        break;
      case Kind::Module:
        modules.push_back(static_cast<ModuleHandle *>(h.first));
        break;
      case Kind::Device:
        delete static_cast<DeviceHandle *>(h.first);
        break;
      case Kind::Context:
        delete static_cast<ContextHandle *>(h.first);
        break;
      case Kind::RecordedEvent:
        delete static_cast<RecordedEvent *>(h.first);
        break;
      case Kind::Kernel:
        break; // owned by its module
      }
    }
    s.handles.clear();
    s.moduleCache.clear();
    // The devices' memory goes with them.
    for (const auto &entry : s.allocations)
      s.released.insert(reinterpret_cast<const void *>(entry.first));
    s.allocations.clear();
    s.defaultStream = nullptr;
    for (int id = 0; id < kNumBackends; ++id) {
      backends[id] = std::move(s.backends[id]);
      s.probed[id] = false;
      s.probeError[id].clear();
    }
    s.selected = false;
    s.active = nullptr;
    s.selectError.clear();
    s.defaultDevice = 0;
    s.hostFallback = -1;
  }
  // Streams first (they wait for their work), then what the work used, then
  // the devices and drivers.
  for (StreamHandle *stream : streams)
    destroyStream(stream, "imexrtShutdown");
  for (ModuleHandle *module : modules)
    delete module;
  for (auto &b : backends)
    b.reset();
}

} // extern "C"
