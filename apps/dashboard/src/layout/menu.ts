/**
 * The left menu (spec 001 §2 routes) and each route's layout: standard (header, left menu,
 * footer), no footer, or no left menu and no footer. Paths are relative to /myaccount.
 */
export type LayoutKind = 'standard' | 'noFooter' | 'noLeftMenu';

export interface MenuEntry {
  path: string;
  label: string;
  icon: IconName;
}

export type IconName = 'home' | 'user' | 'bank' | 'bell' | 'help' | 'receipt' | 'shield' | 'devices' | 'id';

export const MENU: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'Dashboard', icon: 'home' },
  { path: '/profile', label: 'Profile', icon: 'user' },
  { path: '/personal-details', label: 'Personal details', icon: 'id' },
  { path: '/linked-accounts', label: 'Linked bank accounts', icon: 'bank' },
  { path: '/preferences', label: 'Communication preferences', icon: 'bell' },
  { path: '/download-invoice', label: 'Invoices', icon: 'receipt' },
  { path: '/consent-revocation', label: 'Consents', icon: 'shield' },
  { path: '/active-devices', label: 'Active devices', icon: 'devices' },
  { path: '/your-data', label: 'Your data', icon: 'shield' },
  { path: '/support', label: 'Help and support', icon: 'help' },
];
