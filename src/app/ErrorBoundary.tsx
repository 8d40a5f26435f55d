import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DIALOG_BOUNDARY_TITLE, GENERIC_ERROR, ROOT_ERROR_TEXT, ROOT_ERROR_TITLE } from '../kernel/messages';
import { DEFAULT_ROUTE } from '../kernel/paths';
import { SITE_NAME } from '../kernel/partner';
import { Dialog } from '../components/Dialog';
import { useShellReplaced } from './shellHandover';
import '../styles/shell.css';

/** The root error screen (SPEC §8), shown by the router when a route throws while rendering or loading. */
export function RootErrorScreen() {
  // A pre-rendered shell still showing is a picture of the page that failed: the error replaces it.
  useShellReplaced();
  return (
    <>
      <header className="shell-header">
        <div className="shell-container shell-header-inner">
          <p className="shell-site-name">{SITE_NAME}</p>
        </div>
      </header>
      <main id="main" className="shell-error-screen">
        <div role="alert">
          <h1>{ROOT_ERROR_TITLE}</h1>
          <p>{ROOT_ERROR_TEXT}</p>
        </div>
        {/* A full page load: the router itself may be what failed. */}
        <a className="shell-btn shell-btn-primary" href={DEFAULT_ROUTE}>
          Return to the application
        </a>
      </main>
    </>
  );
}

interface DialogErrorBoundaryProps {
  children: ReactNode;
}

interface DialogErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches a render error in its subtree (a page) and shows it in a modal headed 'Unexpected Error' (SPEC §8),
 * leaving the header, tabs and footer working. Closing the modal tries the page again; the layout gives the
 * boundary a key per route, so moving to another page also starts afresh.
 */
export class DialogErrorBoundary extends Component<DialogErrorBoundaryProps, DialogErrorBoundaryState> {
  state: DialogErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): DialogErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render.', error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <>
        <p>This part of the page could not be shown.</p>
        <Dialog
          open
          title={DIALOG_BOUNDARY_TITLE}
          onCancel={this.retry}
          actions={[{ label: 'Try again', onClick: this.retry, primary: true }]}
        >
          <p>{GENERIC_ERROR}</p>
        </Dialog>
      </>
    );
  }
}
