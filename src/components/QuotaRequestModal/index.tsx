import { cloneElement, lazy, Suspense, useState } from 'react';
import type { ReactElement, SyntheticEvent } from 'react';
import { loadQuotaRequestForm } from './loadForm';

export { askedOf } from './asked';
export { QUOTA_REQUEST_TEXTS } from './texts';

const QuotaRequestForm = lazy(loadQuotaRequestForm);

type Handler = (event: SyntheticEvent) => void;
type Trigger = ReactElement<{ onClick?: Handler; onMouseEnter?: Handler; onFocus?: Handler }>;

type QuotaRequestModalProps = {
  interfaceInfoId: string;
  interfaceName: string;
  /** The button that opens it. */
  trigger: Trigger;
  /** After the server took the request. */
  onSent?: () => void;
};

/**
 * 申请额度: the trigger, and the form (./QuotaRequestForm.tsx, with ProForm) from its first click
 * on; pointing at or focusing the trigger starts its chunk.
 */
export function QuotaRequestModal({ trigger, ...form }: QuotaRequestModalProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const chained = (name: 'onClick' | 'onMouseEnter' | 'onFocus', then: () => void) => (event: SyntheticEvent) => {
    trigger.props[name]?.(event);
    then();
  };
  const preload = () => void Promise.resolve().then(loadQuotaRequestForm).catch(() => undefined);
  return (
    <>
      {cloneElement(trigger, {
        onClick: chained('onClick', () => {
          setUsed(true);
          setOpen(true);
        }),
        onMouseEnter: chained('onMouseEnter', preload),
        onFocus: chained('onFocus', preload),
      })}
      {used && (
        <Suspense fallback={null}>
          <QuotaRequestForm {...form} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
