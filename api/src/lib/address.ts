// An address as one party: an IPv4 address as it is, an IPv6 address by its
// /64 (one machine or one home is usually given a whole /64, so the rest of
// the address is theirs to vary), an IPv4-mapped IPv6 address as its IPv4.

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The hextets of an IPv6 address, `::` expanded; null when it is not one. */
function hextets(address: string): string[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return all.every((part) => /^[0-9a-f]{1,4}$/i.test(part)) ? all : null;
}

export function addressKey(address: string): string {
  // Without an IPv6 zone ("fe80::1%eth0"): cut at the first '%', not by
  // /%.*$/, which retries from every '%' of a long run (quadratic).
  const trimmed = address.trim().toLowerCase();
  const zone = trimmed.indexOf('%');
  const plain = zone === -1 ? trimmed : trimmed.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (IPV4.test(plain)) return plain;
  const parts = hextets(plain);
  if (!parts) return plain.slice(0, 64);
  return `${parts
    .slice(0, 4)
    .map((part) => Number.parseInt(part, 16).toString(16))
    .join(':')}::/64`;
}
