import { ModalForm, ProFormRadio } from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { displayTime, formatTime } from '@agler/contract/dates';
import { GRACE_SECONDS } from '@agler/contract/keys';
import type { GraceSeconds } from '@agler/contract/keys';
import { errorText } from '@/requestConfig';
import { listKeys, rotateKey } from '@/services/agler/key';
import { KEYS_TEXTS } from '@/components/Keys/texts';
import type { NewSecret } from './KeyCard';

const T = KEYS_TEXTS.key;

type RotateFormProps = {
  /** The key to rotate; the dialog is open while there is one. */
  target?: API.KeyVO;
  onClose: () => void;
  onRotated: (secret: NewSecret) => void;
};

/** 轮换: a new secret at once, the old one working for the grace chosen; the new one is shown once. */
export function RotateForm({ target, onClose, onRotated }: RotateFormProps) {
  const { message } = App.useApp();
  return (
    <ModalForm<{ graceSeconds: GraceSeconds }>
      title={target ? T.rotateTitle(target.name) : undefined}
      open={!!target}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width={480}
      initialValues={{ graceSeconds: 3600 }}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: T.rotateOk, resetText: T.cancel } }}
      onFinish={async ({ graceSeconds }) => {
        if (!target) return true;
        const sent = Date.now();
        try {
          const { data } = await rotateKey({ id: target.id, graceSeconds }, { skipErrorHandler: true });
          if (data) {
            // The grace's end as the server keeps it (the list shows the same); the browser's clock if the list fails.
            const listed =
              graceSeconds > 0
                ? await listKeys({}, { skipErrorHandler: true }).catch(() => undefined)
                : undefined;
            const graceUntil =
              listed?.data?.find((key) => key.id === target.id)?.graceUntil ??
              formatTime(sent + graceSeconds * 1000);
            const until = graceSeconds > 0 ? displayTime(graceUntil) : undefined;
            onRotated({
              pair: data,
              title: T.rotatedTitle,
              note: until ? T.oldWorksUntil(until) : T.oldStopped,
            });
          }
          onClose();
          return true;
        } catch (e) {
          message.error(errorText(e));
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">{T.rotateHint}</Typography.Paragraph>
      <ProFormRadio.Group
        name="graceSeconds"
        label={T.grace}
        // One choice a line: side by side, "24 小时后失效" wrapped on a phone and broke the row.
        layout="vertical"
        options={GRACE_SECONDS.map((seconds) => ({ label: T.graceOptions[seconds], value: seconds }))}
      />
    </ModalForm>
  );
}
