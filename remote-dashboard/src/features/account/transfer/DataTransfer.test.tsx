import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderDashboard } from '../../../test/render';
import { DataTransfer } from './DataTransfer';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('DataTransfer', () => {
  it('shows its words and buttons at once, the import’s included', () => {
    renderDashboard(<DataTransfer />);
    screen.getByRole('heading', { name: 'Your data' });
    screen.getByRole('button', { name: 'Export JSON' });
    screen.getByRole('button', { name: 'Import a file…' });
  });

  it.each([
    ['#export', 'Export JSON'],
    ['#import', 'Import a file…'],
  ])('puts the focus on what %s asked for (the palette’s commands)', async (hash, name) => {
    window.history.replaceState(null, '', `/dashboard${hash}`);
    renderDashboard(<DataTransfer />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name })));
  });
});
