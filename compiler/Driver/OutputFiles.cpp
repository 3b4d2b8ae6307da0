//===- OutputFiles.cpp - The files of one compilation, written together --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "OutputFiles.h"
#include "imex/Driver/Driver.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace imex;

namespace {

/// How an output reaches its file.
enum class Method {
  /// Standard output ("-").
  Stdout,
  /// Opened and written where it is: not a regular file (a device, a FIFO),
  /// or one reached through /proc or /dev (/dev/stdout redirected to a
  /// file: renaming over it would write to a file nobody reads).
  InPlace,
  /// A temporary file next to the target, renamed over it.
  Replace,
};

Method methodFor(llvm::StringRef path) {
  if (path == "-")
    return Method::Stdout;
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status))
    return Method::Replace; // a new file
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return Method::InPlace;
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  return absolute.starts_with("/proc/") || absolute.starts_with("/dev/")
             ? Method::InPlace
             : Method::Replace;
}

/// Writes `contents` to `os` and closes it; the error, if any, taken out of
/// the stream (a stream destroyed with an error ends the process).
std::error_code writeAndClose(llvm::raw_fd_ostream &os,
                              llvm::StringRef contents) {
  os << contents;
  os.close();
  std::error_code error = os.error();
  os.clear_error();
  return error;
}

void reportWriteError(llvm::StringRef path, std::error_code error) {
  errorLine() << "cannot write '" << path << "': " << error.message() << "\n";
}

/// The file a regular output replaces: what its links name (so a link to
/// an output stays a link), or the path itself for a new file.
std::string replacedFile(llvm::StringRef path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real))
    return path.str();
  return std::string(real);
}

/// A temporary file with `contents` in the directory of `file`, which it
/// will replace.
std::error_code writeTemporary(llvm::StringRef file, llvm::StringRef contents,
                               bool executable, std::string &tempPath) {
  llvm::SmallString<256> model(llvm::sys::path::parent_path(file));
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(file) +
                                     "-%%%%%%.tmp");
  int fd;
  llvm::SmallString<256> created;
  unsigned mode = executable ? 0777 : 0666; // less the umask
  if (std::error_code error = llvm::sys::fs::createUniqueFile(
          model, fd, created, llvm::sys::fs::OF_None, mode))
    return error;
  tempPath = std::string(created);
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  return writeAndClose(os, contents);
}

} // namespace

void OutputFiles::add(llvm::StringRef path, std::string contents,
                      bool executable) {
  outputs.push_back({path.str(), std::move(contents), executable});
}

bool OutputFiles::commit() {
  // Each regular output's temporary file and the file it replaces; the
  // temporaries are removed unless renamed.
  struct Replacement {
    const Output *output;
    std::string file, temp;
  };
  std::vector<Replacement> replacements;
  std::vector<std::pair<const Output *, Method>> direct;
  for (const Output &output : outputs) {
    Method method = methodFor(output.path);
    if (method == Method::Replace)
      replacements.push_back({&output, replacedFile(output.path), ""});
    else
      direct.push_back({&output, method});
  }
  auto removeTemporaries = llvm::scope_exit([&] {
    for (const Replacement &r : replacements)
      if (!r.temp.empty())
        llvm::sys::fs::remove(r.temp);
  });
  for (Replacement &r : replacements)
    if (std::error_code error = writeTemporary(r.file, r.output->contents,
                                               r.output->executable, r.temp)) {
      reportWriteError(r.output->path, error);
      return false;
    }
  // What cannot be taken back goes after what can fail on a full disk.
  for (auto [output, method] : direct) {
    std::error_code error;
    if (method == Method::Stdout) {
      llvm::outs() << output->contents;
      llvm::outs().flush();
      error = llvm::outs().error();
      llvm::outs().clear_error();
    } else {
      llvm::raw_fd_ostream os(output->path, error, llvm::sys::fs::OF_None);
      if (!error)
        error = writeAndClose(os, output->contents);
    }
    if (error) {
      reportWriteError(output->path, error);
      return false;
    }
  }
  for (Replacement &r : replacements) {
    if (std::error_code error = llvm::sys::fs::rename(r.temp, r.file)) {
      reportWriteError(r.output->path, error);
      return false;
    }
    r.temp.clear();
  }
  return true;
}
