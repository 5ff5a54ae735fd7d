import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { type ZipEntry, ZipFile, ZipFormatError } from './zip-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'zip-file-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function write(bytes: Uint8Array): string {
  const file = path.join(dir, `archive-${files++}.zip`);
  writeFileSync(file, bytes);
  return file;
}

const text = (n: number) => new TextEncoder().encode('Madrid is the capital of Spain. '.repeat(n));

describe('ZipFile', () => {
  it('reads stored and deflated entries, small ones in memory and large ones to a file', async () => {
    const big = text(20_000);
    const file = write(
      zipSync({ 'a.txt': [text(1), { level: 0 }], 'big.txt': [big, { level: 6 }] }),
    );
    const zip = ZipFile.open(file, readFileSync(file).length);
    try {
      const [a, b] = zip.entries as [ZipEntry, ZipEntry];
      expect([a.name, a.method, b.name, b.method]).toEqual(['a.txt', 0, 'big.txt', 8]);
      expect(Buffer.from(zip.readSync(a)).equals(Buffer.from(text(1)))).toBe(true);
      const out = path.join(dir, 'big.out');
      await zip.extract(b, out);
      expect(readFileSync(out).equals(Buffer.from(big))).toBe(true);
    } finally {
      zip.close();
    }
  });

  it('treats an entry that inflates past its declared size as damaged', async () => {
    const bytes = zipSync({ 'x.txt': [text(100), { level: 6 }] });
    // The central directory's uncompressed size (offset 24 of its entry) now says 10 bytes.
    const central = Buffer.from(bytes).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    Buffer.from(bytes.buffer).writeUInt32LE(10, central + 24);
    const file = write(bytes);
    const zip = ZipFile.open(file, bytes.length);
    try {
      const entry = zip.entries[0] as ZipEntry;
      expect(() => zip.readSync(entry)).toThrow(ZipFormatError);
      await expect(zip.extract(entry, path.join(dir, 'x.out'))).rejects.toThrow(ZipFormatError);
    } finally {
      zip.close();
    }
  });

  it('refuses a file without a central directory, or one pointing past its end', () => {
    const truncated = zipSync({ 'x.txt': text(10) }).slice(0, 40);
    expect(() => ZipFile.open(write(truncated), truncated.length)).toThrow(ZipFormatError);
    const bytes = zipSync({ 'x.txt': text(10) });
    const end = Buffer.from(bytes).lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    Buffer.from(bytes.buffer).writeUInt32LE(1_000_000, end + 16);
    expect(() => ZipFile.open(write(bytes), bytes.length)).toThrow(ZipFormatError);
  });
});
