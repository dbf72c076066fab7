import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { resetAuthStore, useAuthStore } from '@stride/shared';
import { testUser } from '@stride/shared/testing';
import {
  currentScreen,
  keepLastScreen,
  pictureOf,
  releaseManifest,
  revealApp,
} from './last-screen';
import {
  LAST_SCREEN,
  type LastScreen,
  lastScreenKey,
  OMIT_FROM_LAST_SCREEN,
} from './offline-policy';
import { forgetEverything, readSaved } from './offline-store';

const omit = Object.keys(OMIT_FROM_LAST_SCREEN)[0] as string;

function rootWith(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root') as HTMLElement;
}

afterEach(async () => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  resetAuthStore();
  await forgetEverything();
});

describe('pictureOf', () => {
  it('keeps the look and drops what would clash with the live page or act', () => {
    const root = rootWith(
      `<main id="main"><label for="quick">Add</label><input id="quick" name="title" value="half-typed" placeholder="Add a task">` +
        `<input type="checkbox" aria-label="Done"><textarea>notes typed</textarea>` +
        `<div ${omit}>Task added</div><div role="dialog">Edit</div><p>Call the bank</p></main>`,
    );
    const checkbox = root.querySelector('input[type=checkbox]') as HTMLInputElement;
    checkbox.checked = true;
    const picture = document.createElement('div');
    picture.innerHTML = pictureOf(root) ?? '';
    expect(picture.textContent).toBe('AddCall the bank');
    expect(picture.querySelectorAll('[id], [for], [name]')).toHaveLength(0);
    const input = picture.querySelector('input[placeholder]');
    expect(input?.hasAttribute('value')).toBe(false);
    expect(picture.querySelector('input[type=checkbox]')?.hasAttribute('checked')).toBe(true);
    // The live page is untouched.
    expect(root.querySelector('#quick')?.getAttribute('value')).toBe('half-typed');
  });

  it('keeps the first screen from the top of the page, where the next visit opens', () => {
    const root = rootWith(
      `<ul>${Array.from({ length: 40 }, (_, n) => `<li><span>Task ${n}</span></li>`).join('')}</ul>`,
    );
    const height = window.innerHeight;
    // Rows 50 px apart; the list was scrolled down by one screen.
    rs.spyOn(window, 'scrollY', 'get').mockReturnValue(height);
    rs.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const row = this.closest('li');
      const index = row ? Array.from(row.parentElement?.children ?? []).indexOf(row) : 0;
      return { top: index * 50 - height } as DOMRect;
    });
    const picture = document.createElement('div');
    picture.innerHTML = pictureOf(root) ?? '';
    rs.restoreAllMocks();
    const kept = Math.ceil((height * LAST_SCREEN.screensKept) / 50);
    expect(picture.querySelectorAll('li')).toHaveLength(kept);
    expect(picture.querySelectorAll('span')).toHaveLength(kept);
    expect(root.querySelectorAll('li')).toHaveLength(40);
  });

  it('keeps nothing of an empty page, or of one too big to put on a first paint', () => {
    expect(pictureOf(rootWith(''))).toBeNull();
    expect(pictureOf(rootWith(`<p>${'x'.repeat(LAST_SCREEN.maxHtmlChars)}</p>`))).toBeNull();
  });
});

describe('currentScreen', () => {
  it('is the kept page as its signed-in user sees it', () => {
    window.history.replaceState(null, '', '/tasks?view=today');
    document.documentElement.dataset.theme = 'dark';
    rootWith('<p>Call the bank</p>');
    const screen = currentScreen(testUser);
    expect(screen).toMatchObject({
      userId: testUser.id,
      path: '/tasks',
      search: '?view=today',
      html: '<p>Call the bank</p>',
      theme: 'dark',
    });
  });

  it('is nothing signed out, on a page not kept, or while the last screen is still up', () => {
    rootWith('<p>Sign in</p>');
    window.history.replaceState(null, '', '/login');
    expect(currentScreen(testUser)).toBeNull();
    window.history.replaceState(null, '', '/tasks');
    expect(currentScreen(null)).toBeNull();
    document.body.insertAdjacentHTML('afterbegin', `<div id="${LAST_SCREEN.elementId}"></div>`);
    expect(currentScreen(testUser)).toBeNull();
  });
});

describe('keepLastScreen', () => {
  it('keeps the screen when the page is hidden, under its page', async () => {
    useAuthStore.setState({ user: testUser, loading: false });
    window.history.replaceState(null, '', '/dashboard');
    rootWith('<h1>Good morning</h1>');
    const stop = keepLastScreen();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    stop();
    await expect
      .poll(() => readSaved<LastScreen>(lastScreenKey('/dashboard')))
      .toMatchObject({ userId: testUser.id, html: '<h1>Good morning</h1>' });
  });
});

describe('releaseManifest', () => {
  it('gives the page the manifest link the worker held back', () => {
    document.head.innerHTML = `<link rel="${LAST_SCREEN.heldManifestRel}" href="/manifest.webmanifest">`;
    releaseManifest();
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
  });
});

describe('revealApp', () => {
  it('takes the screen and its styles away, and nothing else', () => {
    document.head.innerHTML = `<style ${LAST_SCREEN.styleAttribute}>p{}</style><style>q{}</style>`;
    document.body.innerHTML = `<div id="${LAST_SCREEN.elementId}"><p>old</p></div><div id="root"><p>new</p></div>`;
    revealApp();
    expect(document.getElementById(LAST_SCREEN.elementId)).toBeNull();
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
    expect(document.getElementById('root')?.textContent).toBe('new');
  });
});
