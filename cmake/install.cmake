# `cmake --install`: libhilltb (static and shared), the C header as <hilltb/hilltb.h>
# with the C++ headers beside it, hilltb.pc for pkg-config and a CMake package
# (find_package(hilltb) gives hilltb::probe, the static library, and
# hilltb::probe_shared).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(HILLTB_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/hilltb)
install(TARGETS hilltb_probe hilltb_probe_shared EXPORT hilltbTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/probe/hilltb.h DESTINATION ${HILLTB_INCLUDE_DIR})
# The C++ API (probe/prober.h) and the headers it and its users need, at the paths the
# sources include them by ("probe/prober.h", "rules/fen.h", ...).
install(FILES ${CMAKE_SOURCE_DIR}/probe/prober.h ${CMAKE_SOURCE_DIR}/probe/hilltb.h
        DESTINATION ${HILLTB_INCLUDE_DIR}/probe)
install(FILES ${CMAKE_SOURCE_DIR}/formats/value.h ${CMAKE_SOURCE_DIR}/formats/zeroing.h
        DESTINATION ${HILLTB_INCLUDE_DIR}/formats)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/rules/ DESTINATION ${HILLTB_INCLUDE_DIR}/rules FILES_MATCHING PATTERN "*.h")

install(EXPORT hilltbTargets NAMESPACE hilltb:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hilltb)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/hilltbConfig.cmake.in
  ${CMAKE_BINARY_DIR}/hilltbConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hilltb)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/hilltbConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/hilltbConfig.cmake ${CMAKE_BINARY_DIR}/hilltbConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hilltb)

# The prefix is found from the .pc file's own place: the file stays right for whatever
# `cmake --install --prefix` names.
file(RELATIVE_PATH HILLTB_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
configure_file(${CMAKE_SOURCE_DIR}/cmake/hilltb.pc.in ${CMAKE_BINARY_DIR}/hilltb.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/hilltb.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
