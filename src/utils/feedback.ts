import type { MessageInstance } from 'antd/es/message/interface';
import { translateMessage } from '@/locales/messages';

/**
 * The request layer runs outside React, but its messages must follow the
 * theme: `RequestBridge` (inside antd's App) registers App.useApp()'s message
 * API here. Before that (or on pages without the layout) antd's static message
 * is loaded on demand.
 */
let messageApi: MessageInstance | undefined;
let sessionExpiredHandler: (() => void) | undefined;

export function registerMessageApi(api: MessageInstance | undefined) {
  messageApi = api;
}

/**
 * One error toast; a repeated identical text replaces the previous one. A message of the contract
 * (a server's answer passed on as it came) is shown in the page's language.
 */
export function showError(message: string) {
  const text = translateMessage(message);
  const args = { content: text, key: `error:${text}` };
  if (messageApi) {
    messageApi.error(args);
    return;
  }
  import('antd/es/message').then(({ default: message }) => message.error(args));
}

/** What else a lost session clears (the layout's user), before the request layer returns to login. */
export function onSessionExpired(handler: (() => void) | undefined) {
  sessionExpiredHandler = handler;
}

export function notifySessionExpired() {
  sessionExpiredHandler?.();
}
