import { useRequest } from 'ahooks';
import { App, Button, InputNumber, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useState } from 'react';
import { RATE_LIMIT_MAX } from '@/constants';
import { translateMessage } from '@/locales/messages';
import { errorText } from '@/requestConfig';
import { updateUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { rateLimitText } from '@/utils/rateLimit';
import type { Message } from '@agler/contract/messageKeys';
import { parseRateOverride } from '@agler/contract/rateLimit';
import { ADMIN_USER_TEXTS } from '../texts';

const T = ADMIN_USER_TEXTS.quota;

const useStyles = createStyles(() => ({ input: { width: 96 } }));

type RateLimitEditorProps = {
  userId: API.LoginUserVO['id'];
  quota: API.InterfaceQuotaVO;
  /** After the server saved: the list reloads, and this editor shows what it answers. */
  onSaved: () => void;
};

/** What the contract says is wrong with a pair of limits (null: the interface's), or undefined. */
function problemOf(limit: number | null, burst: number | null): Message | undefined {
  const parsed = parseRateOverride({ rateLimit: limit, rateBurst: burst });
  return parsed.ok ? undefined : parsed.message;
}

/**
 * The user's own rate limit on one interface: empty fields follow the
 * interface's; a burst left empty equals the limit; 0 lifts the limit for this
 * user. The line below says which limit applies now.
 */
export function RateLimitEditor({ userId, quota, onSaved }: RateLimitEditorProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const own = { limit: quota.rateLimit ?? null, burst: quota.rateBurst ?? null };
  const [draft, setDraft] = useState(own);
  // A new value from the server replaces the draft, as in LeftNumEditor.
  const [shown, setShown] = useState(own);
  if (own.limit !== shown.limit || own.burst !== shown.burst) {
    setShown(own);
    setDraft(own);
  }
  const save = useRequest(
    async (limit: number | null, burst: number | null) => {
      // The generated type drops `nullable`: null is the contract's "the interface's own".
      await updateUserInterfaceInfo(
        {
          userId,
          interfaceInfoId: quota.interfaceInfoId,
          rateLimit: limit,
          rateBurst: limit === null ? null : burst,
        } as never,
        { skipErrorHandler: true },
      );
    },
    {
      manual: true,
      onSuccess: () => {
        message.success(T.rateSaved(quota.name));
        onSaved();
      },
      onError: () => undefined,
    },
  );
  const problem = problemOf(draft.limit, draft.burst);
  const changed = draft.limit !== own.limit || draft.burst !== own.burst;
  const submit = () => {
    if (changed && !problem && !save.loading) save.run(draft.limit, draft.burst);
  };
  const effective = rateLimitText({
    rateLimit: quota.effectiveRateLimit,
    rateBurst: quota.effectiveRateBurst,
  });

  return (
    <Space direction="vertical" size={2}>
      <Space size="small" wrap={false}>
        <InputNumber<number>
          aria-label={T.rateLimitLabel(quota.name)}
          placeholder={T.ratePlaceholder}
          value={draft.limit}
          min={0}
          max={RATE_LIMIT_MAX}
          precision={0}
          status={problem ? 'error' : undefined}
          onChange={(limit) => setDraft({ ...draft, limit })}
          onPressEnter={submit}
          className={styles.input}
        />
        <InputNumber<number>
          aria-label={T.rateBurstLabel(quota.name)}
          placeholder={T.burstPlaceholder}
          value={draft.burst}
          min={0}
          max={RATE_LIMIT_MAX}
          precision={0}
          status={problem ? 'error' : undefined}
          onChange={(burst) => setDraft({ ...draft, burst })}
          onPressEnter={submit}
          className={styles.input}
        />
        <Button
          size="small"
          type="primary"
          disabled={!changed || !!problem}
          loading={save.loading}
          onClick={submit}
        >
          {T.rateSave}
        </Button>
      </Space>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {translateMessage(problem)}
        </Typography.Text>
      ) : null}
      {save.error && !save.loading ? (
        <Typography.Text type="danger" role="alert">
          {T.saveFailed(errorText(save.error))}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary">
        {own.limit === null ? T.rateFollows(effective) : T.rateOwn(effective)}
      </Typography.Text>
    </Space>
  );
}
