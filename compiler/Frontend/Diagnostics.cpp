//===- Diagnostics.cpp - error reporting of the .nda frontend -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace imex::nda;

/// Whether `c` starts a character: not a UTF-8 continuation byte.
static bool startsCharacter(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

void DiagEngine::print(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
                       const llvm::Twine &message) {
  unsigned buffer = sourceMgr.FindBufferContainingLoc(loc);
  if (!buffer)
    return sourceMgr.PrintMessage(os, loc, kind, message);
  const llvm::MemoryBuffer *contents = sourceMgr.getMemoryBuffer(buffer);
  const char *begin = contents->getBufferStart();
  const char *end = contents->getBufferEnd();
  const char *at = loc.getPointer();
  const char *lineStart = at, *lineEnd = at;
  while (lineStart > begin && lineStart[-1] != '\n')
    --lineStart;
  while (lineEnd < end && *lineEnd != '\n' && *lineEnd != '\r')
    ++lineEnd;
  llvm::StringRef line(lineStart, lineEnd - lineStart);
  if (llvm::all_of(line,
                   [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
    return sourceMgr.PrintMessage(os, loc, kind, message);

  llvm::StringRef before(lineStart, at - lineStart);
  unsigned column = llvm::count_if(before, startsCharacter) + 1;
  os << contents->getBufferIdentifier() << ':'
     << sourceMgr.FindLineNumber(loc, buffer) << ':' << column << ": ";
  (kind == llvm::SourceMgr::DK_Error ? llvm::WithColor::error(os)
                                     : llvm::WithColor::note(os))
      << message << '\n'
      << line << '\n';
  // One caret column per character; tabs stay tabs to line up.
  for (char c : before)
    if (startsCharacter(c))
      os << (c == '\t' ? '\t' : ' ');
  os << "^\n";
}
