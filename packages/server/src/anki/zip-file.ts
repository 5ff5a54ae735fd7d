/**
 * A zip archive read from a file, one entry at a time: the central directory (zip64 too) gives
 * each entry's name, method, sizes and offset, and an entry is inflated from its own bytes only,
 * so that a package of hundreds of MB is never held in memory. Stored (0) and deflated (8)
 * entries, as `fflate` and Anki's writers produce; anything else is `ZipFormatError`. Declared
 * sizes are a bound: an entry that inflates past its declared size is damaged.
 */
import { closeSync, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

export class ZipFormatError extends Error {
  constructor(message = 'damaged zip') {
    super(message);
    this.name = 'ZipFormatError';
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The declared uncompressed size. */
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record (22 bytes) plus the longest comment (65,535). */
const TAIL = 22 + 0xffff;

function read(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new ZipFormatError('unexpected end of file');
    done += n;
  }
  return buffer;
}

const u64 = (b: Buffer, at: number) => {
  const value = b.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('size out of range');
  return Number(value);
};

export class ZipFile {
  readonly entries: ZipEntry[];
  readonly #fd: number;
  readonly #path: string;

  private constructor(path: string, fd: number, entries: ZipEntry[]) {
    this.#path = path;
    this.#fd = fd;
    this.entries = entries;
  }

  /** Opens `path` and reads its central directory; ZipFormatError when it has none. */
  static open(path: string, size: number): ZipFile {
    const fd = openSync(path, 'r');
    try {
      return new ZipFile(path, fd, readDirectory(fd, size));
    } catch (error) {
      closeSync(fd);
      if (error instanceof ZipFormatError || error instanceof RangeError) {
        throw new ZipFormatError(error.message);
      }
      throw error;
    }
  }

  close() {
    closeSync(this.#fd);
  }

  /** Where the entry's data starts: after its local header, whose name and extra may differ. */
  #dataOffset(entry: ZipEntry): number {
    const header = read(this.#fd, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new ZipFormatError('no local header');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }

  /** A small entry's bytes (its declared size is checked by the caller first). */
  readSync(entry: ZipEntry): Buffer {
    const raw = read(this.#fd, this.#dataOffset(entry), entry.compressedSize);
    if (entry.method === 0) return raw;
    try {
      // One byte more than declared, so that an entry inflating past its size is caught.
      const out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size + 1) });
      if (out.length !== entry.size) throw new ZipFormatError('size differs from declared');
      return out;
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      throw new ZipFormatError('bad deflate data');
    }
  }

  /**
   * The entry inflated into `destination` as a stream, through `transforms` (e.g. zstd) when
   * given; memory stays at the streams' buffers whatever the entry's size.
   */
  async extract(entry: ZipEntry, destination: string, ...transforms: Transform[]): Promise<void> {
    const start = this.#dataOffset(entry);
    if (entry.compressedSize === 0) {
      if (entry.size !== 0) throw new ZipFormatError('bad sizes');
      await pipeline(emptyStream(), createWriteStream(destination));
      return;
    }
    const source = createReadStream(this.#path, {
      start,
      end: start + entry.compressedSize - 1,
      highWaterMark: 256 * 1024,
    });
    const inflate = entry.method === 0 ? new Transform({ transform: pass }) : createInflateRaw();
    try {
      await pipeline(
        source,
        inflate,
        byteLimit(entry.size),
        ...transforms,
        createWriteStream(destination),
      );
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      // A zlib error in the entry's own stream is damage; a transform's is for the caller.
      if ((error as { code?: string }).code?.startsWith('Z_')) throw new ZipFormatError();
      throw error;
    }
  }
}

const pass = (chunk: Buffer, _: BufferEncoding, done: TransformCallback) => done(null, chunk);

function emptyStream() {
  const t = new Transform({ transform: pass });
  t.end();
  return t;
}

/** Fails once more than `limit` bytes pass (the entry's declared size). */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _, done) {
      seen += chunk.length;
      if (seen > limit) done(new ZipFormatError('entry larger than declared'));
      else done(null, chunk);
    },
  });
}

function readDirectory(fd: number, size: number): ZipEntry[] {
  if (size < 22) throw new ZipFormatError('too short');
  const tailStart = Math.max(0, size - TAIL);
  const tail = read(fd, tailStart, size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = tailStart + at - 20;
    if (locatorAt < 0) throw new ZipFormatError('no zip64 locator');
    const locator = read(fd, locatorAt, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipFormatError('no zip64 locator');
    const record = read(fd, u64(locator, 8), 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipFormatError('no zip64 end record');
    count = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
  }
  if (directoryOffset + directorySize > size) throw new ZipFormatError('directory out of file');
  const directory = read(fd, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) {
      throw new ZipFormatError('bad central directory');
    }
    const flags = directory.readUInt16LE(p + 8);
    const method = directory.readUInt16LE(p + 10);
    let compressedSize = directory.readUInt32LE(p + 20);
    let uncompressed = directory.readUInt32LE(p + 24);
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    let localHeaderOffset = directory.readUInt32LE(p + 42);
    const name = directory.toString('utf8', p + 46, p + 46 + nameLength);
    // The zip64 extra field holds, in this order, each field whose 32-bit value is all ones.
    let extra = p + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.readUInt16LE(extra);
      const length = directory.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let q = extra + 4;
        if (uncompressed === 0xffffffff) {
          uncompressed = u64(directory, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(directory, q);
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(directory, q);
      }
      extra += 4 + length;
    }
    if (flags & 1) throw new ZipFormatError('encrypted entry');
    if (method !== 0 && method !== 8) throw new ZipFormatError('unsupported compression');
    if (method === 0 && compressedSize !== uncompressed) throw new ZipFormatError('bad sizes');
    if (localHeaderOffset + 30 + compressedSize > size) throw new ZipFormatError('out of file');
    entries.push({ name, method, compressedSize, size: uncompressed, localHeaderOffset });
    p = extraEnd + commentLength;
  }
  return entries;
}
