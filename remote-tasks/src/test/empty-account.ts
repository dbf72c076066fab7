// Every page test of this remote starts from an account with no labels and
// no saved views: the Tasks page, a task's editor and its rows read GET
// /labels/ and /views/. A test that wants some declares them with fakeApi,
// which is registered after this and so answers first.
import { beforeEach } from '@rstest/core';
import { json, network } from '@stride/shared/testing';
import { http } from 'msw';

beforeEach(() => {
  network.use(
    http.get('*/api/labels/', () => json({ items: [] })),
    http.get('*/api/views/', () => json({ items: [] })),
  );
});
