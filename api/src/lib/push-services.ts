// Which push services a Web Push subscription may name (PUSH_SERVICES). The
// server POSTs to a subscription's endpoint, so an endpoint anyone could
// choose would let any user make it call any host (SSRF): only the listed
// origins are kept, `https://*.example.com` standing for its subdomains.

export interface PushService {
  protocol: 'http:' | 'https:';
  /** The exact host name, or with `wildcard` the domain whose subdomains match. */
  host: string;
  /** As URL gives it: '' for the scheme's default port. */
  port: string;
  wildcard: boolean;
}

/** What browsers use today: Chrome and Edge on FCM, Firefox, Safari (APNs), Edge on Windows (WNS). */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
].join(',');

/** One PUSH_SERVICES entry, or null when it is not an origin (with at most a leading `*.`). */
export function parsePushService(raw: string): PushService | null {
  const match = /^(https?):\/\/(\*\.)?([^/?#*@]+)$/.exec(raw.trim());
  if (!match) return null;
  const [, scheme = '', star, rest = ''] = match;
  let url: URL;
  try {
    url = new URL(`${scheme}://${rest}`);
  } catch {
    return null;
  }
  // Nothing but an origin: no path, credentials, query or trailing dot games.
  if (url.origin !== `${scheme}://${rest}`.toLowerCase() || url.hostname.endsWith('.')) {
    return null;
  }
  const wildcard = star !== undefined;
  // `*.com` would allow half the internet; a wildcard needs a real domain under it.
  if (wildcard && (!url.hostname.includes('.') || /^[\d.]+$|^\[/.test(url.hostname))) return null;
  return {
    protocol: url.protocol as PushService['protocol'],
    host: url.hostname,
    port: url.port,
    wildcard,
  };
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The endpoint as a URL when it is an absolute http(s) URL of printable
 * ASCII (what push services hand out; no NUL, spaces or half characters for
 * the database to choke on), else null.
 */
export function endpointUrl(endpoint: string): URL | null {
  if (!PRINTABLE_ASCII.test(endpoint)) return null;
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** True when the URL's origin is one of the services (never with credentials in it). */
export function isAllowedEndpoint(url: URL, services: readonly PushService[]): boolean {
  if (url.username !== '' || url.password !== '') return false;
  return services.some(
    (service) =>
      url.protocol === service.protocol &&
      url.port === service.port &&
      (service.wildcard
        ? url.hostname.endsWith(`.${service.host}`)
        : url.hostname === service.host),
  );
}
