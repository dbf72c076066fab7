// The content of the top bar's menus (Radix), loaded apart from the first page (menu-frame.ts).
export { ThemeMenu } from './ThemeMenu';
export { UserMenu } from './UserMenu';
