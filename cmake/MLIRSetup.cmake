# Out-of-tree MLIR setup against Debian's LLVM/MLIR 22 (/usr/lib/llvm-22),
# linking everything against the libMLIR.so / libLLVM.so dylibs.
find_package(MLIR 22.1 REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/mlir)
message(STATUS "Using MLIR ${MLIR_VERSION} from ${MLIR_DIR}")

list(APPEND CMAKE_MODULE_PATH ${MLIR_CMAKE_DIR} ${LLVM_CMAKE_DIR})
set(LLVM_RUNTIME_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/bin)
set(LLVM_LIBRARY_OUTPUT_INTDIR ${CMAKE_BINARY_DIR}/lib)
set(MLIR_BINARY_DIR ${CMAKE_BINARY_DIR})
# MLIRConfig does not export this; mlir_target_link_libraries maps every
# MLIR component to the dylib when it is on.
set(MLIR_LINK_MLIR_DYLIB ON)

include(TableGen)
include(AddLLVM)
include(AddMLIR)
include(HandleLLVMOptions)

include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
link_directories(${LLVM_BUILD_LIBRARY_DIR})
separate_arguments(IMEX_LLVM_DEFINITIONS NATIVE_COMMAND ${LLVM_DEFINITIONS})
add_definitions(${IMEX_LLVM_DEFINITIONS})

if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  find_program(IMEX_LLD NAMES ld.lld-22 ld.lld)
  if(IMEX_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()

set(IMEX_LLVM_TOOLS_DIR ${LLVM_TOOLS_BINARY_DIR})

# imex_add_library(name SOURCES... [DEPENDS tablegen-targets...]
#                  [LIBS imexc-libraries...] [MLIR_LIBS mlir-components...]
#                  [PARTIAL_SOURCES_INTENDED])
# A static library of the compiler: add_mlir_library, kept out of libMLIR
# (EXCLUDE_FROM_LIBMLIR) and linked to the MLIR dylib through
# mlir_target_link_libraries (the route for projects linking the dylib),
# installed and exported with the imexc package (imexc::<name>), its users
# given the "imex/..." include paths. PARTIAL_SOURCES_INTENDED: one of
# several libraries in a directory (LLVM's rule is one per directory).
function(imex_add_library name)
  cmake_parse_arguments(ARG "PARTIAL_SOURCES_INTENDED" ""
    "SOURCES;DEPENDS;MLIR_LIBS;LIBS" ${ARGN})
  set(partial)
  if(ARG_PARTIAL_SOURCES_INTENDED)
    set(partial PARTIAL_SOURCES_INTENDED)
  endif()
  add_mlir_library(${name} ${ARG_SOURCES} ${partial}
    EXCLUDE_FROM_LIBMLIR DISABLE_INSTALL
    DEPENDS ${ARG_DEPENDS}
    LINK_LIBS PUBLIC ${ARG_LIBS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  install(TARGETS ${name} EXPORT imexcTargets ARCHIVE DESTINATION lib)
endfunction()

# imex_dialect_tablegen(<target> <Name> <dialect> [ATTRS] [TYPES])
# The generated code of a dialect defined in one <Name>.td: its ops, the
# dialect class, and its attributes and/or types, as <Name>*.inc, behind the
# tablegen target <target>.
function(imex_dialect_tablegen target td dialect)
  cmake_parse_arguments(ARG "ATTRS;TYPES" "" "" ${ARGN})
  set(LLVM_TARGET_DEFINITIONS ${td}.td)
  mlir_tablegen(${td}.h.inc -gen-op-decls)
  mlir_tablegen(${td}.cpp.inc -gen-op-defs)
  mlir_tablegen(${td}Dialect.h.inc -gen-dialect-decls -dialect=${dialect})
  mlir_tablegen(${td}Dialect.cpp.inc -gen-dialect-defs -dialect=${dialect})
  if(ARG_ATTRS)
    mlir_tablegen(${td}Attrs.h.inc -gen-attrdef-decls -attrdefs-dialect=${dialect})
    mlir_tablegen(${td}Attrs.cpp.inc -gen-attrdef-defs -attrdefs-dialect=${dialect})
  endif()
  if(ARG_TYPES)
    mlir_tablegen(${td}Types.h.inc -gen-typedef-decls -typedefs-dialect=${dialect})
    mlir_tablegen(${td}Types.cpp.inc -gen-typedef-defs -typedefs-dialect=${dialect})
  endif()
  add_public_tablegen_target(${target})
endfunction()
