#!/usr/bin/env bash
# Builds a Debian package of jasonrun that installs without a Swift toolchain: the release binary with the
# Swift standard library linked in, stripped; its runtime libraries declared (JavaScriptCore and libedit,
# which it opens when first needed); a man page written from its own help; bash, zsh and fish
# completions (swift-argument-parser writes them). Install it with `sudo apt install ./jasonrun_*.deb`.
# Usage: scripts/package.sh [OUT_FOLDER]   (default .build/package; prints the package's path)
#   JASONRUN_BIN=PATH packages that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/package}"
bin="${JASONRUN_BIN:-}"
if [[ -z "$bin" ]]; then
  echo "package: building the release binary (swift build -c release --static-swift-stdlib; several minutes when fresh)" >&2
  swift build -c release --static-swift-stdlib --product jasonrun >&2
  bin=.build/release/jasonrun
fi
for tool in dpkg-deb strip python3; do
  command -v "$tool" >/dev/null || { echo "package: $tool is needed (apt-get install dpkg-dev binutils python3)" >&2; exit 69; }
done

version=$("$bin" --version | awk '{print $NF}')
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
echo "package: jasonrun $version for $arch" >&2

# The binary lives in /usr/lib/jasonrun with the preview's page beside it (where it looks first, links
# resolved); /usr/bin/jasonrun links to it. The docs go to /usr/share/doc/jasonrun, where MCP reads them.
install -D -m 0755 "$bin" "$root/usr/lib/jasonrun/jasonrun"
strip --strip-all "$root/usr/lib/jasonrun/jasonrun"
resources="$(dirname "$bin")/jasonrun_JasonPreview.resources"
[[ -f "$resources/Page/index.html" ]] || { echo "package: no preview page at $resources" >&2; exit 70; }
cp -R "$resources" "$root/usr/lib/jasonrun/"
mkdir -p "$root/usr/bin"
ln -s ../lib/jasonrun/jasonrun "$root/usr/bin/jasonrun"
mkdir -p "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
         "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/jasonrun"
cp -R Docs/. "$root/usr/share/doc/jasonrun/"
chmod 0755 "$root"
find "$root/usr" -type d -exec chmod 0755 {} +
find "$root/usr/share" "$root/usr/lib/jasonrun/jasonrun_JasonPreview.resources" -type f -exec chmod 0644 {} +
python3 scripts/manpage.py "$bin" | gzip -9n > "$root/usr/share/man/man1/jasonrun.1.gz"
"$bin" --generate-completion-script bash > "$root/usr/share/bash-completion/completions/jasonrun"
"$bin" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_jasonrun"
"$bin" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/jasonrun.fish"
# The project has not chosen a licence yet: the copyright file says so rather than invent one.
printf 'jasonrun\n\nCopyright: the jasonrun developers.\nLicense: not chosen yet; until one is, no licence is granted beyond using this package.\n' \
  > "$root/usr/share/doc/jasonrun/copyright"

# What the binary links: only the C library (the Swift runtime is inside); what it opens later is declared.
needed=$(objdump -p "$root/usr/lib/jasonrun/jasonrun" 2>/dev/null | awk '/NEEDED/ {print $2}' | tr '\n' ' ' || true)
echo "package: the binary links ${needed:-nothing}" >&2
size=$(du -sk "$root/usr" | cut -f1)
mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: jasonrun
Version: $version
Architecture: $arch
Maintainer: jasonrun developers <jasonrun@localhost>
Installed-Size: $size
Depends: libc6 (>= 2.34), libjavascriptcoregtk-4.1-0, libedit2
Recommends: graphviz, chromium
Section: devel
Priority: optional
Homepage: https://github.com/jasonrun/jasonrun
Description: run, debug and test Jasonette action JSON as a program
 jasonrun runs the action JSON of Jasonette apps in a terminal: a batch run,
 a REPL and debugger, flow tests with coverage, every path explored, a
 language server and a debug adapter for editors, a browser preview of the
 screen, and an MCP server for assistants.
CONTROL

mkdir -p "$out"
deb="$out/jasonrun_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Z"${JASONRUN_DEB_COMPRESSION:-xz}" --build "$root" "$deb" >&2
echo "package: $(du -h "$deb" | cut -f1) (binary $(du -h "$root/usr/lib/jasonrun/jasonrun" | cut -f1) stripped, from $(du -h "$bin" | cut -f1))" >&2
echo "$deb"
