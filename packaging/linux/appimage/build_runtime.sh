#!/usr/bin/env bash
# Build the AppImage runtime (runtime.c beside this script) as one static x86-64 program and mark it as a
# type-2 AppImage runtime (the bytes "AI", 2 at offset 8 of the ELF header).
#
#     bash packaging/linux/appimage/build_runtime.sh OUTPUT
#
# Needs (Debian): gcc, libsquashfuse-dev, libfuse3-dev, libzstd-dev, liblz4-dev, liblzma-dev, liblzo2-dev,
# zlib1g-dev. Every compressor squashfuse was built with has to be linked, not only the one the image uses.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
output="${1:?usage: build_runtime.sh OUTPUT}"
mkdir -p "$(dirname "$output")"
# fuse3 pulls in dlopen for its optional modules, which the runtime never loads: the linker's warning is expected.
gcc -std=gnu11 -O2 -Wall -Wextra -Werror -static -I/usr/include/squashfuse -o "$output" "$here/runtime.c" \
    -lsquashfuse_ll -lsquashfuse -lfuse3 -lzstd -llz4 -llzma -llzo2 -lz -lpthread -ldl 2> >(grep -v -e "fuse_get_module" -e "requires at runtime the shared libraries" >&2)
strip "$output"
printf 'AI\002' | dd of="$output" bs=1 seek=8 count=3 conv=notrunc status=none
echo "runtime $(du -h "$output" | cut -f1)  $output"
