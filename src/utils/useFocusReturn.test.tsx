import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useFocusReturn } from './useFocusReturn';

/** A button that opens a panel, which takes the focus and, closed, leaves the DOM. */
function Opener() {
  const [open, setOpen] = useState(false);
  useFocusReturn(open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <button type="button">别处</button>
      {open ? (
        <input aria-label="面板" autoFocus onKeyDown={(e) => e.key === 'Escape' && setOpen(false)} />
      ) : null}
    </>
  );
}

const nextFrame = () =>
  act(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => resolve());
      }),
  );

describe('useFocusReturn', () => {
  it('gives the focus back to the opener when the closing left it nowhere', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByLabelText('面板')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('面板'), { key: 'Escape' });
    await nextFrame();
    expect(opener).toHaveFocus();
  });

  it('leaves the focus where the user put it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    fireEvent.click(opener);
    const elsewhere = screen.getByRole('button', { name: '别处' });
    act(() => elsewhere.focus());
    fireEvent.click(elsewhere);
    // Closed by some other way while the focus is on 别处.
    fireEvent.keyDown(screen.getByLabelText('面板'), { key: 'Escape' });
    await nextFrame();
    expect(elsewhere).toHaveFocus();
  });
});
