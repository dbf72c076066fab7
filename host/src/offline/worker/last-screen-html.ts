// The worker's half of the last screen (docs/architecture.md §11, "The last
// screen"): whether a kept screen may be shown at this navigation, and the
// page's HTML with it put in. Pure, so it is tested without a worker.
import { todayIn } from '@stride/shared/calendar-day';
import { LAST_SCREEN, type LastScreen } from '../offline-policy';

/** The app's empty root, as the host's index.html has it; a page sent with its own HTML has no such root. */
const EMPTY_ROOT = '<div id="root"></div>';

interface Navigation {
  path: string;
  search: string;
  /** The user last signed in on this browser, as the page saved them. */
  user: { id: string; timezone?: string | null } | undefined;
  now?: Date;
}

/**
 * A screen is shown only to the user who left it, on the page and view it
 * was, and on the day it was drawn: yesterday's "Today" is not today's.
 */
export function screenFits(screen: unknown, { path, search, user, now }: Navigation): boolean {
  if (!user || !isLastScreen(screen)) return false;
  return (
    screen.userId === user.id &&
    screen.path === path &&
    screen.search === search &&
    screen.day === todayIn(user.timezone, now) &&
    screen.html.length <= LAST_SCREEN.maxHtmlChars
  );
}

function isLastScreen(value: unknown): value is LastScreen {
  if (typeof value !== 'object' || value === null) return false;
  const screen = value as Record<string, unknown>;
  return (
    typeof screen.userId === 'string' &&
    typeof screen.path === 'string' &&
    typeof screen.search === 'string' &&
    typeof screen.day === 'string' &&
    typeof screen.html === 'string' &&
    (screen.theme === null || typeof screen.theme === 'string') &&
    Array.isArray(screen.styleSheets) &&
    screen.styleSheets.every((href) => typeof href === 'string')
  );
}

/** A style sheet of the screen: its text when the worker holds it, else only where it is. */
export interface ScreenStyle {
  href: string;
  text?: string;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The host's after-paint document, the entry it boots and its boot script (service-worker-plugin.ts). */
export interface AfterPaintDocument {
  entry: string;
  html: string;
  boot: { src: string; text: string; hash: string };
}

/**
 * With the screen on show, the app's code is no longer what the first paint
 * waits for. The page goes out as the host's after-paint document, which
 * starts the same entry once the browser has painted (boot-preload.ts in
 * shared), when the network's page is of the worker's own build: its boot
 * script inline at the end of the body (allowed by its hash, `withScriptHash`),
 * so the first paint waits for no file at all. Else the page's scripts at
 * least lose their preloads and high priority (the worker serves them from
 * its cache all the same).
 */
function bootingAfterPaint(html: string, afterPaint: AfterPaintDocument | null): string {
  if (afterPaint && html.includes(`src="${escapeAttribute(afterPaint.entry)}"`)) {
    const { src, text } = afterPaint.boot;
    return afterPaint.html
      .replace(`<script defer src="${escapeAttribute(src)}"></script>`, '')
      .replace('</body>', () => `<script>${text}</script></body>`);
  }
  return html
    .replaceAll(/<link rel="preload" as="(?:script|style)" href="[^"<>]*">/g, '')
    .replaceAll(' fetchpriority="high"', '');
}

/** A style sheet inlined with the screen is not also waited for by a link. */
function withoutLinksTo(html: string, styles: readonly ScreenStyle[]): string {
  let result = html;
  for (const { href, text } of styles) {
    if (text === undefined) continue;
    const path = href.replace(/^https?:\/\/[^/]+/, '');
    for (const form of new Set([href, path])) {
      result = result.replaceAll(`<link rel="stylesheet" href="${escapeAttribute(form)}">`, '');
    }
  }
  return result;
}

/**
 * The page's Content-Security-Policy allowing also the inline boot script
 * of `hash` (a `'sha256-…'` source): added to `script-src`, or to
 * `default-src` when it stands in for it. A policy that limits neither is
 * returned as it is.
 */
export function withScriptHash(policy: string, hash: string): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  const at = (name: string) =>
    directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
  const target = at('script-src') === -1 ? at('default-src') : at('script-src');
  if (target === -1) return policy;
  return directives
    .map((directive, index) => (index === target ? `${directive} ${hash}` : directive))
    .join('; ');
}

/** Nothing in a style element's text may end it early. */
const safeStyleText = (text: string) => text.replaceAll(/<\/style/gi, '<\\/style');

/**
 * The page's HTML with the screen shown over its empty root: the screen's
 * style sheets inlined (or linked, those the worker lacks), the theme it
 * was drawn in, and the screen itself, inert and hidden from assistive
 * technology, until the app has drawn the page (last-screen.ts) and takes
 * all of it away. `null` when the page is not the app's empty shell.
 */
export function withLastScreen(
  page: string,
  screen: LastScreen,
  styles: readonly ScreenStyle[],
  afterPaint: AfterPaintDocument | null = null,
): string | null {
  if (!page.includes(EMPTY_ROOT)) return null;
  const html = withoutLinksTo(bootingAfterPaint(page, afterPaint), styles);
  const root = html.indexOf(EMPTY_ROOT);
  const headEnd = html.indexOf('</head>');
  if (root === -1 || headEnd === -1 || headEnd > root) return null;
  const marker = LAST_SCREEN.styleAttribute;
  const sheets = styles
    .map((style) =>
      style.text === undefined
        ? `<link rel="stylesheet" href="${escapeAttribute(style.href)}" ${marker}>`
        : `<style ${marker}>${safeStyleText(style.text)}</style>`,
    )
    .join('');
  // Fixed over the viewport, in the page's own background, at the scroll position of a fresh
  // load; still (an entrance animation played again would paint the screen late).
  const frame = `<style ${marker}>#${LAST_SCREEN.elementId}{position:fixed;inset:0;overflow:hidden;z-index:2147483646;background:var(--bg,Canvas)}#${LAST_SCREEN.elementId} *{animation:none!important;transition:none!important}</style>`;
  const overlay = `<div id="${LAST_SCREEN.elementId}" inert aria-hidden="true">${screen.html}</div>`;
  const theme = screen.theme ? ` data-theme="${escapeAttribute(screen.theme)}"` : '';
  const head = html
    .slice(0, headEnd)
    .replace('<link rel="manifest"', `<link rel="${LAST_SCREEN.heldManifestRel}"`);
  return (
    (theme ? head.replace(/<html(?=[\s>])/, () => `<html${theme}`) : head) +
    sheets +
    frame +
    html.slice(headEnd, root) +
    overlay +
    html.slice(root)
  );
}
