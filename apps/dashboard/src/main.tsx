import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app.tsx';
import { createBrowserServices } from './app/bootstrap.ts';
import { readConfig } from './app/config.ts';
import { createRouter } from './app/router.tsx';
import { createStore, type AppStore } from './app/store.ts';

const config = readConfig();
// Nearly every visit lands on the dashboard (spec 001 §4: login falls back to it). Its screen's
// chunk starts downloading now, beside the state restore and the session check, not after them
// (bench/dashboard-page.ts: it waited for two round trips before the page could paint). A failure
// here is ignored: the route's own lazy load meets it and applies the reload-once rule.
if (location.pathname.startsWith(`${config.basePath}dashboard`)) {
  import('./features/home/dashboard-page.tsx').catch(() => undefined);
}
// The HTTP helper reports API errors to the store, which needs the services itself: a late link.
const created: { store?: AppStore } = {};
const services = createBrowserServices(config, () => created.store?.dispatch);
// spec 001 §3: the persisted state is restored first, for at most 5000 ms.
const preloaded = await services.persistence.restore();
const store = createStore({ preloaded, persistence: services.persistence, services });
created.store = store;

createRoot(document.getElementById('root')!).render(
  // No StrictMode double effects: a login exchanges its one-time code exactly once.
  <App store={store} services={services} router={createRouter(config.basePath)} />,
);
