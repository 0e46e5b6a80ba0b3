import { useRequest } from 'ahooks';
import { App, Button, InputNumber, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useState } from 'react';
import { QUOTA_MAX } from '@/constants';
import { formatNumber } from '@/locales';
import { errorText } from '@/requestConfig';
import { updateUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { ADMIN_USER_TEXTS } from '../texts';

const T = ADMIN_USER_TEXTS.quota;

// Wide enough for QUOTA_MAX's ten digits.
const useStyles = createStyles(() => ({ input: { width: 140 } }));

type LeftNumEditorProps = {
  userId: API.LoginUserVO['id'];
  quota: API.InterfaceQuotaVO;
  /** After the server saved the new value: the list reloads, and this editor shows what it answers. */
  onSaved: () => void;
};

/**
 * What is left of one quota, always editable: an input and its save button,
 * both reachable by Tab, Enter saves. (EditableProTable's row editing needs a
 * click on an edit link first and saves through a link without href, which the
 * keyboard cannot reach.) A failed save keeps the typed value and says why
 * beside it, so nothing is lost and the admin can try again.
 */
export function LeftNumEditor({ userId, quota, onSaved }: LeftNumEditorProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<number | null>(quota.leftNum);
  // A new value from the server (after a save, or someone else's) replaces the draft; the input
  // stays mounted, so the keyboard focus stays where it was.
  const [shown, setShown] = useState(quota.leftNum);
  if (quota.leftNum !== shown) {
    setShown(quota.leftNum);
    setDraft(quota.leftNum);
  }
  const save = useRequest(
    async (leftNum: number) => {
      await updateUserInterfaceInfo(
        { userId, interfaceInfoId: quota.interfaceInfoId, leftNum },
        { skipErrorHandler: true },
      );
    },
    {
      manual: true,
      onSuccess: () => {
        message.success(T.saved(quota.name));
        onSaved();
      },
      // Shown beside the input (ahooks would otherwise log it too).
      onError: () => undefined,
    },
  );
  const changed = draft !== null && draft !== quota.leftNum;
  const submit = () => {
    if (changed && !save.loading) save.run(draft);
  };

  return (
    <Space direction="vertical" size={2}>
      <Space size="small" wrap={false}>
        <InputNumber<number>
          aria-label={T.leftNumLabel(quota.name)}
          value={draft}
          min={0}
          max={QUOTA_MAX}
          precision={0}
          status={save.error ? 'error' : undefined}
          onChange={setDraft}
          onPressEnter={submit}
          className={styles.input}
        />
        <Typography.Text type="secondary">/ {formatNumber(quota.totalNum)}</Typography.Text>
        <Button size="small" type="primary" disabled={!changed} loading={save.loading} onClick={submit}>
          {T.save}
        </Button>
      </Space>
      {save.error && !save.loading ? (
        <Typography.Text type="danger" role="alert">
          {T.saveFailed(errorText(save.error))}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
