/**
 * Trims the write-ahead log out of a dumped PGlite data directory (a ustar tarball, POSIX.1-1988),
 * for the migrated image every PGlite test database loads (test/migrated.ts). PostgreSQL writes its
 * WAL in 16 MB segment files, each created full size: the image carried the migrations' 10 MB of
 * log in a 16 MB segment, more than half of the 28 MB every test database copied into PGlite's
 * in-memory file system. Without it the image is 12 MB, and a load and a small write took 348 ms
 * of CPU instead of 427 (measured on one machine).
 *
 * A start needs only the log from the last checkpoint's redo point on (PostgreSQL §28.6, "WAL
 * Internals"): the segments before it are what a checkpoint removes anyway. So the image keeps
 * the segments from the redo point's to the checkpoint record's, each cut after its last written
 * page and one page of zeros, where a reader finds the end of the log as it does in a full
 * segment: a record of length zero. A segment is written into, and grows, as any file is.
 */

/** pg_control's checkpoint fields (PostgreSQL src/include/catalog/pg_control.h, ControlFileData). */
const CONTROL_FILE = 'global/pg_control';
/** `XLogRecPtr checkPoint`, after system_identifier, two uint32 versions, the state and its time. */
const CHECKPOINT_OFFSET = 32;
/** `CheckPoint checkPointCopy`, whose first field is `XLogRecPtr redo`. */
const REDO_OFFSET = 40;
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;
const WAL_PAGE_BYTES = 8192;
/** A segment's file name: timeline, then the segment number as two 8-digit hex halves. */
const WAL_SEGMENT = /^pg_wal\/[0-9A-F]{8}([0-9A-F]{8})([0-9A-F]{8})$/;
/** How many 16 MB segments make one "log id", the name's upper half (PostgreSQL xlog_internal.h). */
const SEGMENTS_PER_LOG_ID = 0x1_0000_0000 / WAL_SEGMENT_BYTES;

const BLOCK = 512;

interface TarEntry {
  /** The name without the leading slash PGlite's dump writes. */
  name: string;
  header: Uint8Array;
  data: Uint8Array;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/\0.*$/s, '');
const octal = (bytes: Uint8Array) => Number.parseInt(text(bytes).trim() || '0', 8);

function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header.subarray(124, 136));
    const prefix = text(header.subarray(345, 500));
    const name = (prefix ? `${prefix}/` : '') + text(header.subarray(0, 100));
    entries.push({
      name: name.replace(/^\/+/, ''),
      header,
      data: tar.subarray(offset + BLOCK, offset + BLOCK + size),
    });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** A copy of `header` giving `size`, its checksum computed again (ustar: the sum of its bytes, the checksum field as spaces). */
function resized(header: Uint8Array, size: number): Uint8Array {
  const copy = header.slice();
  copy.set(new TextEncoder().encode(`${size.toString(8).padStart(11, '0')}\0`), 124);
  copy.fill(0x20, 148, 156);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  copy.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  return copy;
}

function writeTar(entries: TarEntry[]): Uint8Array {
  const size = entries.reduce((total, { data }) => total + BLOCK + Math.ceil(data.length / BLOCK) * BLOCK, 0);
  const tar = new Uint8Array(size + 2 * BLOCK);
  let offset = 0;
  for (const { header, data } of entries) {
    tar.set(header, offset);
    tar.set(data, offset + BLOCK);
    offset += BLOCK + Math.ceil(data.length / BLOCK) * BLOCK;
  }
  return tar;
}

const segmentOf = (pointer: bigint) => Number(pointer / BigInt(WAL_SEGMENT_BYTES));

/** The segment's bytes up to its last written page, and one page of zeros after it. */
function written(segment: Uint8Array): Uint8Array {
  let last = segment.length - 1;
  while (last >= 0 && segment[last] === 0) last--;
  const pages = Math.floor(last / WAL_PAGE_BYTES) + 2;
  return segment.subarray(0, Math.min(segment.length, pages * WAL_PAGE_BYTES));
}

/**
 * The data directory `tar` with only the WAL a start reads. Throws on a directory it does not
 * understand (no pg_control, a segment size other than 16 MB) rather than guess.
 */
export function trimWal(tar: Uint8Array): Uint8Array {
  const entries = readTar(tar);
  const control = entries.find(({ name }) => name === CONTROL_FILE)?.data;
  if (!control) throw new Error(`no ${CONTROL_FILE} in the data directory`);
  const view = new DataView(control.buffer, control.byteOffset, control.byteLength);
  // PGlite is WebAssembly, which is little-endian.
  const checkpointSegment = segmentOf(view.getBigUint64(CHECKPOINT_OFFSET, true));
  const redoSegment = segmentOf(view.getBigUint64(REDO_OFFSET, true));
  const kept = entries.flatMap((entry) => {
    const match = WAL_SEGMENT.exec(entry.name);
    if (!match) return [entry];
    if (entry.data.length !== WAL_SEGMENT_BYTES) throw new Error(`${entry.name} is not a 16 MB WAL segment`);
    const segment = Number.parseInt(match[1]!, 16) * SEGMENTS_PER_LOG_ID + Number.parseInt(match[2]!, 16);
    if (segment < redoSegment || segment > checkpointSegment) return [];
    const data = written(entry.data);
    return [{ ...entry, header: resized(entry.header, data.length), data }];
  });
  if (!kept.some(({ name }) => WAL_SEGMENT.test(name))) throw new Error('the checkpoint’s WAL segment is missing');
  return writeTar(kept);
}
