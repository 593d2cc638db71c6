# frictionlab_session: the session files (.frictionlab, bridge/session.h), Qt Core only. Included by
# ui/CMakeLists.txt, and by app/CMakeLists.txt when the GUI is off (ui/ then is not added).
add_library(frictionlab_session ${FL_LIBRARY_KIND}
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/qs.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_format.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_json.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/setup_reader.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/setup_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/setup_json.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/setup_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_setups.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_setups.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_read.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_read_older.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_read_setups.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/session_write.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/safe_file.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/safe_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/marked_temporary.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/marked_temporary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bridge/escape_controls.h
  ${CMAKE_CURRENT_LIST_DIR}/bridge/escape_controls.cpp
)
target_include_directories(frictionlab_session PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(frictionlab_session PUBLIC frictionlab_core Qt6::Core)
fl_unity(frictionlab_session)
