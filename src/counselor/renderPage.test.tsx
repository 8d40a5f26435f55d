/**
 * The page's first render over what counselor.html painted: with a token React adopts the painted elements (no
 * hydration error, the same nodes), then shows the request when it comes; without one it renders the missing-link
 * message in their place.
 */
import { act, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { server } from '../../tests/msw/server';
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';
import { COUNSELOR_PAGE } from '../kernel/counselor/paths';
import { PARTNER } from '../kernel/partner';
import { firstPaintMarkup } from './firstPaint';
import { renderPage } from './renderPage';
import { makeCounselorStore } from './store';
import { counselorApiAnswers, TOKEN, VIEW } from './testing';

function paintedRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = firstPaintMarkup(PARTNER.name);
  document.body.append(root);
  return root;
}

describe('the counselor page’s first render', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    consoleError.mockRestore();
    document.body.innerHTML = '';
  });

  it('adopts the painted loading state as it is, then shows the request', async () => {
    counselorApiAnswers({ 'GET /request': VIEW });
    window.history.replaceState(null, '', `${COUNSELOR_PAGE}#t=${TOKEN}`);
    const root = paintedRoot();
    const heading = root.querySelector('h1');
    const intro = root.querySelector('.c-intro');
    await act(async () => renderPage(root, makeCounselorStore()));
    expect(await screen.findByRole('heading', { level: 1, name: 'School report for Maria Hernandez' })).toBe(heading);
    expect(root.querySelector('.c-intro')).toBe(intro);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the painted elements while the request is still on its way', async () => {
    server.use(http.get('/counselor/api/request', () => delay('infinite')));
    window.history.replaceState(null, '', `${COUNSELOR_PAGE}#t=${TOKEN}`);
    const root = paintedRoot();
    const status = root.querySelector('[role="status"]');
    await act(async () => renderPage(root, makeCounselorStore()));
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent(COUNSELOR_MESSAGES.loading);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('replaces the painted state with the missing-link message when the address has no token', async () => {
    window.history.replaceState(null, '', COUNSELOR_PAGE);
    const root = paintedRoot();
    await act(async () => renderPage(root, makeCounselorStore()));
    expect(screen.getByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.linkMissing);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
