import { toLocalInput } from '../switches/history-range';
import {
  durationMinutesOf,
  silenceFormDefaults,
  silenceFormErrors,
  silenceServerErrors,
  toSilenceInput,
  type SilenceFormValues,
} from './silence-form';

const NOW = new Date(2026, 0, 2, 10, 20).getTime();
const HOUR = 3600_000;

const form = (over: Partial<SilenceFormValues> = {}): SilenceFormValues => ({
  ...silenceFormDefaults(NOW),
  targetId: 'olt-1',
  ...over,
});

describe('the silence dialog', () => {
  it('silences an OLT for 2 hours by default; a window starts at the next hour', () => {
    const d = silenceFormDefaults(NOW);
    expect(d).toMatchObject({ targetType: 'olt', targetId: '', mode: 'duration', preset: '2h' });
    expect(d.startsAt).toBe(toLocalInput(new Date(2026, 0, 2, 11, 0).getTime()));
    expect(d.endsAt).toBe(toLocalInput(new Date(2026, 0, 2, 13, 0).getTime()));
  });

  it('works out the minutes of a preset or of the custom field', () => {
    expect(durationMinutesOf({ preset: '2h', customMinutes: 'x' })).toBe(120);
    expect(durationMinutesOf({ preset: 'custom', customMinutes: ' 45 ' })).toBe(45);
    expect(durationMinutesOf({ preset: 'custom', customMinutes: String(7 * 24 * 60) })).toBe(10_080);
    expect(durationMinutesOf({ preset: 'custom', customMinutes: '0' })).toBeNull();
    expect(durationMinutesOf({ preset: 'custom', customMinutes: '1.5' })).toBeNull();
    expect(durationMinutesOf({ preset: 'custom', customMinutes: String(7 * 24 * 60 + 1) })).toBeNull();
  });

  it('needs a target and a valid duration or window', () => {
    expect(silenceFormErrors(form(), NOW)).toEqual({});
    expect(silenceFormErrors(form({ targetId: '', targetType: 'pop' }), NOW).targetId).toBe(
      'Please choose the POP',
    );
    expect(Object.keys(silenceFormErrors(form({ preset: 'custom', customMinutes: '' }), NOW))).toEqual([
      'customMinutes',
    ]);
    const window = (startsAt: number, endsAt: number) =>
      silenceFormErrors(
        form({ mode: 'window', startsAt: toLocalInput(startsAt), endsAt: toLocalInput(endsAt) }),
        NOW,
      );
    expect(window(NOW + HOUR, NOW + 2 * HOUR)).toEqual({});
    expect(window(NOW - 2 * HOUR, NOW - HOUR).endsAt).toBe('Until must be in the future');
    expect(window(NOW + 2 * HOUR, NOW + HOUR).endsAt).toBe('Until must be after From');
    expect(window(NOW, NOW + 31 * 24 * HOUR)).toEqual({});
    expect(window(NOW, NOW + 32 * 24 * HOUR).endsAt).toBe('A silence lasts at most 31 days');
    expect(silenceFormErrors(form({ mode: 'window', startsAt: '', endsAt: '' }), NOW)).toMatchObject({
      startsAt: expect.any(String),
      endsAt: expect.any(String),
    });
  });

  it('sends minutes from now, or the window as instants', () => {
    expect(toSilenceInput(form({ reason: '  splicing ' }))).toEqual({
      targetType: 'olt',
      targetId: 'olt-1',
      durationMinutes: 120,
      reason: 'splicing',
    });
    const startsAt = NOW + HOUR;
    const endsAt = NOW + 3 * HOUR;
    expect(
      toSilenceInput(
        form({
          targetType: 'switch',
          targetId: 'sw-1',
          mode: 'window',
          startsAt: toLocalInput(startsAt),
          endsAt: toLocalInput(endsAt),
        }),
      ),
    ).toEqual({
      targetType: 'switch',
      targetId: 'sw-1',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    });
  });

  it("puts the server's field errors under the dialog's fields", () => {
    expect(silenceServerErrors({ durationMinutes: 'too long', targetId: 'no such OLT', x: 'y' })).toEqual({
      customMinutes: 'too long',
      targetId: 'no such OLT',
    });
  });
});
