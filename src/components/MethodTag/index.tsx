import { Tag } from 'antd';

/** antd preset colours per HTTP method, as API consoles conventionally colour them. */
export const METHOD_COLORS: Record<string, string> = {
  GET: 'green',
  POST: 'blue',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

type MethodTagProps = { method?: string };

/** An HTTP method as a coloured tag that also carries the method's text. */
export function MethodTag({ method }: MethodTagProps) {
  if (!method) return null;
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} bordered={false} style={{ fontFamily: 'monospace', fontWeight: 600 }}>
      {method}
    </Tag>
  );
}
