import { Table, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { Markdown } from '@/components/Markdown';
import type { RequestParam } from '@agler/contract/requestParams';
import { parseRequestParams } from '@agler/contract/requestParams';
import { VIEW_TEXTS } from '../texts';
import { CodeBlock } from './CodeBlock';

const useStyles = createStyles(({ token }) => ({
  name: { fontFamily: token.fontFamilyCode, fontWeight: 600 },
  required: { color: token.colorError, marginLeft: token.marginXXS },
}));

/** The fixed columns' widths and room for a description: narrower screens scroll the table, not the page. */
const TABLE_MIN_WIDTH = 220 + 120 + 80 + 240;

type ParamsTableProps = { requestParams?: string };

/** The request parameters as a table, or the raw text when it is not a parameter list. */
export function ParamsTable({ requestParams }: ParamsTableProps) {
  const { styles } = useStyles();
  const parsed = parseRequestParams(requestParams);

  if (parsed.kind === 'empty') return <Typography.Text type="secondary">{VIEW_TEXTS.noParams}</Typography.Text>;
  if (parsed.kind === 'raw') {
    return (
      <>
        <Typography.Paragraph type="secondary">{VIEW_TEXTS.rawParams}</Typography.Paragraph>
        <CodeBlock code={parsed.text} label={VIEW_TEXTS.paramsTitle} wrap />
      </>
    );
  }
  return (
    <Table<RequestParam>
      size="small"
      rowKey="name"
      pagination={false}
      // Fixed: the description column takes the width that is left and wraps in it, whatever it holds.
      tableLayout="fixed"
      scroll={{ x: TABLE_MIN_WIDTH }}
      dataSource={parsed.params}
      aria-label={VIEW_TEXTS.paramsTitle}
      columns={[
        {
          title: VIEW_TEXTS.paramName,
          dataIndex: 'name',
          width: 220,
          render: (name: string, row) => (
            <>
              <span className={styles.name}>{name}</span>
              {row.required && (
                <span className={styles.required} aria-hidden>
                  *
                </span>
              )}
            </>
          ),
        },
        { title: VIEW_TEXTS.paramType, dataIndex: 'type', width: 120, render: (type: string) => <Tag bordered={false}>{type}</Tag> },
        {
          title: VIEW_TEXTS.paramRequired,
          dataIndex: 'required',
          width: 80,
          render: (required: boolean) =>
            required ? <Typography.Text type="danger">{VIEW_TEXTS.required}</Typography.Text> : <Typography.Text type="secondary">{VIEW_TEXTS.optional}</Typography.Text>,
        },
        {
          title: VIEW_TEXTS.paramDescription,
          dataIndex: 'description',
          render: (description: string) => (description ? <Markdown text={description} /> : '-'),
        },
      ]}
    />
  );
}
