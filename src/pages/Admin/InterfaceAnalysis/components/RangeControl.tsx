import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Radio, Space, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { AnalysisRange, PresetDays } from '../range';
import { DATE_FORMAT } from '@agler/contract/dates';
import { isDisabledDay, PRESET_DAYS } from '../range';
import { ANALYSIS_TEXTS } from '../texts';

const T = ANALYSIS_TEXTS.range;

type RangeControlProps = {
  range: AnalysisRange;
  onPreset: (days: PresetDays) => void;
  onCustom: (startDate: string, endDate: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

/** The last 7, 30 or 90 days, or any range of whole days up to today. */
export function RangeControl({ range, onPreset, onCustom, onRefresh, refreshing }: RangeControlProps) {
  return (
    <Space wrap size="small" role="group" aria-label={T.label}>
      <Radio.Group
        optionType="button"
        value={range.kind === 'preset' ? range.days : undefined}
        onChange={(e) => onPreset(e.target.value as PresetDays)}
        options={PRESET_DAYS.map((days) => ({ label: T.preset(days), value: days }))}
      />
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(range.startDate), dayjs(range.endDate)]}
        format={DATE_FORMAT}
        placeholder={[T.pickerStart, T.pickerEnd]}
        aria-label={T.label}
        // While the second day is chosen, `from` is the first: it bounds the span.
        disabledDate={(day, info) => isDisabledDay(day, info?.from)}
        onChange={(dates) => {
          if (dates?.[0] && dates[1]) onCustom(dates[0].format(DATE_FORMAT), dates[1].format(DATE_FORMAT));
        }}
        style={{ width: 250 }}
      />
      <Tooltip title={T.refresh}>
        <Button icon={<ReloadOutlined spin={refreshing} />} aria-label={T.refresh} onClick={onRefresh} />
      </Tooltip>
    </Space>
  );
}
