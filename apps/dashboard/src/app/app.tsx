import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { ServicesContext, type Services } from './services.ts';
import type { AppStore } from './store.ts';

export function App({
  store,
  services,
  router,
}: {
  store: AppStore;
  services: Services;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </ServicesContext.Provider>
  );
}
