import { paths, useAuthStore } from '@stride/shared';
import { Link, NavLink } from 'react-router-dom';
import { useOnHeldServerPage } from '../guard/held-server-page';
import { NAV_ITEMS } from '../navigation/nav-items';
import { warmNavigation } from '../navigation/warm-up';
import { usePaletteStore } from '../palette/palette-store';
import { TopBarMenus } from './TopBarMenus';

/**
 * The top bar of docs/product.md §2. Only its end reads the user: when the
 * user arrives (the session check's answer, or the first render after a
 * page sent as HTML is hydrated), React redraws that part alone, in one
 * task it cannot slice, and not the logo and nav links beside it
 * (docs/architecture.md §2, "Start-up in slices").
 */
export function TopBar() {
  return (
    <header className="top-bar">
      <Link to={paths.dashboard} className="top-bar__logo" aria-label="Stride">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <rect width="24" height="24" rx="6" fill="var(--accent)" />
          <path
            d="M6 15.5l4-4 3 3 5-6"
            fill="none"
            stroke="var(--accent-contrast)"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="top-bar__wordmark">Stride</span>
      </Link>
      <nav className="top-bar__nav" aria-label="Main">
        {NAV_ITEMS.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className="nav-button"
            onPointerEnter={() => warmNavigation(item)}
            onFocus={() => warmNavigation(item)}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="top-bar__end">
        <button
          type="button"
          className="icon-button top-bar__palette"
          aria-keyshortcuts="Control+K Meta+K"
          title="Command palette (Ctrl K)"
          onClick={() => usePaletteStore.getState().setOpen(true)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {/* The name holds the visible shortcut too, so voice users can say what they see. */}
          <span className="visually-hidden">Command palette</span>
          <kbd className="top-bar__palette-key">Ctrl K</kbd>
        </button>
        <TopBarAccount />
      </div>
    </header>
  );
}

/** The menus, and "Sign in" while no one is. */
function TopBarAccount() {
  const user = useAuthStore((state) => state.user);
  // A signed-in page sent as HTML went to a session the server checked: no "Sign in" on it.
  const signedInPage = useOnHeldServerPage();
  return (
    <>
      <TopBarMenus user={user} />
      {!user && !signedInPage && (
        <Link to={paths.login} className="ui-button ui-button--primary ui-button--small">
          Sign in
        </Link>
      )}
    </>
  );
}
