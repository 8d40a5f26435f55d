import { HIGH_END_DESKTOP_INDEX, LIGHTHOUSE_DEFAULT_SLOWDOWN, PHONE_INDEX, slowdownFor } from './cpuCalibration';

describe('the calibrated CPU slowdown', () => {
  it("is Lighthouse's default 4× on a typical high-end desktop", () => {
    expect(slowdownFor(HIGH_END_DESKTOP_INDEX)).toBe(LIGHTHOUSE_DEFAULT_SLOWDOWN);
  });

  it('makes the same phone of a slower or faster host', () => {
    // A low-end desktop (Lighthouse's table: 2× for a mid-tier phone) and the top of the high-end bracket.
    expect(slowdownFor(875)).toBe(2);
    expect(slowdownFor(2000)).toBeCloseTo(4.57, 2);
    expect(slowdownFor(1396) * PHONE_INDEX).toBeCloseTo(1396, -1);
  });

  it('never speeds a host slower than the phone up', () => {
    expect(slowdownFor(300)).toBe(1);
  });
});
