import { lazy, Suspense, useState } from 'react';
import FallbackModal from './FallbackModal';
import type { ModalProps } from './modalTypes';

export type { ModalProps } from './modalTypes';

/** Starts downloading antd's modal (on the first interaction, or when a modal is about to be needed). */
export const preloadDialog = () => import(/* webpackChunkName: "modal" */ './AppModal');

const AppModal = lazy(() => preloadDialog().catch(() => ({ default: FallbackModal })));

/**
 * A modal dialog (antd Modal, loaded on first use). Once opened it stays mounted, so closing animates and focus
 * returns to the element that opened it.
 */
export function Dialog(props: ModalProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AppModal {...props} />
    </Suspense>
  );
}
