#!/usr/bin/env bash
# Installs Debian trixie's `mediawiki` package (MediaWiki 1.43 LTS, architecture-independent PHP) beside the
# machine's own, for the differential suite's second wiki. Runs on bookworm's PHP 8.2 (with php-gmp).
#
#   test/mediawiki/install-mediawiki-1.43.sh   prints the unpacked MediaWiki directory (its api.php's folder)
#
# The trixie source lives in a private apt directory (sources file, lists and cache), so the machine's own sources
# and package cache stay bookworm's. The packages are fetched with `apt-get download`, unpacked with `dpkg -x` and
# never installed: their absolute symlinks (/usr/share/mediawiki, /var/lib/mediawiki, /etc/mediawiki) are pointed
# inside the unpacked tree. The result is cached in $MEDIAWIKI_143_CACHE (default ~/.cache/pulumi-shortener): a
# second run prints the directory at once. Concurrent runs wait for each other (flock). Fails with a line on
# stderr saying what did not work.
set -euo pipefail

PACKAGES=(mediawiki mediawiki-classes)
SUITE=trixie
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
CACHE=${MEDIAWIKI_143_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-shortener}
TREE="$CACHE/mediawiki-1.43"
MEDIAWIKI="$TREE/usr/share/mediawiki"
# apt's update and download together, at most (the packages are about 53 MB).
APT_TIMEOUT_SECONDS=600

fail() {
    echo "install-mediawiki-1.43: FAILED: $*" >&2
    exit 1
}

ready() {
    [ -f "$TREE/.complete" ] && [ -f "$MEDIAWIKI/maintenance/install.php" ]
}

mkdir -p "$CACHE" || fail "cannot create the cache directory $CACHE"
exec 9>"$CACHE/mediawiki-1.43.lock"
flock 9
if ready; then
    echo "$MEDIAWIKI"
    exit 0
fi

command -v apt-get >/dev/null || fail "apt-get is missing (a Debian-like system is needed)"
command -v dpkg >/dev/null || fail "dpkg is missing"
[ -f "$KEYRING" ] || fail "$KEYRING is missing (apt-get install debian-archive-keyring)"
php -r 'exit(extension_loaded("gmp") ? 0 : 1);' 2>/dev/null || fail "PHP's gmp extension is missing: MediaWiki 1.43 needs it (apt-get install php-gmp)"

work=$(mktemp -d "$CACHE/mediawiki-1.43.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/debs" "$work/tree"
cat >"$work/apt/trixie.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: $SUITE
Components: main
Signed-By: $KEYRING
EOF
APT=(
    -o "Dir::Etc::sourcelist=$work/apt/trixie.sources" -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache" -o "Dir::State::status=/dev/null"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=$(id -un)" -q
)
timeout "$APT_TIMEOUT_SECONDS" apt-get "${APT[@]}" update >"$work/apt.log" 2>&1 ||
    { tail -5 "$work/apt.log" >&2; fail "apt-get update from $MIRROR $SUITE failed"; }
(cd "$work/debs" && timeout "$APT_TIMEOUT_SECONDS" apt-get "${APT[@]}" download "${PACKAGES[@]}") >>"$work/apt.log" 2>&1 ||
    { tail -5 "$work/apt.log" >&2; fail "apt-get download ${PACKAGES[*]} from $SUITE failed"; }
for deb in "$work"/debs/*.deb; do
    dpkg -x "$deb" "$work/tree" || fail "dpkg -x $(basename "$deb") failed"
done

# Absolute links name the installed system's places; inside the tree they name the tree's own.
while IFS= read -r -d '' link; do
    target=$(readlink "$link")
    inside=$(realpath -m -s --relative-to="$(dirname "$link")" "$work/tree$target")
    ln -sfn "$inside" "$link"
done < <(find "$work/tree" -type l -lname '/*' -print0)
[ -f "$work/tree/usr/share/mediawiki/maintenance/install.php" ] || fail "the unpacked packages hold no usr/share/mediawiki/maintenance/install.php"
for extension in PageImages TextExtracts; do
    [ -f "$work/tree/usr/share/mediawiki/extensions/$extension/extension.json" ] || fail "the package ships no $extension extension"
done
dpkg-deb -f "$work"/debs/mediawiki_*.deb Version >"$work/tree/.complete"

rm -rf "$TREE"
mv "$work/tree" "$TREE"
echo "$MEDIAWIKI"
