import {
  customFrom,
  endsNow,
  fromLocalInput,
  rangeProblem,
  resolveRange,
  toLocalInput,
} from './history-range';

describe('port graph range', () => {
  const now = new Date(2025, 5, 10, 14, 30).getTime();

  it('resolves a preset to the hours before now', () => {
    const r = resolveRange({ preset: '24h' }, now);
    expect(r).toEqual({
      from: new Date(2025, 5, 9, 14, 30).toISOString(),
      to: new Date(2025, 5, 10, 14, 30).toISOString(),
    });
    expect(resolveRange({ preset: '7d' }, now)?.from).toBe(new Date(2025, 5, 3, 14, 30).toISOString());
  });

  it('reads and writes datetime-local text in local time', () => {
    expect(toLocalInput(now)).toBe('2025-06-10T14:30');
    expect(fromLocalInput('2025-06-10T14:30')).toBe(now);
    expect(fromLocalInput('10/06/2025')).toBeNaN();
  });

  it('refuses a custom range that is empty, backwards or longer than 90 days', () => {
    expect(rangeProblem({ preset: 'custom', from: '', to: '2025-06-10T00:00' })).toBe(
      'Enter both From and To',
    );
    expect(rangeProblem({ preset: 'custom', from: '2025-06-10T00:00', to: '2025-06-09T00:00' })).toBe(
      'From must be before To',
    );
    expect(rangeProblem({ preset: 'custom', from: '2025-01-01T00:00', to: '2025-06-01T00:00' })).toBe(
      'At most 90 days',
    );
    expect(
      resolveRange({ preset: 'custom', from: '2025-06-10T00:00', to: '2025-06-09T00:00' }, now),
    ).toBeNull();
    expect(rangeProblem({ preset: 'custom', from: '2025-06-01T00:00', to: '2025-06-02T12:00' })).toBeNull();
  });

  it('treats presets as ending now and custom ranges as fixed', () => {
    expect(endsNow({ preset: '30d' })).toBe(true);
    expect(endsNow({ preset: 'custom', from: '2025-06-01T00:00', to: '2025-06-02T00:00' })).toBe(false);
  });

  it('turns the shown preset into From/To to edit', () => {
    expect(customFrom({ preset: '24h' }, now)).toEqual({
      preset: 'custom',
      from: '2025-06-09T14:30',
      to: '2025-06-10T14:30',
    });
  });
});
