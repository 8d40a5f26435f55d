import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { loggedInState } from '../../../tests/listenerHarness';
import { SAVE_STATE } from '../../kernel/messages';
import { STORAGE_WRITE_FAILED } from '../../app/store';
import { SaveStatus } from './SaveStatus';
import { initialSyncState, type SyncState } from './syncSlice';

const render = (sync: Partial<SyncState>, loggedIn = true) =>
  renderWithProviders(<SaveStatus />, {
    preloadedState: loggedIn
      ? { ...loggedInState(), sync: { ...initialSyncState, ...sync } }
      : { sync: { ...initialSyncState, ...sync } },
  });

describe('save state', () => {
  it.each([
    ['saved', SAVE_STATE.saved],
    ['pending', SAVE_STATE.saving],
    ['saving', SAVE_STATE.saving],
    ['offline', SAVE_STATE.offline],
  ] as const)('%s reads "%s" in a polite status region', (status, text) => {
    render({ status });
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(text);
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it('says nothing to a visitor (nothing is sent for them)', () => {
    render({ status: 'pending' }, false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('warns when the device cannot keep the answers', () => {
    render({ storageError: STORAGE_WRITE_FAILED });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be kept on this device');
  });
});
