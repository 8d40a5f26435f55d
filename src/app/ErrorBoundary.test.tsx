import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIALOG_BOUNDARY_TITLE, GENERIC_ERROR, ROOT_ERROR_TEXT, ROOT_ERROR_TITLE } from '../kernel/messages';
import { DialogErrorBoundary, RootErrorScreen } from './ErrorBoundary';
import { ShellHandoverContext } from './shellHandover';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>The page rendered.</p>;
}

describe('DialogErrorBoundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    shouldThrow = true;
    // React and the boundary log the caught error; keep the test output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('renders its children when nothing throws', () => {
    shouldThrow = false;
    render(
      <DialogErrorBoundary>
        <Fragile />
      </DialogErrorBoundary>,
    );
    expect(screen.getByText('The page rendered.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("catches a render error and shows it in a modal headed 'Unexpected Error', keeping what is outside", async () => {
    render(
      <>
        <nav aria-label="Outside">still here</nav>
        <DialogErrorBoundary>
          <Fragile />
        </DialogErrorBoundary>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: DIALOG_BOUNDARY_TITLE });
    expect(dialog).toHaveTextContent(GENERIC_ERROR);
    expect(screen.getByRole('navigation', { name: 'Outside' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('A page failed to render.', expect.any(Error), expect.any(String));
  });

  it("'Try again' renders the children again", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <DialogErrorBoundary>
        <Fragile />
      </DialogErrorBoundary>,
    );
    const dialog = await screen.findByRole('dialog', { name: DIALOG_BOUNDARY_TITLE });
    shouldThrow = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The page rendered.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('RootErrorScreen', () => {
  it('shows the spec’s texts in the main landmark, announced, with a way back', () => {
    render(<RootErrorScreen />);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: ROOT_ERROR_TITLE })).toBeInTheDocument();
    expect(within(main).getByRole('alert')).toHaveTextContent(ROOT_ERROR_TEXT);
    expect(within(main).getByRole('link', { name: 'Return to the application' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('banner')).toHaveTextContent('Undergraduate Admission Application');
  });

  it('replaces a pre-rendered shell still showing (a picture of the page that failed)', () => {
    const shell = document.createElement('div');
    shell.innerHTML = '<h1>About You</h1>';
    document.body.append(shell);
    const handover = { showing: () => shell.isConnected, replace: jest.fn(() => shell.remove()) };
    render(
      <ShellHandoverContext.Provider value={handover}>
        <RootErrorScreen />
      </ShellHandoverContext.Provider>,
    );
    expect(handover.replace).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([ROOT_ERROR_TITLE]);
  });
});
