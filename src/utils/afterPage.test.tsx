import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { LayoutContent, MenuSkeleton, PageSkeleton, RouteSkeleton } from '@/components/Skeleton';
import { AFTER_PAGE_MAX_WAIT_MS, AfterPage, resetAfterPage, useLoadingMark } from './afterPage';

/** A page whose content waits for its first answer: it marks itself until the answer is in. */
function AnsweringPage({ answered }: { answered: boolean }) {
  useLoadingMark(!answered);
  return answered ? <a href="/interface_info/1">天气查询</a> : <p>加载中</p>;
}

/** The layout as far as this goes: the header's tools, the side menu, and the page or its skeleton. */
function Layout({ page }: { page: 'skeleton' | 'route skeleton' | 'content' | 'asking' | 'answered' }) {
  return (
    <>
      <header>
        <AfterPage>
          <input placeholder="站内搜索" />
        </AfterPage>
      </header>
      <nav>
        <AfterPage fallback={<MenuSkeleton />}>
          <a href="/">主页</a>
        </AfterPage>
      </nav>
      <main>
        {page === 'skeleton' && <PageSkeleton pathname="/" />}
        {page === 'route skeleton' && (
          <LayoutContent>
            <RouteSkeleton pathname="/" />
          </LayoutContent>
        )}
        {page === 'content' && <a href="/interface_info/1">天气查询</a>}
        {(page === 'asking' || page === 'answered') && <AnsweringPage answered={page === 'answered'} />}
      </main>
    </>
  );
}

const tools = () => screen.queryByPlaceholderText('站内搜索');
/** Runs the frame that paints what was committed, then the tasks after it. */
const nextFrame = () => act(() => jest.advanceTimersByTime(20));

beforeEach(() => {
  resetAfterPage();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('the header’s tools, after the page', () => {
  it('wait while the page’s skeleton shows, and come after the frame that paints the page', () => {
    const { rerender } = render(<Layout page="skeleton" />);
    nextFrame();
    expect(tools()).toBeNull();
    act(() => jest.advanceTimersByTime(AFTER_PAGE_MAX_WAIT_MS / 2));
    expect(tools()).toBeNull();

    rerender(<Layout page="content" />);
    // The page is committed alone; the tools render in a later task.
    expect(screen.getByText('天气查询')).toBeInTheDocument();
    expect(tools()).toBeNull();
    nextFrame();
    expect(tools()).toBeInTheDocument();
  });

  it('leave the side menu’s placeholders, which are no page skeleton, until then', () => {
    const { rerender } = render(<Layout page="skeleton" />);
    nextFrame();
    expect(document.querySelector('nav .agler-sk-menu')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '主页' })).toBeNull();
    rerender(<Layout page="content" />);
    nextFrame();
    expect(screen.getByRole('link', { name: '主页' })).toBeInTheDocument();
    expect(document.querySelector('.agler-sk')).toBeNull();
  });

  it('wait for every skeleton: the route’s, which draws the page’s inside the layout', () => {
    const { rerender } = render(<Layout page="route skeleton" />);
    expect(document.querySelectorAll('main .agler-sk')).toHaveLength(1);
    nextFrame();
    expect(tools()).toBeNull();
    rerender(<Layout page="content" />);
    nextFrame();
    expect(tools()).toBeInTheDocument();
  });

  it('wait for a page that marks itself until its first answer, also when it replaced the skeleton', () => {
    const { rerender } = render(<Layout page="skeleton" />);
    nextFrame();
    // The skeleton's mark goes and the page's comes in one commit.
    rerender(<Layout page="asking" />);
    nextFrame();
    expect(tools()).toBeNull();
    nextFrame();
    expect(tools()).toBeNull();

    rerender(<Layout page="answered" />);
    expect(tools()).toBeNull();
    nextFrame();
    expect(tools()).toBeInTheDocument();
  });

  it('come after the first frame when the page is there with the layout', () => {
    render(<Layout page="content" />);
    expect(tools()).toBeNull();
    nextFrame();
    expect(tools()).toBeInTheDocument();
  });

  it('come in the first render once a page has been drawn: a layout mounted again does not wait', () => {
    const first = render(<Layout page="content" />);
    nextFrame();
    first.unmount();
    let inFirstCommit: boolean | undefined;
    // A parent's layout effect runs in the commit of its children's first render.
    function Again() {
      useLayoutEffect(() => {
        inFirstCommit = tools() !== null;
      }, []);
      return <Layout page="skeleton" />;
    }
    render(<Again />);
    expect(inFirstCommit).toBe(true);
  });

  it('come anyway when the page keeps loading', () => {
    render(<Layout page="skeleton" />);
    act(() => jest.advanceTimersByTime(AFTER_PAGE_MAX_WAIT_MS - 1));
    expect(tools()).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(tools()).toBeInTheDocument();
  });

  it('leave nothing running once the layout is gone', () => {
    const { unmount } = render(<Layout page="skeleton" />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
