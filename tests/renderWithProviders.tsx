import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';

/**
 * Renders a component inside the app's providers. Today that is antd's ConfigProvider and App; this is the one
 * place to add the Redux store (`makeStore(preloadedState)` and a `store` in the returned object) and, where a
 * test needs it, a MemoryRouter, so every test renders with the same providers as src/main.tsx.
 */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ConfigProvider>
        <App>{children}</App>
      </ConfigProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
