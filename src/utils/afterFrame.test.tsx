import { act, render, screen } from '@testing-library/react';
import { AfterFrame } from './afterFrame';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('AfterFrame', () => {
  it('shows the fallback in the commit that mounts it, and the children only after the next frame', () => {
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      render(
        <AfterFrame fallback={<p>骨架</p>}>
          <p>图表</p>
        </AfterFrame>,
      );
      expect(screen.getByText('骨架')).toBeTruthy();
      // Timers alone do not open it: it waits for the frame.
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText('图表')).toBeNull();
      // The frame's callback only starts a timer: the frame is painted with the fallback still in it.
      act(() => frames.forEach((callback) => callback(0)));
      expect(screen.queryByText('图表')).toBeNull();
      act(() => jest.advanceTimersByTime(0));
      expect(screen.getByText('图表')).toBeTruthy();
      expect(screen.queryByText('骨架')).toBeNull();
    } finally {
      raf.mockRestore();
    }
  });

  it('cancels its frame when it goes before the frame comes', () => {
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 7);
    const cancel = jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    try {
      const { unmount } = render(<AfterFrame>图表</AfterFrame>);
      unmount();
      expect(cancel).toHaveBeenCalledWith(7);
    } finally {
      raf.mockRestore();
      cancel.mockRestore();
    }
  });
});
