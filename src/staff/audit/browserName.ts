/**
 * A user agent as a person reads it: "Chrome 131 on Windows", "Safari 18 on iOS", "curl 8". No parsing library (the
 * audit page must stay small): the browsers and systems staff use, tried in the order their strings demand (Edge's
 * and Opera's say "Chrome" too, Chrome's says "Safari"). The audit table shows the full string beside it.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bEdgiOS\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function browserName(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return '';
  for (const [pattern, name] of BROWSERS) {
    const version = pattern.exec(ua)?.[1];
    if (!version) continue;
    const system = SYSTEMS.find(([test]) => test.test(ua))?.[1];
    return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  // A program, not a browser: its own name and major version ("curl/8.5.0" → "curl 8").
  const program = /^([A-Za-z][\w.-]*)\/(\d+)/.exec(ua);
  if (program) return `${program[1]} ${program[2]}`;
  return ua.length > 40 ? `${ua.slice(0, 40).trimEnd()}…` : ua;
}
