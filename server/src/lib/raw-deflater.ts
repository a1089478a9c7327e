import { constants, createDeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

/**
 * Raw deflate of short texts with one zlib stream kept for the process, reset between calls.
 *
 * `deflateRawSync` builds a whole stream object for each call (a Transform, its zlib state and its
 * preset dictionary) and closes it again: about half of a 1.5 KB answer's packing, and under load a
 * few per cent of a roll's CPU (profiled here). zlib itself can take a stream back to its start
 * (`deflateReset`, which Node follows by setting the dictionary again), but Node's public API closes
 * a stream after a synchronous call. So this keeps one stream and drives its native handle: one
 * synchronous write with Z_FINISH into a scratch buffer, then a reset. The bytes are exactly
 * `deflateRawSync`'s with the same options (a test compares them).
 *
 * The handle is Node's internal interface (`_handle.writeSync`, `_writeState`), unchanged from Node
 * 12 to 24. Where it is missing or answers something unexpected, each call falls back to
 * `deflateRawSync`, so a Node upgrade can make packing slower, never wrong; `usesSharedStream` tells
 * which path runs (a test insists on the shared one on the Node this project pins).
 */
interface ZlibHandle {
  writeSync(
    flush: number,
    input: Buffer,
    inOffset: number,
    inLength: number,
    output: Buffer,
    outOffset: number,
    outLength: number,
  ): void;
  reset(): void;
}

interface ZlibInternals {
  _handle?: ZlibHandle | null;
  /** [output bytes left free, input bytes left unread] after the last write. */
  _writeState?: Uint32Array;
}

/** Larger than any text given here packs to: a text that does not fit is packed the usual way. */
const SCRATCH_BYTES = 64 * 1024;

export interface RawDeflater {
  (input: string | Buffer): Buffer;
  /** True while calls go through the kept stream (false: deflateRawSync for each call). */
  readonly usesSharedStream: boolean;
}

export function createRawDeflater(options: ZlibOptions): RawDeflater {
  const plain = (input: string | Buffer) => deflateRawSync(input, options);
  let handle: ZlibHandle | null = null;
  let state: Uint32Array | null = null;
  // Kept for as long as its handle is (the handle reports errors to it); never written to as a stream.
  let stream: ZlibInternals | null = null;
  try {
    stream = createDeflateRaw(options) as unknown as ZlibInternals;
    if (stream._handle && stream._writeState instanceof Uint32Array) {
      handle = stream._handle;
      state = stream._writeState;
    }
  } catch {
    handle = null;
  }
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);

  const deflate = (input: string | Buffer): Buffer => {
    if (handle === null || state === null) return plain(input);
    const bytes = typeof input === 'string' ? Buffer.from(input) : input;
    try {
      handle.writeSync(constants.Z_FINISH, bytes, 0, bytes.length, scratch, 0, SCRATCH_BYTES);
    } catch {
      handle = null;
      return plain(input);
    }
    const outFree = state[0]!;
    const inLeft = state[1]!;
    handle.reset();
    // Output that filled the scratch buffer may be cut short: pack it the usual way instead.
    if (inLeft !== 0 || outFree === 0) return plain(input);
    return Buffer.from(scratch.subarray(0, SCRATCH_BYTES - outFree));
  };
  return Object.defineProperty(deflate, 'usesSharedStream', {
    get: () => stream !== null && handle !== null,
  }) as RawDeflater;
}
