// Nothing shared is imported here: it runs before the share scope is negotiated.

const MAX_ORIGINS = 6;

/** Every other origin an absolute http(s) URL in the document names, in order, at most six. */
export function originsIn(document: unknown, own = location.origin): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!/^https?:\/\//.test(value)) return;
      try {
        const { origin } = new URL(value);
        if (origin !== own) origins.add(origin);
      } catch {
        // Not a URL after all; the config parser reports what matters.
      }
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item);
    }
  };
  visit(document);
  return [...origins].slice(0, MAX_ORIGINS);
}

/**
 * Opens connections to the origins the deployment names before the app asks
 * them for anything. Two hints each: cookie-bearing requests (API calls,
 * the remotes' script tags) and anonymous ones (the manifests' fetches) use
 * separate connections.
 */
export function preconnectToOrigins(document: unknown, head = window.document.head): void {
  for (const origin of originsIn(document)) {
    for (const anonymous of [false, true]) {
      const link = window.document.createElement('link');
      link.rel = 'preconnect';
      link.href = origin;
      if (anonymous) link.crossOrigin = 'anonymous';
      head.append(link);
    }
  }
}
