import type { components } from './openapi';
import type { MessageRef } from './messageKeys';

/**
 * The API's objects, from the types generated out of config/openapi.json
 * (`npm run openapi` writes ./openapi.d.ts). On the wire an id may be a number
 * or a text; everything that holds records (the mocks, the server) keeps ids as
 * decimal text and every field present.
 */

type Schemas = components['schemas'];
type TextIds<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: string };

/** The lifecycle fields (contract/lifecycle.ts): the server always answers them; absent reads as not deprecated. */
type LifecycleKeys = 'deprecated' | 'deprecatedTime' | 'sunsetDate' | 'replacementId';
/** `upstream` is in an admin's `get` only. */
export type InterfaceInfo = Required<TextIds<Omit<Schemas['InterfaceInfo'], LifecycleKeys | 'upstream'>, 'id' | 'userId'>> &
  Pick<Schemas['InterfaceInfo'], LifecycleKeys | 'upstream'>;
export type LoginUserVO = Required<TextIds<Schemas['LoginUserVO'], 'id'>>;
export type DailyCalls = Schemas['DailyCalls'];
export type AnalysisTotals = Schemas['AnalysisTotals'];
export type AnalysisPeriod = Schemas['AnalysisPeriod'];
export type InterfaceUsage = TextIds<Schemas['InterfaceUsage'], 'interfaceInfoId'>;
/** The overview as the console reads it: its interfaces as records (on the wire they are a UsageTable, contract/analysis.ts). */
export type AnalysisOverview = Omit<Schemas['AnalysisOverview'], 'interfaces'> & { interfaces: InterfaceUsage[] };
export type UsageTable = Schemas['UsageTable'];
export type UsageColumn = UsageTable['columns'][number];
/** One page of the usage table (`GET /api/analysis/interfaces`). */
export type UsagePage = Schemas['UsagePage'];
/** The overview as it goes over the wire. */
export type AnalysisOverviewAnswer = Omit<AnalysisOverview, 'interfaces'> & { interfaces: UsageTable };
export type TopInterface = InterfaceInfo & { totalNum: number };
export type CallerUsage = TextIds<Schemas['CallerUsage'], 'userId'>;
export type StatusClasses = Schemas['StatusClasses'];
export type InterfaceCallers = Omit<TextIds<Schemas['InterfaceCallers'], 'interfaceInfoId'>, 'callers'> & {
  callers: CallerUsage[];
};
export type AccessKeyVO = Schemas['AccessKeyVO'];
export type KeyPairVO = Schemas['KeyPairVO'];
export type InterfaceQuota = TextIds<Schemas['InterfaceQuotaVO'], 'interfaceInfoId'>;

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

/** The answer envelope of every endpoint; a refusal whose message is the contract's also names it by key (messageKeys.ts). */
export type Envelope<T = unknown> = { code: number; data: T; message: string; success?: boolean } & Partial<MessageRef>;

/** One call that reached an interface, as invoke records it and the analysis reads it. */
export type CallRecord = {
  interfaceInfoId: string;
  userId: string;
  /** epoch milliseconds */
  time: number;
  success: boolean;
  /** milliseconds */
  latency: number;
  /** The interface's HTTP status; null when it never answered (a time-out). */
  status: number | null;
  /** Bytes of the answer's body. */
  bytes: number;
};
