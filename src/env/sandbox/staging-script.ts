/**
 * The shell script that runs first inside a root-mode sandbox, as root. It copies the
 * host workspace onto the size-capped tmpfs at /workspace, hands the copy to the
 * throwaway uid, locks the read-only (protected) files, runs the command as that uid
 * (the rest of argv), kills whatever the command left running, then mirrors the tmpfs
 * back to the host folder and gives the files back to root. Symlinks are copied as links
 * and never followed. When the sandbox is killed at the wall clock nothing is copied
 * back: the host folder keeps its state from before the command.
 *
 * A locked file is root-owned and 0444, and every folder above it (up to /workspace) is
 * root-owned 1777: the command can still create files there, but with the sticky bit it
 * can neither rename nor delete the locked file or the folders leading to it.
 *
 * Arguments: uid, the number N of read-only paths, N relative paths, then the command.
 */

/** A root-only folder that holds the host workspace mount, out of the command's reach. */
export const STAGING_PARENT = "/.stage";
export const STAGING_SOURCE = `${STAGING_PARENT}/workspace`;

export const STAGING_SCRIPT = `
src=${STAGING_SOURCE}; ws=/workspace; uid="$1"; n="$2"; shift 2
fail() { echo "sandbox: $1" >&2; exit 125; }
cp -a "$src"/. "$ws"/ && chown -R -h -P "$uid:$uid" "$ws" || fail "could not stage the workspace"
lock() {
  d="$ws"; rest="$1"
  chown -h 0:0 "$ws" && chmod 1777 "$ws"
  while [ -n "$rest" ]; do
    case "$rest" in */*) part="\${rest%%/*}"; rest="\${rest#*/}";; *) part="$rest"; rest="";; esac
    d="$d/$part"
    [ -L "$d" ] && return 0
    if [ -z "$rest" ]; then
      [ -f "$d" ] && chown -h 0:0 "$d" && chmod 0444 "$d"
      return 0
    fi
    [ -d "$d" ] || return 0
    chown -h 0:0 "$d" && chmod 1777 "$d"
  done
}
i=0
while [ "$i" -lt "$n" ]; do lock "$1" || fail "could not lock $1"; shift; i=$((i + 1)); done
"$@"; status=$?
kill -KILL -1 2>/dev/null
find "$src" -mindepth 1 -delete && cp -a "$ws"/. "$src"/ && chown -R -h -P 0:0 "$src" || fail "could not copy the workspace back"
exit "$status"
`;
