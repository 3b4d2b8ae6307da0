#!/bin/sh
# Usage: link_check.sh CC PKG_CONFIG_DIR SOURCE OUTPUT
# Compiles SOURCE as C with exactly the flags of the imexrt pkg-config file
# and runs it.
set -eu
cc=$1 pcdir=$2 src=$3 out=$4
flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs imexrt)
echo "$cc -std=c99 -Wall -Werror $src $flags -o $out"
"$cc" -std=c99 -Wall -Werror "$src" $flags -o "$out"
"$out"
