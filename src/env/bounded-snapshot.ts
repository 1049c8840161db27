/**
 * The snapshot of a real workspace (path → content hash) under limits, because the
 * folder holds whatever code the agent ran left there: a thousand sparse 64 MiB files
 * take a megabyte of disk and seconds to make, and hashing every byte of them is the
 * host's time, outside every sandbox limit. So the host:
 *
 * - hashes a file's content only when it is small (FILE_BYTES apparent) and not sparse
 *   (its allocated size is not far below its apparent size), and only while the run's
 *   total (TOTAL_BYTES) and its time budget (BUDGET_MS) last;
 * - otherwise records the file by its metadata, with the reason named in the value
 *   (`unhashed: sparse file ...; size=...`), so a diff still sees it change and a reader
 *   sees why it was not read;
 * - stops listing after MAX_ENTRIES files and folders, reading folders entry by entry
 *   (a folder of a million names is never read whole), and records one entry named
 *   SNAPSHOT_LIMIT_KEY that says so.
 *
 * Nothing is skipped silently: every limit that applied is in the map and in `notes`.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, openSync, opendirSync, readSync, readlinkSync } from "node:fs";
import type { Stats } from "node:fs";
import { join } from "node:path";

export const SNAPSHOT_LIMITS = {
  /** Files and folders listed at most. */
  MAX_ENTRIES: 10_000,
  /** Largest file whose content is hashed (apparent size). */
  FILE_BYTES: 8 * 1024 * 1024,
  /** Content hashed per snapshot, all files together. */
  TOTAL_BYTES: 64 * 1024 * 1024,
  /** Wall time per snapshot, after which files are recorded by metadata only. */
  BUDGET_MS: 5_000,
};

/**
 * The map key of the entry that records a stopped listing. It starts with `/`, which no
 * workspace-relative path does, so no file the agent makes can stand in for it.
 */
export const SNAPSHOT_LIMIT_KEY = "/snapshot-limit";

export interface BoundedSnapshot {
  hashes: Map<string, string>;
  /** Every limit that applied, in words (empty when none did). */
  notes: string[];
}

const MIB = 1024 * 1024;
const size = (n: number): string => (n >= MIB ? `${(n / MIB).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`);

/** A file is sparse when less than half of it (and over 64 KiB less) is allocated. */
function sparse(stat: Stats): boolean {
  const allocated = stat.blocks * 512;
  return stat.size > 64 * 1024 && allocated < stat.size / 2 && stat.size - allocated > 64 * 1024;
}

function metadataValue(stat: Stats, reason: string): string {
  return `unhashed: ${reason}; size=${stat.size}; allocated=${stat.blocks * 512}; mtime=${stat.mtimeMs}`;
}

function hashFile(path: string, limitBytes: number): { hash: string; bytes: number } | null {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) return null;
    const hash = createHash("sha256");
    const buffer = Buffer.alloc(64 * 1024);
    let pos = 0;
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, pos);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      pos += n;
      // Grown since the stat: stop rather than follow a file still being written.
      if (pos > limitBytes) return null;
    }
    return { hash: hash.digest("hex"), bytes: pos };
  } finally {
    closeSync(fd);
  }
}

/** Snapshots `root` under `limits` (SNAPSHOT_LIMITS unless a test passes smaller ones). */
export function boundedSnapshot(root: string, limits = SNAPSHOT_LIMITS): BoundedSnapshot {
  const hashes = new Map<string, string>();
  const notes: string[] = [];
  /** Files recorded by metadata, per kind of reason: how many, and the first. */
  const unread = new Map<string, { count: number; example: string }>();
  const started = performance.now();
  let entries = 0;
  let hashed = 0;
  let stopped = false;
  const stack: Array<[string, string]> = [[root, ""]];
  while (stack.length > 0 && !stopped) {
    const [host, rel] = stack.pop()!;
    const dir = opendirSync(host);
    try {
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        if (++entries > limits.MAX_ENTRIES) {
          stopped = true;
          const note = `listing stopped at ${limits.MAX_ENTRIES} files and folders (file-count cap): the rest of the workspace is not in the snapshot`;
          notes.push(note);
          hashes.set(SNAPSHOT_LIMIT_KEY, `unhashed: ${note}`);
          break;
        }
        const childHost = join(host, entry.name);
        const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
        if (entry.isDirectory()) stack.push([childHost, childRel]);
        else if (entry.isSymbolicLink()) hashes.set(childRel, `symlink:${readlinkSync(childHost)}`);
        else if (entry.isFile()) hashes.set(childRel, fileValue(childHost, childRel));
      }
    } finally {
      dir.closeSync();
    }
  }
  for (const [kind, { count, example }] of unread) {
    notes.push(`${kind}: ${count} file${count === 1 ? "" : "s"} recorded by size and time, not read (${example}${count > 1 ? " and others" : ""})`);
  }
  return { hashes, notes };

  function fileValue(path: string, rel: string): string {
    const stat = lstatSync(path);
    let reason: string | null = null;
    if (sparse(stat)) reason = `sparse file (apparent ${size(stat.size)}, allocated ${size(stat.blocks * 512)})`;
    else if (stat.size > limits.FILE_BYTES) reason = `larger than ${size(limits.FILE_BYTES)} (${size(stat.size)})`;
    else if (hashed + stat.size > limits.TOTAL_BYTES) reason = `snapshot byte budget of ${size(limits.TOTAL_BYTES)} spent`;
    else if (performance.now() - started > limits.BUDGET_MS) reason = `snapshot time budget of ${limits.BUDGET_MS} ms spent`;
    if (reason === null) {
      const done = hashFile(path, limits.FILE_BYTES);
      if (done !== null) {
        hashed += done.bytes;
        return done.hash;
      }
      reason = "changed while being read";
    }
    const kind = reason.replace(/ \(.*\)$/, "");
    const seen = unread.get(kind);
    if (seen) seen.count += 1;
    else unread.set(kind, { count: 1, example: rel });
    return metadataValue(stat, reason);
  }
}
