/**
 * Canary buckets (docs/architecture.md §9). A browser keeps one random id; hashing it
 * with the app's name gives a number from 0 to 9,999 that never changes, so
 * a browser stays on one side of an app's canary across reloads and sign-ins.
 * The canary serves the buckets below `percent × 100`: raising the share
 * keeps everyone already on the canary there. Salting with the app name
 * keeps the canaries of different apps independent.
 */
export const BUCKETS = 10_000;

/** FNV-1a over UTF-16 code units, then murmur3's finaliser to spread the low bits. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function bucketOf(browserId: string, app: string): number {
  return hash32(`${app}:${browserId}`) % BUCKETS;
}

export function isInCanary(browserId: string, app: string, percent: number): boolean {
  return bucketOf(browserId, app) < percent * (BUCKETS / 100);
}
