import { render } from '@testing-library/react';
import { LayoutContent, RouteSkeleton } from '.';
import { appSkeletonHtml, skeletonKindFor } from './markup';
import { skeletonScript, staticSkeletonHtml } from './static';
import Loading from '@/loading';

describe('skeletonKindFor', () => {
  it.each([
    ['/user/login', 'login'],
    ['/user/register', 'login'],
    ['/', 'catalogue'],
    ['/interface_info/1800000000000000001', 'detail'],
    ['/admin/interface_info', 'table'],
    ['/admin/user', 'table'],
    ['/admin/plan', 'table'],
    ['/admin/interface_analysis', 'charts'],
    ['/account/center', 'page'],
    ['/no/such/page', 'page'],
  ])('%s shows the %s skeleton', (pathname, kind) => {
    expect(skeletonKindFor(pathname)).toBe(kind);
  });
});

describe('the inline script of index.html', () => {
  it.each([
    ['/user/login', 'login'],
    ['/interface_info/42', 'detail'],
    ['/admin/interface_analysis', 'charts'],
  ])('marks <html> with the skeleton of %s', (pathname, kind) => {
    window.history.pushState({}, '', pathname);
    document.documentElement.removeAttribute('data-agler-skeleton');
    new Function(skeletonScript())();
    expect(document.documentElement.getAttribute('data-agler-skeleton')).toBe(kind);
  });
});

describe('the static skeleton', () => {
  it('holds the login card and the layout with every page kind, with the logo and title painted', () => {
    document.body.innerHTML = staticSkeletonHtml();
    expect(document.querySelectorAll('.agler-sk-login-card')).toHaveLength(1);
    expect(document.querySelectorAll('.agler-sk-layout')).toHaveLength(1);
    const kinds = [...document.querySelectorAll('[data-kind]')].map((el) => el.getAttribute('data-kind'));
    expect(kinds).toEqual(['catalogue', 'detail', 'table', 'charts', 'page']);
    expect(document.querySelector('.agler-sk-brand')?.textContent).toBe('Agler接口');
    expect(document.querySelector('.agler-sk')?.getAttribute('aria-busy')).toBe('true');
  });
});

describe('Loading', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('outside the layout shows the whole window as index.html does: layout and page', () => {
    window.history.pushState({}, '', '/admin/interface_info');
    const { container } = render(<Loading />);
    expect(container.querySelector('.agler-sk-layout')).not.toBeNull();
    expect(container.querySelector('.agler-sk-table')).not.toBeNull();
    expect(container.querySelector('.agler-sk')?.innerHTML).toBe(appSkeletonHtml('table'));
  });

  it('at the login page shows the login card', () => {
    window.history.pushState({}, '', '/user/login');
    const { container } = render(<Loading />);
    expect(container.querySelector('.agler-sk-login-card')).not.toBeNull();
    expect(container.querySelector('.agler-sk-layout')).toBeNull();
  });

  it('inside the layout shows only the page’s own skeleton, never an empty area', () => {
    window.history.pushState({}, '', '/admin/interface_analysis');
    const { container } = render(
      <LayoutContent>
        <Loading />
      </LayoutContent>,
    );
    expect(container.querySelector('.agler-sk-layout')).toBeNull();
    expect(container.querySelectorAll('.agler-sk-grid-4 .agler-sk-card')).toHaveLength(4);
    expect(container.textContent).toBe('加载中…');
  });

  it('follows the path it is given', () => {
    const { container } = render(<RouteSkeleton pathname="/user/register" />);
    expect(container.querySelector('.agler-sk-login-card')).not.toBeNull();
  });
});
