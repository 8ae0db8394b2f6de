/**
 * Convex document ids ("id v6", the developer id), as get-convex/convex-backend encodes them in
 * crates/value/src/id_v6.rs and decodes them in npm-packages/id-encoding/src/index.ts:
 *
 *   bytes = VInt(table number) ++ internal id (16 bytes) ++ footer (2 bytes, little-endian)
 *   footer = fletcher16(VInt ++ internal id) XOR version (0)
 *   id = base32 of bytes, Crockford's alphabet in lower case, most significant bits first, no padding
 *
 * A deployment accepts an id only if it decodes and re-encodes to the same text, and its table
 * number is the table's. User tables are numbered from 10001; system tables keep numbers below
 * 10000 (crates/database/src/bootstrap_model/table.rs: NUM_RESERVED_SYSTEM_TABLE_NUMBERS).
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const INTERNAL_ID_BYTES = 16;
const VERSION = 0;
// crates/value/src/id_v6.rs: MIN_BASE32_LEN, MAX_BASE32_LEN (1-5 VInt bytes + 16 + 2).
const MIN_LENGTH = 31;
const MAX_LENGTH = 37;

/**
 * Default numbers of the system tables behind `_storage` and `_scheduled_functions`:
 * 512 (NUM_RESERVED_LEGACY_TABLE_NUMBERS) + FileStorage (28) / ScheduledJobs (27), from
 * crates/model/src/lib.rs DefaultTableNumber. Deployments created before 2024 may differ.
 */
export const SYSTEM_TABLE_NUMBERS: Readonly<Record<string, number>> = { _storage: 540, _scheduled_functions: 539 };
export const FIRST_USER_TABLE_NUMBER = 10001;

function vint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function fletcher16(bytes: Uint8Array): number {
  let c0 = 0;
  let c1 = 0;
  for (const byte of bytes) {
    c0 = (c0 + byte) % 256;
    c1 = (c1 + c0) % 256;
  }
  return (c1 << 8) | c0;
}

function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return bits > 0 ? out + ALPHABET[(buffer << (5 - bits)) & 31] : out;
}

export function encodeConvexId(tableNumber: number, internalId: Uint8Array): string {
  if (!Number.isInteger(tableNumber) || tableNumber < 1 || tableNumber > 0xffffffff) throw new RangeError(`Invalid table number ${tableNumber}`);
  if (internalId.length !== INTERNAL_ID_BYTES) throw new RangeError(`An internal id has ${INTERNAL_ID_BYTES} bytes, got ${internalId.length}`);
  const body = Uint8Array.from([...vint(tableNumber), ...internalId]);
  const footer = fletcher16(body) ^ VERSION;
  return base32(Uint8Array.from([...body, footer & 0xff, footer >> 8]));
}

/** The table number of a valid id, or null: the same checks as DeveloperDocumentId::decode. */
export function convexIdTableNumber(id: string): number | null {
  if (id.length < MIN_LENGTH || id.length > MAX_LENGTH) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of id) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  let tableNumber = 0;
  let read = 0;
  for (;;) {
    const byte = bytes[read];
    if (byte === undefined || read >= 5) return null;
    tableNumber += (byte & 0x7f) * 2 ** (7 * read);
    read++;
    if (byte < 0x80) break;
  }
  if (tableNumber === 0 || tableNumber > 0xffffffff || bytes.length !== read + INTERNAL_ID_BYTES + 2) return null;
  const internalId = Uint8Array.from(bytes.slice(read, read + INTERNAL_ID_BYTES));
  // Re-encoding must give back the same text: this rejects bad footers and non-canonical spellings.
  return encodeConvexId(tableNumber, internalId) === id ? tableNumber : null;
}
