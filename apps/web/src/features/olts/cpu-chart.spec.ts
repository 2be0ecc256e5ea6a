import { cpuDoughnutOption, cpuLevel } from './cpu-chart';

const colors = { normal: 'green', high: 'red', idle: 'grey', text: 'black' };

type Slice = { name: string; value: number; itemStyle: { color: string } };
const slices = (cpu: number): Slice[] =>
  (cpuDoughnutOption(cpu, colors) as { series: { data: Slice[] }[] }).series[0].data;

describe('CPU doughnut', () => {
  it('is red only above 70 percent', () => {
    expect(cpuLevel(70)).toBe('normal');
    expect(cpuLevel(70.1)).toBe('high');
    expect(slices(70)[0].itemStyle.color).toBe('green');
    expect(slices(85)[0].itemStyle.color).toBe('red');
  });

  it('shows idle as 100 minus CPU', () => {
    expect(slices(23).map((s) => [s.name, s.value])).toEqual([
      ['CPU', 23],
      ['Idle', 77],
    ]);
  });

  it('clamps out-of-range readings', () => {
    expect(slices(130).map((s) => s.value)).toEqual([100, 0]);
    expect(slices(-5).map((s) => s.value)).toEqual([0, 100]);
  });

  it('has no level without a reading', () => {
    expect(cpuLevel(null)).toBe('none');
    expect(cpuLevel(Number.NaN)).toBe('none');
  });
});
