import { App, ConfigProvider } from 'antd';

/**
 * The application shell: antd's theme provider and its App context (so message/notification/modal hooks pick
 * up the theme). The next issue puts the store, router and lazy pages inside.
 */
export function Shell() {
  return (
    <ConfigProvider>
      <App>
        <main>
          <h1>Undergraduate Admission Application</h1>
          <p>Apply online for undergraduate admission. You can save your answers and come back at any time.</p>
        </main>
      </App>
    </ConfigProvider>
  );
}
