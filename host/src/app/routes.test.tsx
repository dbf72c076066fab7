import { describe, expect, it } from '@rstest/core';
import { matchRoutes } from 'react-router-dom';
import { HOME_PATH, PAGE_AT, type PagePath, remotePageAt } from '../route-table/route-table';
import { routes } from './routes';

/** The table path of the route the router picks, or home for its redirects. */
function routedPath(pathname: string): PagePath {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  const path = route?.path;
  return path && path !== '*' && path in PAGE_AT ? (path as PagePath) : HOME_PATH;
}

describe('the routes and the route table', () => {
  it.each([...Object.keys(PAGE_AT), '/', '/TASKS', '/goals/', '/tasks/123', '/no-such-page'])(
    'agree on the page %s shows',
    (pathname) => {
      expect(PAGE_AT[routedPath(pathname)]).toEqual(remotePageAt(pathname));
    },
  );

  it('route every path of the table', () => {
    for (const path of Object.keys(PAGE_AT)) expect(routedPath(path)).toBe(path);
  });
});
