import { crc32 } from 'node:zlib';

/**
 * Recognises an avatar by its content, never by its name or declared type: PNG, JPEG or WebP by
 * their signatures, with the dimensions read from the header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X)
 * and the file structure walked to its end marker. The output is a cleaned copy: metadata that may
 * carry personal data (EXIF with GPS position, XMP, text comments) and anything after the image's
 * end marker are dropped, so a "polyglot" file cannot smuggle a second document along.
 */
export type ImageKind = 'png' | 'jpeg' | 'webp';

export interface InspectedImage {
  kind: ImageKind;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
  /** The image without metadata or trailing bytes. */
  data: Buffer;
}

export type InspectFailure = { error: 'type' } | { error: 'dimensions'; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Ancillary PNG chunks that carry text, dates or EXIF; everything else is kept as is.
const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

class Malformed extends Error {}
const fail = (): never => {
  throw new Malformed('malformed image');
};

interface Header {
  kind: ImageKind;
  width: number;
  height: number;
}

function pngHeader(buf: Buffer): Header {
  // Signature, then the IHDR chunk: length 13, type, width, height, depth, colour, ..., CRC.
  if (buf.length < 33 || buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') fail();
  if (crc32(buf.subarray(12, 29)) !== buf.readUInt32BE(29)) fail();
  return { kind: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function cleanPng(buf: Buffer): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let sawData = false;
  for (;;) {
    if (offset + 12 > buf.length) fail();
    const length = buf.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > buf.length) fail();
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) fail();
    if (crc32(buf.subarray(offset + 4, offset + 8 + length)) !== buf.readUInt32BE(offset + 8 + length)) fail();
    if (type === 'IDAT') sawData = true;
    if (!PNG_DROP.has(type)) parts.push(buf.subarray(offset, end));
    offset = end;
    if (type === 'IEND') break;
  }
  if (!sawData) fail();
  return Buffer.concat(parts);
}

// SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
// APP1 (EXIF, XMP), APP13 (Photoshop/IPTC) and comments may hold personal data; ICC (APP2),
// JFIF (APP0) and Adobe (APP14) describe colours and are kept.
const JPEG_DROP = new Set([0xe1, 0xed, 0xfe]);

/** Walks the JPEG segments up to the first scan; returns the frame size and the cleaned file. */
function walkJpeg(buf: Buffer): { header: Header; data: Buffer } {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) fail();
  const parts: Buffer[] = [buf.subarray(0, 2)];
  let offset = 2;
  let header: Header | null = null;
  for (;;) {
    if (offset + 4 > buf.length || buf[offset] !== 0xff) fail();
    let markerAt = offset;
    while (markerAt < buf.length && buf[markerAt] === 0xff) markerAt += 1; // fill bytes
    if (markerAt + 3 > buf.length) fail();
    const marker = buf[markerAt]!;
    if (marker === 0xd9 || marker === 0xd8 || marker === 0x00) fail(); // EOI/SOI before a scan
    const length = buf.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > buf.length) fail();
    if (isSof(marker)) {
      if (length < 8) fail();
      header = { kind: 'jpeg', height: buf.readUInt16BE(markerAt + 4), width: buf.readUInt16BE(markerAt + 6) };
    }
    if (marker === 0xda) {
      if (!header) fail();
      // Entropy-coded data: a 0xFF byte inside it is always followed by 0x00 or a restart marker,
      // so the first FF D9 after the first scan header is the end of the image.
      const eoi = buf.indexOf(Buffer.from([0xff, 0xd9]), end);
      if (eoi < 0) fail();
      parts.push(buf.subarray(offset, eoi + 2));
      return { header: header!, data: Buffer.concat(parts) };
    }
    if (!JPEG_DROP.has(marker)) parts.push(buf.subarray(offset, end));
    offset = end;
  }
}

interface RiffChunk {
  fourcc: string;
  start: number;
  dataStart: number;
  end: number;
}

function riffChunks(buf: Buffer, limit: number): RiffChunk[] {
  const chunks: RiffChunk[] = [];
  let offset = 12;
  while (offset < limit) {
    if (offset + 8 > limit) fail();
    const size = buf.readUInt32LE(offset + 4);
    const dataStart = offset + 8;
    const end = dataStart + size + (size % 2);
    if (dataStart + size > limit) fail();
    chunks.push({
      fourcc: buf.toString('latin1', offset, offset + 4),
      start: offset,
      dataStart,
      end: Math.min(end, limit),
    });
    offset = end;
  }
  return chunks;
}

function webpParts(buf: Buffer): { header: Header; chunks: RiffChunk[]; limit: number } {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') fail();
  const limit = 8 + buf.readUInt32LE(4);
  if (limit > buf.length || limit < 20) fail();
  const chunks = riffChunks(buf, limit);
  const first = chunks[0] ?? fail();
  const d = first.dataStart;
  let width: number;
  let height: number;
  if (first.fourcc === 'VP8 ') {
    // Frame tag (3 bytes, bit 0 clear on a key frame), start code 9D 01 2A, 14-bit width and height.
    if (first.end - d < 10 || (buf[d]! & 1) !== 0) fail();
    if (buf[d + 3] !== 0x9d || buf[d + 4] !== 0x01 || buf[d + 5] !== 0x2a) fail();
    width = buf.readUInt16LE(d + 6) & 0x3fff;
    height = buf.readUInt16LE(d + 8) & 0x3fff;
  } else if (first.fourcc === 'VP8L') {
    // Signature 0x2F, then 14 bits width-1 and 14 bits height-1, little-endian bit order.
    if (first.end - d < 5 || buf[d] !== 0x2f) fail();
    const bits = buf.readUInt32LE(d + 1);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (first.fourcc === 'VP8X') {
    // Flags, 3 reserved bytes, then 24-bit canvas width-1 and height-1.
    if (first.end - d < 10) fail();
    width = buf.readUIntLE(d + 4, 3) + 1;
    height = buf.readUIntLE(d + 7, 3) + 1;
    if (!chunks.some((c) => c.fourcc === 'VP8 ' || c.fourcc === 'VP8L' || c.fourcc === 'ANMF')) fail();
  } else {
    return fail();
  }
  return { header: { kind: 'webp', width, height }, chunks, limit };
}

function cleanWebp(buf: Buffer, chunks: RiffChunk[]): Buffer {
  const kept = chunks.filter((c) => c.fourcc !== 'EXIF' && c.fourcc !== 'XMP ');
  const body = Buffer.concat(
    kept.map((c) => {
      const copy = Buffer.from(buf.subarray(c.start, c.end));
      if (c.fourcc === 'VP8X') copy[8] = copy[8]! & ~0x0c; // clear the EXIF (0x08) and XMP (0x04) flags
      return copy;
    }),
  );
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** Recognises the image and checks its size against `maxDimension`; never throws. */
export function inspectImage(buf: Buffer, maxDimension: number): InspectedImage | InspectFailure {
  try {
    let header: Header;
    let finish: () => Buffer;
    if (buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
      header = pngHeader(buf);
      finish = () => cleanPng(buf);
    } else if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
      const jpeg = walkJpeg(buf);
      header = jpeg.header;
      finish = () => jpeg.data;
    } else if (buf.toString('latin1', 0, 4) === 'RIFF') {
      const webp = webpParts(buf);
      header = webp.header;
      finish = () => cleanWebp(buf, webp.chunks);
    } else {
      return { error: 'type' };
    }
    const { width, height } = header;
    if (width < 1 || height < 1) return { error: 'type' };
    if (width > maxDimension || height > maxDimension) return { error: 'dimensions', width, height };
    const data = finish();
    const kind = header.kind;
    return {
      kind,
      mime: kind === 'png' ? 'image/png' : kind === 'jpeg' ? 'image/jpeg' : 'image/webp',
      ext: kind === 'png' ? 'png' : kind === 'jpeg' ? 'jpg' : 'webp',
      width,
      height,
      data,
    };
  } catch (err) {
    if (err instanceof Malformed || err instanceof RangeError) return { error: 'type' };
    throw err;
  }
}
