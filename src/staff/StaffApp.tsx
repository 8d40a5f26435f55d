import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import type { StaffStore } from './store';
import type { StaffRouter } from './router';
import { STAFF_THEME } from './theme';

/** The console: its store, antd's theme and its router. */
export function StaffApp({ store, router }: { store: StaffStore; router: StaffRouter }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ConfigProvider theme={STAFF_THEME}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </Provider>
    </StrictMode>
  );
}
