import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { fakeMatchMedia } from '@/testing/matchMedia';
import { REDUCED_MOTION_QUERY } from '@/utils/motion';
import { ThemeProvider } from './ThemeProvider';

/** The system's `prefers-reduced-motion` as `matchMedia` reports it. */
let reduced = false;
const system = fakeMatchMedia((query) => query === REDUCED_MOTION_QUERY && reduced);
const jsdomMatchMedia = window.matchMedia;

beforeEach(() => {
  reduced = false;
  window.matchMedia = system.matchMedia;
});

afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
});

/** What antd's components read: the motion token and whether buttons make their click wave. */
function Probe() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return (
    <>
      <output aria-label="motion">{String(token.motion)}</output>
      <output aria-label="wave">{wave?.disabled ? 'off' : 'on'}</output>
    </>
  );
}

const THEMES = { light: {}, dark: { algorithm: theme.darkAlgorithm } };

describe('ThemeProvider', () => {
  it("keeps antd's motion, and leaves it and the click wave out while the system asks for less", () => {
    render(
      <ThemeProvider themes={THEMES}>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByLabelText('motion')).toHaveTextContent('true');
    expect(screen.getByLabelText('wave')).toHaveTextContent('on');

    reduced = true;
    act(() => system.changed());
    expect(screen.getByLabelText('motion')).toHaveTextContent('false');
    expect(screen.getByLabelText('wave')).toHaveTextContent('off');

    reduced = false;
    act(() => system.changed());
    expect(screen.getByLabelText('motion')).toHaveTextContent('true');
  });

  it('starts without motion when the system already asks for less', () => {
    reduced = true;
    render(
      <ThemeProvider themes={THEMES}>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByLabelText('motion')).toHaveTextContent('false');
  });
});
