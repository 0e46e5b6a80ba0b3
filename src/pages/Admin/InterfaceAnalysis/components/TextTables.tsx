import { formatCount } from '../format';
import { formatShare } from '../shares';
import { ANALYSIS_TEXTS } from '../texts';
import type { TopDatum } from '../topData';

/** The charts' data as plain tables: what a screen reader reads instead of the canvas. */

export function TrendTable({ daily }: { daily: API.DailyCalls[] }) {
  const T = ANALYSIS_TEXTS.trend;
  return (
    <table>
      <caption>{T.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.date}</th>
          <th scope="col">{T.calls}</th>
          <th scope="col">{T.errors}</th>
        </tr>
      </thead>
      <tbody>
        {daily.map((day) => (
          <tr key={day.date}>
            <th scope="row">{day.date}</th>
            <td>{formatCount(day.calls)}</td>
            <td>{formatCount(day.errors)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type TopTableProps = { items: TopDatum[]; restCalls: number; restShare: number; limit: number };

export function TopTable({ items, restCalls, restShare, limit }: TopTableProps) {
  const T = ANALYSIS_TEXTS.top;
  return (
    <table>
      <caption>{T.tableCaption(limit)}</caption>
      <thead>
        <tr>
          <th scope="col">{T.rank}</th>
          <th scope="col">{T.name}</th>
          <th scope="col">{T.calls}</th>
          <th scope="col">{T.share}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={item.id}>
            <td>{i + 1}</td>
            <th scope="row">{item.name}</th>
            <td>{formatCount(item.calls)}</td>
            <td>{formatShare(item.share)}</td>
          </tr>
        ))}
        {restCalls > 0 ? (
          <tr>
            <td />
            <th scope="row">{T.others}</th>
            <td>{formatCount(restCalls)}</td>
            <td>{formatShare(restShare)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
