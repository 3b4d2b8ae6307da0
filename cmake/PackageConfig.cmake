# The imexc CMake package, find_package(imexc [0.1] CONFIG): the exported
# targets imexc::imexc, imexc::imex-opt and imexc::imexrt, imexc_add_kernel()
# and a version file, written for the build tree (<build>/lib/cmake/imexc)
# and for the install tree (<prefix>/lib/cmake/imexc). Both find everything
# relative to the package's own directory, so an installed prefix can be
# moved. Also `ninja uninstall`.
include(CMakePackageConfigHelpers)
set(IMEXC_CMAKE_DIR lib/cmake/imexc)

export(EXPORT imexcTargets NAMESPACE imexc::
  FILE ${PROJECT_BINARY_DIR}/${IMEXC_CMAKE_DIR}/imexcTargets.cmake)
install(EXPORT imexcTargets NAMESPACE imexc:: DESTINATION ${IMEXC_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/imexcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/${IMEXC_CMAKE_DIR}/imexcConfig.cmake
  INSTALL_DESTINATION ${IMEXC_CMAKE_DIR} INSTALL_PREFIX ${PROJECT_BINARY_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/imexcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/install/imexcConfig.cmake
  INSTALL_DESTINATION ${IMEXC_CMAKE_DIR})
# 0.x: a minor version may change the interface.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/${IMEXC_CMAKE_DIR}/imexcConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/imexcConfig.cmake
              ${PROJECT_BINARY_DIR}/${IMEXC_CMAKE_DIR}/imexcConfigVersion.cmake
  DESTINATION ${IMEXC_CMAKE_DIR})

# Removes what the last `cmake --install` of this build tree installed.
add_custom_target(uninstall
  COMMAND ${CMAKE_COMMAND} -DMANIFEST=${PROJECT_BINARY_DIR}/install_manifest.txt
          -P ${CMAKE_CURRENT_LIST_DIR}/Uninstall.cmake
  VERBATIM)
