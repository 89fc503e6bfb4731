#!/bin/sh
# Builds as Apps/install.sh installs: release, with the Swift libraries linked in
# statically, and with concrete type metadata reached through accessor functions
# rather than mangled names. The runtime resolves a mangled name with a generic
# requirement (a `Set<UInt8>`, a container keyed by a type's `CodingKeys`) by scanning
# every protocol conformance of the program once per type; in a static build that
# scan was the largest part of a short command (Docs/Benchmarks.md, "Start-up").
#
# The executable is linked at a fixed address (not position-independent): with the
# Swift libraries inside it, a position-independent one makes the loader apply about
# 80,000 relocations and copy the pages they touch at every start. The C libraries
# it loads are still placed at random addresses.
#
# Usage: Apps/release-build.sh [swift build options…]   e.g. --product todo
exec swift build -c release --static-swift-stdlib \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xclang-linker -Xswiftc -no-pie "$@"
