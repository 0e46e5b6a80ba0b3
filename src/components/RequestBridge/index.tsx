import { useModel } from '@umijs/max';
import { App } from 'antd';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { onSessionExpired, registerMessageApi } from '@/utils/feedback';

/**
 * Connects the request layer to the UI: its messages use the themed message
 * API, and a lost session (40100) clears the user before the request layer
 * returns to login.
 */
export default function RequestBridge() {
  const { message } = App.useApp();
  const { setInitialState } = useModel('@@initialState');

  useEffect(() => {
    registerMessageApi(message);
    onSessionExpired(() => {
      flushSync(() => setInitialState((s) => ({ ...s, loginUser: undefined })));
    });
    return () => {
      registerMessageApi(undefined);
      onSessionExpired(undefined);
    };
  }, [message, setInitialState]);

  return null;
}
