import { inflateRawSync } from "node:zlib";
import { LIMITS } from "@holboo/core";
import { fail } from "../../../platform/http/errors.ts";

/**
 * A .docx is a zip. Before mammoth unpacks it, read the central directory and refuse when the entry
 * count, the total uncompressed size or the compression ratio is too high, then inflate every entry
 * with a cap at its declared size, so a directory that lies about sizes is refused too.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
}

export const DOCX_LIMITS: ZipLimits = {
  maxEntries: LIMITS.docxMaxEntries,
  maxUncompressedBytes: LIMITS.docxMaxUncompressedBytes,
  maxRatio: LIMITS.docxMaxRatio,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  uncompressed: number;
  localOffset: number;
}

const unsafe = (): never => fail("document_archive_unsafe");
const broken = (): never => fail("document_unreadable");

function centralDirectory(zip: Buffer): { count: number; size: number; offset: number } {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      const count = zip.readUInt16LE(i + 10);
      const size = zip.readUInt32LE(i + 12);
      const offset = zip.readUInt32LE(i + 16);
      // ZIP64 markers: a .docx never needs them; refusing keeps the reader simple and safe.
      if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return unsafe();
      if (offset + size > zip.length) return broken();
      return { count, size, offset };
    }
  }
  return broken();
}

function zipEntries(zip: Buffer, limits: ZipLimits = DOCX_LIMITS): Entry[] {
  if (zip.length < 22) broken();
  const dir = centralDirectory(zip);
  if (dir.count > limits.maxEntries) unsafe();
  const entries: Entry[] = [];
  let at = dir.offset;
  let total = 0;
  let compressedTotal = 0;
  for (let i = 0; i < dir.count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) broken();
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      uncompressed: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + zip.readUInt16LE(at + 28)),
    };
    total += entry.uncompressed;
    compressedTotal += entry.compressed;
    if (total > limits.maxUncompressedBytes) unsafe();
    if (entry.uncompressed > Math.max(entry.compressed, 1024) * limits.maxRatio) unsafe();
    entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  if (total > Math.max(compressedTotal, 1024) * limits.maxRatio) unsafe();
  return entries;
}

/** Inflates each entry with a hard cap at its declared size: the sizes are verified, not trusted. */
export function assertSafeZip(zip: Buffer, limits: ZipLimits = DOCX_LIMITS): string[] {
  const entries = zipEntries(zip, limits);
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) broken();
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.uncompressed) unsafe();
    } else if (entry.method === 8) {
      let size: number;
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressed, 1) }).length;
      } catch (error) {
        if (error instanceof RangeError) return unsafe();
        return broken();
      }
      if (size !== entry.uncompressed) unsafe();
    } else {
      broken();
    }
  }
  return entries.map((e) => e.name);
}
