# Writes the imexc CMake package (find_package(imexc CONFIG)) for the build
# tree, <build>/lib/cmake/imexc, and for the install tree.
set(IMEXC_CONFIG_OPENMP "${LLVM_LIBRARY_DIR}/libomp.so")

set(IMEXC_CONFIG_EXECUTABLE "${IMEX_TOOLS_DIR}/imexc")
set(IMEXC_CONFIG_RUNTIME "${PROJECT_BINARY_DIR}/lib/libimexrt.a")
set(IMEXC_CONFIG_INCLUDE_DIR "${PROJECT_SOURCE_DIR}/runtime/include")
configure_file(${CMAKE_CURRENT_LIST_DIR}/imexcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/imexc/imexcConfig.cmake @ONLY)

set(IMEXC_CONFIG_EXECUTABLE "${CMAKE_INSTALL_PREFIX}/bin/imexc")
set(IMEXC_CONFIG_RUNTIME "${CMAKE_INSTALL_PREFIX}/lib/libimexrt.a")
set(IMEXC_CONFIG_INCLUDE_DIR "${CMAKE_INSTALL_PREFIX}/include")
configure_file(${CMAKE_CURRENT_LIST_DIR}/imexcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/install/imexcConfig.cmake @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/imexcConfig.cmake
  DESTINATION lib/cmake/imexc)
