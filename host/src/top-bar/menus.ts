// The Radix menus of the top bar, loaded apart from the first page (menu-handoff.ts).
export { ThemeMenu } from './ThemeMenu';
export { UserMenu } from './UserMenu';
