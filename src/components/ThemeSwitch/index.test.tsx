import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { theme } from 'antd';
import { fakeMatchMedia } from '@/testing/matchMedia';
import { DARK_QUERY, THEME_ATTRIBUTE, THEME_STORAGE_KEY } from '@/utils/theme';
import ThemeSwitch from '.';
import { ThemeProvider } from './ThemeProvider';

/** The system's scheme as `matchMedia` reports it. */
let systemDark = false;
const system = fakeMatchMedia((query) => query === DARK_QUERY && systemDark);
const jsdomMatchMedia = window.matchMedia;

function mockSystem(dark: boolean) {
  systemDark = dark;
  act(() => system.changed());
}

beforeEach(() => {
  systemDark = false;
  window.localStorage.clear();
  document.documentElement.removeAttribute(THEME_ATTRIBUTE);
  window.matchMedia = system.matchMedia;
});

afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
});

/** Shows the container colour antd's theme gives, as the pages' cards would paint it. */
function Probe() {
  const { token } = theme.useToken();
  return <output aria-label="container">{token.colorBgContainer}</output>;
}

const THEMES = {
  light: { token: { motion: false } },
  dark: { algorithm: theme.darkAlgorithm, token: { motion: false } },
};

/** The switch in the app's theme provider, as the header has it. */
function renderSwitch() {
  return render(
    <StyleProvider mock="server">
      <ThemeProvider themes={THEMES}>
        <ThemeSwitch />
        <Probe />
      </ThemeProvider>
    </StyleProvider>,
  );
}

const button = () => screen.getByRole('button', { name: /^切换外观/ });
const container = () => screen.getByLabelText('container');

async function choose(name: string) {
  fireEvent.click(button());
  const item = await screen.findByRole('menuitemradio', { name });
  fireEvent.click(item);
}

describe('ThemeSwitch', () => {
  it('follows the system by default, and its changes while the page is open', () => {
    systemDark = true;
    renderSwitch();
    expect(button()).toHaveAccessibleName('切换外观（当前：跟随系统，深色）');
    expect(document.documentElement).toHaveAttribute(THEME_ATTRIBUTE, 'dark');
    expect(container()).toHaveTextContent('#141414');

    mockSystem(false);
    expect(button()).toHaveAccessibleName('切换外观（当前：跟随系统，浅色）');
    expect(document.documentElement).toHaveAttribute(THEME_ATTRIBUTE, 'light');
    expect(container()).toHaveTextContent('#ffffff');
  });

  it('opens with the current choice checked, giving the menu the focus for the arrow keys', async () => {
    renderSwitch();
    fireEvent.click(button());
    const system = await screen.findByRole('menuitemradio', { name: '跟随系统' });
    expect(system).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: '深色模式' })).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(system).toHaveFocus());
  });

  it('applies a choice at once, against the system, and remembers it', async () => {
    const { unmount } = renderSwitch();
    await choose('深色模式');
    expect(button()).toHaveAccessibleName('切换外观（当前：深色模式）');
    expect(document.documentElement).toHaveAttribute(THEME_ATTRIBUTE, 'dark');
    expect(container()).toHaveTextContent('#141414');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // The next visit reads it back; the system's scheme no longer decides.
    unmount();
    renderSwitch();
    expect(button()).toHaveAccessibleName('切换外观（当前：深色模式）');
    mockSystem(false);
    expect(container()).toHaveTextContent('#141414');
  });

  it('forgets the choice when set back to follow the system', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    systemDark = true;
    renderSwitch();
    expect(container()).toHaveTextContent('#ffffff');
    await choose('跟随系统');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(container()).toHaveTextContent('#141414');
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    renderSwitch();
    expect(button()).toHaveAccessibleName('切换外观（当前：跟随系统，浅色）');
  });
});
