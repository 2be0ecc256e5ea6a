import type { AlertSilenceInput, SilenceTargetType } from '@pondesk/contracts';
import { fromLocalInput, toLocalInput } from '../switches/history-range';
import { formFieldOf } from './list-params';

export const SILENCE_TARGET_LABELS: Record<SilenceTargetType, string> = {
  olt: 'OLT',
  switch: 'Switch',
  pop: 'POP',
};

/** 'Silence for…' choices; `custom` takes the minutes typed. */
export const SILENCE_PRESETS = [
  { key: '30m', label: '30 minutes', minutes: 30 },
  { key: '1h', label: '1 hour', minutes: 60 },
  { key: '2h', label: '2 hours', minutes: 120 },
  { key: '4h', label: '4 hours', minutes: 240 },
  { key: '8h', label: '8 hours', minutes: 480 },
  { key: '24h', label: '24 hours', minutes: 1440 },
] as const;
export type SilencePreset = (typeof SILENCE_PRESETS)[number]['key'] | 'custom';

/** The longest silences the API takes (a maintenance window, not a way to turn alerts off). */
export const SILENCE_MAX_MINUTES = 7 * 24 * 60;
export const SILENCE_WINDOW_MAX_DAYS = 31;

export interface SilenceFormValues {
  targetType: SilenceTargetType;
  targetId: string;
  /** `duration`: from now, for a while; `window`: a scheduled From–Until. */
  mode: 'duration' | 'window';
  preset: SilencePreset;
  customMinutes: string;
  /** `datetime-local` text, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  reason: string;
}

export type SilenceFormField = keyof SilenceFormValues;
export type SilenceFormErrors = Partial<Record<SilenceFormField, string>>;
export const SILENCE_REASON_MAX = 200;

const HOUR_MS = 3600_000;

/** Silence for 2 hours by default; a window starts at the next whole hour and lasts two. */
export function silenceFormDefaults(now: number): SilenceFormValues {
  const nextHour = Math.ceil(now / HOUR_MS) * HOUR_MS;
  return {
    targetType: 'olt',
    targetId: '',
    mode: 'duration',
    preset: '2h',
    customMinutes: '90',
    startsAt: toLocalInput(nextHour),
    endsAt: toLocalInput(nextHour + 2 * HOUR_MS),
    reason: '',
  };
}

/** The minutes a 'for a while' silence lasts, or null when the custom minutes are not valid. */
export function durationMinutesOf(v: Pick<SilenceFormValues, 'preset' | 'customMinutes'>): number | null {
  const preset = SILENCE_PRESETS.find((p) => p.key === v.preset);
  if (preset) return preset.minutes;
  const t = v.customMinutes.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= SILENCE_MAX_MINUTES ? n : null;
}

export function silenceFormErrors(v: SilenceFormValues, now: number): SilenceFormErrors {
  const e: SilenceFormErrors = {};
  if (!v.targetId) e.targetId = `Please choose the ${SILENCE_TARGET_LABELS[v.targetType]}`;
  if (v.mode === 'duration') {
    if (durationMinutesOf(v) === null)
      e.customMinutes = `Whole minutes from 1 to ${SILENCE_MAX_MINUTES} (7 days)`;
  } else {
    const from = fromLocalInput(v.startsAt);
    const until = fromLocalInput(v.endsAt);
    if (Number.isNaN(from)) e.startsAt = 'Enter when the silence starts';
    if (Number.isNaN(until)) e.endsAt = 'Enter when the silence ends';
    else if (until <= now) e.endsAt = 'Until must be in the future';
    else if (!Number.isNaN(from) && until <= from) e.endsAt = 'Until must be after From';
    else if (!Number.isNaN(from) && until - from > SILENCE_WINDOW_MAX_DAYS * 24 * HOUR_MS)
      e.endsAt = `A silence lasts at most ${SILENCE_WINDOW_MAX_DAYS} days`;
  }
  if (v.reason.trim().length > SILENCE_REASON_MAX) e.reason = `At most ${SILENCE_REASON_MAX} characters`;
  return e;
}

/** POST /alerts/silences from valid values: minutes from now, or the window as instants. */
export function toSilenceInput(v: SilenceFormValues): AlertSilenceInput {
  const base: AlertSilenceInput = { targetType: v.targetType, targetId: v.targetId };
  if (v.reason.trim()) base.reason = v.reason.trim();
  if (v.mode === 'duration') return { ...base, durationMinutes: durationMinutesOf(v) ?? undefined };
  return {
    ...base,
    startsAt: new Date(fromLocalInput(v.startsAt)).toISOString(),
    endsAt: new Date(fromLocalInput(v.endsAt)).toISOString(),
  };
}

/** A 400's field errors under the dialog's fields (`durationMinutes` shows on the custom minutes). */
export function silenceServerErrors(fields: Record<string, string>): SilenceFormErrors {
  const e: SilenceFormErrors = {};
  for (const [serverField, message] of Object.entries(fields)) {
    const name = formFieldOf(serverField);
    const field: SilenceFormField | null =
      name === 'durationMinutes'
        ? 'customMinutes'
        : ((['targetType', 'targetId', 'startsAt', 'endsAt', 'reason'] as const).find((f) => f === name) ??
          null);
    if (field) e[field] ??= message;
  }
  return e;
}
