import enUS from 'antd/locale/en_US';
import type { Dictionary } from '@/locales';
import { skeleton } from '@/components/Skeleton/texts.en';
import { theme } from '@/components/ThemeSwitch/texts.en';
import { alerts } from '@/components/AlertBell/texts.en';
import { center } from '@/pages/Account/Center/texts.en';
import { keys } from '@/components/Keys/texts.en';
import { analysis } from '@/pages/Admin/InterfaceAnalysis/texts.en';
import { quotaRequest } from '@/components/QuotaRequestModal/texts.en';
import { interfaceHealth } from '@/components/InterfaceHealth/texts.en';
import { index } from '@/pages/Index/texts.en';
import { answer, form, history, samples, view } from '@/pages/InterfaceInfo/texts.en';
import { login } from '@/pages/User/Login/texts.en';
import { register } from '@/pages/User/Register/texts.en';
import { messages } from './messages.en';
import * as shared from './shared.en';

/**
 * Every English text of the console, and antd's: one chunk, downloaded only by a page in English
 * (src/locales/index.ts startLanguage). The English of a page seldom opened or only by admins
 * comes with the page (PageNamespace in src/locales/index.ts).
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
    interfaceHealth,
    view,
    form,
    answer,
    history,
    samples,
    center,
    keys,
    analysis,
    quotaRequest,
    alerts,
    messages,
  } satisfies Dictionary,
};
