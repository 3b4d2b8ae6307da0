# cmake -DMANIFEST=<build>/install_manifest.txt -P Uninstall.cmake: removes
# every file the install wrote (directories are left, as they may be shared).
if(NOT EXISTS "${MANIFEST}")
  message(FATAL_ERROR "nothing to uninstall: ${MANIFEST} does not exist "
                      "(run cmake --install first)")
endif()
file(STRINGS "${MANIFEST}" files)
foreach(file IN LISTS files)
  if(EXISTS "${file}" OR IS_SYMLINK "${file}")
    message(STATUS "Removing ${file}")
    file(REMOVE "${file}")
  endif()
endforeach()
