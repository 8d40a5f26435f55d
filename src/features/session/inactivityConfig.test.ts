import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../kernel/constants';
import { readInactivityConfig } from './inactivityConfig';

/** A document whose head holds the given app-config meta content (or none). */
function docWith(content?: string) {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'app-config');
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

const defaults = { timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: INACTIVITY_WARNING_MS };

describe('readInactivityConfig', () => {
  it('defaults to the spec’s 15 minutes with the warning 60 s before', () => {
    expect(defaults).toEqual({ timeoutMs: 900_000, warningMs: 60_000 });
    expect(readInactivityConfig(docWith())).toEqual(defaults);
    expect(readInactivityConfig(docWith('{}'))).toEqual(defaults);
    expect(readInactivityConfig(undefined)).toEqual(defaults);
  });

  it('reads the page’s app-config meta (as the server writes it)', () => {
    expect(readInactivityConfig(docWith('{"inactivityTimeoutMs":6000,"inactivityWarningMs":3000}'))).toEqual({
      timeoutMs: 6000,
      warningMs: 3000,
    });
  });

  it('takes either value alone', () => {
    expect(readInactivityConfig(docWith('{"inactivityTimeoutMs":120000}'))).toEqual({
      timeoutMs: 120_000,
      warningMs: INACTIVITY_WARNING_MS,
    });
    expect(readInactivityConfig(docWith('{"inactivityWarningMs":5000}'))).toEqual({
      timeoutMs: INACTIVITY_TIMEOUT_MS,
      warningMs: 5000,
    });
  });

  it('moves a warning that would not come before the timeout to half the timeout', () => {
    expect(readInactivityConfig(docWith('{"inactivityTimeoutMs":10000}'))).toEqual({
      timeoutMs: 10_000,
      warningMs: 5000,
    });
    expect(readInactivityConfig(docWith('{"inactivityTimeoutMs":8000,"inactivityWarningMs":8000}'))).toEqual({
      timeoutMs: 8000,
      warningMs: 4000,
    });
  });

  it.each([
    ['malformed JSON', '{inactivityTimeoutMs:'],
    ['not an object', '42'],
    ['null', 'null'],
    ['strings', '{"inactivityTimeoutMs":"6000","inactivityWarningMs":"3000"}'],
    ['zero and negative', '{"inactivityTimeoutMs":0,"inactivityWarningMs":-1}'],
    ['beyond a 32-bit timer', '{"inactivityTimeoutMs":3000000000}'],
  ])('ignores %s', (_label, content) => {
    expect(readInactivityConfig(docWith(content))).toEqual(defaults);
  });

  it('reads the real document by default', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'app-config');
    meta.setAttribute('content', '{"inactivityTimeoutMs":30000,"inactivityWarningMs":10000}');
    document.head.append(meta);
    try {
      expect(readInactivityConfig()).toEqual({ timeoutMs: 30_000, warningMs: 10_000 });
    } finally {
      meta.remove();
    }
  });
});
