import { Popconfirm, Tooltip } from 'antd';
import type { PopconfirmProps, TooltipProps } from 'antd';
import { cloneElement, useLayoutEffect, useRef, useState } from 'react';
import type { ReactElement, Ref, SyntheticEvent } from 'react';

type Opener = 'onMouseEnter' | 'onFocus' | 'onClick';
type TriggerChild = ReactElement<
  Partial<Record<Opener, (event: SyntheticEvent) => void>> & { ref?: Ref<HTMLElement> }
>;

/**
 * The child alone until one of `openers` happens on it; then the child inside the trigger that the
 * caller makes of it, opened. antd's tooltips and confirmations cost more to mount than what they
 * wrap: each trigger renders, and renders again in its first commit once it knows its element. A
 * table's rows hold dozens that nobody may ever open: mounted at once, they cost the admin table's
 * cold load about 60 ms before its rows showed (see the README's Performance).
 *
 * Inside the trigger the child is a new element: when the old one had the focus (clicked, or a key
 * pressed on it) the new one takes it. The child's own ref, if it had one, is not kept.
 */
function useFirstUse(child: TriggerChild, openers: readonly Opener[]) {
  const [used, setUsed] = useState(false);
  const hadFocus = useRef(false);
  const element = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!used || !hadFocus.current) return;
    hadFocus.current = false;
    element.current?.focus();
  }, [used]);
  if (used) return { used, child: cloneElement(child, { ref: element }) };
  const listeners = Object.fromEntries(
    openers.map((opener) => [
      opener,
      (event: SyntheticEvent) => {
        child.props[opener]?.(event);
        hadFocus.current = event.currentTarget === document.activeElement;
        setUsed(true);
      },
    ]),
  );
  return { used, child: cloneElement(child, listeners) };
}

const HOVER_OR_FOCUS: readonly Opener[] = ['onMouseEnter', 'onFocus'];
const CLICK: readonly Opener[] = ['onClick'];

/** antd's Tooltip, mounted when the pointer or the focus first comes to its child. */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: TriggerChild }) {
  const { used, child } = useFirstUse(children, HOVER_OR_FOCUS);
  return used ? (
    <Tooltip defaultOpen {...props}>
      {child}
    </Tooltip>
  ) : (
    child
  );
}

/** antd's Popconfirm, mounted at the first click on its child (the keyboard's Enter included). */
export function LazyPopconfirm({
  children,
  ...props
}: Omit<PopconfirmProps, 'children'> & { children: TriggerChild }) {
  const { used, child } = useFirstUse(children, CLICK);
  return used ? (
    <Popconfirm defaultOpen {...props}>
      {child}
    </Popconfirm>
  ) : (
    child
  );
}
