/**
 * The random id this browser reports its remote loads under (docs/architecture.md §9),
 * kept in localStorage so reloads and sign-ins keep it: the API counts each
 * browser once per version, so one browser cannot pose as many. It says
 * nothing about the user and is not the release bucket's id.
 */
export const TELEMETRY_ID_KEY = 'stride.telemetry-id';

/** 32 hex digits: within the API's 16 to 64 of A-Z, a-z, 0-9, _ and -. */
const newId = () => crypto.randomUUID().replaceAll('-', '');
const VALID = /^[0-9a-f]{32}$/;

export function telemetryClientId(storage: Storage = localStorage): string {
  try {
    const kept = storage.getItem(TELEMETRY_ID_KEY);
    if (kept && VALID.test(kept)) return kept;
    const id = newId();
    storage.setItem(TELEMETRY_ID_KEY, id);
    return id;
  } catch {
    // Storage blocked (privacy mode, a sandboxed frame): an id for this page.
    return newId();
  }
}
