import { history } from '@umijs/max';
import { Button, Result } from 'antd';
import { HOME_PATH } from '@/constants';
import { localized } from '@/locales';

export const FORBIDDEN_TEXTS = localized('forbidden', {
  title: '403',
  subTitle: '抱歉，你无权访问此页面。',
  back: '返回主页',
} as const);

/** Shown in place of a page the user has no access to. */
export default function Forbidden() {
  return (
    <Result
      status="403"
      title={FORBIDDEN_TEXTS.title}
      subTitle={FORBIDDEN_TEXTS.subTitle}
      extra={
        <Button type="primary" onClick={() => history.push(HOME_PATH)}>
          {FORBIDDEN_TEXTS.back}
        </Button>
      }
    />
  );
}
