import { history, useModel } from '@umijs/max';
import { App } from 'antd';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { onSessionExpired, registerMessageApi } from '@/utils/feedback';
import { loginUrlFor } from '@/utils/redirect';

/**
 * Connects the request layer to the UI: its messages use the themed message
 * API, and a lost session (40100) clears the user and returns to login with
 * the way back.
 */
export default function RequestBridge() {
  const { message } = App.useApp();
  const { setInitialState } = useModel('@@initialState');

  useEffect(() => {
    registerMessageApi(message);
    onSessionExpired(() => {
      flushSync(() => setInitialState((s) => ({ ...s, loginUser: undefined })));
      history.replace(loginUrlFor(history.location));
    });
    return () => {
      registerMessageApi(undefined);
      onSessionExpired(undefined);
    };
  }, [message, setInitialState]);

  return null;
}
