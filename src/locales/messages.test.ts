import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { textOf } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { currentLang } from '@/locales';
import { translateMessage } from '@/locales/messages';

describe('translateMessage on a Chinese page', () => {
  it('leaves every message as the server wrote it', () => {
    expect(currentLang()).toBe('zh-CN');
    for (const message of [
      MESSAGES.accountTaken,
      MESSAGES.signatureMissing('X-Sign'),
      INTERFACE_VALIDATION_TEXTS.required('name'),
      UPSTREAM_MESSAGES.timeout(10000),
      'Something else',
    ]) {
      expect(translateMessage(message)).toBe(textOf(message));
    }
  });

  it('shows the text as sent even where the answer names its key', () => {
    expect(translateMessage('账号已被注册', { messageKey: 'api.accountTaken' })).toBe('账号已被注册');
    expect(translateMessage('接口在 10 秒内没有响应，调用已超时', { messageKey: 'upstream.timeout', messageArgs: [10000] })).toBe(
      '接口在 10 秒内没有响应，调用已超时',
    );
  });
});
