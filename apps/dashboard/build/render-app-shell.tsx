import { renderToStaticMarkup } from 'react-dom/server';
import { APP_SHELL_PAGES, appShellMarkers } from '@pravesh/core/my-account/app-shell.ts';
import { AppShellSkeleton } from '../src/layout/app-shell-skeleton.tsx';

/**
 * The static copies of the app shell that index.html carries in #root, one per shell page between
 * its markers: the API server keeps the one for the path it answers (core my-account/app-shell.ts)
 * and React replaces it on its first render.
 */
export function renderAppShells(): string {
  return APP_SHELL_PAGES.map((page) => {
    const { start, end } = appShellMarkers(page);
    return `${start}${renderToStaticMarkup(<AppShellSkeleton page={page} />)}${end}`;
  }).join('');
}
