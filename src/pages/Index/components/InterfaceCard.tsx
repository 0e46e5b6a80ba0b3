import { ClockCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Card, Skeleton, Space, Tag } from 'antd';
import { createStyles } from 'antd-style';
import dayjs from 'dayjs';
import { InterfaceHealth } from '@/components/InterfaceHealth';
import { useMarkdownText } from '@/components/Markdown';
import { MethodTag } from '@/components/MethodTag';
import { StatusBadge } from '@/components/StatusBadge';
import { INTERFACE_STATUS } from '@/constants';
import { interfacePath } from '@/utils/interfacePath';
import { INDEX_TEXTS } from '../texts';
import { Highlight } from './Highlight';

/** The cards' classes, taken once by the list that shows them: the style hook is costly per call, and a page holds many cards. */
export const useCardStyles = createStyles(({ token, css }) => ({
  card: css`
    position: relative;
    height: 100%;
    transition:
      box-shadow ${token.motionDurationMid},
      border-color ${token.motionDurationMid},
      transform ${token.motionDurationMid};
    &:hover {
      border-color: ${token.colorPrimaryBorderHover};
      box-shadow: ${token.boxShadowTertiary};
      transform: translateY(-2px);
    }
    &:focus-within {
      border-color: ${token.colorPrimary};
      box-shadow: 0 0 0 2px ${token.colorPrimaryBorder};
    }
    .ant-card-body {
      display: flex;
      flex-direction: column;
      gap: ${token.marginXS}px;
      height: 100%;
      padding: ${token.paddingMD}px ${token.paddingLG}px;
    }
  `,
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: token.marginXS,
    minWidth: 0,
  },
  title: css`
    display: block;
    overflow: hidden;
    color: ${token.colorText};
    font-weight: 600;
    font-size: ${token.fontSizeLG}px;
    line-height: ${token.lineHeightLG};
    white-space: nowrap;
    text-overflow: ellipsis;
    &:hover {
      color: ${token.colorPrimary};
    }
    &:focus-visible {
      outline: none;
    }
    /* The whole card opens the interface; the link stays the one real target. */
    &::after {
      position: absolute;
      inset: 0;
      content: '';
    }
  `,
  description: {
    display: '-webkit-box',
    flex: 1,
    minHeight: token.fontSize * token.lineHeight * 2,
    margin: 0,
    overflow: 'hidden',
    color: token.colorTextSecondary,
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    wordBreak: 'break-word',
  },
  url: {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXXS,
    padding: `${token.paddingXXS}px ${token.paddingXS}px`,
    overflow: 'hidden',
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
    fontFamily: token.fontFamilyCode,
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadiusSM,
  },
  urlText: {
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
  },
  // The theme's text colour on the warning background: antd's warning text colour is too light to read on it.
  lifecycle: {
    marginInlineEnd: 0,
    color: token.colorText,
    background: token.colorWarningBg,
    borderColor: token.colorWarningBorder,
  },
  // Past its sunset date calls answer 410: the error's colours, with the theme's text colour as above.
  stopped: {
    marginInlineEnd: 0,
    color: token.colorText,
    background: token.colorErrorBg,
    borderColor: token.colorErrorBorder,
  },
  meta: {
    color: token.colorTextTertiary,
    fontSize: token.fontSizeSM,
  },
  // The state on one line, the figures on the next, on every card alike, whatever their lengths; the
  // two lines' height is kept while the figures load, so the cards do not grow when they come.
  health: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: token.marginXS,
    minHeight: 2 * token.fontSize * token.lineHeight,
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
    '& .ant-badge-status-text': { fontSize: 'inherit' },
  },
  healthFigures: { flexBasis: '100%' },
}));

export type CardStyles = ReturnType<typeof useCardStyles>['styles'];

type InterfaceCardProps = {
  item: API.InterfaceInfo;
  query: string;
  styles: CardStyles;
  /** Its last day of calls; undefined while loading or when it could not be loaded. */
  health?: API.InterfaceHealth;
};

/** A description as a reader sees it, markup gone, with the search words marked. */
function Summary({ text, query, className }: { text: string; query: string; className: string }) {
  const plain = useMarkdownText(text);
  return (
    <p className={className} title={plain || undefined}>
      {plain ? <Highlight text={plain} query={query} /> : INDEX_TEXTS.noDescription}
    </p>
  );
}

/** One catalogue entry: method, name (the link), short description, url, health and last update. */
export function InterfaceCard({ item, query, styles, health }: InterfaceCardProps) {
  const updated = item.updateTime ? dayjs(item.updateTime) : undefined;
  const sunset = item.sunsetDate ? dayjs(item.sunsetDate) : undefined;
  const stopped = !!sunset?.isValid() && Date.now() >= sunset.valueOf();
  return (
    <Card className={styles.card} data-testid="interface-card">
      <div className={styles.head}>
        <MethodTag method={item.method} />
        <Space size={4}>
          {item.deprecated && (
            <Tag className={stopped ? styles.stopped : styles.lifecycle}>
              {item.sunsetDate
                ? `${INDEX_TEXTS.deprecated} · ${(stopped ? INDEX_TEXTS.stopped : INDEX_TEXTS.sunset)(item.sunsetDate)}`
                : INDEX_TEXTS.deprecated}
            </Tag>
          )}
          {item.status !== INTERFACE_STATUS.ONLINE && <StatusBadge status={item.status} />}
        </Space>
      </div>
      <Link to={interfacePath(item.id)} className={styles.title} title={item.name}>
        <Highlight text={item.name} query={query} />
      </Link>
      <Summary text={item.description ?? ''} query={query} className={styles.description} />
      <div className={styles.url} title={item.url}>
        <LinkOutlined />
        <span className={styles.urlText}>
          <Highlight text={item.url} query={query} />
        </span>
      </div>
      <InterfaceHealth health={health} className={styles.health} figuresClassName={styles.healthFigures} />
      {updated?.isValid() && (
        <div className={styles.meta}>
          <ClockCircleOutlined /> {INDEX_TEXTS.updatedAt(updated.format('YYYY-MM-DD HH:mm'))}
        </div>
      )}
    </Card>
  );
}

/** The placeholder of a card while the page loads. */
export function InterfaceCardSkeleton({ styles }: { styles: CardStyles }) {
  return (
    <Card className={styles.card} aria-hidden>
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3, width: ['90%', '70%', '50%'] }} />
    </Card>
  );
}
