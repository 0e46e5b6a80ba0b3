declare namespace API {
  type AccessKeyVO = {
    accessKey: string;
    /** The secret key's last 4 characters */
    secretKeyTail: string;
  };

  type AlertData = {
    interfaceName?: string;
    leftNum?: number;
    totalNum?: number;
    keyName?: string;
    /** epoch milliseconds */
    expiresAt?: number;
    approved?: boolean;
    amount?: number;
    /** quota_request, subscription: the admin's reply, when there is one */
    reason?: string;
    /** plan_overage, subscription: the plan it is about */
    planId?: string;
    planName?: string;
    /** subscription: for a requested switch, the plan switched from (approved) or kept (refused) */
    fromPlanName?: string;
    /** subscription: what happened to it */
    event?: 'approved' | 'refused' | 'ending' | 'ended';
    /** subscription ending or ended: its holder cancelled it, its plan was retired, or an admin ended it */
    cause?: 'cancelled' | 'retired' | 'admin';
    /** subscription ending or ended: when it ends or ended, epoch milliseconds */
    endsAt?: number;
  };

  type AlertKind =
    | 'quota_80'
    | 'quota_100'
    | 'key_expiring'
    | 'interface_offline'
    | 'interface_deprecated'
    | 'quota_request'
    | 'plan_overage'
    | 'subscription';

  type AlertReadRequest = {
    id: string;
  };

  type AlertVO = {
    id: string;
    kind: AlertKind;
    /** The interface it is about */
    interfaceInfoId?: string | null;
    /** The key, the quota request or the subscription it is about */
    subjectId?: string | null;
    data: AlertData;
    /** yyyy-MM-dd HH:mm:ss */
    createTime: string;
    read: boolean;
  };

  type AnalysisOverview = {
    startDate: string;
    endDate: string;
    /** Calls that reached an interface, success or error */
    totalCalls: number;
    successCalls: number;
    errorCalls: number;
    /** successCalls / totalCalls, 0 to 1; 0 when there were no calls */
    successRate: number;
    /** Mean latency in milliseconds, rounded; 0 without calls */
    avgLatency: number;
    /** Nearest-rank 95th percentile of the latencies, milliseconds; 0 without calls */
    p95Latency: number;
    /** Interfaces with at least one call */
    interfacesCalled: number;
    previous: AnalysisPeriod;
    /** One entry per day of the range, zero-filled */
    daily: DailyCalls[];
    /** Every interface called in the range, most called first, as a table of InterfaceUsage records */
    interfaces: UsageTable;
    /** Days single calls are kept (CALL_LOG_RETENTION_DAYS): an interface's callers read no call older than that; the figures here come from the roll-up and cover all history */
    callRetentionDays?: number;
  };

  type AnalysisPeriod =
    // #/components/schemas/AnalysisTotals
    AnalysisTotals & {
      startDate: string;
      endDate: string;
    };

  type AnalysisTotals = {
    /** Calls that reached an interface, success or error */
    totalCalls: number;
    successCalls: number;
    errorCalls: number;
    /** successCalls / totalCalls, 0 to 1; 0 when there were no calls */
    successRate: number;
    /** Mean latency in milliseconds, rounded; 0 without calls */
    avgLatency: number;
    /** Nearest-rank 95th percentile of the latencies, milliseconds; 0 without calls */
    p95Latency: number;
    /** Interfaces with at least one call */
    interfacesCalled: number;
  };

  type BaseResponseAccessKeyVO = {
    code: number;
    /** null until the user makes a pair */
    data?: AccessKeyVO | null;
    message: string;
  };

  type BaseResponseAnalysisOverview = {
    code: number;
    data?: AnalysisOverview;
    message: string;
    success?: boolean;
  };

  type BaseResponseBoolean = {
    code: number;
    data?: boolean;
    message: string;
    success?: boolean;
  };

  type BaseResponseForwardSecretVO = {
    code: number;
    data?: ForwardSecretVO;
    message: string;
    success?: boolean;
  };

  type BaseResponseHealthStatus = {
    code: number;
    data?: HealthStatus;
    message: string;
    success?: boolean;
  };

  type BaseResponseId = {
    code: number;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    data?: number | string;
    message: string;
    success?: boolean;
  };

  type BaseResponseImportResult = {
    code: number;
    data: ImportResult;
    message: string;
  };

  type BaseResponseInteger = {
    code: number;
    data?: number;
    message: string;
    success?: boolean;
  };

  type BaseResponseInterfaceCallers = {
    code: number;
    data?: InterfaceCallers;
    message: string;
    success?: boolean;
  };

  type BaseResponseInterfaceHealthMap = {
    code: number;
    /** By interface id (decimal text) */
    data?: Record<string, any>;
    message: string;
  };

  type BaseResponseInterfaceInfo = {
    code: number;
    data?: InterfaceInfo;
    message: string;
    success?: boolean;
  };

  type BaseResponseInvoke = {
    code: number;
    /** The interface's answer: its JSON as sent, or its text as a string; null on a failure */
    data?: any;
    message: string;
    /** The message's key in the contract's tables of messages (contract/messageKeys.ts), `table.name` such as `api.accountTaken`: a client translates the message by it. Present when the message is one of the contract's; a client that finds no key, or does not know it, shows `message` as sent. */
    messageKey?: string;
    /** The values the message was built from, in the order its function takes them; absent for a fixed message. */
    messageArgs?: MessageArg[];
    call?: CallMeta;
  };

  type BaseResponseKeyPairVO = {
    code: number;
    data?: KeyPairVO;
    message: string;
  };

  type BaseResponseKeyPairWithIdVO = {
    code: number;
    data?: KeyPairWithIdVO;
    message: string;
  };

  type BaseResponseListCallHistoryEntry = {
    code: number;
    data?: CallHistoryEntry[];
    message: string;
  };

  type BaseResponseListDailyCalls = {
    code: number;
    data?: DailyCalls[];
    message: string;
  };

  type BaseResponseListInterfaceInfoInvokeVO = {
    code: number;
    data?: InterfaceInfoInvokeVO[];
    message: string;
    success?: boolean;
  };

  type BaseResponseListInterfaceNoticeVO = {
    code: number;
    data: InterfaceNoticeVO[];
    message: string;
  };

  type BaseResponseListInterfaceQuotaVO = {
    code: number;
    data?: InterfaceQuotaVO[];
    message: string;
  };

  type BaseResponseListKeyAuditVO = {
    code: number;
    data?: KeyAuditVO[];
    message: string;
  };

  type BaseResponseListKeyVO = {
    code: number;
    data?: KeyVO[];
    message: string;
  };

  type BaseResponseListPlanUsage = {
    code: number;
    data?: PlanUsage[];
    message: string;
  };

  type BaseResponseListPlanVO = {
    code: number;
    data?: PlanVO[];
    message: string;
  };

  type BaseResponseLoginUserVO = {
    code: number;
    data?: LoginUserVO;
    message: string;
    success?: boolean;
  };

  type BaseResponsePageAlertVO = {
    code: number;
    data?: PageAlertVO;
    message: string;
    success?: boolean;
  };

  type BaseResponsePageCallLogEntry = {
    code: number;
    data?: PageCallLogEntry;
    message: string;
  };

  type BaseResponsePageInterfaceInfo = {
    code: number;
    data?: PageInterfaceInfo;
    message: string;
    success?: boolean;
  };

  type BaseResponsePageLoginUserVO = {
    code: number;
    data?: PageLoginUserVO;
    message: string;
  };

  type BaseResponsePageQuotaRequestVO = {
    code: number;
    data?: PageQuotaRequestVO;
    message: string;
  };

  type BaseResponsePageSubscriptionVO = {
    code: number;
    data?: PageSubscriptionVO;
    message: string;
  };

  type BaseResponsePageWebhookDeliveryVO = {
    code: number;
    data?: PageWebhookDeliveryVO;
    message: string;
    success?: boolean;
  };

  type BaseResponsePlanVO = {
    code: number;
    data?: PlanVO;
    message: string;
  };

  type BaseResponseQuotaRequestVO = {
    code: number;
    data?: QuotaRequestVO;
    message: string;
  };

  type BaseResponseSubscriptionVO = {
    code: number;
    data?: SubscriptionVO;
    message: string;
  };

  type BaseResponseUpstreamVO = {
    code: number;
    data?: UpstreamVO;
    message: string;
    success?: boolean;
  };

  type BaseResponseUsagePage = {
    code: number;
    data?: UsagePage;
    message: string;
    success?: boolean;
  };

  type BaseResponseUsageSummary = {
    code: number;
    data?: UsageSummary;
    message: string;
  };

  type BaseResponseWebhookPingVO = {
    code: number;
    data?: WebhookPingVO;
    message: string;
    success?: boolean;
  };

  type BaseResponseWebhookSecretVO = {
    code: number;
    data?: WebhookSecretVO;
    message: string;
    success?: boolean;
  };

  type BaseResponseWebhookVO = {
    code: number;
    /** null until the user sets a webhook */
    data?: WebhookVO | null;
    message: string;
    success?: boolean;
  };

  type CallerUsage = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    userId: number | string;
    /** The caller's account; empty when the user is unknown */
    userAccount: string;
    /** The caller's name; empty when they set none */
    userName: string;
    calls: number;
    /** Calls that failed: an error status, no answer, or an answer the platform did not pass on */
    errors: number;
  };

  type CallHistoryEntry = {
    /** When the call started (ISO 8601) */
    time: string;
    /** The interface's HTTP status; null when it never answered */
    status: number | null;
    success: boolean;
    durationMs: number;
    bytes: number;
    /** The userRequestParams text the console sent; null for gateway calls and for texts over 4096 bytes */
    params: string | null;
    /** Present (true) when the parameters were over 4096 bytes and are not kept */
    paramsTruncated?: boolean;
  };

  type CallLogEntry = {
    id: string;
    /** yyyy-MM-dd HH:mm:ss */
    time: string;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    interfaceName?: string | null;
    method?: string | null;
    /** The interface's HTTP status; null when it never answered */
    status?: number | null;
    statusClass: '2xx' | '3xx' | '4xx' | '5xx' | 'other' | 'noAnswer' | 'unrecorded';
    success: boolean;
    /** Milliseconds */
    latency: number;
    /** Bytes of the answer's body */
    bytes: number;
    /** Made from the console's 在线调用 (signed by no key); false: a gateway call, made with the key keyId names */
    online: boolean;
    /** The access key that signed the gateway call, revoked ones too; null: an online call */
    keyId: string | null;
    /** The key's name (a revoked key keeps its own); null: an online call, or a key that has no row any more */
    keyName: string | null;
    /** The access key's last 4 characters; null as keyName */
    accessKeyTail: string | null;
    /** The key has been revoked since (it signs nothing now); false for an online call */
    keyRevoked: boolean;
  };

  type CallMeta = {
    /** The interface's HTTP status */
    status: number;
    /** Its response headers: names lower-cased, several values joined with ", ", without set-cookie and hop-by-hop headers (connection, keep-alive, transfer-encoding, ...); at most 50 headers and 8 KB */
    headers: Record<string, any>;
    /** Milliseconds from the start of the call to the end of its answer */
    durationMs: number;
    /** Bytes of the answer's body */
    bytes: number;
  };

  type DailyCalls = {
    date: string;
    /** Calls that reached an interface that day, success or error */
    calls: number;
    /** Of those, the ones that answered with an error */
    errors: number;
  };

  type ErrorResponse = {
    /** 40000 bad parameters or body; 40100 not logged in (the gateway: a bad signature); 40101 a role without the right (not an admin, or banned); 40300 forbidden; 40400 not found; 41000 past its sunset date; 42900 quota used up or over the rate limit; 50000 the server failed; 50001 the operation failed; 50200 the interface failed */
    code: 40000 | 40100 | 40101 | 40300 | 40400 | 41000 | 42900 | 50000 | 50001 | 50200;
    data: null;
    /** What went wrong, for a person (in Chinese) */
    message: string;
    /** The message's key in the contract's tables of messages (contract/messageKeys.ts), `table.name` such as `api.accountTaken`: a client translates the message by it. Present when the message is one of the contract's; a client that finds no key, or does not know it, shows `message` as sent. */
    messageKey?: string;
    /** The values the message was built from, in the order its function takes them; absent for a fixed message. */
    messageArgs?: MessageArg[];
  };

  type exportOpenApiParams = {
    format?: 'json' | 'yaml';
    /** Comma-separated ids: only these interfaces; at most 500 (more: 40000) */
    ids?: string;
  };

  type ForwardSecretRotateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    /** How long the secret before keeps signing beside the new one */
    graceSeconds?: 0 | 3600 | 86400;
  };

  type ForwardSecretVO = {
    /** The new forwarding secret (Standard Webhooks format): shown in this answer only */
    secret: string;
    upstream: UpstreamVO;
  };

  type gatewayDeleteParams = {
    interfaceId: string;
  };

  type gatewayGetParams = {
    interfaceId: string;
  };

  type gatewayPatchParams = {
    interfaceId: string;
  };

  type gatewayPostParams = {
    interfaceId: string;
  };

  type gatewayPutParams = {
    interfaceId: string;
  };

  type getAnalysisInterfacesParams = {
    /** First day (yyyy-MM-dd, inclusive) */
    startDate: string;
    /** Last day (yyyy-MM-dd, inclusive), not before startDate; the range is at most 366 days */
    endDate: string;
    current?: number;
    pageSize?: number;
    /** Without it: most called first */
    sortField?:
      | 'name'
      | 'calls'
      | 'errors'
      | 'successRate'
      | 'avgLatency'
      | 'p95Latency'
      | 'share'
      | 'lastCallTime';
    /** Ascending unless told, when sortField is given; descending without it */
    sortOrder?: 'ascend' | 'descend';
    /** Keeps the interfaces whose name holds it, case-insensitive */
    searchText?: string;
  };

  type getAnalysisOverviewParams = {
    /** First day (yyyy-MM-dd, inclusive) */
    startDate: string;
    /** Last day (yyyy-MM-dd, inclusive), not before startDate; the range is at most 366 days */
    endDate: string;
    /** When given, `interfaces` holds only the first pageSize rows (most called first; `interfacesCalled` counts them all) and p95 is worked out for those rows only; without it, every row */
    pageSize?: number;
  };

  type getInterfaceCallersParams = {
    /** The interface, live or deleted */
    interfaceInfoId: number | string;
    /** First day (yyyy-MM-dd, inclusive) */
    startDate: string;
    /** Last day (yyyy-MM-dd, inclusive), not before startDate; the range is at most 366 days */
    endDate: string;
  };

  type getInterfaceInfoByIdParams = {
    id: number | string;
  };

  type getMyUsageSummaryParams = {
    /** First day (yyyy-MM-dd, inclusive) */
    startDate: string;
    /** Last day (yyyy-MM-dd, inclusive), not before startDate; the range is at most 366 days */
    endDate: string;
    /** Whose usage: an admin may name any user; a user only themself (another user's answers 40101) */
    userId?: number | string;
  };

  type getPlanParams = {
    /** The plan's id */
    id: number | string;
  };

  type HealthStatus = {
    db: 'ok';
  };

  type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

  type IdRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
  };

  type ImportDraft = {
    name: string;
    description: string;
    url: string;
    method: HttpMethod;
    requestParams: string;
    requestHeader: string;
    responseHeader: string;
    deprecated: boolean;
  };

  type ImportNote = {
    message: string;
    /** The message's key in the contract's tables of messages (contract/messageKeys.ts), `table.name`: a client translates the text by it, and shows the text as sent when there is none or it does not know it. */
    messageKey?: string;
    /** The values the note was built from, in the order its function takes them; absent for a fixed text. */
    messageArgs?: MessageArg[];
  };

  type ImportRequest = {
    /** The document's text, JSON or YAML, at most 5 MB */
    document?: string;
    /** Where to fetch the document (http/https, through the same address guard as calls, no redirects, at most 5 MB) */
    url?: string;
    /** The server address for a document whose server is relative or missing */
    baseUrl?: string;
    /** true: only the preview; false: write it */
    dryRun: boolean;
    /** Rows (index) left out of the write */
    exclude?: number[];
  };

  type ImportResult = {
    create: ImportRow[];
    update: ImportUpdate[];
    skip: {
      index: number;
      operation: string;
      name: string;
      reason: string;
      reasonKey?: string;
      reasonArgs?: MessageArg[];
    }[];
    errors: { path: string; message: string; messageKey?: string; messageArgs?: MessageArg[] }[];
    baseUrlRequired: boolean;
    specification?: string;
    /** With dryRun false: the ids written */
    ids?: string[];
  };

  type ImportRow = {
    index: number;
    /** METHOD /path in the document */
    operation: string;
    draft: ImportDraft;
    notes: string[];
    /** The notes again, in the same order, each with its key and values where it has them, for a client to translate; absent from an older server. */
    keyedNotes?: ImportNote[];
  };

  type ImportUpdate =
    // #/components/schemas/ImportRow
    ImportRow & {
      id: string;
      changes: { field: string; before: string; after: string }[];
    };

  type InterfaceCallers = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    startDate: string;
    endDate: string;
    /** The interface's calls in the range */
    totalCalls: number;
    errorCalls: number;
    /** Users with at least one call in the range */
    callerCount: number;
    /** The 10 users with the most calls, most calls first; ties go to the smaller user id */
    callers: CallerUsage[];
    statusClasses: StatusClasses;
  };

  type InterfaceHealth = {
    /** Calls that reached the interface's server */
    calls: number;
    /** Successful calls / calls, 0 to 1; 0 without calls */
    successRate: number;
    /** Nearest-rank 50th percentile latency, milliseconds; 0 without calls */
    p50: number;
    /** Nearest-rank 95th percentile latency, milliseconds; 0 without calls */
    p95: number;
    /** healthy 正常, degraded 降级, down 故障, unknown 暂无数据 (no calls) */
    state: 'healthy' | 'degraded' | 'down' | 'unknown';
  };

  type InterfaceInfo = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    name: string;
    description?: string;
    url: string;
    method: HttpMethod;
    /** JSON array of {name, type, required, description}; may be empty */
    requestParams?: string;
    /** JSON text; may be empty */
    requestHeader?: string;
    /** JSON text; may be empty */
    responseHeader?: string;
    /** 0 offline, 1 online */
    status: 0 | 1;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    userId?: number | string;
    createTime?: string;
    updateTime?: string;
    /** Calls per second per caller; 0: no rate limit */
    rateLimit?: number;
    /** Calls a caller may make at once before the rate applies; at least rateLimit (0 when there is no rate limit) */
    rateBurst?: number;
    /** Announced for retirement: its calls carry Deprecation, Sunset and Link headers (contract/lifecycle.ts) */
    deprecated?: boolean;
    /** yyyy-MM-dd: from this day on (the server's local midnight) a call answers 410 Gone; null: none */
    sunsetDate?: string | null;
    /** The interface that replaces it (a live one, not itself); null: none, or (to a user other than an admin) one that is offline */
    replacementId?: string | null;
    /** When it was marked deprecated (yyyy-MM-dd HH:mm:ss); null while it is not */
    deprecatedTime?: string | null;
    /** Admins only: how the platform calls the interface's server */
    upstream?: UpstreamVO;
  };

  type InterfaceInfoAddRequest = {
    name: string;
    description?: string;
    url: string;
    method: HttpMethod;
    requestParams?: string;
    requestHeader?: string;
    responseHeader?: string;
    /** Calls per second per caller; 0 (the default) is none */
    rateLimit?: number;
    /** Calls a caller may make at once; at least rateLimit; absent: equal to rateLimit */
    rateBurst?: number;
    /** Announced for retirement: its calls carry Deprecation, Sunset and Link headers (contract/lifecycle.ts) */
    deprecated?: boolean;
    /** yyyy-MM-dd; null or empty clears it; must be after the day of the deprecation (the stored one, or today when it starts now), else 40000 */
    sunsetDate?: string | null;
    /** The replacing interface's id; null or empty clears it */
    replacementId?: number | string | null;
  };

  type InterfaceInfoInvokeRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    /** The call's parameters as a JSON text */
    userRequestParams?: string;
  };

  type InterfaceInfoInvokeVO =
    // #/components/schemas/InterfaceInfo
    InterfaceInfo & {
      totalNum: number;
    };

  type InterfaceInfoUpdateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    name?: string;
    description?: string;
    url?: string;
    method?: HttpMethod;
    requestParams?: string;
    requestHeader?: string;
    responseHeader?: string;
    /** Calls per second per caller; 0 (the default) is none */
    rateLimit?: number;
    /** Calls a caller may make at once; at least rateLimit; absent: equal to rateLimit */
    rateBurst?: number;
    /** Announced for retirement: its calls carry Deprecation, Sunset and Link headers (contract/lifecycle.ts) */
    deprecated?: boolean;
    /** yyyy-MM-dd; null or empty clears it; must be after the day of the deprecation (the stored one, or today when it starts now), else 40000 */
    sunsetDate?: string | null;
    /** The replacing interface's id; null or empty clears it */
    replacementId?: number | string | null;
  };

  type InterfaceNoticeVO = {
    userId: string;
    userAccount: string;
    userName: string;
    lastCallTime: string;
    sunsetDate: string | null;
    replacementId: string | null;
    createTime: string;
  };

  type InterfaceQuotaVO = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    name: string;
    method: HttpMethod;
    status: 0 | 1;
    /** The user's calls of the interface that reached it, through the gateway or the console */
    calls: number;
    /** Calls left */
    leftNum: number;
    /** Calls granted in all */
    totalNum: number;
    /** The user's own rate limit on the interface (0: none for this user); null: the interface's (always present, null or not) */
    rateLimit?: number | null;
    /** The user's own burst; null: the interface's (always present, null or not) */
    rateBurst?: number | null;
    /** The calls per second that apply to the user (0: none) */
    effectiveRateLimit: number;
    /** The burst that applies to the user */
    effectiveRateBurst: number;
  };

  type InterfaceUsage = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    name: string;
    method: HttpMethod;
    /** 0 offline, 1 online (now) */
    status: 0 | 1;
    /** true when the interface was deleted: its calls stay counted under its name; absent while it exists */
    deleted?: boolean;
    calls: number;
    errors: number;
    /** 0 to 1 */
    successRate: number;
    /** milliseconds, rounded */
    avgLatency: number;
    /** Nearest-rank 95th percentile, milliseconds */
    p95Latency: number;
    /** This interface's share of all the range's calls (every interface's, not only a page's), in tenths of a percent: the shares of all interfaces add up to exactly 1000, each its exact value rounded down or up (largest remainder; ties to the larger count, then the earlier row in most-called-first order) */
    share: number;
    /** The last call in the range (yyyy-MM-dd HH:mm:ss) */
    lastCallTime: string;
  };

  type InterfaceUsageOfUser = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    name: string;
    method: HttpMethod;
    status: 0 | 1;
    /** Calls in the range */
    calls: number;
    errors: number;
    /** Milliseconds, nearest rank; 0 without calls */
    p95Latency: number;
    leftNum: number;
    totalNum: number;
    /** Calls per day over the last 7 days, to a tenth */
    burnPerDay: number;
    /** The day the quota runs out at that pace; null when it does not */
    runsOutOn?: string | null;
  };

  type KeyAddRequest = {
    name: string;
    /** yyyy-MM-dd (the key works through that day) or yyyy-MM-dd HH:mm:ss, local time, each field in its range (no T, zone or fraction); in the future and at most 10 years ahead, else 40000 naming expiresAt */
    expiresAt?: string | null;
    /** The only interfaces the key may call (others: 403, 40300); absent or empty: any */
    interfaceIds?: (number | string)[] | null;
  };

  type KeyAuditVO = {
    id: string;
    keyId: string;
    action: 'add' | 'rotate' | 'revoke' | 'regenerate';
    keyName: string;
    accessKey: string;
    graceSeconds: number | null;
    /** The client's address */
    ip: string;
    /** yyyy-MM-dd HH:mm:ss */
    time: string;
  };

  type KeyIdRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
  };

  type KeyInterfaceVO = {
    id: string;
    name: string;
    /** The interface is no longer one the viewer may see (deleted, or for a user other than an admin offline): the key no longer reaches it, and to a user other than an admin name is then the id, as for an interface that never existed */
    deleted: boolean;
  };

  type KeyPairVO = {
    accessKey: string;
    /** Shown this once: no other answer ever holds it */
    secretKey: string;
  };

  type KeyPairWithIdVO = {
    id: string;
    accessKey: string;
    secretKey: string;
  };

  type KeyRotateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    graceSeconds: 0 | 3600 | 86400;
  };

  type KeyVO = {
    id: string;
    name: string;
    accessKey: string;
    /** The secret key's last 4 characters */
    secretKeyTail: string;
    /** yyyy-MM-dd HH:mm:ss */
    createTime: string;
    /** yyyy-MM-dd HH:mm:ss */
    expiresAt: string | null;
    /** yyyy-MM-dd HH:mm:ss, at most a minute behind */
    lastUsed: string | null;
    /** The interfaces the key may call; null: any */
    interfaceIds: string[] | null;
    /** The same interfaces with their names, in the same order; null: any */
    interfaces: KeyInterfaceVO[] | null;
    /** Until when the secret before the last rotation still signs */
    graceUntil: string | null;
    status: 'active' | 'expired' | 'revoked';
  };

  type listAlertsParams = {
    /** Page number from 1 (default 1) */
    current?: number;
    /** Page size, 1 to 50 (default 20) */
    pageSize?: number;
    /** true: the unread ones only */
    unread?: string;
  };

  type listInterfaceInfoByPageParams = {
    current?: number;
    pageSize?: number;
    sortField?: 'createTime' | 'updateTime' | 'name';
    sortOrder?: 'ascend' | 'descend';
    name?: string;
    description?: string;
    url?: string;
    method?: HttpMethod;
    status?: 0 | 1;
    /** Matches name, description and url, case-insensitive */
    searchText?: string;
  };

  type listInterfaceNoticesParams = {
    id: number | string;
  };

  type listInvokeHistoryParams = {
    id: number | string;
  };

  type listKeyAuditParams = {
    /** An admin's look at another user's keys (a user may name only themself: another answers 40101) */
    userId?: number | string;
  };

  type listKeysParams = {
    /** An admin's look at another user's keys (a user may name only themself: another answers 40101) */
    userId?: number | string;
  };

  type listMyCallsParams = {
    /** Page, from 1 */
    current?: number;
    /** 1 to 100, 20 by default */
    pageSize?: number;
    /** Only the calls of this interface */
    interfaceInfoId?: number | string;
    /** Status class: 2xx, 4xx, 5xx, or none (no answer) */
    status?: '2xx' | '4xx' | '5xx' | 'none';
    /** Only the calls made with this key (one of the caller's own; calls from 在线调用 have no key) */
    keyId?: number | string;
    /** Whose usage: an admin may name any user; a user only themself (another user's answers 40101) */
    userId?: number | string;
  };

  type listMyDailyUsageParams = {
    /** First day (yyyy-MM-dd, inclusive) */
    startDate: string;
    /** Last day (yyyy-MM-dd, inclusive), not before startDate; the range is at most 366 days */
    endDate: string;
    /** Only the calls of this interface */
    interfaceInfoId?: number | string;
    /** Only the calls made with this key (one of the caller's own; calls from 在线调用 have no key) */
    keyId?: number | string;
    /** Whose usage: an admin may name any user; a user only themself (another user's answers 40101) */
    userId?: number | string;
  };

  type listPlansParams = {
    /** Only the plans of this interface */
    interfaceInfoId?: number | string;
  };

  type listQuotaRequestsParams = {
    /** Page, from 1 */
    current?: number;
    /** 1 to 50, 10 by default */
    pageSize?: number;
    /** Only the requests in this state */
    status?: 'pending' | 'approved' | 'refused';
    /** Only this user's (a user may name only themself: another answers 40101) */
    userId?: number | string;
  };

  type listSubscriptionsParams = {
    /** Page, from 1 */
    current?: number;
    /** 1 to 50, 10 by default */
    pageSize?: number;
    /** Only this user's (a user may name only themself: another answers 40101) */
    userId?: number | string;
    /** Only the subscriptions of this plan */
    planId?: number | string;
    /** Only those in this state; pending includes the active ones whose switch waits for review; live: every pending or active one (those covering interfaces now, a switch waiting or not) */
    status?: 'pending' | 'active' | 'refused' | 'ended' | 'live';
  };

  type listTopInvokeInterfaceInfoParams = {
    /** How many interfaces, 1 to 20 */
    limit?: number;
    /** First day counted (yyyy-MM-dd, inclusive); all history when absent. With it, the range is at most 366 days */
    startDate?: string;
    /** Last day counted (yyyy-MM-dd, inclusive); today when absent */
    endDate?: string;
  };

  type listUserByPageParams = {
    current?: number;
    pageSize?: number;
    /** Matches the account or the name, case-insensitive */
    searchText?: string;
    userRole?: UserRole;
  };

  type listUserInterfaceInfoParams = {
    userId: number | string;
  };

  type listWebhookDeliveriesParams = {
    /** Page number from 1 (default 1) */
    current?: number;
    /** Page size, 1 to 50 (default 20) */
    pageSize?: number;
  };

  type LoginUserVO = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    userName: string;
    userAccount: string;
    /** URL, may be empty */
    userAvatar?: string;
    userRole: UserRole;
    createTime?: string;
    updateTime?: string;
  };

  type MessageArg = Record<string, any>;

  type PageAlertVO = {
    records: AlertVO[];
    total: number;
    current: number;
    size: number;
    pages: number;
    /** All the caller's unread alerts */
    unread: number;
  };

  type PageCallLogEntry = {
    records: CallLogEntry[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PageInterfaceInfo = {
    records: InterfaceInfo[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PageLoginUserVO = {
    records: LoginUserVO[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PageQuotaRequestVO = {
    records: QuotaRequestVO[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PageSubscriptionVO = {
    records: SubscriptionVO[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PageWebhookDeliveryVO = {
    records: WebhookDeliveryVO[];
    total: number;
    current: number;
    size: number;
    pages: number;
  };

  type PlanAddRequest = {
    /** Trimmed */
    name: string;
    description?: string;
    /** Live interfaces */
    interfaceIds: (number | string)[];
    /** Calls per period */
    quota: number;
    /** day: from local midnight to the next; month: from the first of the month at 00:00 to the first of the next (the server's time zone) */
    period: 'day' | 'month';
    /** Calls per second for its subscribers (0: none); null or absent: each interface's own */
    rateLimit?: number | null;
    /** At least rateLimit; only with it, and left out it equals it */
    rateBurst?: number | null;
    approval: boolean;
    /** block: calls past the quota answer 429/42900 until the period ends; allow: they go through and count as overage */
    overage: 'block' | 'allow';
    priceLabel?: string;
    /** private: listed only to admins and to those who hold it; only an admin assigns it */
    visibility: 'public' | 'private';
    /** Only for a public plan without approval, and only one non-retired default plan per interface */
    isDefault?: boolean;
  };

  type PlanUpdateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    /** Trimmed */
    name?: string;
    description?: string;
    /** Live interfaces */
    interfaceIds?: (number | string)[];
    /** Calls per period */
    quota?: number;
    /** day: from local midnight to the next; month: from the first of the month at 00:00 to the first of the next (the server's time zone) */
    period?: 'day' | 'month';
    /** Calls per second for its subscribers (0: none); null or absent: each interface's own */
    rateLimit?: number | null;
    /** At least rateLimit; only with it, and left out it equals it */
    rateBurst?: number | null;
    approval?: boolean;
    /** block: calls past the quota answer 429/42900 until the period ends; allow: they go through and count as overage */
    overage?: 'block' | 'allow';
    priceLabel?: string;
    /** private: listed only to admins and to those who hold it; only an admin assigns it */
    visibility?: 'public' | 'private';
    /** Only for a public plan without approval, and only one non-retired default plan per interface */
    isDefault?: boolean;
  };

  type PlanUsage = {
    planId: string;
    planName: string;
    /** The plan's period, as in PlanVO */
    period: 'day' | 'month';
    /** yyyy-MM-dd HH:mm:ss: the start of the plan's period that holds the server's now (its time zone) */
    periodStart: string;
    /** yyyy-MM-dd HH:mm:ss: the end of that period (exclusive) */
    periodEnd: string;
    /** Calls per period of each subscription */
    quota: number;
    /** As in PlanVO: block refuses calls past the quota, allow counts them as overage */
    overage: 'block' | 'allow';
    retired: boolean;
    /** Its active subscriptions (PlanVO's subscribers) */
    subscribers: number;
    /** What waits for an admin: pending subscriptions to it and active subscriptions of another plan asking to switch to it */
    pending: number;
    /** Calls charged to its active subscriptions in their current period, overage included */
    callsThisPeriod: number;
    /** The part of those calls past each subscription's quota: the sum of max(0, used - quota); 0 for a block plan */
    overageThisPeriod: number;
    /** Active subscriptions that have used their quota this period, or more */
    atQuotaThisPeriod: number;
  };

  type PlanVO = {
    id: string;
    name: string;
    description: string;
    /** The plan's interfaces the caller may see (to a user an offline one is not there) */
    interfaceIds: string[];
    /** Calls per period */
    quota: number;
    /** day: from local midnight to the next; month: from the first of the month at 00:00 to the first of the next (the server's time zone) */
    period: 'day' | 'month';
    /** Calls per second for its subscribers (0: none); null: each interface's own */
    rateLimit: number | null;
    rateBurst: number | null;
    /** A subscription waits for an admin's approval */
    approval: boolean;
    /** block: calls past the quota answer 429/42900 until the period ends; allow: they go through and count as overage */
    overage: 'block' | 'allow';
    /** What the plan costs, as shown (the platform charges nothing itself) */
    priceLabel: string;
    /** private: listed only to admins and to those who hold it; only an admin assigns it */
    visibility: 'public' | 'private';
    /** A caller with no subscription on one of its interfaces is subscribed to it by their first call */
    isDefault: boolean;
    retired: boolean;
    /** yyyy-MM-dd HH:mm:ss */
    retireTime: string | null;
    /** Its active subscriptions */
    subscribers: number;
    /** yyyy-MM-dd HH:mm:ss */
    createTime: string;
    /** yyyy-MM-dd HH:mm:ss */
    updateTime: string;
  };

  type QuotaRequestAddRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    /** Calls asked for: required without planId, not read with it. On an interface the caller's active subscription covers, a top-up of the subscription's current period; elsewhere the interface's own quota */
    amount?: number;
    /** Asks to switch the caller's active subscription covering the interface to this plan (not retired, over exactly the same interfaces; a private one too, an admin grants it). Only on an interface an active subscription covers */
    planId?: number | string;
    /** Required; trimmed */
    reason: string;
  };

  type QuotaRequestReviewRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    approve: boolean;
    /** Required when refusing */
    reason?: string;
  };

  type QuotaRequestVO = {
    id: string;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    userId: number | string;
    userAccount: string;
    userName: string;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    /** null: the interface is gone */
    interfaceName?: string | null;
    /** Calls asked for; 0 for a plan */
    amount: number;
    /** Always answered. quota: the interface's own quota rises by amount; topup: amount calls on top of the covering subscription's plan quota, for its current period only; plan: a switch of that subscription to planId */
    kind?: 'quota' | 'topup' | 'plan';
    /** Always answered; the plan asked for (kind plan), else null */
    planId?: string | null;
    /** Always answered; the plan's name (kind plan), else null */
    planName?: string | null;
    reason: string;
    status: 'pending' | 'approved' | 'refused';
    reviewReason?: string | null;
    createTime: string;
    reviewTime?: string | null;
    /** The user's quota on the interface now */
    leftNum: number;
    totalNum: number;
  };

  type StatusClasses = {
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    other: number;
    noAnswer: number;
    unrecorded: number;
  };

  type SubscriptionAddRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    planId: number | string;
    /** For the reviewer of a plan that needs approval; trimmed */
    reason?: string;
  };

  type SubscriptionAssignRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    userId: number | string;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    planId: number | string;
  };

  type SubscriptionReviewRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    approve: boolean;
    reply?: string;
  };

  type SubscriptionVO = {
    id: string;
    planId: string;
    planName: string;
    userId: string;
    userName: string;
    status: 'pending' | 'active' | 'refused' | 'ended';
    /** A switch to this plan waits for an admin's approval */
    requestedPlanId: string | null;
    requestedPlanName: string | null;
    /** day: from local midnight to the next; month: from the first of the month at 00:00 to the first of the next (the server's time zone) */
    period: 'day' | 'month';
    /** yyyy-MM-dd HH:mm:ss; null until the subscription is active */
    periodStart: string | null;
    /** yyyy-MM-dd HH:mm:ss, the first moment after the period */
    periodEnd: string | null;
    /** Calls charged in the current period, overage included */
    used: number;
    /** The period's calls: the plan's quota plus the period's granted top-ups (extra) */
    quota: number;
    /** Always answered; calls granted on top of the plan's quota for the current period only (quota requests of kind topup), 0 once the period rolls */
    extra?: number;
    /** block: calls past the quota answer 429/42900 until the period ends; allow: they go through and count as overage */
    overage: 'block' | 'allow';
    /** Cancelled: it ends when its period ends */
    cancelAtPeriodEnd: boolean;
    /** The subscriber's words for the reviewer */
    reason: string;
    /** The reviewer's reply */
    reply: string | null;
    /** yyyy-MM-dd HH:mm:ss */
    createTime: string;
    /** The plan's interfaces the caller may see */
    interfaceIds: string[];
  };

  type UpstreamAuthSetRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    headers?: UpstreamCredentialChange[];
    query?: UpstreamCredentialChange[];
  };

  type UpstreamCredentialChange = {
    /** A header name (RFC 9110 token, case-insensitive; not host, content-length and the like, nor agler-*) or a query parameter's name (1 to 100 characters) */
    name: string;
    /** Visible ASCII or spaces, no line breaks; null removes the credential of that name */
    value: string | null;
  };

  type UpstreamCredentialHint = {
    in: 'header' | 'query';
    name: string;
    /** The value's last 4 characters when it has 12 or more, else empty */
    last4: string;
  };

  type UpstreamLimitsSetRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    /** 100 to the server's INVOKE_TIMEOUT_MS; null: that */
    timeoutMs: number | null;
    retries: number;
    /** null: 64 */
    maxConnections: number | null;
  };

  type UpstreamVO = {
    credentials: UpstreamCredentialHint[];
    /** The call's timeout in ms; null: the server's INVOKE_TIMEOUT_MS */
    timeoutMs: number | null;
    /** Retries of a refused or reset connection or a 502/503/504, for GET, HEAD, PUT and DELETE only */
    retries: number;
    /** The most connections at once to the interface's server; null: 64 */
    maxConnections: number | null;
    /** When the current forwarding secret was made; null: none yet, made with the interface's first call or the first rotation */
    secretTime: string | null;
    /** Until when the secret before the last rotation still signs beside the current one; null when none does */
    previousUntil: string | null;
  };

  type UsagePage = {
    /** The properties of InterfaceUsage, one per position of a row */
    columns: (
      | 'interfaceInfoId'
      | 'name'
      | 'method'
      | 'status'
      | 'deleted'
      | 'calls'
      | 'errors'
      | 'successRate'
      | 'avgLatency'
      | 'p95Latency'
      | 'share'
      | 'lastCallTime'
    )[];
    /** The page's rows, in the query's order */
    rows: any[][];
    /** Interfaces that match the search (every page's rows) */
    total: number;
    current: number;
    /** The page size asked for */
    size: number;
  };

  type UsageSummary = {
    startDate: string;
    endDate: string;
    calls: number;
    errors: number;
    p95Latency: number;
    /** The user is an admin: calls are counted, never charged */
    unlimited: boolean;
    interfaces: InterfaceUsageOfUser[];
    /** Days single calls are kept (CALL_LOG_RETENTION_DAYS): the call log and the figures of a range read no call older than that */
    callRetentionDays?: number;
  };

  type UsageTable = {
    /** The properties of InterfaceUsage, one per position of a row */
    columns: (
      | 'interfaceInfoId'
      | 'name'
      | 'method'
      | 'status'
      | 'deleted'
      | 'calls'
      | 'errors'
      | 'successRate'
      | 'avgLatency'
      | 'p95Latency'
      | 'share'
      | 'lastCallTime'
    )[];
    /** One row per interface, most called first */
    rows: any[][];
  };

  type UserInterfaceInfoUpdateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    userId: number | string;
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    interfaceInfoId: number | string;
    /** Calls left; absent: the quota stays as it is */
    leftNum?: number;
    /** The user's own calls per second on the interface (0: no limit for this user); null: the interface's own limit; absent: unchanged */
    rateLimit?: number | null;
    /** The user's own burst, at least rateLimit; null or absent with rateLimit: equal to rateLimit. Only with rateLimit */
    rateBurst?: number | null;
  };

  type UserLoginRequest = {
    userAccount: string;
    userPassword: string;
  };

  type UserPasswordRequest = {
    oldPassword: string;
    newPassword: string;
    checkPassword: string;
  };

  type UserRegisterRequest = {
    userAccount: string;
    userPassword: string;
    /** The password typed again */
    checkPassword: string;
  };

  type UserRole = 'user' | 'admin' | 'ban';

  type UserRoleUpdateRequest = {
    /** A 64-bit id; numbers beyond 2^53 are kept by the client as their decimal text */
    id: number | string;
    userRole: UserRole;
  };

  type UserUpdateMyRequest = {
    userName?: string;
    /** An http(s) URL, or empty for none */
    userAvatar?: string;
  };

  type WebhookAttemptVO = {
    time: string;
    /** The receiver's HTTP status; null when it never answered */
    status?: number | null;
    durationMs: number;
    /** httpError, timeout, unreachable, refused, redirect, tooLarge, scheme or noWebhook; null when delivered */
    failure?: string | null;
  };

  type WebhookDeliveryVO = {
    /** msg_…, the webhook-id of every try */
    id: string;
    eventType: string;
    state: 'pending' | 'delivered' | 'failed';
    tries: number;
    nextTryTime?: string | null;
    createTime: string;
    attempts: WebhookAttemptVO[];
  };

  type WebhookPingVO = {
    id: string;
    delivered: boolean;
    status?: number | null;
    durationMs: number;
    failure?: string | null;
  };

  type WebhookRequest = {
    url: string;
    /** The alert kinds sent to the webhook: at least one, none twice (absent, empty or with a repeat: 40000 naming kinds) */
    kinds: AlertKind[];
  };

  type WebhookResendRequest = {
    id: string;
  };

  type WebhookSecretVO = {
    secret: string;
    previousSecretUntil: string;
  };

  type WebhookVO = {
    url: string;
    kinds: AlertKind[];
    createTime: string;
    updateTime: string;
    /** Until when the secret before the last rotation still signs */
    previousSecretUntil?: string | null;
    /** Only in the answer of the save that created the webhook */
    secret?: string;
  };
}
