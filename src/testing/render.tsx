import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/**
 * antd as the app has it (App for message and modal), with two changes for
 * jsdom: antd's styles stay out of the document (`mock="server"`), and motion
 * is off. jsdom matches every injected rule on each getComputedStyle call,
 * which role queries, clicks and antd itself make many of: with antd's styles
 * in the document a page's tests take minutes instead of seconds.
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
