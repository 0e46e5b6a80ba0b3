import { DrawerForm, ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, App, Col, Form, Row } from 'antd';
import { createStyles } from 'antd-style';
import { useEffect, useMemo, useRef, useState } from 'react';
import { JsonEditor, jsonRule } from '@/components/JsonEditor';
import { HTTP_METHODS, INTERFACE_LIMITS, ResponseCode } from '@/constants';
import { errorText } from '@/requestConfig';
import { addInterfaceInfo, updateInterfaceInfo } from '@/services/agler/interfaceInfo';
import { handleLostSession, hasErrorCode } from '@/utils/apiError';
import { INTERFACE_FIELDS, interfaceFieldRule } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import { ADMIN_INTERFACE_TEXTS } from '../texts';
import { RequestParamsField } from './RequestParamsField';

const T = ADMIN_INTERFACE_TEXTS.form;
const L = ADMIN_INTERFACE_TEXTS.columns;

export type InterfaceFormValues = Record<InterfaceField, string>;

const useStyles = createStyles(({ token }) => ({
  error: { marginBottom: token.marginLG },
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
  };
}

/** What is sent: every field as text, names and URLs without surrounding spaces. */
function bodyOf(values: Partial<InterfaceFormValues>): API.InterfaceInfoAddRequest {
  const text = (field: InterfaceField) => values[field] ?? '';
  return {
    name: text('name').trim(),
    description: text('description'),
    url: text('url').trim(),
    method: text('method') as API.HttpMethod,
    requestParams: text('requestParams'),
    requestHeader: text('requestHeader'),
    responseHeader: text('responseHeader'),
  };
}

type InterfaceFormProps = {
  open: boolean;
  /** The interface being edited; absent when creating one. */
  record?: API.InterfaceInfo;
  /** Closes the form (after a save, or when the admin leaves it). */
  onClose: () => void;
  /** Called after a successful save with the interface's id. */
  onSaved: (id: string | number, created: boolean) => void;
  /** The interface was deleted by someone else while it was being edited. */
  onGone: () => void;
};

/**
 * Create and edit an interface in one drawer. Fields are checked with the
 * contract's own rules before anything is sent; what the server still refuses
 * is shown at the top of the form, and the form keeps everything typed.
 */
export function InterfaceForm({ open, record, onClose, onSaved, onGone }: InterfaceFormProps) {
  const { styles } = useStyles();
  const { modal } = App.useApp();
  const [form] = Form.useForm<InterfaceFormValues>();
  const [serverError, setServerError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const initialValues = useMemo(() => initialValuesOf(record), [record]);
  const editing = record !== undefined;

  useEffect(() => {
    if (serverError) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [serverError]);

  const isDirty = () => {
    const current = form.getFieldsValue(true) as Partial<InterfaceFormValues>;
    return INTERFACE_FIELDS.some((field) => (current[field] ?? '') !== initialValues[field]);
  };

  const requestClose = () => {
    if (submittingRef.current) return;
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

  const submit = async (values: InterfaceFormValues) => {
    // The drawer's own guard reads React state, which a fast second click can outrun.
    if (submittingRef.current) return false;
    submittingRef.current = true;
    setSubmitting(true);
    setServerError(undefined);
    try {
      const body = bodyOf(values);
      if (record) {
        await updateInterfaceInfo({ id: record.id, ...body }, { skipErrorHandler: true });
        onSaved(record.id, false);
      } else {
        const res = await addInterfaceInfo(body, { skipErrorHandler: true });
        onSaved(res.data ?? '', true);
      }
    } catch (error) {
      if (handleLostSession(error)) return;
      if (record && hasErrorCode(error, ResponseCode.NOT_FOUND)) {
        setServerError(T.goneWhileEditing);
        onGone();
      } else {
        setServerError(errorText(error));
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
    // The drawer never closes itself: onSaved closes it, a failure keeps it open with every value.
    return false;
  };

  return (
    <DrawerForm<InterfaceFormValues>
      form={form}
      // Its own field ids: the table's search form beside it has fields of the same names.
      name="interfaceForm"
      open={open}
      title={record ? T.editTitle(record.name) : T.createTitle}
      width={720}
      initialValues={initialValues}
      onOpenChange={(next) => {
        if (!next) requestClose();
      }}
      onFinish={submit}
      loading={submitting}
      scrollToFirstError
      drawerProps={{ destroyOnClose: true, maskClosable: true, keyboard: !submitting }}
      submitter={{
        searchConfig: { submitText: editing ? T.submitEdit : T.submitCreate, resetText: T.cancel },
        resetButtonProps: { disabled: submitting },
      }}
    >
      {serverError && (
        <div ref={errorRef}>
          <Alert
            className={styles.error}
            role="alert"
            type="error"
            showIcon
            message={T.saveFailed}
            description={serverError}
          />
        </div>
      )}
      <Row gutter={16}>
        <Col span={16}>
          <ProFormText
            name="name"
            label={L.name}
            required
            placeholder={T.namePlaceholder}
            rules={[interfaceFieldRule('name')]}
            fieldProps={{ count: { show: true, max: INTERFACE_LIMITS.nameMax } }}
          />
        </Col>
        <Col span={8}>
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
    </DrawerForm>
  );
}
