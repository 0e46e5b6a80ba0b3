import { RouteSkeleton } from '@/components/Skeleton';

/**
 * Shown while the first data (the session), the layout's chunk or a page's chunk load: the
 * skeleton of the page being opened, continuing the one index.html paints before any script.
 */
export default function Loading() {
  return <RouteSkeleton />;
}
