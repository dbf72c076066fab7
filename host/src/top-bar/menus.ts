// The content of the top bar's menus (Radix), loaded apart from the first page (MenuButton.tsx).
export { ThemeMenu } from './ThemeMenu';
export { UserMenu } from './UserMenu';
