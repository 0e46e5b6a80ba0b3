import enUS from 'antd/locale/en_US';
import type { Dictionary } from '@/locales';
import { skeleton } from '@/components/Skeleton/texts.en';
import { theme } from '@/components/ThemeSwitch/texts.en';
import { alerts } from '@/components/AlertBell/texts.en';
import { notifications } from '@/pages/Account/Notifications/texts.en';
import { center } from '@/pages/Account/Center/texts.en';
import { analysis } from '@/pages/Admin/InterfaceAnalysis/texts.en';
import { usage } from '@/pages/Account/Usage/texts.en';
import { quotaRequest } from '@/components/QuotaRequestModal/texts.en';
import { adminInterface } from '@/pages/Admin/InterfaceInfo/texts.en';
import { adminUser } from '@/pages/Admin/User/texts.en';
import { index } from '@/pages/Index/texts.en';
import { answer, form, history, samples, view } from '@/pages/InterfaceInfo/texts.en';
import { login } from '@/pages/User/Login/texts.en';
import { register } from '@/pages/User/Register/texts.en';
import { messages } from './messages.en';
import * as shared from './shared.en';

/**
 * Every English text of the console, and antd's: one chunk, downloaded only by a page in English
 * (src/locales/index.ts startLanguage).
 */
export default {
  antd: enUS,
  texts: {
    ...shared,
    skeleton,
    theme,
    login,
    register,
    index,
    view,
    form,
    answer,
    history,
    samples,
    center,
    adminInterface,
    adminUser,
    analysis,
    usage,
    quotaRequest,
    alerts,
    notifications,
    messages,
  } satisfies Dictionary,
};
