import dayjs from 'dayjs';
import { DATE_FORMAT } from '@agler/contract/dates';

/** The quick ranges: the last 7, 30 or 90 days, today included. */
export const PRESET_DAYS = [7, 30, 90] as const;
export type Preset = (typeof PRESET_DAYS)[number];

export type UsageRange = { startDate: string; endDate: string };

/** The last `days` days up to the day that holds `now`. */
export function lastDaysRange(days: number, now: number = Date.now()): UsageRange {
  const today = dayjs(now).startOf('day');
  return {
    startDate: today.subtract(days - 1, 'day').format(DATE_FORMAT),
    endDate: today.format(DATE_FORMAT),
  };
}

/** The preset a range is, if it is one ending today. */
export function presetOf(range: UsageRange, now: number = Date.now()): Preset | undefined {
  return PRESET_DAYS.find((days) => {
    const preset = lastDaysRange(days, now);
    return preset.startDate === range.startDate && preset.endDate === range.endDate;
  });
}
