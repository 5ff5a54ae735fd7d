import { vi } from 'vitest';

/** Records what is written to document.cookie while still writing it. */
export function recordCookieWrites(): string[] {
  const writes: string[] = [];
  let proto: object | null = document;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto);
  }
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor?.set?.call(document, value);
  });
  return writes;
}
