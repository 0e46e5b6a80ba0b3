// @ts-ignore
/* eslint-disable */
// API 更新时间：
// API 唯一标识：
import * as user from './user';
import * as interfaceInfo from './interfaceInfo';
import * as analysis from './analysis';
import * as health from './health';
import * as userInterfaceInfo from './userInterfaceInfo';
import * as usage from './usage';
import * as quotaRequest from './quotaRequest';
import * as alert from './alert';
import * as webhook from './webhook';
import * as gateway from './gateway';
import * as key from './key';
import * as plan from './plan';
import * as subscription from './subscription';
export default {
  user,
  interfaceInfo,
  analysis,
  health,
  userInterfaceInfo,
  usage,
  quotaRequest,
  alert,
  webhook,
  gateway,
  key,
  plan,
  subscription,
};
