import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@pravesh/ui';
import { BRAND, copyrightLine } from '@pravesh/core/brand.ts';
import { useAppSelector, useAppStore } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { maskMobile } from '../lib/format.ts';
import { isMobileOrWebviewSource } from '../session/campaign.ts';
import { logout } from '../session/flows.ts';
import { Icon } from './icons.tsx';
import { MENU, type LayoutKind } from './menu.ts';

function Brand() {
  return (
    <span className="ma-brand">
      <span className="ma-brand-mark" aria-hidden="true">
        K
      </span>
      <span className="ma-brand-name">Kosh</span>
      <span className="ma-brand-product">My Account</span>
    </span>
  );
}

function LogoutButton({ className }: { className?: string }) {
  const services = useServices();
  const store = useAppStore();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      loading={busy}
      loadingLabel="Logging out…"
      onClick={() => {
        setBusy(true);
        services.analytics.track({ action: 'clicked', category: 'header', label: 'logout', page: 'myAccount' });
        void logout({ services, store });
      }}
    >
      Log out
    </Button>
  );
}

function Menu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="ma-menu" role="list">
      {MENU.map((entry) => (
        <li key={entry.path}>
          <NavLink to={entry.path} className="ma-menu-link" onClick={onNavigate}>
            <Icon name={entry.icon} />
            <span>{entry.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Header: brand, the signed-in number (masked), logout; at ≤820px a menu button opens the menu.
 * The account-aggregator screens (the no-left-menu layout) hide the action for a mobile or
 * webview source (spec 001 §2): the app around them has its own.
 */
function Header({ withMenu }: { withMenu: boolean }) {
  const mobileNo = useAppSelector((state) => state.user.userData?.mobileNo);
  const hideAction = useAppSelector((state) => !withMenu && isMobileOrWebviewSource(state.user.utmData));
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header className="ma-header">
      <div className="ma-header-inner">
        {withMenu ? (
          <button
            ref={toggle}
            type="button"
            className="ma-menu-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name={open ? 'close' : 'menu'} size={22} />
            <span className="pv-visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
        ) : null}
        <NavLink to="/dashboard" className="ma-brand-link" aria-label="Kosh My Account, dashboard">
          <Brand />
        </NavLink>
        <div className="ma-header-account">
          {mobileNo ? (
            <p className="ma-header-user">
              <span className="ma-avatar" aria-hidden="true">
                <Icon name="user" size={18} />
              </span>
              <span>
                <span className="pv-visually-hidden">Signed in as </span>
                {maskMobile(mobileNo)}
              </span>
            </p>
          ) : null}
          {hideAction ? null : <LogoutButton className="ma-header-logout" />}
        </div>
      </div>
      {withMenu ? (
        <nav id={panelId} className="ma-menu-panel" aria-label="My Account" hidden={!open}>
          <Menu onNavigate={() => setOpen(false)} />
        </nav>
      ) : null}
    </header>
  );
}

function Footer() {
  return (
    <footer className="ma-footer">
      <div className="ma-footer-inner">
        <p>
          Need help? Write to <a href="mailto:care@kosh.example.in">care@kosh.example.in</a> or call{' '}
          <a href="tel:18002660000">1800 266 0000</a> (toll-free, 9 am to 7 pm, Monday to Saturday).
        </p>
        <p className="ma-footer-note">
          {BRAND.name} never asks for your OTP, PIN or password on a call. {copyrightLine(2026)}
        </p>
      </div>
    </footer>
  );
}

/**
 * The three layouts of spec 001 §2: standard (header, left menu, footer), no footer, and no left
 * menu and no footer. The sidebar is 282px and hidden at ≤820px, where the header's menu button
 * opens the same menu; content is at most 1170px wide.
 */
export function Shell({ layout, children }: { layout: LayoutKind; children: ReactNode }) {
  const withMenu = layout !== 'noLeftMenu';
  return (
    <div className={`ma-shell ma-shell--${layout}`}>
      <a className="ma-skip-link" href="#main">
        Skip to content
      </a>
      <Header withMenu={withMenu} />
      <div className="ma-body">
        {withMenu ? (
          <nav className="ma-sidebar" aria-label="My Account menu">
            <Menu />
          </nav>
        ) : null}
        <main id="main" className="ma-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {layout === 'standard' ? <Footer /> : null}
    </div>
  );
}

export function PageTitle({ children, lede }: { children: ReactNode; lede?: ReactNode }) {
  return (
    <div className="ma-page-head">
      <h1 className="ma-page-title">{children}</h1>
      {lede ? <p className="ma-page-lede">{lede}</p> : null}
    </div>
  );
}
