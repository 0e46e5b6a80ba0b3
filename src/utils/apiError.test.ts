import { ApiError } from '@/requestConfig';
import { onSessionExpired, registerMessageApi } from '@/utils/feedback';
import { errorCodeOf, handleLostSession } from './apiError';

// The umi runtime (which loads the app and with it the request layer) is not needed here.
jest.mock('@umijs/max', () => ({ history: { push: jest.fn(), location: { pathname: '/', search: '' } } }));

describe('handleLostSession', () => {
  const expired = jest.fn();
  const error = jest.fn();

  beforeEach(() => {
    expired.mockReset();
    error.mockReset();
    onSessionExpired(expired);
    registerMessageApi({ error } as never);
  });

  afterEach(() => {
    onSessionExpired(undefined);
    registerMessageApi(undefined);
  });

  it('hands a lost session (40100) to the request layer, which returns to login once', () => {
    expect(handleLostSession(new ApiError({ code: 40100, message: '未登录' }))).toBe(true);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('leaves every other error to the page', () => {
    expect(handleLostSession(new ApiError({ code: 40400, message: '接口不存在' }))).toBe(false);
    expect(handleLostSession(new Error('network'))).toBe(false);
    expect(expired).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('errorCodeOf', () => {
  it('reads the envelope code of an ApiError only', () => {
    expect(errorCodeOf(new ApiError({ code: 40000, message: 'x' }))).toBe(40000);
    expect(errorCodeOf(new Error('x'))).toBeUndefined();
  });
});
