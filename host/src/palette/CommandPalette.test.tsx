import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import type { CommandSource } from '@stride/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, Profiler } from 'react';
import { renderAt, testUser } from '../test/render';
import { useThemeStore } from '../theme/theme-store';
import { CommandPalette } from './CommandPalette';
import { usePaletteStore } from './palette-store';
import { startPaletteShortcut } from './shortcut';

/** The searches the palette ran, by the query they were for. */
const ran: string[] = [];
/** The saved views the user has: what `listed` answers with, each time the palette opens. */
let savedViews: string[] = [];

const tasksSource: CommandSource = {
  commands: [
    {
      id: 'tasks.new',
      label: 'New task',
      group: 'Tasks',
      run: ({ navigate }) => navigate('/tasks?new=1'),
    },
  ],
  listed: async () =>
    savedViews.map((name) => ({
      id: `tasks.view.${name}`,
      label: `View: ${name}`,
      group: 'Saved views',
      run: () => {},
    })),
  search: async (query) => [
    {
      id: 'tasks.search',
      label: `Search tasks for “${query}”`,
      group: 'Tasks',
      run: () => {
        ran.push(query);
      },
    },
  ],
};

// The goals remote is down: its commands never load.
rs.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: rs.fn(async (id: string) => {
    if (id === 'remote_tasks/commands') return { default: tasksSource };
    throw new Error(`${id} is down`);
  }),
}));
rs.mock('../telemetry/remote-loads', () => ({ pageRendered: rs.fn() }));

function Shell() {
  return <CommandPalette />;
}

let stopShortcut: () => void = () => {};
beforeEach(() => {
  stopShortcut = startPaletteShortcut();
});

const options = () => screen.getAllByRole('option').map((option) => option.textContent);

afterEach(() => {
  stopShortcut();
  act(() => usePaletteStore.getState().setOpen(false));
  cleanup();
});

describe('CommandPalette', () => {
  it('opens on Ctrl-K with the shell’s commands and the commands of every remote that is up', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    await user.keyboard('{Control>}k{/Control}');
    const combobox = screen.getByRole('combobox', { name: 'Command' });
    expect(combobox).toBe(document.activeElement);
    await screen.findByRole('option', { name: /New task/ });
    expect(options()).toContain('Go to GoalsGo to');
    expect(options()).toContain('Log outAccount');
    expect(options().some((text) => text?.includes('New goal'))).toBe(false);
  });

  it('stays open when the close event of its last closing arrives after Ctrl-K opened it again', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Command palette' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    // A command ran (the palette closed) and Ctrl-K came before the dialog's close event.
    act(() => void dialog.dispatchEvent(new Event('close')));
    expect(usePaletteStore.getState().open).toBe(true);
    expect(dialog.open).toBe(true);
  });

  it('is driven from the keyboard: type to filter, arrows to choose, Enter to run', async () => {
    const user = userEvent.setup();
    useThemeStore.getState().setPreference('light');
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    act(() => usePaletteStore.getState().setOpen(true));
    const combobox = screen.getByRole('combobox', { name: 'Command' });
    await user.type(combobox, 'theme');
    // The tasks remote searches every query; its answer comes last (wait for it: it lands
    // 120 ms after the typing, so without the wait the list depends on the machine's speed).
    await screen.findByRole('option', { name: /Search tasks for “theme”/ });
    expect(options()).toEqual([
      'Theme: LightTheme',
      'Theme: DarkTheme',
      'Theme: Auto (follow the system)Theme',
      'Search tasks for “theme”Tasks',
    ]);
    const selected = () => screen.getByRole('option', { selected: true });
    expect(combobox.getAttribute('aria-activedescendant')).toBe(selected().id);
    await user.keyboard('{ArrowDown}');
    expect(selected().textContent).toBe('Theme: DarkTheme');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected().textContent).toContain('Search tasks');
    await user.keyboard('{ArrowUp}');
    expect(selected().textContent).toContain('Auto');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(useThemeStore.getState().preference).toBe('dark');
    expect(usePaletteStore.getState().open).toBe(false);
  });

  it('leads to export and import from the words people use for them', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/tasks', [{ path: '*', element: <Shell /> }], { user: testUser });
    act(() => usePaletteStore.getState().setOpen(true));
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'todoist');
    expect(options()[0]).toContain('Import tasks from a file');
    await user.keyboard('{Enter}');
    expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe(
      '/dashboard#import',
    );
    act(() => usePaletteStore.getState().setOpen(true));
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'backup');
    expect(options()[0]).toContain('Export your data');
  });

  it('settles when signed out (an empty source list once re-rendered it without end)', async () => {
    let renders = 0;
    renderAt('/login', [
      {
        path: '/login',
        element: (
          <Profiler id="palette" onRender={() => renders++}>
            <Shell />
          </Profiler>
        ),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(renders).toBeLessThan(5);
  });

  it('lists the commands the remotes make of the user’s data, afresh each time it opens', async () => {
    const user = userEvent.setup();
    savedViews = ['Errands'];
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    act(() => usePaletteStore.getState().setOpen(true));
    await screen.findByRole('option', { name: /View: Errands/ });
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'errand');
    expect(options()[0]).toContain('View: Errands');

    act(() => usePaletteStore.getState().setOpen(false));
    savedViews = ['Errands', 'Deep work'];
    act(() => usePaletteStore.getState().setOpen(true));
    await screen.findByRole('option', { name: /View: Deep work/ });
    savedViews = [];
  });

  it('adds what the remotes make of the query', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    act(() => usePaletteStore.getState().setOpen(true));
    await screen.findByRole('option', { name: /New task/ });
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'milk');
    const list = screen.getByRole('listbox', { name: 'Commands' });
    expect(
      await within(list).findByRole('option', { name: /Search tasks for “milk”/ }),
    ).toBeTruthy();
  });

  it('runs the first result of what was typed when Enter comes before the search has', async () => {
    const user = userEvent.setup();
    ran.length = 0;
    renderAt('/dashboard', [{ path: '/dashboard', element: <Shell /> }], { user: testUser });
    act(() => usePaletteStore.getState().setOpen(true));
    await screen.findByRole('option', { name: /New task/ });
    // No command's name holds "invoice": only the search can answer, and Enter is at once.
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'invoice{Enter}');
    await expect.poll(() => ran).toEqual(['invoice']);
    expect(usePaletteStore.getState().open).toBe(false);
  });
});
