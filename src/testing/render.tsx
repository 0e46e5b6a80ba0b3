import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/**
 * antd as the app has it (App for message and modal), but with motion off and antd's styles kept
 * out of the document (`mock="server"`), since jsdom matches every injected rule on each
 * getComputedStyle call and the tests would crawl.
 */
function AntdForTests({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{children}</App>
      </ConfigProvider>
    </StyleProvider>
  );
}

/** Testing Library's render inside antd as set up for tests (see AntdForTests). */
export function renderWithAntd(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: AntdForTests, ...options });
}
