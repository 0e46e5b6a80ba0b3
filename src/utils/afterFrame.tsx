import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * `children` from the task after the next frame, `fallback` until then. Work mounted together
 * with what is on its way to the screen would run in the same task and hold that frame back;
 * put behind this, it runs once the frame is painted.
 */
export function AfterFrame({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A timer started in the frame's callback runs after the frame has been painted.
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <>{after ? children : fallback}</>;
}
