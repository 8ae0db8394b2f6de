import { crc32 } from "node:zlib";

/*
 * Frame layout (little-endian):
 *   u32 payload length
 *   u32 distance back from this frame to the first frame of the same write batch
 *   u32 CRC32 of the 8 bytes above followed by the payload
 *   payload (UTF-8 JSON)
 * The CRC covers the length so a damaged length is caught. The batch distance lets recovery tell a torn
 * final batch (only the last, unacknowledged write can be torn) from damage to earlier, acknowledged data.
 */
export const HEADER_BYTES = 12;

export class StorageCorruptionError extends Error {
  override name = "StorageCorruptionError";
}

export interface EncodedPayload {
  text: string;
  bytes: number;
}

export function encodePayload(text: string): EncodedPayload {
  return { text, bytes: Buffer.byteLength(text, "utf8") };
}

/** Encodes the payloads as consecutive frames of one batch, ready for a single write. */
export function encodeBatch(payloads: readonly EncodedPayload[]): Buffer {
  const total = payloads.reduce((sum, p) => sum + HEADER_BYTES + p.bytes, 0);
  const out = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const payload of payloads) {
    out.writeUInt32LE(payload.bytes, offset);
    out.writeUInt32LE(offset, offset + 4);
    out.write(payload.text, offset + HEADER_BYTES, payload.bytes, "utf8");
    const crc = crc32(out.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + payload.bytes), crc32(out.subarray(offset, offset + 8)));
    out.writeUInt32LE(crc, offset + 8);
    offset += HEADER_BYTES + payload.bytes;
  }
  return out;
}

interface Frame {
  payload: Buffer;
  end: number;
  batchStart: number;
}

/** The valid frame starting at `offset`, or null if the bytes there are truncated or fail the checksum. */
function frameAt(buf: Buffer, offset: number): Frame | null {
  if (offset + HEADER_BYTES > buf.length) return null;
  const length = buf.readUInt32LE(offset);
  const batchDistance = buf.readUInt32LE(offset + 4);
  const end = offset + HEADER_BYTES + length;
  if (end > buf.length || batchDistance > offset) return null;
  const payload = buf.subarray(offset + HEADER_BYTES, end);
  if (crc32(payload, crc32(buf.subarray(offset, offset + 8))) !== buf.readUInt32LE(offset + 8)) return null;
  return { payload, end, batchStart: offset - batchDistance };
}

export interface LogScan {
  payloads: Buffer[];
  /** Offset just past the last valid frame; anything after it is a torn final batch. */
  validEnd: number;
}

/**
 * Reads every frame of a log. Bad bytes are accepted as a torn tail only if no valid frame of a later
 * batch follows them; otherwise acknowledged data after them would be silently dropped, so this throws.
 */
export function scanLog(buf: Buffer, name: string): LogScan {
  const payloads: Buffer[] = [];
  let offset = 0;
  for (let frame = frameAt(buf, 0); frame; frame = frameAt(buf, offset)) {
    payloads.push(frame.payload);
    offset = frame.end;
  }
  if (offset < buf.length) assertOnlyTornBatchFollows(buf, offset, name);
  return { payloads, validEnd: offset };
}

function assertOnlyTornBatchFollows(buf: Buffer, badOffset: number, name: string): void {
  for (let offset = badOffset + 1; offset + HEADER_BYTES <= buf.length; offset++) {
    const frame = frameAt(buf, offset);
    if (frame && frame.batchStart > badOffset) {
      throw new StorageCorruptionError(
        `${name} is corrupt at byte ${badOffset}: a damaged record is followed by valid records at byte ${offset}. ` +
          "Refusing to skip acknowledged data; restore the file from a backup or inspect it by hand.",
      );
    }
  }
}

/** Decodes a file that must hold exactly one valid frame (a snapshot). */
export function decodeSingleFrame(buf: Buffer, name: string): Buffer {
  const frame = frameAt(buf, 0);
  if (!frame || frame.end !== buf.length) {
    throw new StorageCorruptionError(`${name} is not a complete snapshot (bad length or checksum).`);
  }
  return frame.payload;
}
