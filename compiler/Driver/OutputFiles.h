//===- OutputFiles.h - The files of one compilation, written together ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_DRIVER_OUTPUTFILES_H
#define IMEX_DRIVER_OUTPUTFILES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace imex {

/// The files one compilation writes (object, header, dependency file),
/// committed all or nothing. A regular file is written in full to a
/// temporary file next to it and renamed over it only when every output was
/// written, so a failure (a full disk, a missing directory) leaves every old
/// file as it was. Files that are not regular (a FIFO, a terminal,
/// /dev/null, /dev/stdout) are written into, never replaced; "-" is
/// standard output. Every write and close is checked; failures are reported
/// as "imexc: error: cannot write '<path>': <reason>".
class OutputFiles {
public:
  /// `contents` for `path`; `executable` files get execute permission.
  void add(llvm::StringRef path, std::string contents, bool executable = false);

  /// Writes every file; false (after reporting why) if one could not be
  /// written, in which case no regular file was changed.
  bool commit();

private:
  struct Output {
    std::string path;
    std::string contents;
    bool executable;
  };
  std::vector<Output> outputs;
};

} // namespace imex

#endif // IMEX_DRIVER_OUTPUTFILES_H
