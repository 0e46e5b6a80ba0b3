import {
  ProForm,
  ProFormDatePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Alert, App, Button, Col, Drawer, Form, Row, Skeleton, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn, useRequest } from 'ahooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormErrorAlert, showRefusal } from '@/components/FormErrorAlert';
import { JsonEditor, jsonRule } from '@/components/JsonEditor';
import { HTTP_METHODS, INTERFACE_LIMITS, RATE_LIMIT_MAX, ResponseCode } from '@/constants';
import { errorText } from '@/requestConfig';
import {
  addInterfaceInfo,
  getInterfaceInfoById,
  listInterfaceInfoByPage,
  updateInterfaceInfo,
} from '@/services/agler/interfaceInfo';
import { hasErrorCode } from '@/utils/apiError';
import { parseTime } from '@agler/contract/dates';
import { INTERFACE_FIELDS } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import { firstSunsetDate, sunsetDateError } from '@agler/contract/lifecycle';
import { LIFECYCLE_MESSAGES } from '@agler/contract/messages';
import { rateBurstError, rateLimitError } from '@agler/contract/rateLimit';
import { ApiError } from '@/requestConfig';
import { ADMIN_INTERFACE_TEXTS } from '../texts';
import { checkRule, interfaceFieldRule } from './fieldRule';
import { RequestParamsField } from './RequestParamsField';
import { loadUpstreamSection } from './loadUpstream';
import { useFocusReturn } from '@/utils/useFocusReturn';

const T = ADMIN_INTERFACE_TEXTS.form;
const U = ADMIN_INTERFACE_TEXTS.upstream;
const UpstreamSection = lazy(loadUpstreamSection);
const L = ADMIN_INTERFACE_TEXTS.columns;

export type InterfaceFormValues = Record<InterfaceField, string> & {
  rateLimit: number | null;
  /** Empty: equal to the rate limit. */
  rateBurst: number | null;
  deprecated: boolean;
  /** `yyyy-MM-dd`, or null for none. */
  sunsetDate: string | null;
  replacementId: string | null;
};

const RATE_FIELDS = ['rateLimit', 'rateBurst'] as const;
const LIFECYCLE_FIELDS = ['deprecated', 'sunsetDate', 'replacementId'] as const;

/** A date picker's value as the contract's day (`yyyy-MM-dd`), whatever form the picker keeps it in. */
function dayOf(value: unknown): string | null {
  if (!value) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const day = value as { format?: (pattern: string) => string };
  return typeof day.format === 'function' ? day.format('YYYY-MM-DD') : null;
}

/** Whether a refusal of the server is about the sunset date, so the form shows it at that field. */
function isSunsetMessage(message: string): boolean {
  const [before, after] = LIFECYCLE_MESSAGES.sunsetTooEarly('\u0000').text.split('\u0000');
  return (
    message === LIFECYCLE_MESSAGES.badSunsetDate || (message.startsWith(before) && message.endsWith(after))
  );
}

/** Interfaces that can replace `selfId`: the catalogue searched by name, at most one page. */
async function replacementOptions(
  keyWords: string | undefined,
  selfId: string | undefined,
  current: string | null,
) {
  const res = await listInterfaceInfoByPage(
    { current: 1, pageSize: 20, ...(keyWords ? { name: keyWords } : {}) },
    { skipErrorHandler: true },
  );
  const options = (res.data?.records ?? [])
    .filter((r) => String(r.id) !== selfId)
    .map((r) => ({ label: r.name, value: String(r.id) }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ label: `ID ${current}`, value: current });
  return options;
}

const useStyles = createStyles(({ token }) => ({
  footer: { display: 'flex', justifyContent: 'flex-end', gap: token.marginXS },
  upstream: {
    marginTop: token.marginLG,
    paddingTop: token.paddingLG,
    borderTop: `1px solid ${token.colorBorderSecondary}`,
  },
}));

/** The form's starting values: the interface's own, or a blank GET interface. */
export function initialValuesOf(record?: API.InterfaceInfo): InterfaceFormValues {
  return {
    name: record?.name ?? '',
    description: record?.description ?? '',
    url: record?.url ?? '',
    method: record?.method ?? 'GET',
    requestParams: record?.requestParams ?? '',
    requestHeader: record?.requestHeader ?? '',
    responseHeader: record?.responseHeader ?? '',
    rateLimit: record?.rateLimit ?? 0,
    rateBurst: record?.rateBurst ?? 0,
    deprecated: record?.deprecated ?? false,
    sunsetDate: record?.sunsetDate ?? null,
    replacementId: record?.replacementId ? String(record.replacementId) : null,
  };
}

/** The lifecycle fields that differ from the interface's (an empty text clears one). */
function lifecycleChanges(values: Partial<InterfaceFormValues>, initial: InterfaceFormValues) {
  const now = {
    deprecated: values.deprecated ?? false,
    sunsetDate: dayOf(values.sunsetDate),
    replacementId: values.replacementId ?? null,
  };
  const changes: Pick<API.InterfaceInfoAddRequest, 'deprecated' | 'sunsetDate' | 'replacementId'> = {};
  if (now.deprecated !== initial.deprecated) changes.deprecated = now.deprecated;
  if (now.sunsetDate !== initial.sunsetDate) changes.sunsetDate = now.sunsetDate ?? '';
  if (now.replacementId !== initial.replacementId) changes.replacementId = now.replacementId ?? '';
  return changes;
}

/** What is sent: every field as text, names and URLs without surrounding spaces; a burst left empty is left out. */
function bodyOf(
  values: Partial<InterfaceFormValues>,
  initial: InterfaceFormValues,
): API.InterfaceInfoAddRequest {
  const text = (field: InterfaceField) => values[field] ?? '';
  return {
    rateLimit: values.rateLimit ?? 0,
    ...(values.rateBurst === null || values.rateBurst === undefined ? {} : { rateBurst: values.rateBurst }),
    name: text('name').trim(),
    description: text('description'),
    url: text('url').trim(),
    method: text('method') as API.HttpMethod,
    requestParams: text('requestParams'),
    requestHeader: text('requestHeader'),
    responseHeader: text('responseHeader'),
    ...lifecycleChanges(values, initial),
  };
}

type InterfaceFormProps = {
  open: boolean;
  /**
   * The table row being edited (its id and name); absent when creating one.
   * Nothing else of the row is used: lists may leave out the JSON fields, so
   * the form loads the whole interface before it shows anything to edit.
   */
  record?: Pick<API.InterfaceInfo, 'id' | 'name'>;
  /** Closes the form (after a save, or when the admin leaves it). */
  onClose: () => void;
  /** Called after a successful save with the interface's id. */
  onSaved: (id: string | number, created: boolean) => void;
  /** The interface was deleted by someone else: the table should refresh. */
  onGone: () => void;
};

/**
 * Create and edit an interface in one drawer. An edit starts from the
 * interface as the server has it now. Fields are checked with the contract's
 * own rules before anything is sent; what the server still refuses is shown
 * at the top of the form, and the form keeps everything typed.
 */
export function InterfaceForm({ open, record, onClose, onSaved, onGone }: InterfaceFormProps) {
  const { styles } = useStyles();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<InterfaceFormValues>();
  const [serverError, setServerError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // 上游设置 is fetched and shown once asked for: most edits never need it.
  const [upstreamOpen, setUpstreamOpen] = useState(false);
  const editing = record !== undefined;
  useFocusReturn(open);

  const loaded = useRequest(
    async () => {
      const res = await getInterfaceInfoById({ id: record!.id }, { skipErrorHandler: true });
      return res.data!;
    },
    {
      ready: open && editing,
      onError: (error) => {
        if (!hasErrorCode(error, ResponseCode.NOT_FOUND)) return;
        message.warning(ADMIN_INTERFACE_TEXTS.gone);
        onGone();
        onClose();
      },
    },
  );

  // The form exists once its starting values are known: antd reads initial values only when a form mounts.
  const initialValues = useMemo(
    () => (editing ? loaded.data && initialValuesOf(loaded.data) : initialValuesOf()),
    [editing, loaded.data],
  );

  const loadFailed = !initialValues && !!loaded.error && !loaded.loading;

  // When the deprecation is (or would be) made: its day and the days before it cannot be the sunset.
  const deprecatedAt = (loaded.data?.deprecated && parseTime(loaded.data.deprecatedTime)) || Date.now();
  const firstSunset = firstSunsetDate(deprecatedAt);

  const isDirty = () => {
    if (!initialValues) return false;
    const current = form.getFieldsValue(true) as Partial<InterfaceFormValues>;
    return (
      INTERFACE_FIELDS.some((field) => (current[field] ?? '') !== initialValues[field]) ||
      RATE_FIELDS.some((field) => (current[field] ?? null) !== initialValues[field]) ||
      LIFECYCLE_FIELDS.some((field) =>
        field === 'sunsetDate'
          ? dayOf(current.sunsetDate) !== initialValues.sunsetDate
          : (current[field] ?? (field === 'deprecated' ? false : null)) !== initialValues[field],
      )
    );
  };

  const requestClose = () => {
    if (submitting) return;
    if (!isDirty()) {
      onClose();
      return;
    }
    modal.confirm({
      title: T.discardTitle,
      content: T.discardContent,
      okText: T.discardOk,
      okButtonProps: { danger: true },
      cancelText: T.discardCancel,
      onOk: onClose,
    });
  };

  // One save at a time: presses while one is under way are dropped.
  const submit = useLockFn(async (values: InterfaceFormValues) => {
    setSubmitting(true);
    setServerError(undefined);
    try {
      const body = bodyOf(values, initialValues!);
      if (record) {
        await updateInterfaceInfo({ id: record.id, ...body }, { skipErrorHandler: true });
        onSaved(record.id, false);
      } else {
        const res = await addInterfaceInfo(body, { skipErrorHandler: true });
        onSaved(res.data ?? '', true);
      }
    } catch (error) {
      if (record && hasErrorCode(error, ResponseCode.NOT_FOUND)) {
        setServerError(T.goneWhileEditing);
        onGone();
      } else {
        const sunset = error instanceof ApiError && isSunsetMessage(error.message);
        showRefusal(form, error, sunset ? 'sunsetDate' : undefined, setServerError);
      }
    } finally {
      setSubmitting(false);
    }
  });

  const renderBody = () => {
    if (!initialValues) {
      return (
        loadFailed && (
          <Alert
            role="alert"
            type="error"
            showIcon
            message={T.loadFailed}
            description={errorText(loaded.error)}
            action={
              <Button size="small" onClick={loaded.refresh}>
                {T.retry}
              </Button>
            }
          />
        )
      );
    }
    return (
      <ProForm<InterfaceFormValues>
        form={form}
        // Its own field ids: the table's search form beside it has fields of the same names.
        name="interfaceForm"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        submitter={false}
        scrollToFirstError
      >
        {serverError && <FormErrorAlert title={T.saveFailed} message={serverError} />}
        {/* Name and method side by side; one below the other on a phone, where the drawer is the screen. */}
        <Row gutter={16}>
          <Col xs={24} sm={16}>
            <ProFormText
              name="name"
              label={L.name}
              required
              placeholder={T.namePlaceholder}
              rules={[interfaceFieldRule('name')]}
              fieldProps={{ count: { show: true, max: INTERFACE_LIMITS.nameMax } }}
            />
          </Col>
          <Col xs={24} sm={8}>
            <ProFormSelect
              name="method"
              label={L.method}
              required
              placeholder={T.methodPlaceholder}
              options={HTTP_METHODS.map((method) => ({ label: method, value: method }))}
              rules={[interfaceFieldRule('method')]}
              allowClear={false}
            />
          </Col>
        </Row>
        <ProFormText
          name="url"
          label={L.url}
          required
          placeholder={T.urlPlaceholder}
          extra={T.urlHint}
          rules={[interfaceFieldRule('url')]}
        />
        <ProFormTextArea
          name="description"
          label={L.description}
          placeholder={T.descriptionPlaceholder}
          rules={[interfaceFieldRule('description')]}
          fieldProps={{ rows: 2, count: { show: true, max: INTERFACE_LIMITS.descriptionMax } }}
        />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ProFormDigit
              name="rateLimit"
              label={T.rateLimit}
              extra={T.rateLimitHint}
              min={0}
              max={RATE_LIMIT_MAX}
              fieldProps={{ precision: 0 }}
              rules={[checkRule(rateLimitError)]}
            />
          </Col>
          <Col xs={24} sm={12}>
            <ProFormDigit
              name="rateBurst"
              label={T.rateBurst}
              extra={T.rateBurstHint}
              min={0}
              max={RATE_LIMIT_MAX}
              fieldProps={{ precision: 0 }}
              dependencies={['rateLimit']}
              rules={[
                ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) =>
                  checkRule((value) =>
                    value === null || value === undefined
                      ? undefined
                      : rateBurstError(getFieldValue('rateLimit'), value),
                  ),
              ]}
            />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <ProFormSwitch name="deprecated" label={T.deprecated} extra={T.deprecatedHint} />
          </Col>
          <Col xs={24} sm={8}>
            <ProFormDatePicker
              name="sunsetDate"
              label={T.sunsetDate}
              extra={T.sunsetDateHint}
              width="100%"
              fieldProps={{
                format: 'YYYY-MM-DD',
                style: { width: '100%' },
                disabledDate: (day: { format: (pattern: string) => string }) =>
                  day.format('YYYY-MM-DD') < firstSunset,
              }}
              dependencies={['deprecated']}
              rules={[
                ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) =>
                  checkRule((value) => {
                    const day = dayOf(value);
                    // As the server: only a sunset being set, or a deprecation being made, is checked.
                    const checked =
                      getFieldValue('deprecated') &&
                      day !== null &&
                      (day !== initialValues.sunsetDate || !initialValues.deprecated);
                    return checked ? sunsetDateError(day, deprecatedAt) : undefined;
                  }),
              ]}
            />
          </Col>
          <Col xs={24} sm={8}>
            <ProFormSelect
              name="replacementId"
              label={T.replacement}
              extra={T.replacementHint}
              placeholder={T.replacementPlaceholder}
              showSearch
              allowClear
              debounceTime={300}
              params={{ self: record ? String(record.id) : undefined }}
              request={({ keyWords }: { keyWords?: string }) =>
                replacementOptions(
                  keyWords,
                  record ? String(record.id) : undefined,
                  initialValues.replacementId,
                )
              }
              // As wide as its column, like the date beside it: at its own width it ran over the column.
              fieldProps={{ filterOption: false, style: { width: '100%' } }}
            />
          </Col>
        </Row>
        <ProForm.Item
          name="requestParams"
          label={L.requestParams}
          extra={T.paramsHint}
          rules={[jsonRule({ allowEmpty: true })]}
        >
          <RequestParamsField placeholder={T.requestParamsPlaceholder} />
        </ProForm.Item>
        <ProForm.Item
          name="requestHeader"
          label={L.requestHeader}
          extra={T.jsonHint}
          rules={[jsonRule({ allowEmpty: true })]}
        >
          <JsonEditor rows={4} placeholder={T.requestHeaderPlaceholder} />
        </ProForm.Item>
        <ProForm.Item
          name="responseHeader"
          label={L.responseHeader}
          extra={T.jsonHint}
          rules={[jsonRule({ allowEmpty: true })]}
        >
          <JsonEditor rows={4} placeholder={T.responseHeaderPlaceholder} />
        </ProForm.Item>
      </ProForm>
    );
  };

  return (
    <Drawer
      open={open}
      title={record ? T.editTitle(record.name) : T.createTitle}
      width={720}
      loading={!initialValues && !loadFailed}
      destroyOnHidden
      maskClosable
      keyboard={!submitting}
      onClose={requestClose}
      footer={
        <div className={styles.footer}>
          <Button onClick={requestClose} disabled={submitting}>
            {T.cancel}
          </Button>
          <Button type="primary" loading={submitting} disabled={!initialValues} onClick={() => form.submit()}>
            {editing ? T.submitEdit : T.submitCreate}
          </Button>
        </div>
      }
    >
      {renderBody()}
      {/* An interface's upstream is its own: a new one gets it once saved. */}
      {record && initialValues && (
        <section className={styles.upstream} aria-labelledby="interface-upstream-title">
          <Typography.Title level={4} id="interface-upstream-title">
            {U.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{U.intro}</Typography.Paragraph>
          {upstreamOpen ? (
            <Suspense fallback={<Skeleton active />}>
              <UpstreamSection id={record.id} initial={loaded.data?.upstream} />
            </Suspense>
          ) : (
            <Button onClick={() => setUpstreamOpen(true)}>{U.open}</Button>
          )}
        </section>
      )}
    </Drawer>
  );
}
