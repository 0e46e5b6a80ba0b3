import { history } from '@umijs/max';
import { Button, Result } from 'antd';
import { HOME_PATH } from '@/constants';
import { localized } from '@/locales';

export const NOT_FOUND_TEXTS = localized('notFound', {
  subTitle: '抱歉，你访问的页面不存在。',
  back: '返回主页',
} as const);

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={NOT_FOUND_TEXTS.subTitle}
      extra={
        <Button type="primary" onClick={() => history.push(HOME_PATH)}>
          {NOT_FOUND_TEXTS.back}
        </Button>
      }
    />
  );
}
