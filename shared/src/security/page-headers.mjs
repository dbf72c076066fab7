// The security headers of the host's page, computed in this one place from
// the deployment document the page itself reads (`/app-config.json`: the API,
// each remote's manifest, the release store). Every server of the page sends
// them: scripts/lib/static-server.ts (`pnpm start`, serve-static), the
// release app server (scripts/lib/release-servers.ts) and the nginx recipe
// (scripts/lib/scaled.ts). Plain JavaScript, typed by page-headers.d.mts, so
// that scripts/page-headers.mjs (the nginx recipe's helper) runs it on Node
// without a build step.

/** @param {string} url @param {string} field */
function originOf(url, field) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Deployment document: ${field} is not a URL ("${url}")`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Deployment document: ${field} must be an http(s) URL ("${url}")`);
  }
  return parsed.origin;
}

/** @param {string[]} values */
const unique = (values) => [...new Set(values)];

/**
 * The Content-Security-Policy of the host's page.
 * - Scripts and style sheets: the page's own origin, each remote's origin
 *   (Module Federation adds remoteEntry.js and the remote's chunks as script
 *   and link tags) and the release store. No inline script, no eval.
 * - Connections: those, plus the API (fetch, the live-sync EventSource); the
 *   manifests are fetched. The identity providers are absent: sign-in is a
 *   navigation, which no directive of the page governs.
 * - Inline styles are allowed: React and framer-motion set style attributes
 *   and react-hot-toast writes a <style> element (docs/decisions.md).
 * - Images from https anywhere: a profile picture is any https URL.
 * - No plugins, no <base> elsewhere, forms post only to the page's origin,
 *   and no other site may frame the page.
 * @param {import('./page-headers.d.mts').DeploymentDocument} deployment
 * @returns {string}
 */
export function contentSecurityPolicy(deployment) {
  const { remotes: manifests = {} } = deployment;
  if (typeof manifests !== 'object' || manifests === null) {
    throw new Error('Deployment document: remotes must be an object of manifest URLs');
  }
  const remotes = Object.entries(manifests).map(([name, url]) => originOf(url, `remotes.${name}`));
  const store = deployment.releaseBase ? [originOf(deployment.releaseBase, 'releaseBase')] : [];
  const code = unique([...remotes, ...store]);
  const api = originOf(deployment.apiBase, 'apiBase');
  /** @type {[string, string[]][]} */
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...code]],
    ['style-src', ["'self'", "'unsafe-inline'", ...code]],
    ['connect-src', ["'self'", ...unique([api, ...code])]],
    ['img-src', ["'self'", 'https:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * Every security header of the host's page, by name: the policy above, and
 * what older browsers read in its place or beside it.
 * @param {import('./page-headers.d.mts').DeploymentDocument} deployment
 * @returns {Record<string, string>}
 */
export function pageSecurityHeaders(deployment) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(deployment),
    // frame-ancestors for browsers that predate it.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Other origins (a profile picture's host) learn the site, never the page.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * Headers as nginx `add_header` lines, each `always` (error answers carry
 * them too) and indented for a location block: how the nginx recipe
 * (deploy/nginx/) receives them.
 * @param {Record<string, string>} headers
 * @param {string} [indent]
 * @returns {string}
 */
export function nginxAddHeaders(headers, indent = '        ') {
  return Object.entries(headers)
    .map(([name, value]) => {
      // A quote, backslash or $ would end the string or be read as a variable.
      if (!/^[A-Za-z-]+$/.test(name) || /["\\$\n]/.test(value)) {
        throw new Error(`Header ${name} cannot be written into nginx's configuration as it is`);
      }
      return `${indent}add_header ${name} "${value}" always;`;
    })
    .join('\n');
}
