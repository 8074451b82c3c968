/**
 * My Account's static app shells: the build renders one per page kind into index.html, each
 * between its markers (apps/dashboard/build/render-app-shell.tsx), and the API server keeps the one
 * for the path it answers (apps/server/src/modules/my-account/pages.ts), so the first paint needs
 * no script. The dashboard shows the same shell while its layout guard checks the session.
 */
export const APP_SHELL_PAGES = ['dashboard', 'page'] as const;
export type AppShellPage = (typeof APP_SHELL_PAGES)[number];

/** The shell of a path under the app's base path ("/dashboard", "/profile"; query and hash excluded). */
export function appShellPageOf(pathname: string): AppShellPage {
  return /^\/dashboard\/?$/.test(pathname) ? 'dashboard' : 'page';
}

/** The comments around one shell in index.html. */
export function appShellMarkers(page: AppShellPage): { start: string; end: string } {
  return { start: `<!--shell:${page}-->`, end: `<!--/shell:${page}-->` };
}

/**
 * index.html with only the shell of `page` left in it (markers dropped); unchanged when it has
 * no shells (an older build).
 */
export function keepAppShell(html: string, page: AppShellPage): string {
  let out = html;
  for (const each of APP_SHELL_PAGES) {
    const { start, end } = appShellMarkers(each);
    const from = out.indexOf(start);
    const to = out.indexOf(end, from);
    if (from < 0 || to < 0) continue;
    const inner = out.slice(from + start.length, to);
    out = out.slice(0, from) + (each === page ? inner : '') + out.slice(to + end.length);
  }
  return out;
}
