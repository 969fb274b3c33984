#!/usr/bin/env bash
# Builds the library alone (no tests, tools or benchmarks), installs it under a fresh
# prefix, then builds the consumers against that prefix twice, through pkg-config
# (shared library) and through find_package (static library), and runs all four on
# the tables. Usage: run.sh SOURCE_DIR WORK_DIR TABLE_DIR
set -euo pipefail
src=$1 work=$2 tables=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
cmake -S "$src" -B "$work/lib" -DCMAKE_BUILD_TYPE=Release \
  -DHILLTB_TESTS=OFF -DHILLTB_TOOLS=OFF -DHILLTB_BENCH=OFF > "$work/configure.log"
cmake --build "$work/lib" -j 2 > "$work/build.log"
cmake --install "$work/lib" --prefix "$work/prefix" > "$work/install.log"
for f in lib/libhilltb.a lib/libhilltb.so include/hilltb/hilltb.h include/hilltb/probe/prober.h \
         lib/pkgconfig/hilltb.pc lib/cmake/hilltb/hilltbConfig.cmake; do
  [ -e "$work/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done

# pkg-config, the shared library (found at run time through the rpath).
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
libdir=$(pkg-config --variable=libdir hilltb)
mkdir -p "$work/pc"
cc -o "$work/pc/consumer_c" "$here/consumer.c" $(pkg-config --cflags --libs hilltb) -Wl,-rpath,"$libdir"
c++ -std=c++20 -o "$work/pc/consumer_cpp" "$here/consumer.cpp" $(pkg-config --cflags --libs hilltb) -Wl,-rpath,"$libdir"
"$work/pc/consumer_c" "$tables"
"$work/pc/consumer_cpp" "$tables"

# find_package, the static library.
cmake -S "$here" -B "$work/cm" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/cm-configure.log"
cmake --build "$work/cm" > "$work/cm-build.log"
"$work/cm/consumer_c" "$tables"
"$work/cm/consumer_cpp" "$tables"
