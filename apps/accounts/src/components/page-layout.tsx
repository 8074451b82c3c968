import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';

/** The full-page frame of the accounts pages (/authorize, /logout, the unavailable page): brand, one card, optional footer. */
export function PageLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header-inner">
          <Brand />
        </div>
      </header>
      <main className="page-main">
        <div className="card">{children}</div>
      </main>
      {footer === undefined ? null : <footer className="page-footer">{footer}</footer>}
    </div>
  );
}
