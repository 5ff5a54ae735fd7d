/**
 * The protocol buffers wire format, as far as Anki's packages need it: the `meta` file
 * (`PackageMetadata`), the media map of newer packages (`MediaEntries`) and the configs of note
 * types and templates in schema-18 collections (`Notetype.Config`, `Notetype.Template.Config`),
 * all in Anki's `proto/anki/*.proto`. A message decodes to its fields by number; the reader picks
 * the few it uses. The encoder is for the test package builder, which writes these as Anki does.
 */

export class ProtobufError extends Error {}

/** A field's values in the order they came: varints as numbers, length-delimited as bytes. */
export type ProtoMessage = Map<number, (number | Uint8Array)[]>;

/** The varint at `at`; ids beyond 2^53 lose precision, which no field read here can hold. */
function varint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i += 1) {
    const byte = bytes[at + i];
    if (byte === undefined) throw new ProtobufError('truncated varint');
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return [value, at + i + 1];
    scale *= 128;
  }
  throw new ProtobufError('varint longer than 10 bytes');
}

export function decodeMessage(bytes: Uint8Array): ProtoMessage {
  const fields: ProtoMessage = new Map();
  let at = 0;
  while (at < bytes.length) {
    const [key, afterKey] = varint(bytes, at);
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (field === 0) throw new ProtobufError('field number 0');
    let value: number | Uint8Array;
    switch (wire) {
      case 0:
        [value, at] = varint(bytes, afterKey);
        break;
      case 1:
        at = afterKey + 8;
        value = 0;
        break;
      case 2: {
        const [length, start] = varint(bytes, afterKey);
        at = start + length;
        value = bytes.subarray(start, at);
        break;
      }
      case 5:
        at = afterKey + 4;
        value = 0;
        break;
      default:
        throw new ProtobufError(`wire type ${wire}`);
    }
    if (at > bytes.length) throw new ProtobufError('truncated field');
    const list = fields.get(field);
    if (list) list.push(value);
    else fields.set(field, [value]);
  }
  return fields;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The last value of a `string` field ('' when absent, as proto3 defaults it). */
export function protoString(message: ProtoMessage, field: number): string {
  const value = message.get(field)?.at(-1);
  if (value === undefined) return '';
  if (typeof value === 'number') throw new ProtobufError(`field ${field} is not a string`);
  try {
    return utf8.decode(value);
  } catch {
    throw new ProtobufError(`field ${field} is not UTF-8`);
  }
}

/** The last value of a varint field (0 when absent). */
export function protoUint(message: ProtoMessage, field: number): number {
  const value = message.get(field)?.at(-1);
  if (value === undefined) return 0;
  if (typeof value !== 'number') throw new ProtobufError(`field ${field} is not a varint`);
  return value;
}

/** Every value of a repeated message or `bytes` field. */
export function protoBytesList(message: ProtoMessage, field: number): Uint8Array[] {
  return (message.get(field) ?? []).map((value) => {
    if (typeof value === 'number') throw new ProtobufError(`field ${field} is not bytes`);
    return value;
  });
}

function writeVarint(out: number[], value: number) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A message from its fields in order: numbers as varints, strings and bytes length-delimited. */
export function encodeMessage(fields: [number, number | string | Uint8Array][]): Uint8Array {
  const out: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number') {
      writeVarint(out, field * 8);
      writeVarint(out, value);
    } else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      writeVarint(out, field * 8 + 2);
      writeVarint(out, bytes.length);
      for (const b of bytes) out.push(b);
    }
  }
  return Uint8Array.from(out);
}
