import { ApiError } from '@/requestConfig';
import { errorCodeOf, hasErrorCode } from './apiError';

describe('errorCodeOf', () => {
  it('reads the envelope code of an ApiError only', () => {
    expect(errorCodeOf(new ApiError({ code: 40000, message: 'x' }))).toBe(40000);
    expect(errorCodeOf(new Error('x'))).toBeUndefined();
  });

  it('tells one code from another', () => {
    expect(hasErrorCode(new ApiError({ code: 40400, message: '接口不存在' }), 40400)).toBe(true);
    expect(hasErrorCode(new ApiError({ code: 40000, message: 'x' }), 40400)).toBe(false);
  });
});
