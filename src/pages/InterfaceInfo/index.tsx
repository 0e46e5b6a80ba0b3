import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { history, Link, useLocation, useModel, useParams } from '@umijs/max';
import { App, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { checkJson } from '@/components/JsonEditor';
import { Markdown } from '@/components/Markdown';
import { healthIn, InterfaceHealth, useInterfaceHealth } from '@/components/InterfaceHealth';
import { MethodTag } from '@/components/MethodTag';
import { StatusBadge } from '@/components/StatusBadge';
import { ACCOUNT_CENTER_PATH, HOME_PATH, INTERFACE_STATUS, ResponseCode, USER_ROLE } from '@/constants';
import { errorText, handleRequestError } from '@/requestConfig';
import { getInterfaceInfoById } from '@/services/agler/interfaceInfo';
import { useEarlyRequest } from '@/utils/useEarlyRequest';
import { getMyAccessKey } from '@/services/agler/user';
import { errorCodeOf } from '@/utils/apiError';
import { downloadOpenApi } from '@/utils/openapiExport';
import { formatJsonText } from '@agler/contract/json';
import { CallPanel } from './components/CallPanel';
import { CodeBlock } from './components/CodeBlock';
import { CodeSamples } from './components/CodeSamples';
import { LifecycleBanner, LifecycleNotices } from './components/Lifecycle';
import { MyQuota } from './components/MyQuota';
import { ParamsTable } from './components/ParamsTable';
import { PlanCards, usePlanCover } from './components/PlanCards';
import { exampleText } from '@agler/contract/example';
import { draftKey, useParamsDraft } from './draft';
import { interfaceKey } from './earlyInterface';
import { VIEW_TEXTS } from './texts';
import { useScreen } from '@/utils/media';
import { rateLimitText } from '@/utils/rateLimit';

const useStyles = createStyles(({ token }) => ({
  url: { fontFamily: token.fontFamilyCode, wordBreak: 'break-all' },
  // The theme's text colour on the warning background: antd's warning text colour is too light to read on it.
  deprecated: {
    marginInlineEnd: 0,
    color: token.colorText,
    background: token.colorWarningBg,
    borderColor: token.colorWarningBorder,
  },
  headerTitle: { display: 'block', marginBottom: token.marginXXS, color: token.colorTextSecondary },
  // On a phone the tags go under the name instead of squeezing it to its first letter.
  page: {
    '& .ant-page-header-heading-left': { flexWrap: 'wrap', rowGap: token.marginXXS },
    '& .ant-page-header-heading-title': { maxWidth: '100%' },
  },
  // The same gap between every two of the method, the status, the lifecycle and the health: a tag's
  // own end margin would widen one gap only.
  tags: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: token.marginSM,
    rowGap: token.marginXXS,
    '& .ant-tag': { marginInlineEnd: 0 },
  },
  health: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: token.marginXS,
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
    '& .ant-badge-status-text': { fontSize: 'inherit' },
  },
  // A card with a title and a link beside it: on a phone the link would squeeze the title to an
  // ellipsis; the link goes under the title instead.
  wrappingHead: {
    '& .ant-card-head': { paddingBlock: token.paddingXS },
    '& .ant-card-head-wrapper': { flexWrap: 'wrap', columnGap: token.marginSM, rowGap: token.marginXXS },
    '& .ant-card-head-title': { flex: '1 0 auto', maxWidth: '100%', whiteSpace: 'normal' },
    '& .ant-card-extra': { maxWidth: '100%' },
  },
}));

/** Where the app's API is served, for the code samples. */
const API_ORIGIN = API_BASE_URL || window.location.origin;

/** A contract time (`yyyy-MM-dd HH:mm:ss` or ISO) as the page shows it. */
function showTime(text?: string): string {
  if (!text) return '-';
  const time = dayjs(text);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : text;
}

/** Errors that mean "no such interface for you": unknown, offline and hidden, or an id that is no id. */
function isNotFound(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === ResponseCode.NOT_FOUND || code === ResponseCode.PARAMS_ERROR;
}

function HeaderBlock({ title, text }: { title: string; text?: string }) {
  const { styles } = useStyles();
  return (
    <div>
      <Typography.Text className={styles.headerTitle}>{title}</Typography.Text>
      {text?.trim() ? <CodeBlock code={formatJsonText(text)} title="JSON" label={title} maxHeight={220} /> : <Typography.Text type="secondary">{VIEW_TEXTS.noHeaders}</Typography.Text>}
    </div>
  );
}

type Loaded = { id: string; info: API.InterfaceInfo };
type InfoAnswer = Awaited<ReturnType<typeof getInterfaceInfoById>>;

/** 查看接口: one interface's documentation, online call and code samples. */
export default function InterfaceInfoPage() {
  const { styles } = useStyles();
  // On a phone one field a line: two would squeeze the dates into a column of digits.
  const infoColumns = useScreen('xs') ? 1 : 2;
  // The id stays the text it came as: 64-bit ids do not survive a trip through Number.
  const { id = '' } = useParams<{ id: string }>();
  const location = useLocation();

  // A deep link's interface may be on its way already (earlyInterface.ts), or here.
  const { data, error, loading, refresh } = useEarlyRequest(
    interfaceKey(id),
    () => getInterfaceInfoById({ id }, { skipErrorHandler: true }),
    (res: InfoAnswer): Loaded => ({ id, info: res.data! }),
    { refreshDeps: [id] },
  );
  const { initialState } = useModel('@@initialState');
  // The signed samples carry the caller's access key when they have one; without it, a placeholder.
  const { data: accessKey, loading: keyLoading, error: keyError } = useRequest(
    async () => (await getMyAccessKey({ skipErrorHandler: true })).data?.accessKey ?? undefined,
    { onError: () => undefined },
  );
  const info = data?.id === id ? data.info : undefined;
  // The documentation first: the call panel and the samples render in the commit after it, so a
  // cold deep link paints the interface's description without waiting for them (about 180 ms).
  const [restShown, setRestShown] = useState(false);
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  // Each call made here reads 我的额度 again: it shows what the gateway left.
  const [calls, setCalls] = useState(0);
  const countCall = () => setCalls((n) => n + 1);
  // The plans covering the interface: where one does, the per-interface quota means nothing.
  const planCover = usePlanCover(id, initialState?.loginUser?.userRole === USER_ROLE.ADMIN, calls);
  // The catalogue's one request for every interface's health: this page shows its own.
  const healthMap = useInterfaceHealth();
  useEffect(() => {
    if (info) setRestShown(true);
  }, [info]);

  const example = useMemo(() => exampleText(info?.requestParams), [info?.requestParams]);
  // What is being edited survives a reload; 恢复示例 (the example again) forgets it.
  const [paramsText, setParamsText] = useParamsDraft(draftKey(id, initialState?.loginUser?.id), example);
  // The samples follow the editor, keeping the last valid parameters while the text is being fixed.
  const lastValidParams = useRef(example);
  const paramsValid = !checkJson(paramsText, { allowEmpty: true });
  if (paramsValid) lastValidParams.current = paramsText;

  const back = () => {
    if (location.key !== 'default') history.back();
    else history.push(HOME_PATH);
  };
  const backToCatalogue = (
    <Link to={HOME_PATH}>
      <Button type="primary">{VIEW_TEXTS.back}</Button>
    </Link>
  );

  if (!info) {
    let body;
    if (error && !loading && isNotFound(error)) {
      body = <Result status="404" title={VIEW_TEXTS.notFoundTitle} subTitle={VIEW_TEXTS.notFoundDescription} extra={backToCatalogue} />;
    } else if (error && !loading) {
      body = (
        <Result
          status="error"
          title={VIEW_TEXTS.loadErrorTitle}
          subTitle={errorText(error)}
          extra={
            <Space>
              <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
                {VIEW_TEXTS.retry}
              </Button>
              {backToCatalogue}
            </Space>
          }
        />
      );
    } else {
      body = <Skeleton active paragraph={{ rows: 8 }} />;
    }
    return (
      <PageContainer title={VIEW_TEXTS.pageTitle} onBack={back}>
        <Card>{body}</Card>
      </PageContainer>
    );
  }

  const offline = info.status !== INTERFACE_STATUS.ONLINE;
  const admin = initialState?.loginUser?.userRole === USER_ROLE.ADMIN;
  const exportOne = async () => {
    setExporting(true);
    try {
      await downloadOpenApi([id]);
      message.success(VIEW_TEXTS.exported);
    } catch (exportError) {
      handleRequestError(exportError);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer
      className={styles.page}
      title={info.name}
      tags={
        <div className={styles.tags}>
          <MethodTag method={info.method} />
          <StatusBadge status={info.status} />
          {info.deprecated && <Tag className={styles.deprecated}>{VIEW_TEXTS.deprecatedTag}</Tag>}
          <InterfaceHealth health={healthIn(healthMap, id)} className={styles.health} />
        </div>
      }
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportOne}>
          {VIEW_TEXTS.exportOpenApi}
        </Button>
      }
      onBack={back}
    >
      <Row gutter={[16, 16]}>
        {info.deprecated && (
          <Col span={24}>
            <LifecycleBanner info={info} />
          </Col>
        )}
        <Col span={24}>
          <Card title={VIEW_TEXTS.infoTitle}>
            {/* antd's, not ProDescriptions: that one brings every ProField (date pickers and all), 181 KB
                gzip more for this route, and each field here is rendered by the page anyway. */}
            <Descriptions
              column={infoColumns}
              items={[
                {
                  key: 'description',
                  label: VIEW_TEXTS.description,
                  span: infoColumns,
                  children: info.description ? <Markdown text={info.description} /> : VIEW_TEXTS.noDescription,
                },
                {
                  key: 'url',
                  label: VIEW_TEXTS.url,
                  span: infoColumns,
                  children: (
                    <Typography.Text className={styles.url} copyable={{ text: info.url, tooltips: [VIEW_TEXTS.copy, VIEW_TEXTS.copied] }}>
                      {info.url}
                    </Typography.Text>
                  ),
                },
                { key: 'method', label: VIEW_TEXTS.method, children: <MethodTag method={info.method} /> },
                { key: 'status', label: VIEW_TEXTS.status, children: <StatusBadge status={info.status} /> },
                { key: 'createTime', label: VIEW_TEXTS.createTime, children: showTime(info.createTime) },
                { key: 'updateTime', label: VIEW_TEXTS.updateTime, children: showTime(info.updateTime) },
                { key: 'rateLimit', label: VIEW_TEXTS.rateLimit, span: infoColumns, children: rateLimitText(info) },
                ...(planCover.covered === false
                  ? [
                      {
                        key: 'quota',
                        label: VIEW_TEXTS.myQuota,
                        span: infoColumns,
                        children: <MyQuota interfaceId={id} interfaceName={info.name} unlimited={admin} calls={calls} />,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Col>
        {planCover.data?.plans.length !== 0 && (
          <Col span={24}>
            <PlanCards cover={planCover} interfaceName={info.name} interfaceRate={rateLimitText(info)} admin={admin} />
          </Col>
        )}
        <Col span={24}>
          <Card title={VIEW_TEXTS.paramsTitle}>
            <ParamsTable requestParams={info.requestParams} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={VIEW_TEXTS.headersTitle}>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <HeaderBlock title={VIEW_TEXTS.requestHeader} text={info.requestHeader} />
              </Col>
              <Col xs={24} lg={12}>
                <HeaderBlock title={VIEW_TEXTS.responseHeader} text={info.responseHeader} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col span={24}>
          <Card className={styles.wrappingHead} title={VIEW_TEXTS.callTitle} extra={<Link to={ACCOUNT_CENTER_PATH}>{VIEW_TEXTS.accountLink}</Link>}>
            {restShown ? (
              <CallPanel
                interfaceId={id}
                requestParams={info.requestParams}
                value={paramsText}
                onChange={setParamsText}
                example={example}
                offline={offline}
                onCalled={countCall}
              />
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={VIEW_TEXTS.samplesTitle}>
            {restShown ? (
              <CodeSamples
                baseUrl={API_ORIGIN}
                id={id}
                method={info.method}
                accessKey={accessKey}
                noKeyPair={!keyLoading && !keyError && !accessKey}
                paramsText={lastValidParams.current}
                rateLimit={info.rateLimit}
                rateBurst={info.rateBurst}
                stale={!paramsValid}
              />
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
        {admin && info.deprecated && (
          <Col span={24}>
            <LifecycleNotices interfaceId={id} />
          </Col>
        )}
      </Row>
    </PageContainer>
  );
}
