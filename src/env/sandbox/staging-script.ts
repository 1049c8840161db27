/**
 * The shell script that runs first inside a root-mode sandbox, as root. It copies the
 * host workspace (bound read-only) onto the size-capped tmpfs at /workspace, hands the
 * copy to the throwaway uid, locks the read-only (protected) files, runs the command as
 * that uid (the rest of argv), kills whatever the command left running, then copies the
 * tmpfs into a fresh, empty sync folder and, only once that copy is whole, writes a
 * `done` marker beside it. The host swaps the fresh folder in for the workspace only
 * when the marker is there: a kill at any point (the wall clock, a crash) leaves the
 * host workspace exactly as it was, never half-copied. Symlinks are copied as links and
 * never followed.
 *
 * A locked file is root-owned and 0444, and every folder above it (up to /workspace) is
 * root-owned 1777: the command can still create files there, but with the sticky bit it
 * can neither rename nor delete the locked file or the folders leading to it. A
 * protected path that is missing, or reached through a symlink, fails the sandbox: it is
 * never skipped. (Modes are normalised on the host after the copy; 1777 never reaches it.)
 *
 * A workspace left holding more than the entry cap (a file-per-inode flood) is not
 * copied back at all: the script writes the reason to `refused` instead of `done`, and
 * the host keeps the workspace as it was and reports why (sync-back.ts), so no host
 * work ever walks the flood.
 *
 * Arguments: uid, the entry cap, the number N of read-only paths, N relative paths,
 * then the command.
 */

/** Files and folders a root-mode workspace may hold for its copy-back. */
export const COPY_BACK_MAX_ENTRIES = 10_000;

/** A root-only folder that holds the host workspace mount, out of the command's reach. */
export const STAGING_PARENT = "/.stage";
export const STAGING_SOURCE = `${STAGING_PARENT}/workspace`;
/** Holds `ws/` (the fresh copy) and the `done` marker. */
export const STAGING_SYNC = `${STAGING_PARENT}/sync`;

export const STAGING_SCRIPT = `
src=${STAGING_SOURCE}; out=${STAGING_SYNC}; ws=/workspace; uid="$1"; max_entries="$2"; n="$3"; shift 3
fail() { echo "sandbox: $1" >&2; exit 125; }
cp -a "$src"/. "$ws"/ && chown -R -h -P "$uid:$uid" "$ws" || fail "could not stage the workspace"
lock() {
  d="$ws"; rest="$1"
  chown -h 0:0 "$ws" && chmod 1777 "$ws"
  while [ -n "$rest" ]; do
    case "$rest" in */*) part="\${rest%%/*}"; rest="\${rest#*/}";; *) part="$rest"; rest="";; esac
    d="$d/$part"
    [ -L "$d" ] && fail "protected input $1 is reached through a symbolic link"
    if [ -z "$rest" ]; then
      if [ -f "$d" ]; then chown -h 0:0 "$d" && chmod 0444 "$d" && return 0; fi
      if [ -d "$d" ]; then chown -R -h -P 0:0 "$d" && chmod -R a-w "$d" && return 0; fi
      fail "protected input $1 is missing from the workspace"
    fi
    [ -d "$d" ] || fail "protected input $1 is missing from the workspace"
    chown -h 0:0 "$d" && chmod 1777 "$d"
  done
}
i=0
while [ "$i" -lt "$n" ]; do lock "$1" || fail "could not lock $1"; shift; i=$((i + 1)); done
"$@"; status=$?
kill -KILL -1 2>/dev/null
count=$(find "$ws" -xdev 2>/dev/null | head -n $((max_entries + 2)) | wc -l)
if [ "$count" -gt $((max_entries + 1)) ]; then
  echo "more than $max_entries files and folders in the workspace (file-count cap)" > "$out"/refused
  exit "$status"
fi
cp -a "$ws"/. "$out"/ws/ && chown -R -h -P 0:0 "$out"/ws && : > "$out"/done || fail "could not copy the workspace back"
exit "$status"
`;
