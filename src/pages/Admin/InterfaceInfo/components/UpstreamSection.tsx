import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { displayTime } from '@agler/contract/dates';
import {
  CREDENTIAL_PLACES,
  UPSTREAM_CONNECTIONS_DEFAULT,
  UPSTREAM_CONNECTIONS_MAX,
  UPSTREAM_CREDENTIALS_MAX,
  UPSTREAM_RETRIES_MAX,
  UPSTREAM_TIMEOUT_MIN_MS,
} from '@agler/contract/interfaceUpstream';
import type { CredentialPlace } from '@agler/contract/interfaceUpstream';
import { GRACE_SECONDS } from '@agler/contract/keys';
import type { GraceSeconds } from '@agler/contract/keys';
import { FormErrorAlert, showRefusal } from '@/components/FormErrorAlert';
import { helpUrl } from '@/components/HelpLink';
import { Loaded } from '@/components/LoadError';
import { SecretOnce } from '@/components/SecretOnce';
import { translateMessage } from '@/locales/messages';
import { errorText } from '@/requestConfig';
import {
  getInterfaceInfoById,
  rotateForwardSecret,
  setUpstreamAuth,
  setUpstreamLimits,
} from '@/services/agler/interfaceInfo';
import { ADMIN_INTERFACE_TEXTS } from '../texts';
import type { CredentialValues, LimitsValues } from './upstreamForm';
import {
  credentialBody,
  credentialFault,
  existingCredential,
  fieldOfUpstreamError,
  LIMIT_BOUNDS,
  limitsBodyOf,
  limitsValuesOf,
  wholeFault,
} from './upstreamForm';

const T = ADMIN_INTERFACE_TEXTS.upstream;
/** The developer guide's section on verifying forwarded calls (public/help/, the same id in both languages). */
const GUIDE_SECTION = '#forwarded';

const useStyles = createStyles(({ token }) => ({
  part: { marginTop: token.marginLG },
  heading: { '&&': { marginBottom: token.marginXS } },
  hint: { display: 'block', marginBottom: token.marginSM },
  list: { listStyle: 'none', margin: 0, marginBottom: token.marginMD, padding: 0 },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: token.marginXS,
    padding: `${token.paddingXS}px 0`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  },
  name: { fontFamily: token.fontFamilyCode, wordBreak: 'break-all', minWidth: 0 },
  masked: { fontFamily: token.fontFamilyCode, color: token.colorTextTertiary },
  // The remove button keeps to the row's end, also when the name wraps on a phone.
  remove: { marginInlineStart: 'auto' },
  empty: { color: token.colorTextTertiary, marginBottom: token.marginMD },
  facts: {
    margin: 0,
    marginBottom: token.marginSM,
    '& dt': { color: token.colorTextSecondary },
    '& dd': { margin: 0, marginBottom: token.marginXXS },
  },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginSM },
  number: { width: '100%' },
  // Underlined in the text's colour: the link colour is too faint on the drawer's raised dark background.
  guide: {
    display: 'inline-block',
    marginBottom: token.marginSM,
    color: token.colorText,
    textDecoration: 'underline',
    '&:hover': { color: token.colorLinkHover },
  },
}));

type UpstreamSectionProps = {
  /** The interface being edited. */
  id: string | number;
  /** What the drawer's `get` carried; loaded again when it carried none. */
  initial?: API.UpstreamVO;
};

/** The field of `fields` that a refusal names, if it names one of them. */
const refusedField = (error: unknown, fields: readonly string[]) => {
  const field = fieldOfUpstreamError(error);
  return field && fields.includes(field) ? field : undefined;
};

type PartProps = {
  id: string | number;
  upstream: API.UpstreamVO;
  onChange: (upstream: API.UpstreamVO) => void;
  styles: ReturnType<typeof useStyles>['styles'];
};

const CREDENTIAL_FIELDS = ['name', 'value'] as const;

/** 上游凭据: the list (never a value) with a remove each, and a form that sets one by name. */
function Credentials({ id, upstream, onChange, styles }: PartProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CredentialValues>();
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const place = Form.useWatch('place', form) ?? 'header';
  const name = Form.useWatch('name', form) ?? '';
  const replaces = name.trim() !== '' && !!existingCredential(upstream.credentials, place, name);
  const full = upstream.credentials.length >= UPSTREAM_CREDENTIALS_MAX && !replaces;

  const save = async (values: CredentialValues) => {
    setSaving(true);
    setFormError(undefined);
    try {
      const { data } = await setUpstreamAuth(
        credentialBody(id, values.place, values.name.trim(), values.value),
        {
          skipErrorHandler: true,
        },
      );
      if (data) onChange(data);
      // The value leaves the page once saved: only its hint is shown from now on.
      form.setFieldsValue({ name: '', value: '' });
      form.setFields([
        { name: 'name', errors: [], touched: false },
        { name: 'value', errors: [], touched: false },
      ]);
      message.success(T.added);
    } catch (error) {
      showRefusal(form, error, refusedField(error, CREDENTIAL_FIELDS), setFormError);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (where: CredentialPlace, credentialName: string) => {
    setRemoving(`${where}:${credentialName}`);
    try {
      const { data } = await setUpstreamAuth(credentialBody(id, where, credentialName, null), {
        skipErrorHandler: true,
      });
      if (data) onChange(data);
      message.success(T.removed);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setRemoving(undefined);
    }
  };

  const contractRule = (part: 'name' | 'value') => ({
    validator: async (_: unknown, text: unknown) => {
      if (typeof text !== 'string' || text === '') return;
      const fault = credentialFault(
        id,
        form.getFieldValue('place') ?? 'header',
        part,
        part === 'name' ? text.trim() : text,
      );
      if (fault) throw new Error(translateMessage(fault));
    },
  });

  return (
    <section aria-labelledby="upstream-credentials">
      <Typography.Title level={5} id="upstream-credentials" className={styles.heading}>
        {T.credentials}
      </Typography.Title>
      <Typography.Text type="secondary" className={styles.hint}>
        {T.credentialsHint(UPSTREAM_CREDENTIALS_MAX)}
      </Typography.Text>
      {upstream.credentials.length === 0 ? (
        <div className={styles.empty}>{T.noCredentials}</div>
      ) : (
        <ul className={styles.list} aria-label={T.credentials}>
          {upstream.credentials.map((credential) => {
            const key = `${credential.in}:${credential.name}`;
            return (
              <li key={key} className={styles.row}>
                <Tag>{T.places[credential.in]}</Tag>
                <span className={styles.name}>{credential.name}</span>
                <span className={styles.masked}>{T.masked(credential.last4)}</span>
                <Popconfirm
                  title={T.removeConfirm(credential.name)}
                  description={T.removeHint}
                  okText={T.remove}
                  okButtonProps={{ danger: true }}
                  cancelText={T.cancel}
                  cancelButtonProps={{ autoFocus: true }}
                  onConfirm={() => remove(credential.in, credential.name)}
                >
                  <Button
                    className={styles.remove}
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={removing === key}
                    aria-label={T.removeLabel(credential.name)}
                  >
                    {T.remove}
                  </Button>
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      )}
      <Form<CredentialValues>
        form={form}
        name="upstreamCredential"
        layout="vertical"
        initialValues={{ place: 'header', name: '', value: '' }}
        onFinish={save}
        // A password manager should not offer to fill or keep the interface's secret.
        autoComplete="off"
      >
        {formError && <FormErrorAlert title={T.saveFailed} message={formError} />}
        <Row gutter={12}>
          <Col xs={24} sm={6}>
            <Form.Item name="place" label={T.place}>
              <Select
                options={CREDENTIAL_PLACES.map((value) => ({ value, label: T.places[value] }))}
                onChange={() => form.validateFields(['name', 'value']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="name"
              label={T.name}
              extra={replaces ? T.replaces : undefined}
              rules={[{ required: true, whitespace: true, message: T.nameRequired }, contractRule('name')]}
            >
              <Input placeholder={T.namePlaceholder[place]} spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="value"
              label={T.value}
              rules={[{ required: true, message: T.valueRequired }, contractRule('value')]}
            >
              <Input.Password
                placeholder={T.valuePlaceholder}
                autoComplete="new-password"
                spellCheck={false}
              />
            </Form.Item>
          </Col>
        </Row>
        <div className={styles.actions}>
          <Button htmlType="submit" loading={saving} disabled={full}>
            {T.add}
          </Button>
          {full && <Typography.Text type="secondary">{T.full(UPSTREAM_CREDENTIALS_MAX)}</Typography.Text>}
        </div>
      </Form>
    </section>
  );
}

/** 转发签名: when the secret was made, the old one's grace, and a rotation whose secret is shown once. */
function Signature({ id, upstream, onChange, styles }: PartProps) {
  const { message, modal } = App.useApp();
  const [grace, setGrace] = useState<GraceSeconds>(86400);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; until: string | null }>();
  const guide = `${helpUrl()}${GUIDE_SECTION}`;
  const graceLive = upstream.previousUntil !== null;

  const rotate = () =>
    modal.confirm({
      title: T.rotateTitle,
      content: T.rotateContent(T.graceOptions[grace]),
      okText: T.rotateOk,
      cancelText: T.cancel,
      onOk: async () => {
        setRotating(true);
        try {
          const { data } = await rotateForwardSecret({ id, graceSeconds: grace }, { skipErrorHandler: true });
          if (!data) return;
          onChange(data.upstream);
          setSecret({ value: data.secret, until: grace > 0 ? data.upstream.previousUntil : null });
        } catch (error) {
          message.error(errorText(error));
        } finally {
          setRotating(false);
        }
      },
    });

  return (
    <section aria-labelledby="upstream-signature" className={styles.part}>
      <Typography.Title level={5} id="upstream-signature" className={styles.heading}>
        {T.signature}
      </Typography.Title>
      <Typography.Text type="secondary" className={styles.hint}>
        {T.signatureHint}
      </Typography.Text>
      <a className={styles.guide} href={guide} target="_blank" rel="noopener noreferrer">
        {T.verifyGuide}
      </a>
      <dl className={styles.facts}>
        <dt>{T.secretTime}</dt>
        <dd>{upstream.secretTime ? displayTime(upstream.secretTime) : T.secretNotYet}</dd>
        {graceLive && (
          <>
            <dt>{T.previousUntil}</dt>
            <dd>{displayTime(upstream.previousUntil)}</dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        <span id="upstream-grace">{T.grace}</span>
        <Radio.Group
          aria-labelledby="upstream-grace"
          value={grace}
          onChange={(event) => setGrace(event.target.value)}
          options={GRACE_SECONDS.map((seconds) => ({ value: seconds, label: T.graceOptions[seconds] }))}
        />
        <Button icon={<SyncOutlined />} loading={rotating} onClick={rotate}>
          {T.rotate}
        </Button>
      </div>
      <SecretOnce
        open={!!secret}
        title={T.rotated}
        warning={T.secretWarning}
        note={secret && (secret.until ? T.secretNote(displayTime(secret.until)) : T.secretNoteStopped)}
        values={secret ? [{ value: secret.value }] : []}
        hint={
          <a className={styles.guide} href={guide} target="_blank" rel="noopener noreferrer">
            {T.verifyGuide}
          </a>
        }
        onClose={() => setSecret(undefined)}
      />
    </section>
  );
}

const LIMIT_FIELDS = ['timeoutMs', 'retries', 'maxConnections'] as const;

/** 超时与重试: the three numbers, saved together. */
function Limits({ id, upstream, onChange, styles }: PartProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<LimitsValues>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  const rule = (field: (typeof LIMIT_FIELDS)[number], optional: boolean) => ({
    validator: async (_: unknown, value: unknown) => {
      const { min, max } = LIMIT_BOUNDS[field];
      if (!wholeFault(value, min, max, optional)) return;
      throw new Error(max === Number.MAX_SAFE_INTEGER ? T.atLeast(min) : T.wholeBetween(min, max));
    },
  });

  const save = async (values: LimitsValues) => {
    setSaving(true);
    setFormError(undefined);
    try {
      const { data } = await setUpstreamLimits(limitsBodyOf(id, values), { skipErrorHandler: true });
      if (data) {
        onChange(data);
        form.setFieldsValue(limitsValuesOf(data));
      }
      message.success(T.limitsSaved);
    } catch (error) {
      showRefusal(form, error, refusedField(error, LIMIT_FIELDS), setFormError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="upstream-limits" className={styles.part}>
      <Typography.Title level={5} id="upstream-limits" className={styles.heading}>
        {T.limits}
      </Typography.Title>
      <Form<LimitsValues>
        form={form}
        name="upstreamLimits"
        layout="vertical"
        initialValues={limitsValuesOf(upstream)}
        onFinish={save}
      >
        {formError && <FormErrorAlert title={T.saveFailed} message={formError} />}
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="timeoutMs"
              label={T.timeout}
              extra={T.timeoutHint(UPSTREAM_TIMEOUT_MIN_MS)}
              rules={[rule('timeoutMs', true)]}
            >
              <InputNumber className={styles.number} precision={0} placeholder={T.timeoutPlaceholder} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="retries"
              label={T.retries}
              extra={T.retriesHint(UPSTREAM_RETRIES_MAX)}
              rules={[rule('retries', true)]}
            >
              <InputNumber className={styles.number} precision={0} placeholder="0" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="maxConnections"
              label={T.maxConnections}
              extra={T.maxConnectionsHint(UPSTREAM_CONNECTIONS_MAX, UPSTREAM_CONNECTIONS_DEFAULT)}
              rules={[rule('maxConnections', true)]}
            >
              <InputNumber
                className={styles.number}
                precision={0}
                placeholder={T.maxConnectionsPlaceholder(UPSTREAM_CONNECTIONS_DEFAULT)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Button htmlType="submit" loading={saving}>
          {T.saveLimits}
        </Button>
      </Form>
    </section>
  );
}

/**
 * 上游设置 of one interface: the credentials the platform adds to its calls (write-only: names and
 * the last 4 characters shown), the forwarding secret's rotation (the new one shown once), and the
 * calls' timeout, retries and connections. Each part is saved on its own.
 */
export default function UpstreamSection({ id, initial }: UpstreamSectionProps) {
  const { styles } = useStyles();
  const [upstream, setUpstream] = useState(initial);
  const loaded = useRequest(
    async () => {
      const settings = (await getInterfaceInfoById({ id }, { skipErrorHandler: true })).data?.upstream;
      if (!settings) throw new Error(T.loadFailed);
      return settings;
    },
    { ready: !initial, onSuccess: setUpstream },
  );
  return (
    <Loaded
      data={upstream}
      error={loaded.error}
      loading={loaded.loading}
      onRetry={loaded.refresh}
      failed={T.loadFailed}
      rows={4}
    >
      {(settings) => (
        <div>
          <Credentials id={id} upstream={settings} onChange={setUpstream} styles={styles} />
          <Signature id={id} upstream={settings} onChange={setUpstream} styles={styles} />
          <Limits id={id} upstream={settings} onChange={setUpstream} styles={styles} />
        </div>
      )}
    </Loaded>
  );
}
