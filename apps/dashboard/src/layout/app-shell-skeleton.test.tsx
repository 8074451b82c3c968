// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { APP_SHELL_PAGES } from '@pravesh/core/my-account/app-shell.ts';
import { AppShellSkeleton, DASHBOARD_TEXT, SHELL_LABEL } from './app-shell-skeleton.tsx';

describe('app shell skeleton', () => {
  it.each(APP_SHELL_PAGES)('%s: its static copy needs no style attribute (the CSP allows none)', (page) => {
    const html = renderToStaticMarkup(<AppShellSkeleton page={page} />);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('ma-header');
  });

  it("shows the dashboard's words every customer sees, and nothing of the generic frame's", () => {
    const dashboard = renderToStaticMarkup(<AppShellSkeleton page="dashboard" />);
    for (const text of Object.values(DASHBOARD_TEXT)) expect(dashboard).toContain(text);
    expect(renderToStaticMarkup(<AppShellSkeleton page="page" />)).not.toContain(DASHBOARD_TEXT.greeting);
  });

  it('tells assistive technology it is loading, and hides the picture of the page', () => {
    render(<AppShellSkeleton page="dashboard" />);
    expect(screen.getByRole('status').textContent).toBe(SHELL_LABEL);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
