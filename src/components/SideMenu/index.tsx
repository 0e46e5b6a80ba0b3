import { cloneElement, type ReactElement, useState } from 'react';

type BaseMenuProps = { matchMenuKeys?: string[]; handleOpenChange?: (keys: string[]) => void };

/**
 * The side menu with the submenu of the page in the address bar open from its first frame.
 * ProLayout's menu opens it in an effect after mounting, so 管理页 showed closed, then slid open;
 * holding the open keys here, started from the matched ones, keeps ProLayout's own rules after that
 * (it opens the matched submenu on each navigation through handleOpenChange).
 */
export function SideMenu({ menu }: { menu: ReactElement }) {
  // ProLayout hands its BaseMenu element over as a bare ReactNode.
  const { matchMenuKeys, handleOpenChange } = menu.props as BaseMenuProps;
  const [openKeys, setOpenKeys] = useState<string[]>(() => matchMenuKeys ?? []);
  return cloneElement(menu as ReactElement<BaseMenuProps & { openKeys: string[] }>, {
    openKeys,
    handleOpenChange: (keys: string[]) => {
      setOpenKeys(keys);
      handleOpenChange?.(keys);
    },
  });
}
