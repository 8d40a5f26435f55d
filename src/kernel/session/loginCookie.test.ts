import { hasLoginCookie, loginCountFromCookie } from './loginCookie';

describe('the login marker cookie', () => {
  it.each([
    ['logged_in=2', true, 2],
    ['a=b; logged_in=1; c=d', true, 1],
    ['logged_in=yes', true, undefined],
    ['logged_in=0', true, undefined],
    ['logged_in=', false, undefined],
    ['not_logged_in=3', false, undefined],
    ['', false, undefined],
  ])('%j: logged in %s, login count %s', (cookies, loggedIn, count) => {
    expect(hasLoginCookie(cookies)).toBe(loggedIn);
    expect(loginCountFromCookie(cookies)).toBe(count);
  });
});
