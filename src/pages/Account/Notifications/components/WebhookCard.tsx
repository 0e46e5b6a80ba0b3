import { DeleteOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import { Alert, App, Button, Checkbox, Form, Input, Popconfirm, Space } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { ALERT_KINDS, webhookKindsError, webhookUrlError } from '@agler/contract/alerts';
import type { AlertKind } from '@agler/contract/alerts';
import { Loaded } from '@/components/LoadError';
import { SecretOnce } from '@/components/SecretOnce';
import { translateMessage } from '@/locales/messages';
import { errorText } from '@/requestConfig';
import {
  deleteWebhook,
  getWebhook,
  rotateWebhookSecret,
  saveWebhook,
  testWebhook,
} from '@/services/agler/webhook';
import { NOTIFICATION_TEXTS } from '../texts';

const T = NOTIFICATION_TEXTS.webhook;

type Values = { url: string; kinds: AlertKind[] };

/** A new webhook sends every kind: one saved with none ticked would send nothing and say nothing. */
const NEW_WEBHOOK: Values = { url: '', kinds: [...ALERT_KINDS] };

type WebhookCardProps = {
  /** Something was sent or queued: the deliveries' log has news. */
  onSent: () => void;
};

/** Webhook: the address, the kinds sent to it, a test, and the signing secret's rotation. */
export function WebhookCard({ onSent }: WebhookCardProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [secret, setSecret] = useState<string>();
  const [busy, setBusy] = useState<'save' | 'test' | 'rotate' | 'remove'>();
  const {
    data: webhook,
    error,
    loading,
    refresh,
    mutate,
  } = useRequest(async () => (await getWebhook({ skipErrorHandler: true })).data ?? null, {
    onError: () => undefined,
  });

  const run = async (what: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(undefined);
    }
  };

  const save = (values: Values) =>
    run('save', async () => {
      const { data } = await saveWebhook(
        { url: values.url.trim(), kinds: values.kinds },
        { skipErrorHandler: true },
      );
      if (!data) return;
      const { secret: shown, ...saved } = data;
      mutate(saved);
      if (shown) setSecret(shown);
      void message.success(T.saved);
    });

  const test = () =>
    run('test', async () => {
      const { data } = await testWebhook({ skipErrorHandler: true });
      onSent();
      if (!data) return;
      if (data.delivered) void message.success(T.testDelivered(data.status ?? 0, data.durationMs));
      else {
        const reason = NOTIFICATION_TEXTS.failures[data.failure ?? ''] ?? data.failure ?? '';
        void message.error(T.testFailed(data.status ? `HTTP ${data.status}` : reason));
      }
    });

  const rotate = () =>
    run('rotate', async () => {
      const { data } = await rotateWebhookSecret({ skipErrorHandler: true });
      if (!data) return;
      setSecret(data.secret);
      refresh();
    });

  const remove = () =>
    run('remove', async () => {
      await deleteWebhook({ skipErrorHandler: true });
      mutate(null);
      form.setFieldsValue(NEW_WEBHOOK);
      void message.success(T.removed);
    });

  const body = (
    <Loaded data={webhook} error={error} loading={loading} onRetry={refresh} failed={T.loadFailed} rows={3}>
      {(saved) => (
        // The form mounts with the first answer (and stays through reloads): its values start from it.
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={saved ? { url: saved.url, kinds: saved.kinds } : NEW_WEBHOOK}
        >
          {saved?.previousSecretUntil && (
            <Alert
              type="info"
              showIcon
              message={T.previousUntil(saved.previousSecretUntil)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item
            name="url"
            label={T.url}
            extra={T.urlExtra}
            rules={[
              {
                validator: async (_, value) => {
                  const fault = webhookUrlError(value);
                  if (fault) throw new Error(translateMessage(fault));
                },
              },
            ]}
          >
            <Input placeholder={T.urlPlaceholder} inputMode="url" autoComplete="url" />
          </Form.Item>
          <Form.Item
            name="kinds"
            label={T.kinds}
            rules={[
              {
                validator: async (_, value) => {
                  const fault = webhookKindsError(value);
                  if (fault) throw new Error(translateMessage(fault));
                },
              },
            ]}
          >
            <Checkbox.Group
              options={ALERT_KINDS.map((kind) => ({ value: kind, label: NOTIFICATION_TEXTS.kinds[kind] }))}
            />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {T.save}
            </Button>
            {saved && (
              <>
                <Button icon={<SendOutlined />} loading={busy === 'test'} onClick={() => void test()}>
                  {T.test}
                </Button>
                <Popconfirm title={T.rotateConfirm} onConfirm={() => rotate()}>
                  <Button icon={<SyncOutlined />} loading={busy === 'rotate'}>
                    {T.rotate}
                  </Button>
                </Popconfirm>
                <Popconfirm title={T.removeConfirm} onConfirm={() => remove()}>
                  <Button danger icon={<DeleteOutlined />} loading={busy === 'remove'}>
                    {T.remove}
                  </Button>
                </Popconfirm>
              </>
            )}
          </Space>
        </Form>
      )}
    </Loaded>
  );

  return (
    <ProCard title={T.title} headerBordered>
      {body}
      <SecretOnce
        open={!!secret}
        title={T.secretTitle}
        warning={T.secretWarning}
        values={secret ? [{ value: secret }] : []}
        hint={T.verifyHint}
        onClose={() => setSecret(undefined)}
      />
    </ProCard>
  );
}
