import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { fakeMatchMedia } from '@/testing/matchMedia';
import { SCREEN_QUERIES, useScreen } from './media';

/** The screen's width, as the queries of `matchMedia` see it. */
let width = 1366;
const system = fakeMatchMedia((query) => {
  const max = /max-width: (\d+)px/.exec(query);
  const min = /min-width: (\d+)px/.exec(query);
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
});
const jsdomMatchMedia = window.matchMedia;

beforeEach(() => {
  width = 1366;
  window.matchMedia = system.matchMedia;
});

afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
});

let renders = 0;
function Probe() {
  renders += 1;
  const phone = useScreen('xs');
  const wide = useScreen('lg');
  return <output aria-label="screen">{`${phone ? 'phone' : 'not phone'}, ${wide ? 'wide' : 'not wide'}`}</output>;
}

describe('useScreen', () => {
  it("asks antd's breakpoints, as antd's default tokens set them", () => {
    const token = theme.getDesignToken();
    // antd's Grid writes its queries this way (antd/es/_util/responsiveObserver).
    expect(SCREEN_QUERIES).toEqual({
      xs: `(max-width: ${token.screenXSMax}px)`,
      md: `(min-width: ${token.screenMD}px)`,
      lg: `(min-width: ${token.screenLG}px)`,
    });
  });

  it('knows the screen in the first render, and renders once', () => {
    width = 390;
    renders = 0;
    render(<Probe />);
    expect(screen.getByLabelText('screen')).toHaveTextContent('phone, not wide');
    expect(renders).toBe(1);
  });

  it('follows the screen when it changes', () => {
    render(<Probe />);
    expect(screen.getByLabelText('screen')).toHaveTextContent('not phone, wide');
    width = 500;
    act(() => system.changed());
    expect(screen.getByLabelText('screen')).toHaveTextContent('phone, not wide');
  });
});
