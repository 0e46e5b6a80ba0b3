import { act, render } from '@testing-library/react';
import { SideMenu } from '.';

type Props = { matchMenuKeys?: string[]; openKeys?: string[]; handleOpenChange?: (keys: string[]) => void };

describe('SideMenu', () => {
  it("opens the address's submenu on the first render and follows the menu's changes after", () => {
    const drawn: string[][] = [];
    let change: ((keys: string[]) => void) | undefined;
    function BaseMenu({ openKeys = [], handleOpenChange }: Props) {
      drawn.push(openKeys);
      change = handleOpenChange;
      return null;
    }
    const layoutChange = jest.fn();
    render(<SideMenu menu={<BaseMenu matchMenuKeys={['/admin']} handleOpenChange={layoutChange} />} />);
    expect(drawn[0]).toEqual(['/admin']);

    act(() => change?.([]));
    expect(drawn.at(-1)).toEqual([]);
    expect(layoutChange).toHaveBeenCalledWith([]);
  });
});
