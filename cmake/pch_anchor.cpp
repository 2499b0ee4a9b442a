// The one source of a precompiled-header object library (cmake/npuscope.cmake,
// npuscope_pch_donor): CMake builds a target's header only for a target with sources.
