import { LATE_TOAST_DURATION_MS, withToast, type Toast } from './toast';

describe('the toast queue', () => {
  it('says a repeated failure once while it is showing or waiting', () => {
    let q: Toast[] = [];
    for (let i = 0; i < 10; i++) q = withToast(q, 'error', 'Server is not reachable');
    q = withToast(q, 'success', 'Saved');
    q = withToast(q, 'error', 'Server is not reachable');
    expect(q.map((t) => `${t.severity}:${t.message}`)).toEqual([
      'error:Server is not reachable',
      'success:Saved',
    ]);
  });

  it('shows the same message again once the earlier one is gone', () => {
    const first = withToast([], 'success', 'Saved');
    const again = withToast(first.slice(1), 'success', 'Saved');
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(first[0].id);
  });

  it('keeps different messages, and a success and a failure with the same text, in order', () => {
    let q: Toast[] = [];
    q = withToast(q, 'error', 'A');
    q = withToast(q, 'error', 'B');
    q = withToast(q, 'success', 'A');
    expect(q.map((t) => `${t.severity}:${t.message}`)).toEqual(['error:A', 'error:B', 'success:A']);
  });

  it('keeps a toast 2 seconds unless it asks for longer (a verdict that arrives unasked)', () => {
    const q = withToast(withToast([], 'success', 'Saved'), 'error', 'No effect seen', LATE_TOAST_DURATION_MS);
    expect(q.map((t) => t.durationMs)).toEqual([2000, 8000]);
  });
});
