import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { appSkeletonHtml, contentSkeletonHtml, MENU_HTML, skeletonKindFor } from './markup';
import type { ContentKind } from './markup';
import { useLoadingMark } from '@/utils/afterPage';

/** True inside the layout's content area: a loading page there shows only its own skeleton. */
const InLayoutContext = createContext(false);

export function LayoutContent({ children }: { children?: ReactNode }) {
  return <InLayoutContext.Provider value>{children}</InLayoutContext.Provider>;
}

function contentKindOf(pathname: string): ContentKind {
  const kind = skeletonKindFor(pathname);
  return kind === 'login' ? 'page' : kind;
}

/** The skeleton of the page at `pathname`, as the layout's content area shows it while it loads. */
export function PageSkeleton({ pathname = window.location.pathname }: { pathname?: string }) {
  // The header's tools and the side menu wait while it shows (src/utils/afterPage.ts).
  useLoadingMark();
  return (
    <div
      className="agler-sk"
      aria-busy="true"
      dangerouslySetInnerHTML={{ __html: contentSkeletonHtml(contentKindOf(pathname)) }}
    />
  );
}

/**
 * What shows while something loads: within the layout the page's own skeleton, elsewhere the
 * whole window's (the layout around it, or the login card), the same markup index.html starts with.
 */
export function RouteSkeleton({ pathname = window.location.pathname }: { pathname?: string }) {
  const inLayout = useContext(InLayoutContext);
  if (inLayout) return <PageSkeleton pathname={pathname} />;
  return (
    <div
      className="agler-sk"
      aria-busy="true"
      dangerouslySetInnerHTML={{ __html: appSkeletonHtml(skeletonKindFor(pathname)) }}
    />
  );
}

/** The side menu's entries as placeholders: the sider shows them until the page is drawn (src/utils/afterPage.ts). */
export function MenuSkeleton() {
  return (
    <div
      className="agler-sk agler-sk-menus"
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: MENU_HTML }}
    />
  );
}
