# Default toolchain: clang-22 + lld + ccache when present. Users override with
# -DCMAKE_CXX_COMPILER=... as usual; we only fill in what they left unset.
if(NOT CMAKE_CXX_COMPILER AND NOT DEFINED ENV{CXX})
  find_program(IMEX_CLANGXX clang++-22)
  find_program(IMEX_CLANG clang-22)
  if(IMEX_CLANGXX AND IMEX_CLANG)
    set(CMAKE_CXX_COMPILER ${IMEX_CLANGXX})
    set(CMAKE_C_COMPILER ${IMEX_CLANG})
  endif()
endif()

if(NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(IMEX_CCACHE ccache)
  if(IMEX_CCACHE)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${IMEX_CCACHE})
    set(CMAKE_C_COMPILER_LAUNCHER ${IMEX_CCACHE})
  endif()
endif()
