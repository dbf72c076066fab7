import { describe, expect, it, type Mock, rs } from '@rstest/core';
import * as shared from '@stride/shared' with { rstest: 'importActual' };
import { notePageReads as notePageReadsMocked } from '@stride/shared';
import { EARLY_CLICKS, SERVER_HTML, serverPageKey } from '@stride/shared/server-html';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { holdsServerPage, replayEarlyClick, takeServerPageData } from './server-html';

rs.mock('@stride/shared', () => ({ ...shared, notePageReads: rs.fn() }));
const notePageReads = notePageReadsMocked as Mock<typeof notePageReadsMocked>;

const AUTH = 'http://localhost:3000/remotes/remote_auth/mf-manifest.json';
const CANARY = 'http://localhost:3000/releases/remote_auth/2.0.0/mf-manifest.json';

function rootWith(key: string | null): HTMLElement {
  const root = document.createElement('div');
  if (key !== null) root.setAttribute(SERVER_HTML.rootAttribute, key);
  return root;
}

describe('holdsServerPage', () => {
  it('hydrates the HTML of the page at this path, of the build this browser resolved to', () => {
    const root = rootWith(serverPageKey(AUTH, 'LoginPage'));
    expect(holdsServerPage(root, '/login', { remote_auth: AUTH })).toBe(true);
    expect(holdsServerPage(root, '/Login/', { remote_auth: AUTH })).toBe(true);
  });

  it('renders afresh when the HTML is of another build (a tester override) or another page', () => {
    const root = rootWith(serverPageKey(AUTH, 'LoginPage'));
    expect(holdsServerPage(root, '/login', { remote_auth: CANARY })).toBe(false);
    expect(holdsServerPage(root, '/auth/success', { remote_auth: AUTH })).toBe(false);
    expect(holdsServerPage(root, '/login', {})).toBe(false);
  });

  it('renders afresh when there is no server HTML', () => {
    expect(holdsServerPage(rootWith(null), '/login', { remote_auth: AUTH })).toBe(false);
  });
});

describe('replayEarlyClick', () => {
  it('presses again the button pressed before the app took the page over', () => {
    const button = document.createElement('button');
    document.body.append(button);
    let pressed = 0;
    button.addEventListener('click', () => {
      pressed += 1;
    });
    const page = { [EARLY_CLICKS]: () => button } as unknown as Window;
    replayEarlyClick(page);
    expect(pressed).toBe(1);
    button.remove();
  });

  it('presses nothing when the button is gone (the HTML was dropped) or none was pressed', () => {
    const gone = document.createElement('button');
    let pressed = 0;
    gone.addEventListener('click', () => {
      pressed += 1;
    });
    replayEarlyClick({ [EARLY_CLICKS]: () => gone } as unknown as Window);
    replayEarlyClick({ [EARLY_CLICKS]: () => null } as unknown as Window);
    replayEarlyClick({} as Window);
    expect(pressed).toBe(0);
  });
});

describe('takeServerPageData', () => {
  function pageWithData(json: string): Document {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML = `<script type="application/json" id="${SERVER_HTML.pageDataId}">${json}</script><div id="root"></div>`;
    return doc;
  }

  it("puts the cache the page was drawn from into the app's, once", () => {
    const server = new QueryClient();
    server.setQueryData(['dashboard'], { counts: { today: 2 } });
    const doc = pageWithData(JSON.stringify(dehydrate(server)));
    const client = new QueryClient();
    expect(takeServerPageData(client, doc)).toBe(true);
    expect(client.getQueryData(['dashboard'])).toEqual({ counts: { today: 2 } });
    expect(doc.getElementById(SERVER_HTML.pageDataId)).toBeNull();
    expect(takeServerPageData(new QueryClient(), doc)).toBe(false);
  });

  it('notes the data version the page was read at, for live sync, when the HTML names one', () => {
    const server = new QueryClient();
    server.setQueryData(['work', 'tasks'], ['a task']);
    const state = JSON.stringify(dehydrate(server));
    const client = new QueryClient();
    const versioned = pageWithData(state);
    versioned
      .getElementById(SERVER_HTML.pageDataId)
      ?.setAttribute(SERVER_HTML.pageDataVersionAttribute, '12');
    expect(takeServerPageData(client, versioned)).toBe(true);
    const hash = client.getQueryCache().find({ queryKey: ['work', 'tasks'] })?.queryHash;
    expect(notePageReads).toHaveBeenCalledWith(
      client,
      [expect.objectContaining({ queryHash: hash })],
      12,
    );
    notePageReads.mockClear();
    expect(takeServerPageData(new QueryClient(), pageWithData(state))).toBe(true);
    expect(notePageReads).not.toHaveBeenCalled();
  });

  it('takes nothing from HTML without data, or with data it cannot read', () => {
    const client = new QueryClient();
    expect(takeServerPageData(client, document.implementation.createHTMLDocument())).toBe(false);
    expect(takeServerPageData(client, pageWithData('{"queries": [oops'))).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
